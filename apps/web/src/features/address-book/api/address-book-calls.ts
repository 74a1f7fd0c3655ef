import type {
  TAddressAddRequest,
  TAddressBookOnlyRequest,
  TAddressBookResponse,
  TAddressCancelPeek,
  TAddressCancelResponse,
  TSavedAddress,
  TWithdrawCodeResponse,
} from '@kpc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADDRESS_BOOK_QUERY_ROOT } from '@/lib/api/get-address-book.ts';
import { request, type RequestOptions } from '@/lib/request.ts';

/** Refreshes the shared list, so the withdraw form's picker sees the change at once. */
function useBookChange<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADDRESS_BOOK_QUERY_ROOT }),
  });
}

/** POST /api/wdaddr/add — saves an address (locked for the configured hours); a cancel link is mailed. */
export function useAddAddress() {
  return useBookChange((body: TAddressAddRequest) => request<TSavedAddress>('/wdaddr/add', body));
}

/** POST /api/wdaddr/remove {id}. */
export function useRemoveAddress() {
  return useBookChange((id: string) => request<TSavedAddress>('/wdaddr/remove', { id }));
}

/** POST /api/wdaddr/setOnly — "address book only" on or off: a security change. */
export function useSetAddressBookOnly() {
  return useBookChange((body: TAddressBookOnlyRequest) => request<TAddressBookResponse>('/wdaddr/setOnly', body));
}

/** POST /api/wdaddr/sendCode — the emailed code for a change of the book (the member's own email). */
export function sendAddressBookCode(): Promise<TWithdrawCodeResponse> {
  return request<TWithdrawCodeResponse>('/wdaddr/sendCode', {});
}

/** POST /api/wdaddr/cancel/peek {token} — public: what the mail's link would cancel. */
export function peekAddressCancel(token: string, options?: RequestOptions): Promise<TAddressCancelPeek> {
  return request<TAddressCancelPeek>('/wdaddr/cancel/peek', { token }, options);
}

/** POST /api/wdaddr/cancel {token} — public: removes the address the link names. */
export function cancelAddress(token: string, options?: RequestOptions): Promise<TAddressCancelResponse> {
  return request<TAddressCancelResponse>('/wdaddr/cancel', { token }, options);
}
