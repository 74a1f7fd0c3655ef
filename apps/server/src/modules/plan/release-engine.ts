import { EntryType, USDT_DECIMALS, utcDayIndex } from '@kpc/shared';
import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { HouseAccount, postTransfers } from '../../ledger/ledger.ts';
import type { Clock } from '../../lib/clock.ts';

/**
 * The plan release engine (Step 5, SPEC §4 "Plan release"): releases everything due by the plans'
 * clock — investment days, ESOP phases, pledge rewards and maturities — as set-based SQL. A round
 * is one transaction under an advisory lock (one engine at a time across processes): per kind one
 * INSERT … SELECT into `plan_releases` (unique per kind, source and period, so nothing is released
 * twice) that also advances its orders, then one `postTransfers` for every new release row. Each
 * round releases the earliest unreleased period of every source that is behind, so after downtime
 * the rounds repeat until today and every missed day is released in order.
 */

/** Sources released per kind and round: bounds a round's transaction on a very large book. */
const BATCH = 50_000;
/** A stopped server's catch-up ends; more than this many rounds in one pass means something is stuck. */
const MAX_ROUNDS = 20_000;

export const ReleaseKind = {
  INVESTMENT: 'investment',
  ESOP: 'esop',
  PLEDGE_REWARD: 'pledge_reward',
  PLEDGE_MATURITY: 'pledge_maturity',
} as const;
export type TReleaseKind = (typeof ReleaseKind)[keyof typeof ReleaseKind];

/** The ledger idempotency key of a release: the same triple as `plan_releases_key`. */
export function releaseKey(kind: TReleaseKind, sourceId: bigint | string, period: number): string {
  return `plan:${kind}:${sourceId}:${period}`;
}

export interface ReleaseResult {
  rounds: number;
  released: Record<TReleaseKind, number>;
}

const LOCK_KEY = 'plan-release-engine';

async function affected(tx: Transaction, statement: ReturnType<typeof sql>): Promise<number> {
  const result: unknown = await tx.execute(statement);
  return (result as { rows: { count: number }[] }).rows[0]?.count ?? 0;
}

