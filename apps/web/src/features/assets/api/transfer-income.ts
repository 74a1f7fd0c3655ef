import type { TTransferRecord, TTransferRequest } from '@kpc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ASSET_QUERY_ROOT } from '@/lib/api/get-asset-list.ts';
import { request } from '@/lib/request.ts';

/**
 * POST /api/ass/transfer {asset, amount, requestId} — moves released income into available. The
 * same `requestId` applies once, so a retry after a lost answer cannot move the funds twice.
 */
export function transferIncome(payload: TTransferRequest): Promise<TTransferRecord> {
  return request<TTransferRecord>('/ass/transfer', payload);
}

/** Transfers, then refreshes balances, the asset flow and the financial records. */
export function useTransferIncome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferIncome,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ASSET_QUERY_ROOT }),
  });
}
