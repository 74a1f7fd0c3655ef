import type { TOperatorChannel, TOperatorChannelListResponse, TSetChannelStatusRequest } from '@kpc/shared/operator';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

export const CHANNELS_QUERY_KEY = ['channels'] as const;

/** POST /api/operator/channels/list — every deposit and withdrawal channel, its switch and what members see (payments.read). */
export async function listChannels(): Promise<TOperatorChannel[]> {
  return (await request<TOperatorChannelListResponse>('/channels/list')).list;
}

export function channelsQueryOptions() {
  return queryOptions({ queryKey: CHANNELS_QUERY_KEY, queryFn: listChannels });
}

export function useChannels() {
  return useQuery(channelsQueryOptions());
}

/** POST /api/operator/channels/set {direction, chainId, method, status} (channels.manage) — audited `channel.set`. */
export function setChannelStatus(payload: TSetChannelStatusRequest): Promise<TOperatorChannel> {
  return request<TOperatorChannel>('/channels/set', payload);
}

export function useSetChannelStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setChannelStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: CHANNELS_QUERY_KEY }),
  });
}
