import type { TReviewWithdrawalsRequest, TReviewWithdrawalsResponse } from '@kpc/shared/operator';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { WITHDRAWALS_QUERY_KEY } from './list-withdrawals.ts';
import { CHAINS_STATUS_QUERY_KEY } from '@/lib/api/get-chains-status.ts';

/**
 * POST /api/operator/withdrawals/review {ids, decision, detail?} (withdrawals.review, fresh second
 * factor) — each id decided once, even against another operator deciding at the same moment; the
 * answer says per id what became of it.
 */
export function reviewWithdrawals(payload: TReviewWithdrawalsRequest): Promise<TReviewWithdrawalsResponse> {
  return request<TReviewWithdrawalsResponse>('/withdrawals/review', payload);
}

export function useReviewWithdrawals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewWithdrawals,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: WITHDRAWALS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: CHAINS_STATUS_QUERY_KEY }),
      ]),
  });
}
