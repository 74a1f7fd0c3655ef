import type { TPledge, TPledgeRedeemRequest } from '@kpc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ASSET_QUERY_ROOT } from '@/lib/api/get-asset-list.ts';
import { request } from '@/lib/request.ts';
import { PLEDGES_QUERY_ROOT } from './get-pledges.ts';

/**
 * POST /api/plan/pledge/redeem {pledgeId, requestId} — ends an active pledge early: the term's
 * penalty share of the principal is burned, the rest returns to available. Retry-safe by `requestId`.
 */
export function redeemPledge(payload: TPledgeRedeemRequest): Promise<TPledge> {
  return request<TPledge>('/plan/pledge/redeem', payload);
}

/** Redeems, then refreshes the balances and "My pledges". */
export function useRedeemPledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemPledge,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ASSET_QUERY_ROOT }),
        queryClient.invalidateQueries({ queryKey: PLEDGES_QUERY_ROOT }),
      ]),
  });
}
