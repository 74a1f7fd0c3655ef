import type { TWithdrawChannelsResponse } from '@kpc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { useUserStore } from '@/lib/user-store.ts';

/**
 * POST /api/withdraw/channels — the withdrawal networks with their minimum and fee terms, and the
 * member's masked email (null: no email, so no withdrawal code can be sent).
 */
export function getWithdrawChannels(): Promise<TWithdrawChannelsResponse> {
  return request<TWithdrawChannelsResponse>('/withdraw/channels');
}

/** Keyed by token: the email belongs to the member. Operators pause channels, so it is asked again on each visit. */
export function withdrawChannelsQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['withdraw', 'channels', token] as const,
    queryFn: getWithdrawChannels,
    enabled: token !== '',
    staleTime: 0,
  });
}

export function useWithdrawChannels() {
  const token = useUserStore((state) => state.token);
  return useQuery(withdrawChannelsQueryOptions(token));
}
