import type { TDepositListRequest, TDepositListResponse } from '@kpc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { RECHARGE_QUERY_ROOT } from './get-deposit-channels.ts';

/** POST /api/recharge/pending {chainId?} — the member's deposits not yet credited, then the last credited ones. */
export function getDeposits(params: TDepositListRequest): Promise<TDepositListResponse> {
  return request<TDepositListResponse>('/recharge/pending', params);
}

/** Every query of the member's deposits starts with this key: invalidating it refreshes them all. */
export const DEPOSITS_QUERY_ROOT = [...RECHARGE_QUERY_ROOT, 'deposits'] as const;

/** How often the list is asked again while a deposit is on its way (SPEC §9: 20 confirmations). */
export const DEPOSITS_POLL_MS = 5_000;

/** Keyed by token like the balances: a new session never sees the previous member's deposits. */
export function depositsQueryOptions(token: string, chainId: number) {
  return queryOptions({
    queryKey: [...DEPOSITS_QUERY_ROOT, token, chainId] as const,
    queryFn: () => getDeposits({ chainId }),
    enabled: token !== '',
    staleTime: 0,
  });
}

/** The member's deposits on `chainId`; asked again every 5 s while `isAwaiting` says one is on its way. */
export function useDeposits(chainId: number, isAwaiting: (list: TDepositListResponse['list']) => boolean) {
  const token = useUserStore((state) => state.token);
  return useQuery({
    ...depositsQueryOptions(token, chainId),
    refetchInterval: (query) => (isAwaiting(query.state.data?.list ?? []) ? DEPOSITS_POLL_MS : false),
  });
}
