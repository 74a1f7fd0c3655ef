import type { TDepositChannelsResponse } from '@kpc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/** POST /api/recharge/channels — each network and method (wallet, transfer) with its state and contracts. */
export function getDepositChannels(): Promise<TDepositChannelsResponse> {
  return request<TDepositChannelsResponse>('/recharge/channels');
}

/** Every query of the deposit page starts with this key. */
export const RECHARGE_QUERY_ROOT = ['recharge'] as const;

/** A channel can be paused at any time, so the page asks again each time it opens. */
export function depositChannelsQueryOptions() {
  return queryOptions({
    queryKey: [...RECHARGE_QUERY_ROOT, 'channels'] as const,
    queryFn: getDepositChannels,
    staleTime: 0,
  });
}

export function useDepositChannels() {
  return useQuery(depositChannelsQueryOptions());
}
