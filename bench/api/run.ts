/**
 * The API benchmark (Step 4c): autocannon against the real server (apps/server/src/main.ts, its own
 * process) on PGlite and on PostgreSQL, for an authenticated read (`/api/ass/lst` of a member with
 * balances), a public read (`/api/card/getPrice`) and the exchange write (`/api/exchange/confirm`
 * of quotes taken before the run), with a bare Fastify route measured in the same run under the
 * same load. Prints requests/s, p50, p99 and the ratio to bare with the goal beside each, and writes
 * `bench/results/api-<db>.json`. It never fails on timings: it exits 0 unless it could not run.
 *
 * autocannon runs in this process, the server in another; on a 2-core machine they (and
 * PostgreSQL) share the cores, so the CPU columns say who used them.
 *
 *   npm run bench:api -- [--db pglite|postgres|both] [--duration 10] [--warmup 3] [--connections 50]
 *     [--members 20] [--pool-size 10] [--pg-url postgres://…/postgres] [--profile <dir>]
 *
 * `--profile <dir>` writes the server's CPU profile (`--cpu-prof`) there, to open in Chrome DevTools.
 */
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { call, createWalletMember, fundUsdt, mapLimit, prepareExchanges, type Member } from '../ledger/api.ts';
import { startCpuWindow, type CpuUse } from '../lib/cpu.ts';
import { runLoad, type LoadResult, type RequestParts } from '../lib/load.ts';
import { cpuProfileArgs, type NodeProcess } from '../lib/processes.ts';
import { DB_CHOICES, log, positiveInt, runBench, type DbKind } from '../lib/run-bench.ts';
import { startBareServer, startServer } from '../lib/servers.ts';
import { createPostgresDatabase, tempDir } from '../lib/setup.ts';
import { formatTable, ms, whole } from '../lib/table.ts';

const INVITE_CODE = 'BENCHAPI1';

type ScenarioKey = 'bare' | 'assets' | 'price' | 'exchange';

/** The goals of issue Step 4c §1 (and Step 3's for the exchange write), by database and scenario. */
interface Goal {
  rps: number;
  p99Ms?: number;
  /** Smallest requests/s ratio to the bare route. */
  ratio?: number;
  source: string;
}
const GOALS: Record<DbKind, Partial<Record<ScenarioKey, Goal>>> = {
  postgres: {
    assets: { rps: 5000, p99Ms: 50, ratio: 0.25, source: 'Step 4c' },
    price: { rps: 8000, source: 'Step 4c' },
    exchange: { rps: 1000, p99Ms: 100, source: 'Step 3' },
  },
  pglite: { assets: { rps: 1000, source: 'Step 4c' } },
};

interface Options {
  dbs: DbKind[];
  duration: number;
  /** Where the server's CPU profile goes, if asked. */
  profileDir: string | undefined;
  warmup: number;
  connections: number;
  members: number;
  poolSize: number;
  pgUrl: string;
}

interface ScenarioResult {
  key: ScenarioKey;
  scenario: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  failures: Record<string, number>;
  failureSamples: string[];
  cpu: CpuUse;
  ratioToBare?: number;
  goal?: Goal & { met: boolean };
}

interface DbReport {
  benchmark: 'api';
  database: DbKind;
  date: string;
  machine: { cpus: number; model: string; node: string };
  options: Omit<Options, 'dbs' | 'pgUrl'>;
  scenarios: ScenarioResult[];
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'both' },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '3' },
      connections: { type: 'string', default: '50' },
      members: { type: 'string', default: '20' },
      'pool-size': { type: 'string', default: '10' },
      'pg-url': { type: 'string', default: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
      profile: { type: 'string' },
    },
    strict: true,
  });
  const chosen = DB_CHOICES[values.db];
  if (!chosen) throw new Error('--db: pglite, postgres or both');
  return {
    dbs: chosen,
    duration: positiveInt('duration', values.duration, 300),
    warmup: positiveInt('warmup', values.warmup, 60),
    connections: positiveInt('connections', values.connections, 1000),
    members: positiveInt('members', values.members, 1000),
    poolSize: positiveInt('pool-size', values['pool-size'], 200),
    pgUrl: values['pg-url'],
    profileDir: values.profile,
  };
}

