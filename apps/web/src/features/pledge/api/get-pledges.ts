import { ErrorCode, type TPledge, type TPledgesRequest, type TPledgesResponse } from '@kpc/shared';
import type { QueryClient } from '@tanstack/react-query';
import { CURSOR_PAGE_SIZE, type CursorListSource } from '@/lib/cursor-list.ts';
import { ClientErrorCode, request } from '@/lib/request.ts';

/** Every failure a background refresh keeps quiet: the pledges stay on screen, a toast every 30 s would not help. */
const ALL_CODES: readonly number[] = [...Object.values(ErrorCode), ...Object.values(ClientErrorCode)];

/** POST /api/plan/pledges {cursor?, limit?} — the member's pledges, newest first. */
export function getPledges(params: TPledgesRequest, isRefresh = false): Promise<TPledgesResponse> {
  return request<TPledgesResponse>('/plan/pledges', params, isRefresh ? { quietCodes: ALL_CODES } : {});
}

/** Every query of the member's pledges starts with this key: invalidating it refreshes them. */
export const PLEDGES_QUERY_ROOT = ['plan', 'pledges'] as const;

/**
 * How often "My pledges" asks again while shown: rewards are paid and pledges mature on the
 * server (once a UTC day, or whenever the development clock moves), and the KPC price changes.
 */
export const PLEDGES_REFRESH_MS = 30_000;

/** Keyed by token like the balances: a new session never sees the previous member's pledges. */
export function pledgesSource(queryClient: QueryClient, token: string): CursorListSource<TPledge> {
  const queryKey = [...PLEDGES_QUERY_ROOT, token] as const;
  return {
    queryKey,
    fetchPage: (cursor) =>
      getPledges(
        { ...(cursor ? { cursor } : {}), limit: CURSOR_PAGE_SIZE },
        queryClient.getQueryData(queryKey) !== undefined,
      ),
  };
}
