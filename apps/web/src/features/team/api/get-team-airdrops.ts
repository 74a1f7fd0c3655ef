import type { TTeamAirdrop, TTeamAirdropsRequest, TTeamAirdropsResponse } from '@kpc/shared';
import { CURSOR_PAGE_SIZE, type CursorListSource } from '@/lib/cursor-list.ts';
import { request } from '@/lib/request.ts';
import { TEAM_QUERY_ROOT } from './get-team-summary.ts';

/** POST /api/team/airdrops {cursor?, limit?} — the airdrops the member received, newest first. */
export function getTeamAirdrops(params: TTeamAirdropsRequest): Promise<TTeamAirdropsResponse> {
  return request<TTeamAirdropsResponse>('/team/airdrops', params);
}

/** Keyed by token: a new session never sees the previous member's airdrops. */
export function teamAirdropsSource(token: string): CursorListSource<TTeamAirdrop> {
  return {
    queryKey: [...TEAM_QUERY_ROOT, 'airdrops', token] as const,
    fetchPage: (cursor) => getTeamAirdrops({ ...(cursor ? { cursor } : {}), limit: CURSOR_PAGE_SIZE }),
  };
}
