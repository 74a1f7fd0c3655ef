import { EntryType, USDT_DECIMALS, utcDayIndex } from '@kpc/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { HouseAccount, NEXT_ENTRY_ID, postTransferBatch, type TransferBatch } from '../../ledger/ledger.ts';
import type { Clock } from '../../lib/clock.ts';

/**
 * The plan release engine (Step 5, SPEC §4 "Plan release"): releases everything due by the plans'
 * clock — investment days, ESOP phases, pledge rewards and maturities — as set-based SQL.
 *
 * A pass sweeps each kind in order of order id, in batches: a batch is one transaction and one
 * `postTransferBatch` (two statements, whatever its size): the due orders are locked, each gets its
 * next period's ledger entry, keyed `plan:<kind>:<order>:<period>` (the ledger refuses a key twice),
 * its `plan_releases` row and its order advanced. A pass releases at most one period per order,
 * and passes repeat until one finds nothing, so after downtime every missed day is released, in
 * order. Pledge maturities are swept after rewards, so a term's last reward and its principal come
 * in the same pass. An order whose next release truncates to 0 (a hand-edited row, or one from a
 * configuration `plans.ts` now refuses) is skipped, so it never rolls back its batch: each run
 * names such orders in its result and once in the log. A member's redemption settles its own
 * pledge with the same SQL (`settlePledge`).
 *
 * Workers split the members between them (orders and accounts of a member are always in one
 * worker's share), so a pass uses several database connections and cores at once. Each share has
 * its own advisory lock: whichever process holds it sweeps that share, so with several server
 * processes exactly one releases each order at a time, and a second finds it already advanced.
 * Every process should use the same number of workers; if not, the orders' row locks still keep
 * them apart, only slower.
 */

/** Orders per batch (transaction): bounds a transaction on a very large book. */
const BATCH = 50_000;
/** A stopped server's catch-up ends; more passes than this in one run means something is stuck. */
const MAX_PASSES = 20_000;

export const ReleaseKind = {
  INVESTMENT: 'investment',
  ESOP: 'esop',
  PLEDGE_REWARD: 'pledge_reward',
  PLEDGE_MATURITY: 'pledge_maturity',
} as const;
export type TReleaseKind = (typeof ReleaseKind)[keyof typeof ReleaseKind];

/** The ledger idempotency key of a release (`keySql` writes the same in SQL). */
export function releaseKey(kind: TReleaseKind, sourceId: bigint | string, period: number): string {
  return `plan:${kind}:${sourceId}:${period}`;
}

function keySql(kind: TReleaseKind, id: SQL, period: SQL): SQL {
  return sql`${`plan:${kind}:`} || ${id} || ':' || ${period}`;
}

/** Orders the engine found due but cannot release: how many, and the first ids (oldest first). */
export interface Unreleasable {
  count: number;
  ids: string[];
}

export interface ReleaseResult {
  /** Passes that released something (a catch-up of 10 days is 10 passes or more). */
  rounds: number;
  released: Record<TReleaseKind, number>;
  /**
   * Orders due whose release truncates to 0 (they would break `plan_releases_amount > 0`): skipped,
   * left as they are, and reported here and once in the log each run, while every other order is
   * released. Configuration that makes them is refused (`plans.ts`, `investmentProductReleases` …).
   */
  unreleasable: Record<TReleaseKind, Unreleasable>;
}

/** Where the engine reports what it cannot release (the server's logger). */
export interface ReleaseLogger {
  warn(fields: Record<string, unknown>, message: string): void;
}

export interface ReleaseOptions {
  /** Workers, each with its own connection and share of the members (1 on PGlite). */
  workers?: number;
  logger?: ReleaseLogger;
}

const LOCK_KEY = 'plan-release-engine';
const KINDS = Object.values(ReleaseKind);
/** Unreleasable order ids named per kind in a run's result and log line. */
const REPORTED_IDS = 100;

/** Where a batch is: its kind's sweep after order `after`, in worker `share` of `shares`. */
interface BatchScope {
  now: Date;
  after: bigint;
  share: number;
  shares: number;
  /** One order only (a member's redemption settling its own pledge). */
  only?: bigint;
}

/** The `plan_releases` row of each transfer, written in the posting statement. */
function recordReleases(kind: TReleaseKind, nowIso: string): SQL {
  return sql`plan_release as (
      insert into plan_releases (entry_id, kind, source_id, period, member_id, asset, amount, phase, ratio, due_day, created_at)
      select entry_id, ${kind}, source_id, period, member_id, asset, amount, phase, ratio, due_day, ${nowIso}::timestamptz
      from transfers
    )`;
}

