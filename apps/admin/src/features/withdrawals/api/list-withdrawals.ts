import type { TOperatorWithdrawalListRequest, TOperatorWithdrawalListResponse } from '@kpc/shared/operator';
import { request } from '@/lib/request.ts';

export const WITHDRAWALS_QUERY_KEY = ['withdrawals'] as const;

/** POST /api/operator/withdrawals/list {status?, chainId?, memberId?, cursor?, limit?} — newest first (payments.read). */
export function listWithdrawals(params: TOperatorWithdrawalListRequest): Promise<TOperatorWithdrawalListResponse> {
  return request<TOperatorWithdrawalListResponse>('/withdrawals/list', params);
}
