import type { TEsopLogRequest, TEsopLogResponse, TEsopReleaseItem } from '@kpc/shared';
import { CURSOR_PAGE_SIZE, type CursorListSource } from '@/lib/cursor-list.ts';
import { request } from '@/lib/request.ts';
import { ESOP_ORDERS_QUERY_ROOT } from './get-esop-orders.ts';

/** POST /api/plan/esop/log {orderId?, cursor?, limit?} — the phases released, newest first. */
export function getEsopLog(params: TEsopLogRequest): Promise<TEsopLogResponse> {
  return request<TEsopLogResponse>('/plan/esop/log', params);
}

/** The releases of every order, or of one with `orderId`; under the orders' key, so a join refreshes both. */
export function esopLogSource(token: string, orderId: string | null): CursorListSource<TEsopReleaseItem> {
  return {
    queryKey: [...ESOP_ORDERS_QUERY_ROOT, 'log', token, orderId] as const,
    fetchPage: (cursor) =>
      getEsopLog({ ...(orderId ? { orderId } : {}), ...(cursor ? { cursor } : {}), limit: CURSOR_PAGE_SIZE }),
  };
}