/** One round: at most one period per source, every kind, posted. Returns the rows released per kind. */
async function releaseRound(tx: Transaction, now: Date): Promise<Record<TReleaseKind, number>> {
  const today = utcDayIndex(now);
  const nowIso = now.toISOString();
  // Investment: release day n = released_days + 1, due on start_day + n - 1, phase ceil(n / 30),
  // floor6(amount x ratio) capped at the remaining quota (past the table the last ratio continues).
  const investment = await affected(
    tx,
    sql`
    with due as (
      select o.id, o.member_id, o.amount, o.quota, o.released, o.released_days + 1 as n,
        o.start_day + o.released_days as due_day,
        o.phase_ratios[least(o.released_days / 30 + 1, cardinality(o.phase_ratios))] as ratio
      from plan_orders o
      where o.status = 'active' and o.start_day + o.released_days <= ${today}
      order by o.id limit ${BATCH}
      for update
    ),
    released as (
      insert into plan_releases (kind, source_id, period, member_id, asset, amount, phase, ratio, due_day, created_at)
      select ${ReleaseKind.INVESTMENT}, id, n, member_id, 'USDT',
        least(trunc(amount * ratio, ${USDT_DECIMALS}), quota - released), (n - 1) / 30 + 1, ratio, due_day, ${nowIso}::timestamptz
      from due
      on conflict (kind, source_id, period) do nothing
      returning source_id, period, amount
    ),
    advanced as (
      update plan_orders o set
        released = o.released + r.amount,
        released_days = r.period,
        status = case when o.released + r.amount >= o.quota then 'completed' else 'active' end,
        completed_at = case when o.released + r.amount >= o.quota then ${nowIso}::timestamptz end
      from released r where o.id = r.source_id
      returning 1
    )
    select count(*)::int as count from advanced`,
  );
  // ESOP: phase k falls due at lock end + k x 30 days; floor18(kpc / months), the last the remainder.
  const esop = await affected(
    tx,
    sql`
    with due as (
      select e.id, e.member_id, e.kpc_allocated, e.released, e.release_months, e.next_due_at,
        e.released_phases + 1 as k
      from esop_orders e
      where e.status = 'active' and e.next_due_at <= ${nowIso}::timestamptz
      order by e.id limit ${BATCH}
      for update
    ),
    released as (
      insert into plan_releases (kind, source_id, period, member_id, asset, amount, due_day, created_at)
      select ${ReleaseKind.ESOP}, id, k, member_id, 'KPC',
        case when k = release_months then kpc_allocated - released
          else trunc(kpc_allocated / release_months, 18) end,
        floor(extract(epoch from next_due_at) / 86400)::int, ${nowIso}::timestamptz
      from due
      on conflict (kind, source_id, period) do nothing
      returning source_id, period, amount
    ),
    advanced as (
      update esop_orders e set
        released = e.released + r.amount,
        released_phases = r.period,
        status = case when r.period >= e.release_months then 'completed' else 'active' end,
        next_due_at = e.next_due_at + interval '30 days'
      from released r where e.id = r.source_id
      returning 1
    )
    select count(*)::int as count from advanced`,
  );
  // Pledge rewards: reward day n = rewarded_days + 1, due on start_day + n - 1, floor18(amount x rate).
  const pledgeReward = await affected(
    tx,
    sql`
    with due as (
      select p.id, p.member_id, p.amount, p.daily_rate, p.rewarded_days + 1 as n,
        p.start_day + p.rewarded_days as due_day
      from pledges p
      where p.status = 'active' and p.rewarded_days < p.days and p.start_day + p.rewarded_days <= ${today}
      order by p.id limit ${BATCH}
      for update
    ),
    released as (
      insert into plan_releases (kind, source_id, period, member_id, asset, amount, due_day, created_at)
      select ${ReleaseKind.PLEDGE_REWARD}, id, n, member_id, 'KPC', trunc(amount * daily_rate, 18), due_day,
        ${nowIso}::timestamptz
      from due
      on conflict (kind, source_id, period) do nothing
      returning source_id, period, amount
    ),
    advanced as (
      update pledges p set rewarded_days = r.period, rewarded = p.rewarded + r.amount
      from released r where p.id = r.source_id
      returning 1
    )
    select count(*)::int as count from advanced`,
  );
  // Maturity: once the term's last reward day is paid, the principal returns staked -> available.
  const pledgeMaturity = await affected(
    tx,
    sql`
    with due as (
      select p.id, p.member_id, p.amount, p.days, p.start_day + p.days - 1 as due_day
      from pledges p
      where p.status = 'active' and p.rewarded_days >= p.days
      order by p.id limit ${BATCH}
      for update
    ),
    released as (
      insert into plan_releases (kind, source_id, period, member_id, asset, amount, due_day, created_at)
      select ${ReleaseKind.PLEDGE_MATURITY}, id, days, member_id, 'KPC', amount, due_day, ${nowIso}::timestamptz from due
      on conflict (kind, source_id, period) do nothing
      returning source_id
    ),
    advanced as (
      update pledges p set status = 'matured', closed_at = ${nowIso}::timestamptz
      from released r where p.id = r.source_id
      returning 1
    )
    select count(*)::int as count from advanced`,
  );
  // Every release row of this round, posted in one statement; then each row names its entry.
  await postTransfers(
    tx,
    sql`
    select 'plan:' || r.kind || ':' || r.source_id || ':' || r.period as idempotency_key,
      case r.kind
        when ${ReleaseKind.INVESTMENT} then ${EntryType.PLAN_RELEASE}
        when ${ReleaseKind.ESOP} then ${EntryType.ESOP_RELEASE}
        when ${ReleaseKind.PLEDGE_REWARD} then ${EntryType.PLEDGE_REWARD}
        else ${EntryType.PLEDGE_MATURITY} end as type,
      r.member_id,
      case when r.kind = ${ReleaseKind.INVESTMENT} then 'plan_order:' when r.kind = ${ReleaseKind.ESOP} then 'esop_order:'
        else 'pledge:' end || r.source_id as reference,
      r.asset, r.amount,
      case r.kind when ${ReleaseKind.ESOP} then 'locked' when ${ReleaseKind.PLEDGE_MATURITY} then 'staked' end
        as from_bucket,
      case when r.kind in (${ReleaseKind.INVESTMENT}, ${ReleaseKind.PLEDGE_REWARD}) then ${HouseAccount.PLAN_PAYOUT} end
        as from_house,
      case r.kind when ${ReleaseKind.PLEDGE_MATURITY} then 'available' else 'income' end as to_bucket,
      null::text as to_house
    from plan_releases r where r.entry_id is null`,
  );
  await tx.execute(sql`
    update plan_releases r set entry_id = e.id
    from ledger_entries e
    where r.entry_id is null and e.idempotency_key = 'plan:' || r.kind || ':' || r.source_id || ':' || r.period`);
  return {
    investment,
    esop,
    pledge_reward: pledgeReward,
    pledge_maturity: pledgeMaturity,
  };
}

/**
 * Releases everything due by `clock`'s now, round after round until nothing is left (catch-up in
 * order). Each round takes a transaction-level advisory lock: a second engine (another process, or
 * a hand-started run) waits for the round in progress, then finds those periods released.
 */
export async function runReleaseEngine(db: Database, clock: Clock): Promise<ReleaseResult> {
  const total: Record<TReleaseKind, number> = { investment: 0, esop: 0, pledge_reward: 0, pledge_maturity: 0 };
  let rounds = 0;
  for (;;) {
    if (rounds >= MAX_ROUNDS) throw new Error(`plan release engine: still releasing after ${MAX_ROUNDS} rounds`);
    const now = clock.now();
    const released = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${LOCK_KEY}, 0))`);
      return releaseRound(tx, now);
    });
    const count = Object.values(released).reduce((sum, n) => sum + n, 0);
    if (count === 0) return { rounds, released: total };
    rounds += 1;
    for (const kind of Object.keys(released) as TReleaseKind[]) total[kind] += released[kind];
  }
}
