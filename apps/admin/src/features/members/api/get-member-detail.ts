import type { TMemberDetail } from '@kpc/shared/operator';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { MEMBERS_QUERY_KEY } from './search-members.ts';

/** POST /api/operator/members/detail {memberId} — profile, freeze state, referrer, team, balances, newest sessions. */
export function getMemberDetail(memberId: string): Promise<TMemberDetail> {
  return request<TMemberDetail>('/members/detail', { memberId });
}

export function memberDetailQueryOptions(memberId: string) {
  return queryOptions({
    queryKey: [...MEMBERS_QUERY_KEY, 'detail', memberId] as const,
    queryFn: () => getMemberDetail(memberId),
  });
}

export function useMemberDetail(memberId: string) {
  return useQuery(memberDetailQueryOptions(memberId));
}
