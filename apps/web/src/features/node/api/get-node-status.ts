import { ErrorCode, NodeStatus, type TNodeStatus, type TNodeStatusResponse } from '@kpc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClientErrorCode, request } from '@/lib/request.ts';
import { useUserStore } from '@/lib/user-store.ts';

/** Every failure a refresh keeps quiet: the application stays on screen, which says it could not update. */
const ALL_CODES: readonly number[] = [...Object.values(ErrorCode), ...Object.values(ClientErrorCode)];

/** POST /api/node/status — the node price and the member's latest application (null if none). */
export function getNodeStatus(isRefresh = false): Promise<TNodeStatusResponse> {
  return request<TNodeStatusResponse>('/node/status', {}, isRefresh ? { quietCodes: ALL_CODES } : {});
}

/** Every query about the member's node starts with this key. */
export const NODE_QUERY_ROOT = ['node'] as const;

/** How often an application waiting on an operator is asked again, so a decision shows without a reload. */
export const NODE_POLL_MS = 4_000;

/** An operator acts next (review, authorize; an approved one may still be refused). */
export function isWaitingOnOperator(status: TNodeStatus | undefined): boolean {
  return status === NodeStatus.APPLIED || status === NodeStatus.APPROVED || status === NodeStatus.PAID;
}

/** Keyed by token: a new session never sees the previous member's application. */
export function nodeStatusQueryOptions(token: string) {
  return queryOptions({
    queryKey: [...NODE_QUERY_ROOT, 'status', token] as const,
    queryFn: ({ client, queryKey }) => getNodeStatus(client.getQueryData(queryKey) !== undefined),
    enabled: token !== '',
    staleTime: 0,
    refetchInterval: (query) => (isWaitingOnOperator(query.state.data?.application?.status) ? NODE_POLL_MS : false),
  });
}

export function useNodeStatus() {
  const token = useUserStore((state) => state.token);
  return useQuery(nodeStatusQueryOptions(token));
}
