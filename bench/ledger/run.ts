/**
 * The ledger benchmark (Step 3): autocannon against the real server on PGlite and on PostgreSQL,
 * measuring exchange confirmations (the ledger write) from many members and from one member, and,
 * in the same run and under the same load settings, two baselines: a bare Fastify route and a
 * Fastify route running a single-row update transaction on the same kind of database.
 *
 * Prints requests/s, p50 and p99 with ratios, whether the PostgreSQL goal was met, and writes
 * `bench/results/ledger-<db>.json`. It never fails on timings: it exits 0 unless it could not run.
 *
 *   npm run bench:ledger -- [--db pglite|postgres|both] [--duration 10] [--warmup 3]
 *     [--connections 50] [--members 200] [--pool-size 10] [--pg-url postgres://…/postgres]
 */
import { cpus } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startCpuWindow, type CpuUse } from '../lib/cpu.ts';
import { runLoad, type LoadResult, type RequestParts } from '../lib/load.ts';
import { freePort, startNodeProcess, type NodeProcess } from '../lib/processes.ts';
import { startWaitSampler, type WaitProfile } from '../lib/pg-waits.ts';
import { DB_CHOICES, log, positiveInt, runBench, type DbKind } from '../lib/run-bench.ts';
import { startBareServer, startServer } from '../lib/servers.ts';
import { childEnv, createPostgresDatabase, postgresSettings, tempDir } from '../lib/setup.ts';
import { formatTable, ms, whole } from '../lib/table.ts';
import {
  availableUsdt,
  createWalletMember,
  fundUsdt,
  mapLimit,
  prepareExchanges,
  type Member,
  type PreparedExchange,
} from './api.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const UPDATE_SCRIPT = 'bench/ledger/update-server.ts';
const INVITE_CODE = 'BENCH1234';
/** USDT each member receives; every exchange spends 1. */
const FUNDS = 1_000_000n;
const UPDATE_ROWS = 1000;
/** Step 3 goal, PostgreSQL, many members. */
const GOAL = { rps: 1000, p99Ms: 100, connections: 50 };

interface Options {
  dbs: DbKind[];
  duration: number;
  warmup: number;
  connections: number;
  members: number;
  poolSize: number;
  pgUrl: string;
}

type ScenarioKey = 'bare' | 'update-random' | 'update-hot' | 'exchange-many' | 'exchange-one';

interface ScenarioResult {
  key: ScenarioKey;
  scenario: string;
  database: DbKind;
  connections: number;
  poolSize: number | null;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  maxMs: number;
  seconds: number;
  responses: number;
  ok: number;
  errors: number;
  timeouts: number;
  failures: Record<string, number>;
  failureSamples: string[];
  /** Cores busy on average while measuring. */
  cpu: CpuUse;
  /** CPU milliseconds per successful request: the process under load, and PostgreSQL. */
  cpuMsPerRequest: { server: number; postgres: number };
  /** PostgreSQL only: where the database's backends were while measuring. */
  waits?: WaitProfile;
  notes: string[];
}

interface Ratio {
  name: string;
  requestsPerSecond: number;
  p99: number;
}

interface DbReport {
  benchmark: 'ledger';
  database: DbKind;
  date: string;
  machine: { cpus: number; model: string; node: string };
  options: { duration: number; warmup: number; connections: number; members: number; poolSize: number | null };
  postgres?: Record<string, string>;
  scenarios: ScenarioResult[];
  ratios: Ratio[];
  ledgerCheck: { answered: number; applied: number; overcountedMembers: number; ok: boolean };
  goal?: { rps: number; p99Ms: number; connections: number; met: boolean };
}

function usage(): string {
  return [
    'usage: npm run bench:ledger -- [options]',
    '  --db pglite|postgres|both   databases to measure (default both)',
    '  --duration <s>              measured seconds per scenario (default 10)',
    '  --warmup <s>                warm-up seconds before each measurement (default 3)',
    '  --connections <n>           autocannon connections (default 50)',
    '  --members <n>               members of the many-members scenario (default 200)',
    '  --pool-size <n>             PostgreSQL connections of the server and the update baseline (default 10)',
    '  --pg-url <url>              PostgreSQL maintenance database to create the bench database from',
    '                              (default $BENCH_PG_URL or postgres://postgres@127.0.0.1:5432/postgres)',
  ].join('\n');
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'both' },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '3' },
      connections: { type: 'string', default: '50' },
      members: { type: 'string', default: '200' },
      'pool-size': { type: 'string', default: '10' },
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
    // Quotes hold 600 s (EXCHANGE_QUOTE_SECONDS): preparation, warm-up and measurement must fit.
    duration: positiveInt('duration', values.duration, 300),
    warmup: positiveInt('warmup', values.warmup, 60),
    connections: positiveInt('connections', values.connections, 1000),
    members: positiveInt('members', values.members, 10_000),
    poolSize: positiveInt('pool-size', values['pool-size'], 200),
    pgUrl: values['pg-url'],
  };
}

