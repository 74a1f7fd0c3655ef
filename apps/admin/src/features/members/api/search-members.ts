import type { TMemberSearchRequest, TMemberSearchResponse } from '@kpc/shared/operator';
import { request } from '@/lib/request.ts';

export const MEMBERS_QUERY_KEY = ['members'] as const;

/**
 * POST /api/operator/members/search {query?, cursor?, limit?} — newest first; `query` is a member id,
 * a wallet address (or part), an invitation code, or part of an email (members.read).
 */
export function searchMembers(params: TMemberSearchRequest): Promise<TMemberSearchResponse> {
  return request<TMemberSearchResponse>('/members/search', params);
}
