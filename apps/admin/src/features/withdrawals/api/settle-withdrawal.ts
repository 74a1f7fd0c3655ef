import type { TOperatorWithdrawal, TSettleUnknownWithdrawalRequest } from '@kpc/shared/operator';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { WITHDRAWALS_QUERY_KEY } from './list-withdrawals.ts';

/**
 * POST /api/operator/withdrawals/settle {id, outcome, detail} (withdrawals.review, fresh second
 * factor) — an `unknown` withdrawal, on evidence from outside: `completed` pays it out of the frozen
 * funds, `failed` returns them.
 */
export function settleWithdrawal(payload: TSettleUnknownWithdrawalRequest): Promise<TOperatorWithdrawal> {
  return request<TOperatorWithdrawal>('/withdrawals/settle', payload);
}

export function useSettleWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settleWithdrawal,
    onSettled: () => queryClient.invalidateQueries({ queryKey: WITHDRAWALS_QUERY_KEY }),
  });
}
