import type { ApiPath } from '@kpc/client';
import { request } from '@/lib/request.ts';
import type { CursorPage } from '@/lib/use-cursor-pages.ts';
import { MEMBERS_QUERY_KEY } from './search-members.ts';

/**
 * One member's records, newest first, a page at a time (members.read): POST
 * /api/operator/members/{flow, withdrawals, deposits, plans, pledges, cards, applications, team}
 * {memberId, cursor?, limit?, …}. Each answers `{list, nextCursor}` in its own record shape.
 */
export const MEMBER_RECORD_PATHS = {
  flow: '/members/flow',
  withdrawals: '/members/withdrawals',
  deposits: '/members/deposits',
  plans: '/members/plans',
  pledges: '/members/pledges',
  cards: '/members/cards',
  applications: '/members/applications',
  team: '/members/team',
} as const satisfies Record<string, ApiPath>;
export type MemberRecordKind = keyof typeof MEMBER_RECORD_PATHS;

export function memberRecordsKey(kind: MemberRecordKind, memberId: string) {
  return [...MEMBERS_QUERY_KEY, kind, memberId] as const;
}

export function fetchMemberRecords<T>(kind: MemberRecordKind) {
  return (params: object): Promise<CursorPage<T>> => request<CursorPage<T>>(MEMBER_RECORD_PATHS[kind], params);
}
