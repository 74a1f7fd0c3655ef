/**
 * The proof-of-liabilities benchmark (Step 11 §1): one snapshot (`takeSnapshotNow`) over N members,
 * each with a USDT available and income balance and a KPC balance, generated in the database itself
 * (set-based `INSERT … SELECT generate_series`). Times the snapshot — one repeatable-read read of
 * every balance, the Merkle sum tree built in the process, every node and leaf stored, the root
 * published — and one member's proof read, which it then verifies with WebCrypto. In the same run
 * it times a baseline: the plain `SELECT … GROUP BY` of those balances alone.
 *
 * Prints seconds, members per second, the tree's size, the process's peak memory, whether the
 * goal was met (a million members within minutes on PostgreSQL), and writes
 * `bench/results/proof-<db>.json`. It never fails on timings: it exits 0 unless it could not run
 * (or the root's totals are not the balances' sums, or the proof does not verify).
 *
 *   npm run bench:proof -- [--db pglite|postgres|both] [--members N] [--pg-url postgres://…/postgres]
 */
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { verifyLiabilityProof } from '@kpc/shared';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { memberLiabilityUnits } from '../../apps/server/src/ledger/reads.ts';
import { takeSnapshotNow } from '../../apps/server/src/modules/proof/on-demand.ts';
import { latestSnapshot, memberProof } from '../../apps/server/src/modules/proof/service.ts';
import { DB_CHOICES, log, positiveInt, runBench, type DbKind } from '../lib/run-bench.ts';
import { rows } from '../lib/sql-rows.ts';
import { createPostgresDatabase, postgresSettings, tempDir } from '../lib/setup.ts';
import { formatTable, whole } from '../lib/table.ts';

const DEFAULT_MEMBERS: Record<DbKind, number> = { postgres: 1_000_000, pglite: 100_000 };
/** Step 11 §1: a million members "within minutes". */
const GOAL = { members: 1_000_000, seconds: 300 };

interface Options {
  dbs: DbKind[];
  members: number | undefined;
  pgUrl: string;
}

interface DbReport {
  benchmark: 'proof';
  database: DbKind;
  date: string;
  machine: { cpus: number; model: string; node: string };
  members: number;
  generateSeconds: number;
  postgres?: Record<string, string>;
  /** The balances alone: the snapshot's read as one plain statement. */
  baselineSeconds: number;
  snapshotSeconds: number;
  membersPerSecond: number;
  nodes: number;
  proofMilliseconds: number;
  pathLength: number;
  peakRssMb: number;
  check: { totalsMatch: boolean; proofVerified: boolean };
  goal?: { members: number; seconds: number; met: boolean };
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'both' },
      members: { type: 'string' },
      'pg-url': { type: 'string', default: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    },
    strict: true,
  });
  const chosen = DB_CHOICES[values.db];
  if (!chosen) throw new Error('--db: pglite, postgres or both');
  return {
    dbs: chosen,
    members: values.members === undefined ? undefined : positiveInt('members', values.members, 20_000_000),
    pgUrl: values['pg-url'],
  };
}

const seconds = (started: number) => (performance.now() - started) / 1000;

/** Members with USDT (available, income) and KPC balances; ids and amounts derived from the series number. */
async function generateMembers(db: Database, members: number): Promise<void> {
  await db.execute(sql`
    insert into members (id, invite_code, created_at)
    select md5('bench-pol-' || i)::uuid, 'POL' || i, now() from generate_series(1, ${members}) i`);
  await db.execute(sql`
    insert into ledger_accounts (member_id, asset, bucket, balance)
    select md5('bench-pol-' || i)::uuid, a.asset, a.bucket, (i::bigint * a.factor) % 1000000 / 100.0
    from generate_series(1, ${members}) i
    cross join (values ('USDT', 'available', 7919), ('USDT', 'income', 104729), ('KPC', 'available', 15485863))
      as a(asset, bucket, factor)`);
  await db.execute(sql`analyze`);
}

let peakRss = 0;
const sampleMemory = () => (peakRss = Math.max(peakRss, process.memoryUsage().rss));

