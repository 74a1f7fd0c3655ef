import type { TDashboardBalancesResponse } from '@kpc/shared/operator';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/** POST /api/operator/dashboard/balances — the ledger's house accounts, and per chain the programme's addresses at the head. */
export function getBalances(): Promise<TDashboardBalancesResponse> {
  return request<TDashboardBalancesResponse>('/dashboard/balances');
}

export function balancesQueryOptions() {
  return queryOptions({ queryKey: ['dashboard', 'balances'] as const, queryFn: getBalances });
}

export function useBalances() {
  return useQuery(balancesQueryOptions());
}
