import type { TPledge, TPledgeRequest } from '@kpc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ASSET_QUERY_ROOT } from '@/lib/api/get-asset-list.ts';
import { request } from '@/lib/request.ts';
import { PLEDGES_QUERY_ROOT } from './get-pledges.ts';

/**
 * POST /api/plan/pledge {termId, amount, requestId} — stakes KPC from available for the term. The
 * same `requestId` pledges once, so a retry after a lost answer cannot pledge twice.
 */
export function createPledge(payload: TPledgeRequest): Promise<TPledge> {
  return request<TPledge>('/plan/pledge', payload);
}

/** Pledges, then refreshes the balances and "My pledges". */
export function useCreatePledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPledge,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ASSET_QUERY_ROOT }),
        queryClient.invalidateQueries({ queryKey: PLEDGES_QUERY_ROOT }),
      ]),
  });
}
