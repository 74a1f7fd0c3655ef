import { fromLedgerUnits } from '@kpc/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { levelRulesAt, raiseLevelsSql, stepsReachedSql } from './levels.ts';

/**
 * Writing the referral tree (`member_tree`, its aggregates `member_team`; db/schema/team.ts). Both
 * writes are one statement each and belong in the caller's transaction: the member's row
 * (sign-up) or the purchase that counts toward the team volume (plans, packages).
 *
 * The aggregates rows above a member are found by key from its stored `path` (one index scan,
 * never a walk) and locked in key order, so two sign-ups or purchases in overlapping teams always
 * queue on their common ancestors in the same order and cannot deadlock. The lock is the one the
 * UPDATE takes anyway (`for no key update`), taken first only to fix the order. Both statements
 * also raise the levels the new counts reach (`levels.ts`), after the aggregates rows: the members
 * rows they touch are always locked second.
 */

async function rowsOf<Row>(db: Executor, statement: ReturnType<typeof sql>): Promise<Row[]> {
  const result: unknown = await db.execute(statement);
  return (result as { rows: Row[] }).rows;
}

/**
 * Puts a just-inserted member into the tree (its path and an empty aggregates row) under its
 * referrer (`members.referrer_id`, fixed at sign-up, so the tree never disagrees with it) and
 * counts it in the team of every member above: +1 team, and +1 direct for the referrer, and raises
 * the level of those the new counts promote. A member without a referrer becomes a root. Throws if the referrer has no tree row (it was inserted
 * without this) or the member already has one.
 */
export async function addMemberToTree(tx: Executor, memberId: string, at: Date = new Date()): Promise<void> {
  const rules = await levelRulesAt(tx, at);
  const [row] = await rowsOf<{ inserted: number; depth: number; updated: number }>(
    tx,
    sql`
      with parent as (
        select m.id, m.referrer_id, p.key, p.depth, p.path
        from members m left join member_tree p on p.member_id = m.referrer_id
        where m.id = ${memberId} and (m.referrer_id is null or p.key is not null)
      ), inserted as (
        insert into member_tree (member_id, parent_key, depth, path)
        select id, key, coalesce(depth + 1, 0), case when key is null then '{}'::integer[] else path || key end
        from parent
        returning key, parent_key, path
      ), team as (
        insert into member_team (key) select key from inserted
      ), ancestors as (
        select t.key from member_team t join inserted i on t.key = any(i.path)
        order by t.key
        for no key update of t
      ), updated as (
        update member_team t
        set team_count = t.team_count + 1,
          direct_count = t.direct_count + (t.key = (select parent_key from inserted))::integer
        from ancestors a
        where t.key = a.key
        returning t.key, t.direct_count, t.team_count, t.team_volume
      ), levelled as (${raiseLevelsSql(rules, 'updated')})
      select (select count(*) from inserted)::integer as inserted,
        (select cardinality(path) from inserted) as depth,
        (select count(*) from updated)::integer as updated`,
  );
  if (row?.inserted !== 1) throw new Error(`member ${memberId}: its referrer is not in the referral tree`);
  if (row.updated !== row.depth)
    throw new Error(`member ${memberId}: ${row.updated} of ${row.depth} ancestors counted`);
}

/**
 * Adds a purchase of `amountUnits` (ledger units of USDT, > 0) to the team volume of every member
 * above `memberId` (not the member's own row: a team's volume is what its members bought), to the
 * ESOP part too for an ESOP subscription, and re-levels them: KPC and ESOP team levels in the same
 * UPDATE, member levels the new volume promotes. Call it in the purchase's transaction, once per
 * purchase: it is not keyed, the purchase is (`airdrop.ts` `recordTeamEvent` does both).
 * Returns the number of members whose team volume grew (the member's depth).
 */
export async function addTeamVolume(
  tx: Executor,
  memberId: string,
  amountUnits: bigint,
  { esop = false, at = new Date() }: { esop?: boolean; /** The event's time: its level rules. */ at?: Date } = {},
): Promise<number> {
  const rules = await levelRulesAt(tx, at);
  if (amountUnits <= 0n) throw new Error(`team volume must be positive, got ${amountUnits}`);
  const amount = fromLedgerUnits(amountUnits);
  const esopAmount = esop ? amount : '0';
  const [row] = await rowsOf<{ found: number; depth: number | null; updated: number }>(
    tx,
    sql`
      with me as (
        select path from member_tree where member_id = ${memberId}
      ), ancestors as (
        select t.key from member_team t join me on t.key = any(me.path)
        order by t.key
        for no key update of t
      ), updated as (
        update member_team t
        set team_volume = t.team_volume + ${amount}::numeric,
          esop_volume = t.esop_volume + ${esopAmount}::numeric,
          -- greatest: a reached level stays reached, also when the configured steps are raised later.
          kpc_level = greatest(t.kpc_level, ${stepsReachedSql(
            sql`t.team_volume + ${amount}::numeric - t.esop_volume - ${esopAmount}::numeric`,
            rules.kpcSteps,
          )}),
          esop_level = greatest(t.esop_level, ${stepsReachedSql(sql`t.esop_volume + ${esopAmount}::numeric`, rules.esopSteps)})
        from ancestors a
        where t.key = a.key
        returning t.key, t.direct_count, t.team_count, t.team_volume
      ), levelled as (${raiseLevelsSql(rules, 'updated')})
      select (select count(*) from me)::integer as found,
        (select cardinality(path) from me) as depth,
        (select count(*) from updated)::integer as updated`,
  );
  if (row?.found !== 1) throw new Error(`member ${memberId} is not in the referral tree`);
  if (row.updated !== row.depth)
    throw new Error(`member ${memberId}: ${row.updated} of ${row.depth} ancestors updated`);
  return row.updated;
}
