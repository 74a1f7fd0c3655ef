import type { TChainsStatusResponse } from '@kpc/shared/operator';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

export const CHAINS_STATUS_QUERY_KEY = ['chains', 'status'] as const;

/** POST /api/operator/chains/status — per chain: node, deposit watcher, withdrawal sender, withdrawals waiting. */
export function getChainsStatus(): Promise<TChainsStatusResponse> {
  return request<TChainsStatusResponse>('/chains/status');
}

/** Asked again every 10 s while the window is visible: a queue's state moves block by block. */
export function chainsStatusQueryOptions() {
  return queryOptions({ queryKey: CHAINS_STATUS_QUERY_KEY, queryFn: getChainsStatus, refetchInterval: 10_000 });
}

export function useChainsStatus() {
  return useQuery(chainsStatusQueryOptions());
}
