import type { TMemberSessionsResponse } from '@kpc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { useUserStore } from '@/lib/user-store.ts';

/** POST /api/acc/sessions — the member's active sessions, this one (`current`) first. */
export function getMemberSessions(): Promise<TMemberSessionsResponse> {
  return request<TMemberSessionsResponse>('/acc/sessions');
}

/** Every query of the security activity page starts with this key. */
export const SECURITY_ACTIVITY_QUERY_ROOT = ['security-activity'] as const;

/** Keyed by token: a new session never sees the previous member's sessions. */
export function memberSessionsQueryOptions(token: string) {
  return queryOptions({
    queryKey: [...SECURITY_ACTIVITY_QUERY_ROOT, 'sessions', token] as const,
    queryFn: getMemberSessions,
    enabled: token !== '',
    // Sessions start and end elsewhere: read again whenever the page opens.
    staleTime: 0,
  });
}

export function useMemberSessions() {
  const token = useUserStore((state) => state.token);
  return useQuery(memberSessionsQueryOptions(token));
}
