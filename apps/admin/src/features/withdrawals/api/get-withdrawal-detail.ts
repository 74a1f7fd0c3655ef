import type { TOperatorWithdrawalDetail } from '@kpc/shared/operator';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { WITHDRAWALS_QUERY_KEY } from './list-withdrawals.ts';

/** POST /api/operator/withdrawals/detail {id} — one withdrawal with every event of it, oldest first. */
export function getWithdrawalDetail(id: string): Promise<TOperatorWithdrawalDetail> {
  return request<TOperatorWithdrawalDetail>('/withdrawals/detail', { id });
}

export function useWithdrawalDetail(id: string | null) {
  return useQuery({
    queryKey: [...WITHDRAWALS_QUERY_KEY, 'detail', id] as const,
    queryFn: () => getWithdrawalDetail(id!),
    enabled: id !== null,
  });
}