/** The rows of alias `alias` in this batch's sweep and worker share. */
function inScope(alias: SQL, { after, share, shares, only }: BatchScope): SQL {
  const mine = shares === 1 ? sql`` : sql` and abs(hashtext(${alias}.member_id::text) % ${shares}) = ${share}`;
  const one = only === undefined ? sql`` : sql` and ${alias}.id = ${only}`;
  return sql`${alias}.id > ${after}${mine}${one}`;
}

/**
 * A kind's orders as the engine reads them: `table` (aliased `alias`), which rows are due now
 * (`isDue`), the columns a transfer needs, and the amount of the next release (`release`). The
 * release amount is written once here and used both to post it and to find the orders that
 * cannot be released (it truncates to 0).
 */
interface KindRows {
  table: SQL;
  alias: SQL;
  isDue: SQL;
  columns: SQL;
  release: SQL;
}

/** A pledge's daily reward: floor18(amount x rate), as `pledgeReward` in plans.ts. */
const PLEDGE_REWARD = sql`trunc(p.amount * p.daily_rate, 18)`;

function kindRows(kind: TReleaseKind, now: Date): KindRows {
  const today = utcDayIndex(now);
  const nowIso = now.toISOString();
  switch (kind) {
    // Investment: release day n = released_days + 1, due on start_day + n - 1, phase ceil(n / 30),
    // floor6(amount x ratio) capped at the remaining quota (past the table the last ratio continues).
    case ReleaseKind.INVESTMENT: {
      const ratio = sql`o.phase_ratios[least(o.released_days / 30 + 1, cardinality(o.phase_ratios))]`;
      return {
        table: sql`plan_orders o`,
        alias: sql`o`,
        isDue: sql`o.status = 'active' and o.start_day + o.released_days <= ${today}`,
        columns: sql`o.id, o.member_id, o.released_days + 1 as n, o.start_day + o.released_days as due_day,
          ${ratio} as ratio`,
        release: sql`least(trunc(o.amount * ${ratio}, ${USDT_DECIMALS}), o.quota - o.released)`,
      };
    }
    // ESOP: phase k falls due at lock end + k x 30 days; floor18(kpc / months), the last the
    // remainder. (Numeric division rounds at its result scale, so the floor divides whole units.)
    case ReleaseKind.ESOP:
      return {
        table: sql`esop_orders e`,
        alias: sql`e`,
        isDue: sql`e.status = 'active' and e.next_due_at <= ${nowIso}::timestamptz`,
        columns: sql`e.id, e.member_id, e.next_due_at, e.released_phases + 1 as k`,
        release: sql`case when e.released_phases + 1 = e.release_months then e.kpc_allocated - e.released
          else (div(e.kpc_allocated * 1e18, e.release_months) * 1e-18)::numeric(38, 18) end`,
      };
    // Pledge rewards: reward day n = rewarded_days + 1, due on start_day + n - 1.
    case ReleaseKind.PLEDGE_REWARD:
      return {
        table: sql`pledges p`,
        alias: sql`p`,
        isDue: sql`p.status = 'active' and p.rewarded_days < p.days and p.start_day + p.rewarded_days <= ${today}`,
        columns: sql`p.id, p.member_id, p.rewarded_days + 1 as n, p.start_day + p.rewarded_days as due_day`,
        release: PLEDGE_REWARD,
      };
    // Maturity: once the term's last reward day is paid, the principal returns staked -> available.
    // A pledge whose reward truncates to 0 earns nothing a day: it matures when its term ends.
    case ReleaseKind.PLEDGE_MATURITY:
      return {
        table: sql`pledges p`,
        alias: sql`p`,
        isDue: sql`p.status = 'active' and (p.rewarded_days >= p.days
          or (p.start_day + p.days - 1 <= ${today} and ${PLEDGE_REWARD} <= 0))`,
        columns: sql`p.id, p.member_id, p.days, p.start_day + p.days - 1 as due_day`,
        release: sql`p.amount`,
      };
  }
}