/** Warm-up, then the measured run with the server's (and PostgreSQL's) CPU use around it. */
async function measure(
  key: ScenarioKey,
  scenario: string,
  db: DbKind,
  target: NodeProcess,
  path: string,
  options: Options,
  next: (context: Record<string, unknown>, stop: () => void) => RequestParts,
  warmup: () => Promise<void> = async () => undefined,
): Promise<ScenarioResult> {
  const load = (seconds: number) =>
    runLoad({ url: target.url, path, connections: options.connections, durationSeconds: seconds, next });
  log(db, `${scenario}: warm-up ${options.warmup} s, then ${options.duration} s measured`);
  await load(options.warmup);
  await warmup();
  const endCpu = startCpuWindow(target.pid);
  const result: LoadResult = await load(options.duration);
  const cpu = endCpu();
  return {
    key,
    scenario,
    requestsPerSecond: result.rps,
    p50Ms: result.p50,
    p99Ms: result.p99,
    errors: result.errors,
    failures: result.failures,
    failureSamples: result.failureSamples,
    cpu,
  };
}

/** Hands out prepared confirmations once each; asks autocannon to stop when `reserve` are left. */
function quoteSupply(queue: { token: string; body: string }[], reserve: number) {
  let next = 0;
  return {
    next(_context: Record<string, unknown>, stop: () => void): RequestParts {
      if (queue.length - next <= reserve) stop();
      const prepared = queue[next++];
      return prepared ? { headers: { token: prepared.token }, body: prepared.body } : { body: '{}' };
    },
    used: () => next,
  };
}

async function benchDatabase(db: DbKind, options: Options): Promise<DbReport> {
  const scenarios: ScenarioResult[] = [];
  const databaseEnv: Record<string, string> =
    db === 'postgres'
      ? {
          DATABASE_URL: await createPostgresDatabase(options.pgUrl, 'kpc_bench_api'),
          DATABASE_POOL_SIZE: String(options.poolSize),
        }
      : { DATA_DIR: await tempDir('kpc-bench-api-') };

  const bare = await startBareServer();
  try {
    scenarios.push(
      await measure('bare', 'bare Fastify route', db, bare, '/api/bench/bare', options, () => ({ body: '{}' })),
    );
  } finally {
    await bare.stop();
  }

  log(db, 'starting the server (migrations run at start)');
  const server = await startServer({
    inviteCode: INVITE_CODE,
    databaseEnv: databaseEnv,
    nodeArgs: cpuProfileArgs(options.profileDir),
  });
  try {
    const members = await mapLimit(
      Array.from({ length: options.members }, (_, index) => index),
      8,
      async (index) => {
        const member = await createWalletMember(server.url, index, INVITE_CODE);
        await fundUsdt(server.url, member, '1000000');
        return member;
      },
    );
    const reader = members[0] as Member;
    await call(server.url, '/api/dev/faucet', { asset: 'KPC', amount: '12345.678', bucket: 'available' }, reader.token);
    await call(server.url, '/api/dev/faucet', { asset: 'USDT', amount: '42', bucket: 'income' }, reader.token);
    log(db, `${members.length} members signed in and funded`);

    const readerParts = { headers: { token: reader.token }, body: '{}' };
    scenarios.push(
      await measure(
        'assets',
        '/api/ass/lst (member with balances)',
        db,
        server,
        '/api/ass/lst',
        options,
        () => readerParts,
      ),
      await measure('price', '/api/card/getPrice', db, server, '/api/card/getPrice', options, () => ({ body: '{}' })),
    );

    // The write: quotes are taken before each phase (never during it), one per confirmation.
    const warmQueue = await prepareExchanges(
      server.url,
      members,
      Math.max(options.connections * 20, options.warmup * 800),
    );
    const warmSupply = quoteSupply(warmQueue, options.connections);
    log(db, `exchange confirm: warm-up ${options.warmup} s`);
    const warm = await runLoad({
      url: server.url,
      path: '/api/exchange/confirm',
      connections: options.connections,
      durationSeconds: options.warmup,
      next: (context, stop) => warmSupply.next(context, stop),
    });
    const rate = Math.max(warm.ok / Math.max(warm.seconds, 0.1), 100);
    const queue = await prepareExchanges(server.url, members, Math.ceil(rate * (options.duration + 1) * 1.5));
    const supply = quoteSupply(queue, options.connections);
    log(db, `exchange confirm: ${queue.length} quotes ready, ${options.duration} s measured`);
    const endCpu = startCpuWindow(server.pid);
    const write = await runLoad({
      url: server.url,
      path: '/api/exchange/confirm',
      connections: options.connections,
      durationSeconds: options.duration,
      next: (context, stop) => supply.next(context, stop),
    });
    scenarios.push({
      key: 'exchange',
      scenario: `/api/exchange/confirm (${members.length} members)${write.stoppedEarly ? ', ran short of quotes' : ''}`,
      requestsPerSecond: write.rps,
      p50Ms: write.p50,
      p99Ms: write.p99,
      errors: write.errors,
      failures: write.failures,
      failureSamples: write.failureSamples,
      cpu: endCpu(),
    });
  } finally {
    await server.stop();
  }

  const bareRps = scenarios.find((s) => s.key === 'bare')?.requestsPerSecond ?? 0;
  for (const s of scenarios) {
    if (s.key !== 'bare' && bareRps > 0) s.ratioToBare = s.requestsPerSecond / bareRps;
    const goal = GOALS[db][s.key];
    if (goal) {
      const met =
        s.requestsPerSecond >= goal.rps &&
        (goal.p99Ms === undefined || s.p99Ms < goal.p99Ms) &&
        (goal.ratio === undefined || (s.ratioToBare ?? 0) >= goal.ratio);
      s.goal = { ...goal, met };
    }
  }
  const { dbs: _dbs, pgUrl: _pgUrl, ...shown } = options;
  return {
    benchmark: 'api',
    database: db,
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, model: cpus()[0]?.model ?? '?', node: process.version },
    options: shown,
    scenarios,
  };
}