// ---------------------------------------------------------------------------------------------
// Measuring

function toScenario(
  key: ScenarioKey,
  scenario: string,
  database: DbKind,
  options: Options,
  poolSize: number | null,
  result: LoadResult,
  cpu: CpuUse,
  waits: WaitProfile | undefined,
  notes: string[] = [],
): ScenarioResult {
  return {
    key,
    scenario,
    database,
    connections: options.connections,
    poolSize,
    requestsPerSecond: result.rps,
    p50Ms: result.p50,
    p99Ms: result.p99,
    meanMs: result.mean,
    maxMs: result.max,
    seconds: result.seconds,
    responses: result.responses,
    ok: result.ok,
    errors: result.errors,
    timeouts: result.timeouts,
    failures: result.failures,
    failureSamples: result.failureSamples,
    cpu,
    cpuMsPerRequest: {
      server: result.rps > 0 ? (cpu.server / result.rps) * 1000 : 0,
      postgres: result.rps > 0 && database === 'postgres' ? (cpu.postgres / result.rps) * 1000 : 0,
    },
    ...(waits ? { waits } : {}),
    notes: result.stoppedEarly ? [...notes, 'ran short of prepared quotes: stopped early'] : notes,
  };
}

/** Measures CPU (and PostgreSQL's wait events when `databaseUrl` is set) around `run`. */
async function observe(
  pid: number,
  databaseUrl: string | undefined,
  run: () => Promise<LoadResult>,
): Promise<{ result: LoadResult; cpu: CpuUse; waits: WaitProfile | undefined }> {
  const stopSampler = databaseUrl ? await startWaitSampler(databaseUrl) : undefined;
  const endCpu = startCpuWindow(pid);
  const result = await run();
  const cpu = endCpu();
  return { result, cpu, waits: await stopSampler?.() };
}

/** Warm-up, then the measured run, of one route that takes the same small body every time. */
async function measureRoute(
  key: ScenarioKey,
  scenario: string,
  db: DbKind,
  target: NodeProcess,
  path: string,
  options: Options,
  poolSize: number | null,
  databaseUrl?: string,
): Promise<ScenarioResult> {
  const load = (seconds: number) =>
    runLoad({
      url: target.url,
      path,
      connections: options.connections,
      durationSeconds: seconds,
      next: () => ({ body: '{}' }),
    });
  log(db, `${scenario}: warm-up ${options.warmup} s, then ${options.duration} s measured`);
  await load(options.warmup);
  const { result, cpu, waits } = await observe(target.pid, databaseUrl, () => load(options.duration));
  return toScenario(key, scenario, db, options, poolSize, result, cpu, waits);
}

/** Confirmations answered 200 per member, and what may have applied without an answer. */
interface Tally {
  answered: number[];
  /** Load phases run: each may end with one request per connection in flight. */
  phases: number;
  timeouts: number;
}

/** Hands out prepared confirmations one by one; asks autocannon to stop when only `reserve` are left. */
function quoteSupply(queue: PreparedExchange[], reserve: number) {
  let next = 0;
  let ranOut = 0;
  return {
    next(context: Record<string, unknown>, stop: () => void): RequestParts {
      if (queue.length - next <= reserve) stop();
      const prepared = queue[next++];
      if (!prepared) {
        // Nothing left to send: an empty body, answered with an error and counted as one.
        ranOut += 1;
        return { body: '{}' };
      }
      context.member = prepared.member;
      return { headers: { token: prepared.token }, body: prepared.body };
    },
    ranOut: () => ranOut,
    /** Quotes never sent: still unused, safe to hand out again. */
    unused: () => queue.slice(next),
  };
}

/**
 * Exchange confirmations: quotes are prepared before each phase (never during it), one unused quote
 * per request; a warm-up phase estimates the rate so the measured phase gets enough quotes.
 * `tally` counts, per member, the confirmations that answered 200, for the ledger check.
 */