/** One batch of one kind as a `postTransferBatch`: which orders are due, their transfers, their advance. */
function kindBatch(kind: TReleaseKind, scope: BatchScope): TransferBatch {
  const rows = kindRows(kind, scope.now);
  const nowIso = scope.now.toISOString();
  // Only orders whose release is above 0: one that truncates to 0 is skipped (and reported), so
  // it never rolls back the batch of every other order.
  const source = sql`due as (
    select ${rows.columns}, ${rows.release} as release
    from ${rows.table}
    where ${rows.isDue} and ${inScope(rows.alias, scope)} and ${rows.release} > 0
    order by ${rows.alias}.id limit ${BATCH}
    for update of ${rows.alias}
  )`;
  switch (kind) {
    case ReleaseKind.INVESTMENT:
      return {
        source,
        accounts: sql`select distinct member_id, 'USDT' as asset, 'income' as bucket from due`,
        transfers: sql`select ${NEXT_ENTRY_ID} as entry_id, ${keySql(kind, sql`id`, sql`n`)} as idempotency_key,
          ${EntryType.PLAN_RELEASE} as type, member_id, 'plan_order:' || id as reference, 'USDT' as asset,
          release as amount, null::text as from_bucket, ${HouseAccount.PLAN_PAYOUT} as from_house, 'income' as to_bucket,
          null::text as to_house, id as source_id, n as period, (n - 1) / 30 + 1 as phase, ratio, due_day
          from due`,
        then: sql`${recordReleases(kind, nowIso)},
        advanced as (
          update plan_orders o set
            released = o.released + t.amount,
            released_days = t.period,
            status = case when o.released + t.amount >= o.quota then 'completed' else 'active' end,
            completed_at = case when o.released + t.amount >= o.quota then ${nowIso}::timestamptz end
          from transfers t where o.id = t.source_id
        )`,
      };
    case ReleaseKind.ESOP:
      return {
        source,
        accounts: sql`select member_id, 'KPC' as asset, bucket from due, (values ('locked'), ('income')) b (bucket)
          group by 1, 2, 3`,
        transfers: sql`select ${NEXT_ENTRY_ID} as entry_id, ${keySql(kind, sql`id`, sql`k`)} as idempotency_key,
          ${EntryType.ESOP_RELEASE} as type, member_id, 'esop_order:' || id as reference, 'KPC' as asset,
          release as amount, 'locked' as from_bucket, null::text as from_house, 'income' as to_bucket,
          null::text as to_house, id as source_id, k as period, null::int as phase, null::numeric as ratio,
          floor(extract(epoch from next_due_at) / 86400)::int as due_day
          from due`,
        then: sql`${recordReleases(kind, nowIso)},
        advanced as (
          update esop_orders e set
            released = e.released + t.amount,
            released_phases = t.period,
            status = case when t.period >= e.release_months then 'completed' else 'active' end,
            next_due_at = e.next_due_at + interval '30 days'
          from transfers t where e.id = t.source_id
        )`,
      };
    case ReleaseKind.PLEDGE_REWARD:
      return {
        source,
        accounts: sql`select distinct member_id, 'KPC' as asset, 'income' as bucket from due`,
        transfers: sql`select ${NEXT_ENTRY_ID} as entry_id, ${keySql(kind, sql`id`, sql`n`)} as idempotency_key,
          ${EntryType.PLEDGE_REWARD} as type, member_id, 'pledge:' || id as reference, 'KPC' as asset,
          release as amount, null::text as from_bucket, ${HouseAccount.PLAN_PAYOUT} as from_house,
          'income' as to_bucket, null::text as to_house, id as source_id, n as period, null::int as phase,
          null::numeric as ratio, due_day
          from due`,
        then: sql`${recordReleases(kind, nowIso)},
        advanced as (
          update pledges p set rewarded_days = t.period, rewarded = p.rewarded + t.amount
          from transfers t where p.id = t.source_id
        )`,
      };
    case ReleaseKind.PLEDGE_MATURITY:
      return {
        source,
        accounts: sql`select member_id, 'KPC' as asset, bucket from due, (values ('staked'), ('available')) b (bucket)
          group by 1, 2, 3`,
        transfers: sql`select ${NEXT_ENTRY_ID} as entry_id, ${keySql(kind, sql`id`, sql`days`)} as idempotency_key,
          ${EntryType.PLEDGE_MATURITY} as type, member_id, 'pledge:' || id as reference, 'KPC' as asset,
          release as amount, 'staked' as from_bucket, null::text as from_house, 'available' as to_bucket,
          null::text as to_house, id as source_id, days as period, null::int as phase, null::numeric as ratio, due_day
          from due`,
        then: sql`${recordReleases(kind, nowIso)},
        advanced as (
          update pledges p set status = 'matured', closed_at = ${nowIso}::timestamptz
          from transfers t where p.id = t.source_id
        )`,
      };
  }
}

