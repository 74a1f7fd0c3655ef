import type { TOperatorDepositListRequest, TOperatorDepositListResponse } from '@kpc/shared/operator';
import { request } from '@/lib/request.ts';

export const DEPOSITS_QUERY_KEY = ['deposits'] as const;

/** POST /api/operator/deposits/list {status?, chainId?, memberId?, cursor?, limit?} — newest first, with confirmations (payments.read). */
export function listDeposits(params: TOperatorDepositListRequest): Promise<TOperatorDepositListResponse> {
  return request<TOperatorDepositListResponse>('/deposits/list', params);
}
