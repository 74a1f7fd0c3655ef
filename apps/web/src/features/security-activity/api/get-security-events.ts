import type { TSecurityEvent, TSecurityEventsRequest, TSecurityEventsResponse } from '@kpc/shared';
import { CURSOR_PAGE_SIZE, type CursorListSource } from '@/lib/cursor-list.ts';
import { request } from '@/lib/request.ts';
import { SECURITY_ACTIVITY_QUERY_ROOT } from './get-member-sessions.ts';

/** POST /api/acc/security/events {cursor?, limit?} — the member's security events, newest first. */
export function getSecurityEvents(params: TSecurityEventsRequest): Promise<TSecurityEventsResponse> {
  return request<TSecurityEventsResponse>('/acc/security/events', params);
}

/** Keyed by token: a new session never sees the previous member's events. */
export function securityEventsSource(token: string): CursorListSource<TSecurityEvent> {
  return {
    queryKey: [...SECURITY_ACTIVITY_QUERY_ROOT, 'events', token] as const,
    fetchPage: (cursor) => getSecurityEvents({ ...(cursor ? { cursor } : {}), limit: CURSOR_PAGE_SIZE }),
  };
}