function describeGoal(goal: Goal): string {
  const parts = [`>= ${whole(goal.rps)}/s`];
  if (goal.p99Ms !== undefined) parts.push(`p99 < ${goal.p99Ms} ms`);
  if (goal.ratio !== undefined) parts.push(`>= ${goal.ratio} of bare`);
  return `${parts.join(', ')} (${goal.source})`;
}

function printReports(reports: DbReport[], options: Options): void {
  const first = reports[0];
  console.log('');
  console.log(
    `API benchmark — ${first?.machine.cpus ?? '?'} × ${first?.machine.model ?? '?'}, Node ${process.version}; ` +
      `${options.connections} connections, ${options.duration} s measured after ${options.warmup} s warm-up; ` +
      `server pool ${options.poolSize} (PostgreSQL)`,
  );
  console.log('autocannon runs in this process, the server in its own; CPU = cores busy on average while measuring.');
  console.log('');
  const rows = reports.flatMap((report) =>
    report.scenarios.map((s) => [
      s.scenario,
      report.database,
      whole(s.requestsPerSecond),
      ms(s.p50Ms),
      ms(s.p99Ms),
      s.ratioToBare === undefined ? '-' : s.ratioToBare.toFixed(3),
      whole(s.errors),
      s.cpu.server.toFixed(2),
      report.database === 'postgres' ? s.cpu.postgres.toFixed(2) : '-',
      s.cpu.runner.toFixed(2),
      s.goal ? describeGoal(s.goal) : '-',
      s.goal ? (s.goal.met ? 'met' : 'NOT met') : '',
    ]),
  );
  console.log(
    formatTable(
      [
        'scenario',
        'database',
        'requests/s',
        'p50 ms',
        'p99 ms',
        '÷ bare',
        'errors',
        'CPU srv',
        'CPU pg',
        'CPU bench',
        'goal',
        '',
      ],
      rows,
      [false, false, true, true, true, true, true, true, true, true, false, false],
    ),
  );
  for (const report of reports) {
    for (const s of report.scenarios.filter((scenario) => scenario.errors > 0)) {
      console.log(`  ${report.database} / ${s.scenario}: ${JSON.stringify(s.failures)}`);
      for (const sample of s.failureSamples) console.log(`    ${sample}`);
    }
  }
}

await runBench({ name: 'api', title: 'API benchmark', parseOptions, benchDatabase, print: printReports });
