import { DEFAULT_PAGE_SIZE, AppError, fromLedgerUnits, toLedgerUnits } from '@kpc/shared';
import {
  MEMBER_DETAIL_SESSIONS,
  type TMemberDetail,
  type TMemberSearchRequest,
  type TMemberSearchResponse,
  type TOperatorMember,
} from '@kpc/shared/operator';
import { and, desc, eq, ilike, like, lt, ne, or, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { memberTree, members } from '../../db/schema/index.ts';
import { memberBalanceRows } from '../../ledger/reads.ts';
import { toWireAddress } from '../../lib/address.ts';
import { toPage } from '../../lib/paging.ts';
import { recentSessions } from '../account/reads.ts';
import { teamAggregatesOf } from '../team/reads.ts';
import { twoStepSummary } from '../two-step/support-reset.ts';

/**
 * Members for operators (Step 8a §4, members.read): the search (by id, wallet, invitation code or
 * part of an email) and a member's page. Lists are newest first, paged by the member's key in the
 * referral tree (handed out in sign-up order, `member_tree.key`). The programme's root is no member.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Part of a wallet address: hex digits, with or without 0x (at least 4, so a short word does not match). */
const WALLET_PART = /^(0x)?[0-9a-f]{4,40}$/i;
/** Keys are int4; a larger cursor (the schema takes any int8) is above every key. */
const KEY_MAX = 2_147_483_647n;

/** The columns every operators' list of members shows. */
export const memberColumns = {
  id: members.id,
  email: members.email,
  walletAddress: members.walletAddress,
  inviteCode: members.inviteCode,
  level: members.level,
  status: members.status,
  frozenAt: members.frozenAt,
  referrerId: members.referrerId,
  createdAt: members.createdAt,
};

type MemberRow = { [K in keyof typeof memberColumns]: (typeof members.$inferSelect)[K] };

export function toOperatorMember(row: MemberRow): TOperatorMember {
  return {
    id: row.id,
    email: row.email,
    walletAddress: row.walletAddress ? toWireAddress(row.walletAddress) : null,
    inviteCode: row.inviteCode,
    level: row.level,
    status: row.status === 'disabled' ? 'disabled' : 'active',
    frozenAt: row.frozenAt?.toISOString() ?? null,
    referrerId: row.referrerId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** `%`, `_` and `\` stand for themselves in a LIKE pattern. */
const escapeLike = (text: string) => text.replace(/[%_\\]/g, '\\$&');

/** What `query` may be: a member id, a wallet or part of one, an invitation code, part of an email. */
function matching(query: string): SQL | undefined {
  if (UUID.test(query)) return eq(members.id, query.toLowerCase());
  return or(
    ilike(members.email, `%${escapeLike(query)}%`),
    eq(members.inviteCode, query.toUpperCase()),
    WALLET_PART.test(query) ? like(members.walletAddress, `%${escapeLike(query.toLowerCase())}%`) : undefined,
  );
}

/** The page after `cursor`, a tree key (the previous page's `nextCursor`). */
export function keyBefore(cursor: string | undefined): SQL | undefined {
  return cursor === undefined || BigInt(cursor) > KEY_MAX ? undefined : lt(memberTree.key, Number(cursor));
}

/** `/api/operator/members/search`. */
export async function searchMembers(db: Executor, request: TMemberSearchRequest): Promise<TMemberSearchResponse> {
  const limit = request.limit ?? DEFAULT_PAGE_SIZE;
  const rows = await db
    .select({ ...memberColumns, key: memberTree.key })
    .from(members)
    .innerJoin(memberTree, eq(memberTree.memberId, members.id))
    .where(
      and(ne(members.status, 'system'), request.query ? matching(request.query) : undefined, keyBefore(request.cursor)),
    )
    .orderBy(desc(memberTree.key))
    .limit(limit + 1);
  return toPage(
    rows.map((row) => ({ ...row, id: BigInt(row.key), memberId: row.id })),
    limit,
    (row) => toOperatorMember({ ...row, id: row.memberId }),
  );
}

async function memberRow(db: Executor, memberId: string) {
  const [row] = await db
    .select({ ...memberColumns, frozenReason: members.frozenReason })
    .from(members)
    .where(and(eq(members.id, memberId), ne(members.status, 'system')));
  if (!row) throw new AppError('MEMBER_NOT_FOUND');
  return row;
}

/** `/api/operator/members/detail`: profile, freeze, referrer, team, balances and newest sessions. */
export async function memberDetail(db: Database, memberId: string, now: Date): Promise<TMemberDetail> {
  const member = await memberRow(db, memberId);
  const [referrer] = member.referrerId
    ? await db
        .select({ ...memberColumns })
        .from(members)
        .where(and(eq(members.id, member.referrerId), ne(members.status, 'system')))
    : [];
  const team = await teamAggregatesOf(db, memberId);
  const balances = await memberBalanceRows(db, memberId);
  const recent = await recentSessions(db, memberId, MEMBER_DETAIL_SESSIONS);
  const referrerView = referrer ? toOperatorMember(referrer) : null;
  return {
    member: { ...toOperatorMember(member), frozenReason: member.frozenReason },
    referrer: referrerView && {
      id: referrerView.id,
      email: referrerView.email,
      walletAddress: referrerView.walletAddress,
      inviteCode: referrerView.inviteCode,
    },
    team: {
      directCount: team?.directCount ?? 0,
      teamCount: team?.teamCount ?? 0,
      teamVolume: fromLedgerUnits(toLedgerUnits(team?.teamVolume ?? '0')),
      kpcLevel: team?.kpcLevel ?? 0,
      esopLevel: team?.esopLevel ?? 0,
    },
    balances: balances.map((row) => ({
      asset: row.asset,
      bucket: row.bucket ?? '',
      balance: fromLedgerUnits(toLedgerUnits(row.balance ?? '0')),
    })),
    sessions: recent.map((session) => ({
      id: session.id,
      loginType: session.loginType,
      createdAt: session.createdAt.toISOString(),
      lastSeenAt: session.lastSeenAt.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
      revokedAt: session.revokedAt?.toISOString() ?? null,
      revokedReason: session.revokedReason,
      active: session.revokedAt === null && session.expiresAt > now,
    })),
    twoStep: await twoStepSummary(db, memberId),
  };
}
