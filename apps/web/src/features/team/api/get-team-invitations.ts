import type { TTeamInvitation, TTeamInvitationsRequest, TTeamInvitationsResponse } from '@kpc/shared';
import { CURSOR_PAGE_SIZE, type CursorListSource } from '@/lib/cursor-list.ts';
import { request } from '@/lib/request.ts';
import { TEAM_QUERY_ROOT } from './get-team-summary.ts';

/** POST /api/team/invitations {cursor?, limit?} — the members the member invited, newest first (masked). */
export function getTeamInvitations(params: TTeamInvitationsRequest): Promise<TTeamInvitationsResponse> {
  return request<TTeamInvitationsResponse>('/team/invitations', params);
}

/** Keyed by token: a new session never sees the previous member's invitees. */
export function teamInvitationsSource(token: string): CursorListSource<TTeamInvitation> {
  return {
    queryKey: [...TEAM_QUERY_ROOT, 'invitations', token] as const,
    fetchPage: (cursor) => getTeamInvitations({ ...(cursor ? { cursor } : {}), limit: CURSOR_PAGE_SIZE }),
  };
}
