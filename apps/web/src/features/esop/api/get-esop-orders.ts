import type { TEsopOrdersRequest, TEsopOrdersResponse } from '@kpc/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { CURSOR_PAGE_SIZE, getNextCursor, mergePages } from '@/lib/cursor-list.ts';
import { request } from '@/lib/request.ts';
import { useUserStore } from '@/lib/user-store.ts';

/** POST /api/plan/esop/orders {cursor?, limit?} — the member's ESOP orders, newest first. */
export function getEsopOrders(params: TEsopOrdersRequest): Promise<TEsopOrdersResponse> {
  return request<TEsopOrdersResponse>('/plan/esop/orders', params);
}

/** Every query of the member's ESOP orders and releases starts with this key. */
export const ESOP_ORDERS_QUERY_ROOT = ['esop', 'orders'] as const;

/**
 * How often the orders are read again while their page is open: releases arrive from the server's
 * release engine, not from anything the member does, so the page follows them on its own.
 */
export const ESOP_ORDERS_REFRESH_MS = 15_000;

/** The member's ESOP orders, page by page; re-read on opening and every 15 s while shown. */
export function useEsopOrders() {
  const token = useUserStore((state) => state.token);
  const query = useInfiniteQuery({
    queryKey: [...ESOP_ORDERS_QUERY_ROOT, token] as const,
    queryFn: ({ pageParam }) => getEsopOrders({ ...(pageParam ? { cursor: pageParam } : {}), limit: CURSOR_PAGE_SIZE }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: getNextCursor,
    enabled: token !== '',
    staleTime: 0,
    refetchInterval: ESOP_ORDERS_REFRESH_MS,
  });
  return { ...query, orders: query.data ? mergePages(query.data.pages) : undefined };
}
