import { DEFAULT_PAGE_SIZE } from '@kpc/shared';
import type {
  TMemberApplicationsRequest,
  TMemberApplicationsResponse,
  TMemberCardsResponse,
  TMemberPlansRequest,
  TMemberPlansResponse,
  TMemberRecordsRequest,
  TMemberTeamResponse,
} from '@kpc/shared/operator';
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { memberTeam, memberTree, members } from '../../db/schema/index.ts';
import { toPage } from '../../lib/paging.ts';
import { listApplications as listCardApplications } from '../card/applications.ts';
import type { CardContext } from '../card/context.ts';
import { listCards } from '../card/service.ts';
import { listNodeApplications } from '../node/service.ts';
import type { PlanContext } from '../plan/plan-common.ts';
import { listEsopOrders, listInvestmentOrders } from '../plan/service.ts';
import { listStockholderApplications } from '../stockholder/service.ts';
import { keyBefore, memberColumns, toOperatorMember } from './search.ts';

/**
 * A member's records for operators (Step 8a §4): the member-side lists, read with the member's id
 * the operator names (the same functions the member app calls, so both see the same thing), and
 * the member's direct team with full contact (the member app masks it).
 */

type Page = Pick<TMemberRecordsRequest, 'cursor' | 'limit'>;
const pageOf = ({ cursor, limit }: TMemberRecordsRequest): Page => ({
  ...(cursor === undefined ? {} : { cursor }),
  ...(limit === undefined ? {} : { limit }),
});

/** `/api/operator/members/plans`: investment or ESOP orders, newest first. */
export async function memberPlans(context: PlanContext, request: TMemberPlansRequest): Promise<TMemberPlansResponse> {
  if (request.kind === 'investment') {
    const page = await listInvestmentOrders(context, request.memberId, pageOf(request));
    return { list: page.list.map((order) => ({ ...order, kind: 'investment' as const })), nextCursor: page.nextCursor };
  }
  const page = await listEsopOrders(context, request.memberId, pageOf(request));
  return { list: page.list.map((order) => ({ ...order, kind: 'esop' as const })), nextCursor: page.nextCursor };
}

/** `/api/operator/members/cards`: every card of the member (a handful), newest first. */
export async function memberCards(context: CardContext, memberId: string): Promise<TMemberCardsResponse> {
  return { ...(await listCards(context, memberId)), nextCursor: null };
}

/** `/api/operator/members/applications`: card, global node or shareholder applications, newest first. */
export async function memberApplications(
  cards: CardContext,
  request: TMemberApplicationsRequest,
): Promise<TMemberApplicationsResponse> {
  const { memberId } = request;
  if (request.kind === 'card') {
    const page = await listCardApplications(cards, memberId, pageOf(request));
    return { list: page.list.map((row) => ({ ...row, kind: 'card' as const })), nextCursor: page.nextCursor };
  }
  if (request.kind === 'node') {
    const page = await listNodeApplications({ db: cards.db }, { ...pageOf(request), memberId });
    return { list: page.list.map((row) => ({ ...row, kind: 'node' as const })), nextCursor: page.nextCursor };
  }
  const page = await listStockholderApplications({ db: cards.db }, { ...pageOf(request), memberId });
  return { list: page.list.map((row) => ({ ...row, kind: 'shareholder' as const })), nextCursor: page.nextCursor };
}

/** `/api/operator/members/team`: the members this member invited, newest first (by tree key). */
export async function memberTeamList(db: Executor, request: TMemberRecordsRequest): Promise<TMemberTeamResponse> {
  const limit = request.limit ?? DEFAULT_PAGE_SIZE;
  const [parent] = await db
    .select({ key: memberTree.key })
    .from(memberTree)
    .where(eq(memberTree.memberId, request.memberId));
  if (!parent) return { list: [], nextCursor: null };
  const rows = await db
    .select({ ...memberColumns, key: memberTree.key, teamCount: memberTeam.teamCount })
    .from(memberTree)
    .innerJoin(members, eq(members.id, memberTree.memberId))
    .innerJoin(memberTeam, eq(memberTeam.key, memberTree.key))
    .where(and(eq(memberTree.parentKey, parent.key), keyBefore(request.cursor)))
    .orderBy(desc(memberTree.key))
    .limit(limit + 1);
  return toPage(
    rows.map((row) => ({ ...row, id: BigInt(row.key), memberId: row.id })),
    limit,
    (row) => ({ ...toOperatorMember({ ...row, id: row.memberId }), teamCount: row.teamCount }),
  );
}
