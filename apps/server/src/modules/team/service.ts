import {
  DEFAULT_PAGE_SIZE,
  fromLedgerUnits,
  maskAddress,
  maskEmail,
  toLedgerUnits,
  type TTeamAirdropsRequest,
  type TTeamAirdropsResponse,
  type TTeamInvitation,
  type TTeamInvitationsRequest,
  type TTeamInvitationsResponse,
  type TTeamSummary,
} from '@kpc/shared';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { airdrops, members, memberTeam, memberTree, teamEvents } from '../../db/schema/index.ts';
import { toWireAddress } from '../../lib/address.ts';
import { toPage } from '../../lib/paging.ts';
import { decimal } from '../../lib/wire-format.ts';
import { latestCardProductOf } from '../card/reads.ts';
import { klkLevelOf } from '../klk/reads.ts';
import { shareholderStatusOf } from '../stockholder/reads.ts';

/**
 * Reading a member's team (Step 7, SPEC §3 Team). Both reads cost the same at any team size: the
 * summary is the member's own aggregates row (kept by `tree.ts`), and a page of invitations is
 * one index range of the member's key. A member only ever names itself: both
 * take the session's member id, never one from the request.
 */

/** The largest tree key (an int4 column). */
const KEY_MAX = 2_147_483_647n;

/**
 * The team below `memberId`, its levels and its airdrops: stored values only (levels are written
 * when their inputs change, `levels.ts`; airdrop totals with each airdrop, `airdrop.ts`), one
 * round trip of primary-key reads. A member without a tree row (none is made so) has no team.
 */
export async function teamSummary(db: Executor, memberId: string): Promise<TTeamSummary> {
  const result: unknown = await db.execute(sql`
    select m.level, t.direct_count, t.team_count, t.team_volume, t.kpc_level, t.esop_level,
      ${klkLevelOf(sql`m.id`)} as klk_level,
      ${shareholderStatusOf(sql`m.id`)} as shareholder_status,
      a.direct as airdrop_direct, a.indirect as airdrop_indirect, a.card as airdrop_card
    from members m
    left join member_tree tree on tree.member_id = m.id
    left join member_team t on t.key = tree.key
    left join member_airdrop_totals a on a.member_id = m.id
    where m.id = ${memberId}`);
  type Row = {
    level: TTeamSummary['level'];
    direct_count: number | null;
    team_count: number | null;
    team_volume: string | null;
    kpc_level: number | null;
    esop_level: number | null;
    klk_level: string | null;
    shareholder_status: TTeamSummary['shareholderStatus'];
    airdrop_direct: string | null;
    airdrop_indirect: string | null;
    airdrop_card: string | null;
  };
  const [row] = (result as { rows: Row[] }).rows;
  const directCount = row?.direct_count ?? 0;
  const teamSize = row?.team_count ?? 0;
  const units = (value: string | null | undefined) => toLedgerUnits(value ?? '0');
  const direct = units(row?.airdrop_direct);
  const indirect = units(row?.airdrop_indirect);
  const card = units(row?.airdrop_card);
  return {
    directCount,
    indirectCount: teamSize - directCount,
    teamSize,
    teamVolume: fromLedgerUnits(units(row?.team_volume)),
    level: row?.level ?? 'member',
    kpcLevel: row?.kpc_level ?? 0,
    esopLevel: row?.esop_level ?? 0,
    klkLevel: row?.klk_level ?? null,
    shareholderStatus: row?.shareholder_status ?? null,
    airdrops: {
      asset: 'USDT',
      total: fromLedgerUnits(direct + indirect + card),
      direct: fromLedgerUnits(direct),
      indirect: fromLedgerUnits(indirect),
      card: fromLedgerUnits(card),
    },
  };
}

/** The members `memberId` invited, newest first, `cursor` the previous page's `nextCursor`. */
export async function invitations(
  db: Executor,
  memberId: string,
  cursor: TTeamInvitationsRequest['cursor'],
  limit: number = DEFAULT_PAGE_SIZE,
): Promise<TTeamInvitationsResponse> {
  // The member's key first, then the page by that key: a known key lets PostgreSQL see how many
  // invitees it has and walk the (parent_key, key) index backwards for a big inviter, where a join
  // would fetch and sort every invitee.
  const [parent] = await db
    .select({ key: memberTree.key })
    .from(memberTree)
    .where(eq(memberTree.memberId, memberId))
    .limit(1);
  if (!parent) return { list: [], nextCursor: null };
  const rows = await db
    .select({
      key: memberTree.key,
      email: members.email,
      walletAddress: members.walletAddress,
      level: members.level,
      teamCount: memberTeam.teamCount,
      createdAt: members.createdAt,
      // SPEC §3 "my invitations (user, level, card)": the invitee's latest card, by its product.
      card: latestCardProductOf(members.id),
    })
    .from(memberTree)
    .innerJoin(members, eq(members.id, memberTree.memberId))
    .innerJoin(memberTeam, eq(memberTeam.key, memberTree.key))
    .where(
      and(
        eq(memberTree.parentKey, parent.key),
        // Keys are int4; a larger cursor (the schema takes any int8) is above every key.
        cursor === undefined || BigInt(cursor) > KEY_MAX ? undefined : lt(memberTree.key, Number(cursor)),
      ),
    )
    .orderBy(desc(memberTree.key))
    .limit(limit + 1);
  return toPage(
    rows.map((row) => ({ ...row, id: BigInt(row.key) })),
    limit,
    (row) => ({
      id: row.id.toString(),
      member: row.email ? maskEmail(row.email) : maskAddress(toWireAddress(row.walletAddress)),
      level: row.level,
      teamSize: row.teamCount,
      card: row.card as TTeamInvitation['card'],
      joinedAt: row.createdAt.toISOString(),
    }),
  );
}

/** The airdrops `memberId` received, newest first (one index range of the receiver), `cursor` the previous page's `nextCursor`. */
export async function airdropList(
  db: Executor,
  memberId: string,
  cursor: TTeamAirdropsRequest['cursor'],
  limit: number = DEFAULT_PAGE_SIZE,
): Promise<TTeamAirdropsResponse> {
  const rows = await db
    .select({
      id: airdrops.id,
      kind: airdrops.kind,
      event: teamEvents.kind,
      email: members.email,
      walletAddress: members.walletAddress,
      asset: airdrops.asset,
      gross: airdrops.gross,
      fee: airdrops.fee,
      net: airdrops.net,
      reversedAt: airdrops.reversedAt,
      createdAt: airdrops.createdAt,
    })
    .from(airdrops)
    .innerJoin(teamEvents, eq(teamEvents.eventKey, airdrops.eventKey))
    .innerJoin(members, eq(members.id, airdrops.sourceMemberId))
    .where(and(eq(airdrops.receiverId, memberId), cursor === undefined ? undefined : lt(airdrops.id, BigInt(cursor))))
    .orderBy(desc(airdrops.id))
    .limit(limit + 1);
  return toPage(rows, limit, (row) => ({
    id: row.id.toString(),
    kind: row.kind as TTeamAirdropsResponse['list'][number]['kind'],
    event: row.event,
    from: row.email ? maskEmail(row.email) : maskAddress(toWireAddress(row.walletAddress)),
    asset: row.asset,
    gross: decimal(row.gross),
    fee: decimal(row.fee),
    net: decimal(row.net),
    reversed: row.reversedAt !== null,
    createdAt: row.createdAt.toISOString(),
  }));
}
