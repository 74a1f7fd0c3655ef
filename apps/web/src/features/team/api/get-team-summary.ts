import type { TTeamSummary } from '@kpc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { useUserStore } from '@/lib/user-store.ts';

/** POST /api/team/summary — the member's levels, airdrops, member counts, team size and volume. */
export function getTeamSummary(): Promise<TTeamSummary> {
  return request<TTeamSummary>('/team/summary');
}

/** Every query about the member's team starts with this key. */
export const TEAM_QUERY_ROOT = ['team'] as const;

/** Keyed by token: a new session never sees the previous member's team. */
export function teamSummaryQueryOptions(token: string) {
  return queryOptions({
    queryKey: [...TEAM_QUERY_ROOT, 'summary', token] as const,
    queryFn: getTeamSummary,
    enabled: token !== '',
    // Levels and airdrops move with the team's purchases: read again whenever the page opens.
    staleTime: 0,
  });
}

export function useTeamSummary() {
  const token = useUserStore((state) => state.token);
  return useQuery(teamSummaryQueryOptions(token));
}
