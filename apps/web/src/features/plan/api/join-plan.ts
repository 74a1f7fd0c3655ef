import type { TInvestmentOrder, TPlanJoinRequest } from '@kpc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ASSET_QUERY_ROOT } from '@/lib/api/get-asset-list.ts';
import { request } from '@/lib/request.ts';
import { PLAN_MEMBER_QUERY_ROOT } from './get-plan-orders.ts';

/**
 * POST /api/plan/join {productId, amount, requestId} — pays `amount` USDT from available into a new
 * order. The same `requestId` joins once, so a retry after a lost answer cannot pay twice.
 */
export function joinPlan(payload: TPlanJoinRequest): Promise<TInvestmentOrder> {
  return request<TInvestmentOrder>('/plan/join', payload);
}

/** Joins, then refreshes the balances (available USDT fell) and the member's orders. */
export function useJoinPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinPlan,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ASSET_QUERY_ROOT }),
        queryClient.invalidateQueries({ queryKey: PLAN_MEMBER_QUERY_ROOT }),
      ]),
  });
}
