import type { TExchangePairsResponse } from '@kpc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/** POST /api/exchange/pairs — the open pairs with their fee rate and minimum, and how long a quote holds. */
export function getExchangePairs(): Promise<TExchangePairsResponse> {
  return request<TExchangePairsResponse>('/exchange/pairs');
}

export function exchangePairsQueryOptions() {
  return queryOptions({ queryKey: ['exchange', 'pairs'] as const, queryFn: getExchangePairs });
}

export function useExchangePairs() {
  return useQuery(exchangePairsQueryOptions());
}
