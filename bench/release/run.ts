/**
 * The release benchmark (Step 5): the plan release engine (`runReleaseEngine`) on PGlite and on
 * PostgreSQL over a book of N due investment orders, generated in the database itself (members,
 * their USDT income accounts and the orders, each one set-based `INSERT … SELECT generate_series`).
 *
 * It times whole daily runs — every order releases one day: a `plan_releases` row, a ledger entry
 * with its two postings, the member's income balance and the order advanced — on day 1 and, after
 * moving the plans' clock forward one day (`offsetClock`), on day 2. In the same run it times the
 * ceiling: a plain `INSERT … SELECT` of the same row count into a scratch table shaped like
 * `plan_releases` (same columns, constraints and indexes), and prints the engine's rate over it.
 *
 * Prints orders released per second, the time of one daily run, the ceiling and the ratio, whether
 * the PostgreSQL goal was met, and writes `bench/results/release-<db>.json`. It never fails on
 * timings: it exits 0 unless it could not run (or the engine released a wrong count).
 *
 *   npm run bench:release -- [--db pglite|postgres|both] [--orders N] [--days 2] [--workers N]
 *     [--pg-url postgres://…/postgres]
 */
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { utcDayIndex } from '@kpc/shared';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type DatabaseHandle } from '../../apps/server/src/db/client.ts';
import { offsetClock, type Clock } from '../../apps/server/src/lib/clock.ts';
import { runReleaseEngine } from '../../apps/server/src/modules/plan/release-engine.ts';
import { DB_CHOICES, log, positiveInt, runBench, type DbKind } from '../lib/run-bench.ts';
import { rows } from '../lib/sql-rows.ts';
import { createPostgresDatabase, postgresSettings, tempDir } from '../lib/setup.ts';
import { formatTable, whole } from '../lib/table.ts';

/** Default book size per database (issue 10 §6). */
const DEFAULT_ORDERS: Record<DbKind, number> = { postgres: 1_000_000, pglite: 100_000 };
/** Orders per generated member: several orders of one member share its income account. */
const ORDERS_PER_MEMBER = 2;
/** Step 5 goal, PostgreSQL, at a million orders. */
const GOAL = { ordersPerSecond: 50_000, ratio: 0.3, orders: 1_000_000 };

interface Options {
  dbs: DbKind[];
  /** Undefined: the database's default. */
  orders: number | undefined;
  days: number;
  /** Release engine workers on PostgreSQL (PGlite always 1), as `PLAN_RELEASE_WORKERS`. */
  workers: number;
  pgUrl: string;
}

interface Timing {
  name: string;
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  /** Engine passes (each sweeps every due order once, 50,000 per transaction); none for the ceiling. */
  rounds?: number;
}

interface DbReport {
  benchmark: 'release';
  database: DbKind;
  date: string;
  machine: { cpus: number; model: string; node: string };
  orders: number;
  members: number;
  /** Release engine workers (connections sweeping a share of the members each). */
  workers: number;
  generateSeconds: number;
  postgres?: Record<string, string>;
  days: Timing[];
  /** A run with nothing due (every scheduled run between days): scanning the active orders. */
  idleSeconds: number;
  ceiling: Timing;
  /** Mean orders/s of the measured daily runs. */
  ordersPerSecond: number;
  /** `ordersPerSecond` ÷ the ceiling's rows/s. */
  ratio: number;
  check: { releases: number; posted: number; incomeTotal: string; releasedTotal: string; ok: boolean };
  goal?: { ordersPerSecond: number; ratio: number; orders: number; met: boolean };
}

