import type { TPlanOrdersRequest, TPlanOrdersResponse } from '@kpc/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { CURSOR_PAGE_SIZE, getNextCursor } from '@/lib/cursor-list.ts';
import { request } from '@/lib/request.ts';
import { useUserStore } from '@/lib/user-store.ts';

/** POST /api/plan/orders {cursor?, limit?} — the member's investment orders, newest first. */
export function getPlanOrders(params: TPlanOrdersRequest): Promise<TPlanOrdersResponse> {
  return request<TPlanOrdersResponse>('/plan/orders', params);
}

/**
 * Every query of the member's investment plan (orders and release log) starts with this key: the
 * page refreshes them all at once when releases may have arrived.
 */
export const PLAN_MEMBER_QUERY_ROOT = ['plan', 'investment', 'member'] as const;

/** Keyed by token like the balances: a new session never sees the previous member's orders. */
export function planOrdersQueryOptions(token: string) {
  return infiniteQueryOptions({
    queryKey: [...PLAN_MEMBER_QUERY_ROOT, 'orders', token] as const,
    queryFn: ({ pageParam }) => getPlanOrders({ ...(pageParam ? { cursor: pageParam } : {}), limit: CURSOR_PAGE_SIZE }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: getNextCursor,
    enabled: token !== '',
    staleTime: 0,
  });
}

export function usePlanOrders() {
  const token = useUserStore((state) => state.token);
  return useInfiniteQuery(planOrdersQueryOptions(token));
}