async function benchDatabase(db: DbKind, options: Options): Promise<DbReport> {
  const members = options.members ?? DEFAULT_MEMBERS[db];
  let settings: Record<string, string> | undefined;
  const handle =
    db === 'postgres'
      ? await (async () => {
          const databaseUrl = await createPostgresDatabase(options.pgUrl, 'kpc_bench_proof');
          settings = await postgresSettings(databaseUrl, ['shared_buffers', 'work_mem']);
          return openDatabase({ databaseUrl, dataDir: 'unused', poolSize: 2 });
        })()
      : await openDatabase({ dataDir: await tempDir('kpc-bench-proof-') });
  const monitor = setInterval(sampleMemory, 200);
  try {
    let started = performance.now();
    await generateMembers(handle.db, members);
    const generateSeconds = seconds(started);
    log(db, `${whole(members)} members with balances generated in ${generateSeconds.toFixed(1)} s`);

    started = performance.now();
    const balances = await memberLiabilityUnits(handle.db);
    const baselineSeconds = seconds(started);
    const expected = new Map<string, bigint>();
    for (const row of balances) expected.set(row.asset, (expected.get(row.asset) ?? 0n) + BigInt(row.units));
    log(db, `baseline: ${whole(balances.length)} balances read in ${baselineSeconds.toFixed(2)} s`);

    const context = { db: handle.db, clock: { now: () => new Date() }, secret: 'bench-secret' };
    peakRss = 0;
    started = performance.now();
    await takeSnapshotNow(context);
    const snapshotSeconds = seconds(started);
    sampleMemory();
    const snapshot = (await latestSnapshot(handle.db))!;
    log(db, `snapshot of ${whole(snapshot.leafCount)} members in ${snapshotSeconds.toFixed(1)} s`);
    const totalsMatch = snapshot.assets.every(
      (asset, index) => (expected.get(asset) ?? 0n) === toUnits(snapshot.totals[index] ?? '0'),
    );

    const [{ id } = { id: '' }] = await rows<{ id: string }>(
      handle.db,
      sql`select md5('bench-pol-' || ${Math.ceil(members / 2)})::uuid::text as id`,
    );
    started = performance.now();
    const proof = await memberProof(context, id);
    const proofMilliseconds = seconds(started) * 1000;
    const verdict = proof.proof ? await verifyLiabilityProof(snapshot, proof.proof) : { ok: false };
    const [{ nodes } = { nodes: 0 }] = await rows<{ nodes: number }>(
      handle.db,
      sql`select count(*)::int as nodes from liability_nodes where snapshot_id = ${BigInt(snapshot.id)}`,
    );
    return {
      benchmark: 'proof',
      database: db,
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, model: cpus()[0]?.model ?? '?', node: process.version },
      members,
      generateSeconds,
      ...(settings ? { postgres: settings } : {}),
      baselineSeconds,
      snapshotSeconds,
      membersPerSecond: members / snapshotSeconds,
      nodes,
      proofMilliseconds,
      pathLength: proof.proof?.path.length ?? 0,
      peakRssMb: Math.round(peakRss / 1024 / 1024),
      check: { totalsMatch, proofVerified: verdict.ok },
      ...(db === 'postgres'
        ? { goal: { ...GOAL, met: members >= GOAL.members && snapshotSeconds <= GOAL.seconds } }
        : {}),
    };
  } finally {
    clearInterval(monitor);
    await handle.close();
  }
}

/** A decimal string of the ledger's scale in 10^-18 units. */
function toUnits(decimal: string): bigint {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return BigInt(whole + fraction.padEnd(18, '0'));
}

function printReports(reports: DbReport[]): void {
  const first = reports[0];
  console.log('');
  console.log(
    `Proof-of-liabilities benchmark — ${first?.machine.cpus ?? '?'} × ${first?.machine.model ?? '?'}, Node ${process.version}`,
  );
  console.log('');
  console.log(
    formatTable(
      ['database', 'members', 'balances read (s)', 'snapshot (s)', 'members/s', 'nodes', 'proof (ms)', 'peak RSS (MB)'],
      reports.map((r) => [
        r.database,
        whole(r.members),
        r.baselineSeconds.toFixed(2),
        r.snapshotSeconds.toFixed(1),
        whole(r.membersPerSecond),
        whole(r.nodes),
        r.proofMilliseconds.toFixed(1),
        String(r.peakRssMb),
      ]),
      [false, true, true, true, true, true, true, true],
    ),
  );
  for (const r of reports) {
    console.log(
      `${r.database}: snapshot ${(r.snapshotSeconds / r.baselineSeconds).toFixed(1)}x the plain read of the balances; ` +
        `root totals ${r.check.totalsMatch ? 'equal' : 'DO NOT EQUAL'} the balances' sums; a member's proof ` +
        `(${r.pathLength} steps) ${r.check.proofVerified ? 'verifies' : 'DOES NOT VERIFY'}`,
    );
  }
  const postgres = reports.find((r) => r.database === 'postgres');
  console.log(
    postgres?.goal
      ? `Goal (PostgreSQL): ${whole(GOAL.members)} members within ${GOAL.seconds} s: ${postgres.goal.met ? 'met' : 'not met'}` +
          (postgres.members < GOAL.members ? ` (measured at ${whole(postgres.members)})` : '')
      : 'Goal (PostgreSQL): not measured in this run',
  );
  if (reports.some((r) => !r.check.totalsMatch || !r.check.proofVerified)) process.exitCode = 1;
}

await runBench({
  name: 'proof',
  title: 'proof-of-liabilities benchmark',
  parseOptions,
  benchDatabase,
  print: printReports,
});