function usage(): string {
  return [
    'usage: npm run bench:release -- [options]',
    '  --db pglite|postgres|both   databases to measure (default both)',
    `  --orders <n>                due investment orders (default ${whole(DEFAULT_ORDERS.postgres)} on PostgreSQL,`,
    `                              ${whole(DEFAULT_ORDERS.pglite)} on PGlite)`,
    '  --days <n>                  daily runs measured, the clock moved one day between them (default 2)',
    '  --workers <n>               release engine workers on PostgreSQL, as PLAN_RELEASE_WORKERS (default 2)',
    '  --pg-url <url>              PostgreSQL maintenance database to create the bench database from',
    '                              (default $BENCH_PG_URL or postgres://postgres@127.0.0.1:5432/postgres)',
  ].join('\n');
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'both' },
      orders: { type: 'string' },
      days: { type: 'string', default: '2' },
      workers: { type: 'string', default: '2' },
      'pg-url': { type: 'string', default: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(usage());
    process.exit(0);
  }
  const chosen = DB_CHOICES[values.db];
  if (!chosen) throw new Error(`--db: pglite, postgres or both\n${usage()}`);
  return {
    dbs: chosen,
    orders: values.orders === undefined ? undefined : positiveInt('orders', values.orders, 20_000_000),
    days: positiveInt('days', values.days, 30),
    workers: positiveInt('workers', values.workers, 16),
    pgUrl: values['pg-url'],
  };
}

const seconds = (started: number) => (performance.now() - started) / 1000;

/**
 * The book: `members` members with a USDT income account each (at 0, as the ledger holds no posting
 * for it), and `orders` active investment orders of the seeded "advanced" product starting on
 * `today`, so each falls due once a day from today. Ids are derived from the series number.
 */
async function generateBook(db: Database, orders: number, today: number, now: Date): Promise<number> {
  const members = Math.ceil(orders / ORDERS_PER_MEMBER);
  const nowIso = now.toISOString();
  await db.execute(sql`
    insert into members (id, invite_code, created_at)
    select md5('bench-member-' || i)::uuid, 'BENCH' || i, ${nowIso}::timestamptz
    from generate_series(1, ${members}) i`);
  await db.execute(sql`
    insert into ledger_accounts (member_id, asset, bucket, balance)
    select md5('bench-member-' || i)::uuid, 'USDT', 'income', 0
    from generate_series(1, ${members}) i`);
  // Amounts 1,000.00 to 10,998.99 USDT; quota = amount x the product's coefficient.
  await db.execute(sql`
    insert into plan_orders (member_id, product_id, request_id, amount, coefficient, quota, phase_ratios,
      start_day, created_at)
    select md5('bench-member-' || ((g - 1) / ${ORDERS_PER_MEMBER} + 1))::uuid, p.id, md5('bench-order-' || g)::uuid,
      1000 + (g::bigint * 7919) % 999900 / 100.0, p.coefficient, (1000 + (g::bigint * 7919) % 999900 / 100.0) * p.coefficient,
      p.phase_ratios, ${today}, ${nowIso}::timestamptz
    from generate_series(1, ${orders}) g
    cross join (select id, coefficient, phase_ratios from plan_products where name_key = 'plan.product.advanced') p`);
  await db.execute(sql`analyze`);
  return members;
}

/** Writes what PostgreSQL holds in memory to disk, so one step's writes do not slow the next. */
async function settle(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(sql`checkpoint`);
}

