import type { TWithdrawal, TWithdrawRequest } from '@kpc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ASSET_QUERY_ROOT } from '@/lib/api/get-asset-list.ts';
import { request } from '@/lib/request.ts';

/**
 * POST /api/withdraw/apply {requestId, chainId, asset, address, amount, code} — freezes the amount
 * (and the fee) and submits the withdrawal. The same `requestId` applies once, so a retry after a
 * lost answer cannot withdraw twice.
 */
export function applyWithdrawal(payload: TWithdrawRequest): Promise<TWithdrawal> {
  return request<TWithdrawal>('/withdraw/apply', payload);
}

/** Withdraws, then refreshes balances (and with them the user store's totals) and the records. */
export function useApplyWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyWithdrawal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ASSET_QUERY_ROOT }),
  });
}
