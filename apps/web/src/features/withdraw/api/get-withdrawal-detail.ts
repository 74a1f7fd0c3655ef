import { ErrorCode, isWithdrawalInFlight, type TWithdrawalDetail, type TWithdrawDetailRequest } from '@kpc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClientErrorCode, request } from '@/lib/request.ts';
import { useUserStore } from '@/lib/user-store.ts';

/** Every failure a refresh keeps quiet: the page still shows the withdrawal, and says it could not update. */
const ALL_CODES: readonly number[] = [...Object.values(ErrorCode), ...Object.values(ClientErrorCode)];

/**
 * POST /api/withdraw/detail {id} or {recordId} — one of the member's withdrawals with its
 * confirmations, explorer link and timeline. A withdrawal that is not the member's answers as
 * INVALID_REQUEST, like a malformed id: the page says "not found" itself, so no toast. `isRefresh`:
 * the withdrawal is already on screen, so a failure is shown there rather than toasted every 3 s.
 */
export function getWithdrawalDetail(params: TWithdrawDetailRequest, isRefresh = false): Promise<TWithdrawalDetail> {
  return request<TWithdrawalDetail>('/withdraw/detail', params, {
    quietCodes: isRefresh ? ALL_CODES : [ErrorCode.INVALID_REQUEST],
  });
}

/** How often a withdrawal in flight is asked again: a block is a few seconds on the supported chains. */
export const WITHDRAWAL_POLL_MS = 3_000;

/** Keyed by token like the balances: a new session never sees the previous member's withdrawal. */
export function withdrawalDetailQueryOptions(token: string, params: TWithdrawDetailRequest) {
  return queryOptions({
    queryKey: ['withdraw', 'detail', token, params.id ?? null, params.recordId ?? null] as const,
    queryFn: ({ client, queryKey }) => getWithdrawalDetail(params, client.getQueryData(queryKey) !== undefined),
    enabled: token !== '',
    staleTime: 0,
    // Asked again while it may still change; a final state (completed, rejected, failed) stops it.
    refetchInterval: (query) =>
      query.state.data && isWithdrawalInFlight(query.state.data.status) ? WITHDRAWAL_POLL_MS : false,
  });
}

export function useWithdrawalDetail(params: TWithdrawDetailRequest) {
  const token = useUserStore((state) => state.token);
  return useQuery(withdrawalDetailQueryOptions(token, params));
}