/** One worker's pass: every kind swept once, batch after batch. Returns the orders released per kind. */
async function releasePass(db: Database, now: Date, share: number, shares: number) {
  const released: Record<TReleaseKind, number> = { investment: 0, esop: 0, pledge_reward: 0, pledge_maturity: 0 };
  for (const kind of KINDS) {
    let after = 0n;
    for (;;) {
      const batch = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${LOCK_KEY}, ${share}))`);
        return postTransferBatch(tx, kindBatch(kind, { now, after, share, shares }), sql`max(source_id)`);
      });
      released[kind] += batch.entries;
      if (batch.entries < BATCH || batch.result === null) break;
      after = BigInt(batch.result);
    }
  }
  return released;
}

/** The orders due at `now` whose release truncates to 0, per kind (the first `REPORTED_IDS` ids). */
async function findUnreleasable(db: Database, now: Date): Promise<Record<TReleaseKind, Unreleasable>> {
  const found = {} as Record<TReleaseKind, Unreleasable>;
  for (const kind of KINDS) {
    const rows = kindRows(kind, now);
    const result: unknown = await db.execute(sql`
      select count(*)::int as count,
        coalesce((array_agg(${rows.alias}.id::text order by ${rows.alias}.id))[1:${sql.raw(String(REPORTED_IDS))}],
          '{}') as ids
      from ${rows.table}
      where ${rows.isDue} and not coalesce(${rows.release} > 0, false)`);
    const [row] = (result as { rows: Unreleasable[] }).rows;
    found[kind] = { count: row?.count ?? 0, ids: row?.ids ?? [] };
  }
  return found;
}

/**
 * Settles one pledge in the caller's transaction, as the engine would at `now`: every reward day
 * due, then its maturity if its term has ended, with the engine's own SQL and ledger keys (so the
 * engine, coming later, finds them done). The caller holds the pledge's row lock. Returns the
 * releases made.
 */
export async function settlePledge(tx: Transaction, pledgeId: bigint, now: Date): Promise<number> {
  const scope = { now, after: 0n, share: 0, shares: 1, only: pledgeId };
  let releases = 0;
  // One reward day a batch, as in the engine's passes; a term has at most 3650 days.
  for (let day = 0; ; day += 1) {
    if (day > 3650) throw new Error(`pledge ${pledgeId}: rewards still due after 3650 days`);
    const { entries } = await postTransferBatch(tx, kindBatch(ReleaseKind.PLEDGE_REWARD, scope));
    if (entries === 0) break;
    releases += entries;
  }
  const { entries } = await postTransferBatch(tx, kindBatch(ReleaseKind.PLEDGE_MATURITY, scope));
  return releases + entries;
}

/**
 * Releases everything due by `clock`'s now, pass after pass until one finds nothing (catch-up in
 * order). A second engine (another process, or a hand-started run) waits for each share's batch
 * in progress, then finds those periods released.
 */
export async function runReleaseEngine(
  db: Database,
  clock: Clock,
  options: ReleaseOptions = {},
): Promise<ReleaseResult> {
  const shares = Math.max(1, options.workers ?? 1);
  const total: Record<TReleaseKind, number> = { investment: 0, esop: 0, pledge_reward: 0, pledge_maturity: 0 };
  for (let rounds = 0; ; rounds += 1) {
    if (rounds >= MAX_PASSES) throw new Error(`plan release engine: still releasing after ${MAX_PASSES} passes`);
    const now = clock.now();
    const passes = await Promise.all(Array.from({ length: shares }, (_, share) => releasePass(db, now, share, shares)));
    let count = 0;
    for (const pass of passes) {
      for (const kind of KINDS) {
        total[kind] += pass[kind];
        count += pass[kind];
      }
    }
    if (count === 0) {
      const unreleasable = await findUnreleasable(db, now);
      const skipped = KINDS.reduce((sum, kind) => sum + unreleasable[kind].count, 0);
      if (skipped > 0) {
        options.logger?.warn(
          { unreleasable },
          `plan release engine: ${skipped} due orders skipped, their release truncates to 0 (left as they are)`,
        );
      }
      return { rounds, released: total, unreleasable };
    }
  }
}