/** The ceiling: the same number of rows as one daily run, one plain `INSERT … SELECT`, one transaction. */
async function measureCeiling(handle: DatabaseHandle, orders: number): Promise<Timing> {
  const { db } = handle;
  await db.execute(sql`
    create table bench_releases_ceiling (like plan_releases including defaults including identity
      including constraints including indexes)`);
  if (handle.kind === 'postgres') await settle(handle);
  const started = performance.now();
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into bench_releases_ceiling (entry_id, kind, source_id, period, member_id, asset, amount, phase, ratio,
        due_day, created_at)
      select o.id, 'investment', o.id, o.released_days + 1, o.member_id, 'USDT', trunc(o.amount * o.phase_ratios[1], 6), 1,
        o.phase_ratios[1], o.start_day + o.released_days, now()
      from plan_orders o`);
  });
  const elapsed = seconds(started);
  await db.execute(sql`drop table bench_releases_ceiling`);
  return { name: 'plain INSERT … SELECT (ceiling)', rows: orders, seconds: elapsed, rowsPerSecond: orders / elapsed };
}

/** The ledger agrees with the engine: every release posted once, income balances = the releases. */
async function check(db: Database, expected: number): Promise<DbReport['check']> {
  const [row] = await rows<{ releases: number; posted: number; released: string; income: string }>(
    db,
    sql`select
      (select count(*)::int from plan_releases) as releases,
      (select count(*)::int from plan_releases r join ledger_entries e on e.id = r.entry_id) as posted,
      (select coalesce(sum(amount), 0)::text from plan_releases) as released,
      (select coalesce(sum(balance), 0)::text from ledger_accounts where bucket = 'income' and asset = 'USDT') as income`,
  );
  const releases = row?.releases ?? 0;
  const posted = row?.posted ?? 0;
  const releasedTotal = row?.released ?? '?';
  const incomeTotal = row?.income ?? '?';
  return {
    releases,
    posted,
    releasedTotal,
    incomeTotal,
    ok: releases === expected && posted === expected && Number(releasedTotal) === Number(incomeTotal),
  };
}

async function benchDatabase(db: DbKind, options: Options): Promise<DbReport> {
  const orders = options.orders ?? DEFAULT_ORDERS[db];
  let settings: Record<string, string> | undefined;
  let handle: DatabaseHandle;
  if (db === 'postgres') {
    const databaseUrl = await createPostgresDatabase(options.pgUrl, 'kpc_bench_release');
    settings = await postgresSettings(databaseUrl, ['fsync', 'synchronous_commit', 'shared_buffers', 'work_mem']);
    log(db, `database ${new URL(databaseUrl).pathname.slice(1)} (${Object.values(settings).join(', ')})`);
    handle = await openDatabase({ databaseUrl, dataDir: 'unused', poolSize: options.workers + 1 });
  } else {
    handle = await openDatabase({ dataDir: await tempDir('kpc-bench-release-') });
  }
  try {
    // The plans' clock over a frozen "now", so the UTC day cannot change under a run.
    const frozen = new Date();
    const base: Clock = { now: () => frozen };
    const clock = offsetClock(base);
    const today = utcDayIndex(frozen);

    let started = performance.now();
    const members = await generateBook(handle.db, orders, today, frozen);
    const generateSeconds = seconds(started);
    log(db, `${whole(orders)} due orders of ${whole(members)} members generated in ${generateSeconds.toFixed(1)} s`);

    const ceiling = await measureCeiling(handle, orders);
    log(db, `ceiling: ${whole(orders)} rows in ${ceiling.seconds.toFixed(2)} s (${whole(ceiling.rowsPerSecond)}/s)`);

    const workers = handle.kind === 'postgres' ? options.workers : 1;
    const days: Timing[] = [];
    for (let day = 1; day <= options.days; day += 1) {
      if (day > 1) clock.advanceDays(1);
      if (handle.kind === 'postgres') await settle(handle);
      started = performance.now();
      const result = await runReleaseEngine(handle.db, clock, { workers });
      const elapsed = seconds(started);
      if (result.released.investment !== orders) {
        throw new Error(`day ${day}: the engine released ${result.released.investment} orders, expected ${orders}`);
      }
      days.push({
        name: `daily run, day ${day}`,
        rows: orders,
        seconds: elapsed,
        rowsPerSecond: orders / elapsed,
        rounds: result.rounds,
      });
      log(db, `day ${day}: ${whole(orders)} orders released in ${elapsed.toFixed(2)} s (${whole(orders / elapsed)}/s)`);
    }
    // What every scheduled run costs between days: a pass that finds nothing due.
    started = performance.now();
    const idle = await runReleaseEngine(handle.db, clock, { workers });
    const idleSeconds = seconds(started);
    if (Object.values(idle.released).some((count) => count > 0)) throw new Error('the idle pass released something');
    log(db, `idle pass (nothing due): ${(idleSeconds * 1000).toFixed(0)} ms`);
    const ordersPerSecond = days.reduce((sum, t) => sum + t.rows, 0) / days.reduce((sum, t) => sum + t.seconds, 0);
    const ratio = ordersPerSecond / ceiling.rowsPerSecond;
    const verified = await check(handle.db, orders * options.days);
    return {
      benchmark: 'release',
      database: db,
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, model: cpus()[0]?.model ?? '?', node: process.version },
      orders,
      members,
      workers,
      generateSeconds,
      ...(settings ? { postgres: settings } : {}),
      days,
      idleSeconds,
      ceiling,
      ordersPerSecond,
      ratio,
      check: verified,
      ...(db === 'postgres'
        ? {
            goal: {
              ...GOAL,
              met: orders >= GOAL.orders && ordersPerSecond >= GOAL.ordersPerSecond && ratio > GOAL.ratio,
            },
          }
        : {}),
    };
  } finally {
    await handle.close();
  }
}

function printReports(reports: DbReport[]): void {
  const first = reports[0];
  console.log('');
  console.log(
    `Release benchmark — ${first?.machine.cpus ?? '?'} × ${first?.machine.model ?? '?'}, Node ${process.version}; ` +
      `every order due once a day, ${ORDERS_PER_MEMBER} orders per member`,
  );
  console.log('');
  const table = reports.flatMap((report) =>
    [...report.days, report.ceiling].map((t) => [
      t.name,
      report.database,
      whole(t.rows),
      t.rounds === undefined ? '-' : String(t.rounds),
      t.seconds.toFixed(2),
      whole(t.rowsPerSecond),
    ]),
  );
  console.log(
    formatTable(['run', 'database', 'orders', 'passes', 'seconds', 'orders/s'], table, [
      false,
      false,
      true,
      true,
      true,
      true,
    ]),
  );
  for (const report of reports) {
    const perDay = report.days.reduce((sum, t) => sum + t.seconds, 0) / Math.max(report.days.length, 1);
    console.log('');
    console.log(
      `${report.database}: ${whole(report.ordersPerSecond)} orders released/s; one daily run of ${whole(report.orders)} ` +
        `orders ${perDay.toFixed(2)} s; a run with nothing due ${(report.idleSeconds * 1000).toFixed(0)} ms; ` +
        `ceiling ${whole(report.ceiling.rowsPerSecond)} rows/s; ratio ${report.ratio.toFixed(3)}`,
    );
    const c = report.check;
    console.log(
      `Ledger check on ${report.database}: ${whole(c.releases)} releases, ${whole(c.posted)} posted; ` +
        `released ${c.releasedTotal} USDT, income balances ${c.incomeTotal} USDT: ${c.ok ? 'consistent' : 'NOT CONSISTENT'}`,
    );
  }
  const postgres = reports.find((report) => report.database === 'postgres');
  console.log('');
  if (postgres?.goal) {
    const atGoalSize =
      postgres.orders >= GOAL.orders
        ? ''
        : ` (measured at ${whole(postgres.orders)} orders, the goal is at ${whole(GOAL.orders)})`;
    console.log(
      `Goal (PostgreSQL): >= ${whole(GOAL.ordersPerSecond)} orders/s and ratio to the ceiling > ${GOAL.ratio}: ` +
        `${postgres.goal.met ? 'met' : 'not met'} (${whole(postgres.ordersPerSecond)}/s, ratio ${postgres.ratio.toFixed(3)})` +
        atGoalSize,
    );
  } else {
    console.log('Goal (PostgreSQL): not measured in this run (use --db postgres or both)');
  }
}

await runBench({ name: 'release', title: 'release benchmark', parseOptions, benchDatabase, print: printReports });
