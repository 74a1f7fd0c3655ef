import type { TBindWalletRequest, TBindWalletResponse } from '@kpc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userInfoQueryOptions } from '@/lib/api/get-user-info.ts';
import { request } from '@/lib/request.ts';
import { useUserStore } from '@/lib/user-store.ts';

/** POST /api/acc/bindWallet {random, sign, address} -> {address}: binds the signing wallet (login required). */
export function bindWallet(payload: TBindWalletRequest): Promise<TBindWalletResponse> {
  return request<TBindWalletResponse>('/acc/bindWallet', payload);
}

/** Binds, then keeps the store's address and the member's info in step with the server. */
export function useBindWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindWallet,
    onSuccess: async ({ address }) => {
      const { token } = useUserStore.getState();
      useUserStore.getState().setAddress(address);
      await queryClient.invalidateQueries({ queryKey: userInfoQueryOptions(token, address).queryKey });
    },
  });
}