async function measureExchanges(
  key: ScenarioKey,
  scenario: string,
  db: DbKind,
  server: NodeProcess,
  members: Member[],
  tally: Tally,
  options: Options,
  poolSize: number | null,
  databaseUrl?: string,
): Promise<ScenarioResult> {
  const onAnswer = (ok: boolean, context: Record<string, unknown>) => {
    if (ok && typeof context.member === 'number') {
      tally.answered[context.member] = (tally.answered[context.member] ?? 0) + 1;
    }
  };
  const load = (seconds: number, supply: ReturnType<typeof quoteSupply>) =>
    runLoad({
      url: server.url,
      path: '/api/exchange/confirm',
      connections: options.connections,
      durationSeconds: seconds,
      next: (context, stop) => supply.next(context, stop),
      onAnswer,
    });

  const warmQueue = await prepareExchanges(
    server.url,
    members,
    Math.max(options.connections * 40, options.warmup * 1200),
  );
  log(db, `${scenario}: warm-up ${options.warmup} s`);
  const warmSupply = quoteSupply(warmQueue, Math.floor(warmQueue.length / 4));
  const warm = await load(options.warmup, warmSupply);
  tally.phases += 1;
  tally.timeouts += warm.timeouts;
  const rate = Math.max(warm.ok / Math.max(warm.seconds, 0.1), 100);
  const need = Math.ceil(rate * (options.duration + 1) * 2) + options.connections * 4;
  const started = performance.now();
  const unused = warmSupply.unused();
  const queue = [...unused, ...(await prepareExchanges(server.url, members, Math.max(0, need - unused.length), 32))];
  log(
    db,
    `${scenario}: warm-up ${Math.round(rate)}/s; ${queue.length} quotes ready in ${((performance.now() - started) / 1000).toFixed(1)} s; ${options.duration} s measured`,
  );
  const supply = quoteSupply(queue, Math.ceil(rate * 1.5) + options.connections);
  const { result, cpu, waits } = await observe(server.pid, databaseUrl, () => load(options.duration, supply));
  tally.phases += 1;
  tally.timeouts += result.timeouts;
  const notes = supply.ranOut() > 0 ? [`${supply.ranOut()} requests found no quote left`] : [];
  return toScenario(key, scenario, db, options, poolSize, result, cpu, waits, notes);
}

/** Compares what answered 200 with what the ledger holds: no exchange may be counted without being applied. */
async function checkLedger(server: NodeProcess, members: Member[], tally: Tally, connections: number) {
  await sleep(1000); // let confirmations still in flight when a run stopped finish
  const spent = await mapLimit(members, 16, async (member) => FUNDS - (await availableUsdt(server.url, member)));
  const applied = spent.reduce((sum, value) => sum + Number(value), 0);
  const counted = tally.answered.reduce((sum, value) => sum + value, 0);
  const overcountedMembers = members.filter(
    (member) => Number(spent[member.index]) < (tally.answered[member.index] ?? 0),
  );
  // Requests in flight when a run ended (at most one per connection and phase) or timed out may apply unanswered.
  const ok = overcountedMembers.length === 0 && applied - counted <= tally.phases * connections + tally.timeouts;
  return { answered: counted, applied, overcountedMembers: overcountedMembers.length, ok };
}

// ---------------------------------------------------------------------------------------------
// One database

