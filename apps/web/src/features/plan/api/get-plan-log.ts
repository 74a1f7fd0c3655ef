import type { TPlanLogRequest, TPlanLogResponse, TPlanReleaseItem } from '@kpc/shared';
import { CURSOR_PAGE_SIZE, type CursorListSource } from '@/lib/cursor-list.ts';
import { request } from '@/lib/request.ts';
import { PLAN_MEMBER_QUERY_ROOT } from './get-plan-orders.ts';

/** POST /api/plan/log {cursor?, limit?, orderId?} — daily releases, newest first; one order's with `orderId`. */
export function getPlanLog(params: TPlanLogRequest): Promise<TPlanLogResponse> {
  return request<TPlanLogResponse>('/plan/log', params);
}

/** The release log of every order, or of one (`orderId`), page by page. */
export function planLogSource(token: string, orderId: string | null): CursorListSource<TPlanReleaseItem> {
  return {
    queryKey: [...PLAN_MEMBER_QUERY_ROOT, 'log', token, orderId] as const,
    fetchPage: (cursor) =>
      getPlanLog({
        ...(cursor ? { cursor } : {}),
        ...(orderId ? { orderId } : {}),
        limit: CURSOR_PAGE_SIZE,
      }),
  };
}
