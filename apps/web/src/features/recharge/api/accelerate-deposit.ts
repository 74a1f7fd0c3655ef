import type { TAccelerateRequest, TAccelerateResponse } from '@kpc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ASSET_QUERY_ROOT } from '@/lib/api/get-asset-list.ts';
import { request } from '@/lib/request.ts';
import { DEPOSITS_QUERY_ROOT } from './get-deposits.ts';

/**
 * POST /api/recharge/accelerate {chainId, txHash} — SPEC §9: the server reads this transaction at
 * once instead of waiting for its watcher. A hash that is not found or holds no deposit of the
 * member's is refused with a localised message, toasted by the request client.
 */
export function accelerateDeposit(params: TAccelerateRequest): Promise<TAccelerateResponse> {
  return request<TAccelerateResponse>('/recharge/accelerate', params);
}

/** Accelerates, then refreshes the deposits and the balances (the deposit may be credited already). */
export function useAccelerateDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: accelerateDeposit,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: DEPOSITS_QUERY_ROOT }),
        queryClient.invalidateQueries({ queryKey: ASSET_QUERY_ROOT }),
      ]);
    },
  });
}