async function benchDatabase(db: DbKind, options: Options): Promise<DbReport> {
  const scenarios: ScenarioResult[] = [];
  const poolSize = db === 'postgres' ? options.poolSize : null;
  let databaseUrl: string | undefined;
  let settings: Record<string, string> | undefined;
  if (db === 'postgres') {
    databaseUrl = await createPostgresDatabase(options.pgUrl, 'kpc_bench');
    settings = await postgresSettings(databaseUrl, [
      'fsync',
      'synchronous_commit',
      'max_connections',
      'shared_buffers',
    ]);
    log(db, `database ${new URL(databaseUrl).pathname.slice(1)} (${Object.values(settings).join(', ')})`);
  }
  const databaseEnv = async (): Promise<Record<string, string>> =>
    databaseUrl
      ? { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: String(options.poolSize) }
      : { DATA_DIR: await tempDir('kpc-bench-pglite-') };

  // (a) A bare Fastify route.
  const bare = await startBareServer();
  try {
    scenarios.push(
      await measureRoute('bare', 'bare Fastify route (no database)', db, bare, '/api/bench/bare', options, null),
    );
  } finally {
    await bare.stop();
  }

  // (b) One single-row update transaction on the same kind of database.
  const update = await startNodeProcess({
    name: 'single-row update',
    script: UPDATE_SCRIPT,
    cwd: ROOT,
    env: childEnv({ NODE_ENV: 'production', BENCH_ROWS: String(UPDATE_ROWS), ...(await databaseEnv()) }),
    port: await freePort(),
  });
  try {
    scenarios.push(
      await measureRoute(
        'update-random',
        `single-row update tx (random of ${UPDATE_ROWS})`,
        db,
        update,
        '/api/bench/update',
        options,
        poolSize,
        databaseUrl,
      ),
      await measureRoute(
        'update-hot',
        'single-row update tx (one hot row)',
        db,
        update,
        '/api/bench/update-hot',
        options,
        poolSize,
        databaseUrl,
      ),
    );
  } finally {
    await update.stop();
  }

  // The server itself.
  log(db, 'starting the server (migrations run at start)');
  const server = await startServer({
    inviteCode: INVITE_CODE,
    databaseEnv: await databaseEnv(),
  });
  let ledgerCheck: DbReport['ledgerCheck'];
  try {
    const started = performance.now();
    const members = await mapLimit(
      Array.from({ length: options.members + 1 }, (_, index) => index),
      8,
      async (index) => {
        const member = await createWalletMember(server.url, index, INVITE_CODE);
        await fundUsdt(server.url, member, FUNDS.toString());
        return member;
      },
    );
    const [loner, ...crowd] = members as [Member, ...Member[]];
    log(db, `${members.length} members signed in and funded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const tally: Tally = { answered: members.map(() => 0), phases: 0, timeouts: 0 };
    scenarios.push(
      await measureExchanges(
        'exchange-many',
        `exchange confirm, ${crowd.length} members`,
        db,
        server,
        crowd,
        tally,
        options,
        poolSize,
        databaseUrl,
      ),
      await measureExchanges(
        'exchange-one',
        'exchange confirm, one member',
        db,
        server,
        [loner],
        tally,
        options,
        poolSize,
        databaseUrl,
      ),
    );
    ledgerCheck = await checkLedger(server, members, tally, options.connections);
  } finally {
    await server.stop();
  }

  const byKey = (key: ScenarioKey) => scenarios.find((scenario) => scenario.key === key);
  const ratio = (name: string, a?: ScenarioResult, b?: ScenarioResult): Ratio[] =>
    a && b && b.requestsPerSecond > 0 && b.p99Ms > 0
      ? [{ name, requestsPerSecond: a.requestsPerSecond / b.requestsPerSecond, p99: a.p99Ms / b.p99Ms }]
      : [];
  const many = byKey('exchange-many');
  const ratios = [
    ...ratio('exchange (many members) ÷ bare Fastify', many, byKey('bare')),
    ...ratio('exchange (many members) ÷ single-row update (random rows)', many, byKey('update-random')),
    ...ratio('exchange (one member) ÷ single-row update (one hot row)', byKey('exchange-one'), byKey('update-hot')),
    ...ratio('exchange (one member) ÷ exchange (many members)', byKey('exchange-one'), many),
  ];
  return {
    benchmark: 'ledger',
    database: db,
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, model: cpus()[0]?.model ?? '?', node: process.version },
    options: {
      duration: options.duration,
      warmup: options.warmup,
      connections: options.connections,
      members: options.members,
      poolSize,
    },
    ...(settings ? { postgres: settings } : {}),
    scenarios,
    ratios,
    ledgerCheck,
    ...(db === 'postgres' && many
      ? {
          goal: {
            ...GOAL,
            met:
              options.connections === GOAL.connections &&
              many.errors === 0 &&
              many.requestsPerSecond >= GOAL.rps &&
              many.p99Ms < GOAL.p99Ms,
          },
        }
      : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Report

const otherCpu = (cpu: CpuUse) => Math.max(0, cpu.machine - cpu.server - cpu.postgres - cpu.runner);
const cores = (value: number) => value.toFixed(2);

function printReports(reports: DbReport[], options: Options): void {
  const first = reports[0];
  console.log('');
  console.log(
    `Ledger benchmark — ${first?.machine.cpus ?? '?'} × ${first?.machine.model ?? '?'}, Node ${process.version}; ` +
      `${options.connections} connections, ${options.duration} s measured after ${options.warmup} s warm-up`,
  );
  console.log(
    'CPU: cores busy on average while measuring: server = the process under load, pg = every PostgreSQL process,',
  );
  console.log('runner = this process (autocannon), other = everything else on the machine.');
  console.log('');
  const rows = reports.flatMap((report) =>
    report.scenarios.map((s) => [
      s.scenario,
      report.database,
      String(s.connections),
      s.poolSize === null ? '-' : String(s.poolSize),
      whole(s.requestsPerSecond),
      ms(s.p50Ms),
      ms(s.p99Ms),
      whole(s.errors),
      cores(s.cpu.server),
      report.database === 'postgres' ? cores(s.cpu.postgres) : '-',
      cores(s.cpu.runner),
      cores(otherCpu(s.cpu)),
    ]),
  );
  console.log(
    formatTable(
      [
        'scenario',
        'database',
        'conn',
        'pool',
        'requests/s',
        'p50 ms',
        'p99 ms',
        'errors',
        'CPU server',
        'CPU pg',
        'CPU runner',
        'CPU other',
      ],
      rows,
      [false, false, true, true, true, true, true, true, true, true, true, true],
    ),
  );
  for (const report of reports) {
    console.log('');
    console.log(`Ratios on ${report.database} (requests/s ratio; p99 ratio):`);
    for (const ratio of report.ratios) {
      console.log(`  ${ratio.name}: ${ratio.requestsPerSecond.toFixed(3)}; p99 × ${ratio.p99.toFixed(2)}`);
    }
    console.log(
      `CPU ms per successful request on ${report.database} (server${report.database === 'postgres' ? ' + PostgreSQL' : ''}):`,
    );
    for (const s of report.scenarios.filter((scenario) => scenario.key !== 'bare')) {
      const { server, postgres } = s.cpuMsPerRequest;
      console.log(
        `  ${s.scenario}: ${server.toFixed(3)}${report.database === 'postgres' ? ` + ${postgres.toFixed(3)}` : ''}`,
      );
    }
    const waited = report.scenarios.filter((s) => s.waits);
    if (waited.length > 0) {
      console.log(`PostgreSQL backends of the bench database while measuring (average count by state / wait):`);
      for (const s of waited) {
        const top = Object.entries(s.waits?.backends ?? {}).slice(0, 5);
        console.log(`  ${s.scenario}: ${top.map(([key, value]) => `${key} ${value.toFixed(1)}`).join(', ')}`);
      }
    }
    const check = report.ledgerCheck;
    console.log(
      `Ledger check on ${report.database}: ${whole(check.answered)} confirmations answered 200, ` +
        `${whole(check.applied)} exchanges applied in the ledger` +
        (check.applied > check.answered ? ` (${check.applied - check.answered} were in flight when a run ended)` : '') +
        (check.ok
          ? ': consistent'
          : `: NOT CONSISTENT (${check.overcountedMembers} members counted more than applied)`),
    );
    for (const s of report.scenarios) {
      if (s.errors > 0 || s.notes.length > 0) {
        console.log(`  ${report.database} / ${s.scenario}: ${[...s.notes, JSON.stringify(s.failures)].join('; ')}`);
        for (const sample of s.failureSamples) console.log(`    ${sample}`);
      }
    }
  }
  const busiest = Math.max(0, ...reports.flatMap((report) => report.scenarios.map((s) => otherCpu(s.cpu))));
  if (busiest > 0.2) {
    console.log('');
    console.log(
      `Note: other processes on this machine used up to ${cores(busiest)} cores while measuring; the figures are disturbed by them.`,
    );
  }
  const postgres = reports.find((report) => report.database === 'postgres');
  const many = postgres?.scenarios.find((s) => s.key === 'exchange-many');
  console.log('');
  if (postgres?.goal && many) {
    const atGoalLoad =
      options.connections === GOAL.connections
        ? ''
        : ` (measured at ${options.connections} connections, the goal is at ${GOAL.connections})`;
    console.log(
      `Goal (PostgreSQL, many members): >= ${whole(GOAL.rps)}/s and p99 < ${GOAL.p99Ms} ms at ${GOAL.connections} connections: ` +
        `${postgres.goal.met ? 'met' : 'not met'} (${whole(many.requestsPerSecond)}/s, p99 ${ms(many.p99Ms)} ms, ${whole(many.errors)} errors)${atGoalLoad}`,
    );
  } else {
    console.log('Goal (PostgreSQL, many members): not measured in this run (use --db postgres or both)');
  }
}

await runBench({ name: 'ledger', title: 'ledger benchmark', parseOptions, benchDatabase, print: printReports });
