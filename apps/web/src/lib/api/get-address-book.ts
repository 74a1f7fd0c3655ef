import type { TAddressBookResponse } from '@kpc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { useUserStore } from '@/lib/user-store.ts';

/**
 * POST /api/wdaddr/list — the member's saved withdrawal addresses (Step 11 §2). The address book's
 * page manages them and the withdraw form picks from them, so the call they share lives here.
 */
export function getAddressBook(): Promise<TAddressBookResponse> {
  return request<TAddressBookResponse>('/wdaddr/list', {});
}

export const ADDRESS_BOOK_QUERY_ROOT = ['address-book'] as const;

export function addressBookQueryOptions(token: string) {
  return queryOptions({
    queryKey: [...ADDRESS_BOOK_QUERY_ROOT, 'list', token] as const,
    queryFn: getAddressBook,
    enabled: token !== '',
    staleTime: 0,
  });
}

export function useAddressBook() {
  const token = useUserStore((state) => state.token);
  return useQuery(addressBookQueryOptions(token));
}
