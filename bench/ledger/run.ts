/**
 * The ledger benchmark (Step 3): autocannon against the real server on PGlite and on PostgreSQL,
 * measuring exchange confirmations (the ledger write) from many members and from one member, and,
 * in the same run and under the same load settings, two baselines: a bare Fastify route and a
 * Fastify route running a single-row update transaction on the same kind of database.
 *
 * With `--writes`, the other single-member money writes too (Step 9 §2): income transfer, pledge,
 * investment plan join, KLK package purchase and withdrawal request (bench/ledger/writes.ts), each
 * from many members with its own requestId, checked against the ledger afterwards, and compared
 * with the single-row update transaction of the same run (CPU per request, requests/s, p99).
 *
 * Prints requests/s, p50 and p99 with ratios, whether the PostgreSQL goal was met, and writes
 * `bench/results/ledger-<db>.json`. It never fails on timings: it exits 0 unless it could not run.
 *
 *   npm run bench:ledger -- [--db pglite|postgres|both] [--duration 10] [--warmup 3]
 *     [--connections 50] [--members 200] [--pool-size 10] [--pg-url postgres://…/postgres]
 *     [--writes exchange,transfer,pledge,plan-join,klk,withdraw|all] [--profile <dir>]
 */
import { cpus } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startCpuWindow, type CpuUse } from '../lib/cpu.ts';
import { runLoad, type LoadResult, type RequestParts } from '../lib/load.ts';
import { cpuProfileArgs, freePort, startNodeProcess, type NodeProcess } from '../lib/processes.ts';
import { startWaitSampler, type WaitProfile } from '../lib/pg-waits.ts';
import { DB_CHOICES, log, positiveInt, runBench, type DbKind } from '../lib/run-bench.ts';
import { startBareServer, startServer } from '../lib/servers.ts';
import { childEnv, createPostgresDatabase, postgresSettings, tempDir } from '../lib/setup.ts';
import {
  availableUsdt,
  createWalletMember,
  fundUsdt,
  mapLimit,
  prepareExchanges,
  type Member,
  type PreparedRequest,
} from './api.ts';
import {
  GOAL,
  printReports,
  WRITE_GOAL,
  type DbReport,
  type LedgerCheck,
  type Options,
  type Ratio,
  type ScenarioKey,
  type ScenarioResult,
  type WriteGoal,
} from './report.ts';
import { createDriver, WRITE_KEYS, WRITE_KINDS, type Applied, type WriteDriver, type WriteKey } from './writes.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const UPDATE_SCRIPT = 'bench/ledger/update-server.ts';
const INVITE_CODE = 'BENCH1234';
/** USDT each member receives; every exchange spends 1. */
const FUNDS = 1_000_000n;
const UPDATE_ROWS = 1000;
/** The server settings of the withdrawal scenario: the embedded chain (an open channel whose node answers), no chain workers (approved withdrawals are not paid out while measuring), codes readable at /dev/mailbox. */
const CHAIN_SERVER_ENV = { DEV_CHAIN: 'on', DEV_CHAIN_PORT: '0', RUN_CHAIN_WORKERS: 'false', DEV_MAILBOX: 'true' };

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
    `  --writes <list>             ledger writes, comma-separated, or all: ${WRITE_KEYS.join(', ')}`,
    '                              (default exchange; klk and withdraw make one member per request)',
    '  --profile <dir>             the servers write their CPU profiles (node --cpu-prof) there when they stop',
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
      writes: { type: 'string' },
      profile: { type: 'string' },
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
  const asked = (values.writes ?? 'exchange').split(',').map((write) => write.trim());
  const unknown = asked.filter((write) => write !== 'all' && !(WRITE_KEYS as string[]).includes(write));
  if (unknown.length > 0 || asked.length === 0) {
    throw new Error(`--writes: ${WRITE_KEYS.join(', ')} or all, comma-separated\n${usage()}`);
  }
  return {
    dbs: chosen,
    // Quotes hold 600 s (EXCHANGE_QUOTE_SECONDS): preparation, warm-up and measurement must fit.
    duration: positiveInt('duration', values.duration, 300),
    warmup: positiveInt('warmup', values.warmup, 60),
    connections: positiveInt('connections', values.connections, 1000),
    members: positiveInt('members', values.members, 10_000),
    poolSize: positiveInt('pool-size', values['pool-size'], 200),
    pgUrl: values['pg-url'],
    writes: WRITE_KEYS.filter((key) => asked.includes('all') || asked.includes(key)),
    writesGiven: values.writes !== undefined,
    profileDir: values.profile,
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
  /** What a load phase hands out, for the note when it ran short. */
  supplied = 'quotes',
): ScenarioResult {
  const write =
    key === 'exchange-one'
      ? 'exchange'
      : key.endsWith('-many')
        ? (key.slice(0, -'-many'.length) as WriteKey)
        : undefined;
  return {
    key,
    scenario,
    ...(write ? { write } : {}),
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
    notes: result.stoppedEarly ? [...notes, `ran short of prepared ${supplied}: stopped early`] : notes,
  };
}

/** Measures CPU (and PostgreSQL's wait events when `databaseUrl` is set) around `run`. */
async function observe(
  pid: number,
  databaseUrl: string | undefined,
  run: () => Promise<LoadResult>,
): Promise<{ result: LoadResult; cpu: CpuUse; waits: WaitProfile | undefined }> {
  const stopSampler = databaseUrl ? await startWaitSampler(databaseUrl) : undefined;
  // PostgreSQL: the bench database's backends and the shared background processes, not other databases' clients.
  const endCpu = startCpuWindow(pid, databaseUrl ? new URL(databaseUrl).pathname.slice(1) : undefined);
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

/** Writes answered 200 (and sent) per member, and what may have applied without an answer. */
interface Tally {
  answered: number[];
  /** Requests built for each member (an upper bound of what was sent). */
  sent: number[];
  /** Load phases run: each may end with one request per connection in flight. */
  phases: number;
  timeouts: number;
}

/** Hands out prepared requests one by one; asks autocannon to stop when only `reserve` are left. */
function quoteSupply(queue: PreparedRequest[], reserve: number, tally: Tally) {
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
      tally.sent[prepared.member] = (tally.sent[prepared.member] ?? 0) + 1;
      return { headers: { token: prepared.token }, body: prepared.body };
    },
    ranOut: () => ranOut,
    /** Quotes never sent: still unused, safe to hand out again. */
    unused: () => queue.slice(next),
  };
}

/** How a write scenario gets its requests: prepared before each phase, never during it. */
interface Preparation {
  path: string;
  prepare: (count: number) => Promise<PreparedRequest[]>;
  /** What is prepared, for the log: quotes, requests, members. */
  noun: string;
  /** One member per request, made while preparing: prepare little more than the measured phase needs. */
  costly: boolean;
}

/**
 * Writes from many members (exchange confirmations, transfers, ...): requests are prepared before
 * each phase (never during it), one per request (an unused quote, a fresh requestId); a warm-up
 * phase estimates the rate so the measured phase gets enough. `tally` counts, per member, the
 * writes that answered 200, for the ledger check.
 */
async function measureWrites(
  key: ScenarioKey,
  scenario: string | (() => string),
  db: DbKind,
  server: NodeProcess,
  preparation: Preparation,
  tally: Tally,
  options: Options,
  poolSize: number | null,
  databaseUrl?: string,
): Promise<ScenarioResult> {
  const { noun, costly } = preparation;
  const name = () => (typeof scenario === 'string' ? scenario : scenario());
  const onAnswer = (ok: boolean, context: Record<string, unknown>) => {
    if (ok && typeof context.member === 'number') {
      tally.answered[context.member] = (tally.answered[context.member] ?? 0) + 1;
    }
  };
  const load = (seconds: number, supply: ReturnType<typeof quoteSupply>) =>
    runLoad({
      url: server.url,
      path: preparation.path,
      connections: options.connections,
      durationSeconds: seconds,
      next: (context, stop) => supply.next(context, stop),
      onAnswer,
    });

  const warmStarted = performance.now();
  const warmQueue = await preparation.prepare(
    costly
      ? Math.max(options.connections * 4, options.warmup * 150)
      : Math.max(options.connections * 40, options.warmup * 1200),
  );
  if (costly) log(db, `${name()}: ${warmQueue.length} ${noun} ready in ${seconds(warmStarted)} s`);
  log(db, `${name()}: warm-up ${options.warmup} s`);
  const warmSupply = quoteSupply(warmQueue, costly ? options.connections : Math.floor(warmQueue.length / 4), tally);
  const warm = await load(options.warmup, warmSupply);
  tally.phases += 1;
  tally.timeouts += warm.timeouts;
  const rate = Math.max(warm.ok / Math.max(warm.seconds, 0.1), 100);
  // Made one by one at a cost: the measured phase's worth with a margin, not twice over.
  const need = costly
    ? Math.ceil(rate * options.duration * 1.5) + options.connections * 2
    : Math.ceil(rate * (options.duration + 1) * 2) + options.connections * 4;
  const started = performance.now();
  const unused = warmSupply.unused();
  const queue = [...unused, ...(await preparation.prepare(Math.max(0, need - unused.length)))];
  log(
    db,
    `${name()}: warm-up ${Math.round(rate)}/s; ${queue.length} ${noun} ready in ${seconds(started)} s; ${options.duration} s measured`,
  );
  const supply = quoteSupply(queue, costly ? options.connections : Math.ceil(rate * 1.5) + options.connections, tally);
  const { result, cpu, waits } = await observe(server.pid, databaseUrl, () => load(options.duration, supply));
  tally.phases += 1;
  tally.timeouts += result.timeouts;
  const notes = supply.ranOut() > 0 ? [`${supply.ranOut()} requests found no ${noun.replace(/s$/, '')} left`] : [];
  return toScenario(key, name(), db, options, poolSize, result, cpu, waits, notes, noun);
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/**
 * Compares what answered 200 with what the ledger holds (`appliedOf` each member, from its
 * balances): no write may be counted without being applied, none applied more often than sent.
 */
async function checkLedger(
  members: readonly Member[],
  tally: Tally,
  connections: number,
  appliedOf: (member: Member) => Promise<Applied>,
): Promise<LedgerCheck> {
  await sleep(1000); // let writes still in flight when a run stopped finish
  const found = await mapLimit(members, 16, appliedOf);
  const applied = found.reduce((sum, value) => sum + value.applied, 0);
  const counted = tally.answered.reduce((sum, value) => sum + (value ?? 0), 0);
  const overcountedMembers = members.filter(
    (member, i) => (found[i]?.applied ?? 0) < (tally.answered[member.index] ?? 0),
  ).length;
  const overappliedMembers = members.filter(
    (member, i) => (found[i]?.applied ?? 0) > (tally.sent[member.index] ?? 0),
  ).length;
  const unbalancedMembers = found.filter((value) => !value.balanced).length;
  // Requests in flight when a run ended (at most one per connection and phase) or timed out may apply unanswered.
  const ok =
    overcountedMembers === 0 &&
    overappliedMembers === 0 &&
    unbalancedMembers === 0 &&
    applied - counted <= tally.phases * connections + tally.timeouts;
  return { answered: counted, applied, overcountedMembers, overappliedMembers, unbalancedMembers, ok };
}

/** Every exchange here spends exactly 1 USDT of the member's available. */
function exchangesOf(server: NodeProcess) {
  return async (member: Member): Promise<Applied> => ({
    applied: Number(FUNDS - (await availableUsdt(server.url, member))),
    balanced: true,
  });
}

const newTally = (members = 0): Tally => ({
  answered: Array.from({ length: members }, () => 0),
  sent: Array.from({ length: members }, () => 0),
  phases: 0,
  timeouts: 0,
});

/** One write besides the exchange, on the running server at `server`: its members, its load, its ledger check. */
async function measureWrite(
  key: Exclude<WriteKey, 'exchange'>,
  db: DbKind,
  server: NodeProcess,
  options: Options,
  poolSize: number | null,
  databaseUrl: string | undefined,
): Promise<{ scenario: ScenarioResult; check: LedgerCheck }> {
  const kind = WRITE_KINDS[key];
  const started = performance.now();
  const driver: WriteDriver = await createDriver(key, server.url, {
    members: options.members,
    inviteCode: INVITE_CODE,
  });
  if (!kind.oneShot) {
    log(db, `${kind.title}: ${driver.members.length} members signed in and funded in ${seconds(started)} s`);
  }
  const tally = newTally(driver.members.length);
  const scenario = await measureWrites(
    `${key}-many`,
    () =>
      kind.oneShot
        ? `${kind.title}, ${driver.members.length} members, one each`
        : `${kind.title}, ${driver.members.length} members`,
    db,
    server,
    {
      path: kind.path,
      prepare: (count) => driver.prepare(count),
      noun: kind.oneShot ? 'members' : 'requests',
      costly: kind.oneShot,
    },
    tally,
    options,
    poolSize,
    databaseUrl,
  );
  const check = await checkLedger(driver.members, tally, options.connections, (member) => driver.applied(member));
  return { scenario, check };
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
  const plainWrites = options.writes.filter((key) => !WRITE_KINDS[key].chain);
  const chainWrites = options.writes.filter((key) => WRITE_KINDS[key].chain);
  let ledgerCheck: LedgerCheck | undefined;
  const writeChecks: DbReport['writeChecks'] = {};
  if (plainWrites.length > 0) {
    log(db, 'starting the server (migrations run at start)');
    const server = await startServer({
      inviteCode: INVITE_CODE,
      databaseEnv: await databaseEnv(),
      nodeArgs: cpuProfileArgs(options.profileDir),
    });
    try {
      if (plainWrites.includes('exchange')) {
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
        log(db, `${members.length} members signed in and funded in ${seconds(started)} s`);
        const tally = newTally(members.length);
        const exchanges = (from: Member[]): Preparation => ({
          path: WRITE_KINDS.exchange.path,
          prepare: (count) => prepareExchanges(server.url, from, count),
          noun: 'quotes',
          costly: false,
        });
        scenarios.push(
          await measureWrites(
            'exchange-many',
            `exchange confirm, ${crowd.length} members`,
            db,
            server,
            exchanges(crowd),
            tally,
            options,
            poolSize,
            databaseUrl,
          ),
          await measureWrites(
            'exchange-one',
            'exchange confirm, one member',
            db,
            server,
            exchanges([loner]),
            tally,
            options,
            poolSize,
            databaseUrl,
          ),
        );
        ledgerCheck = await checkLedger(members, tally, options.connections, exchangesOf(server));
      }
      for (const key of plainWrites) {
        if (key === 'exchange') continue;
        const { scenario, check } = await measureWrite(key, db, server, options, poolSize, databaseUrl);
        scenarios.push(scenario);
        writeChecks[key] = check;
      }
    } finally {
      await server.stop();
    }
  }
  if (chainWrites.length > 0) {
    // A server with the embedded chain, on a database of its own.
    const chainDatabaseUrl = databaseUrl ? await createPostgresDatabase(options.pgUrl, 'kpc_bench_chain') : undefined;
    log(db, 'starting a server with the embedded chain for withdrawals (migrations run at start)');
    const server = await startServer({
      inviteCode: INVITE_CODE,
      databaseEnv: chainDatabaseUrl
        ? { DATABASE_URL: chainDatabaseUrl, DATABASE_POOL_SIZE: String(options.poolSize) }
        : await databaseEnv(),
      env: CHAIN_SERVER_ENV,
      nodeArgs: cpuProfileArgs(options.profileDir),
    });
    try {
      for (const key of chainWrites) {
        if (key === 'exchange') continue;
        const { scenario, check } = await measureWrite(key, db, server, options, poolSize, chainDatabaseUrl);
        scenarios.push(scenario);
        writeChecks[key] = check;
      }
    } finally {
      await server.stop();
    }
  }

  const byKey = (key: ScenarioKey) => scenarios.find((scenario) => scenario.key === key);
  const ratio = (name: string, a?: ScenarioResult, b?: ScenarioResult): Ratio[] =>
    a && b && b.requestsPerSecond > 0 && b.p99Ms > 0
      ? [{ name, requestsPerSecond: a.requestsPerSecond / b.requestsPerSecond, p99: a.p99Ms / b.p99Ms }]
      : [];
  const many = byKey('exchange-many');
  const baseline = byKey('update-random');
  const others = scenarios.filter((scenario) => scenario.write && scenario.write !== 'exchange');
  const ratios = [
    ...ratio('exchange (many members) ÷ bare Fastify', many, byKey('bare')),
    ...ratio('exchange (many members) ÷ single-row update (random rows)', many, baseline),
    ...ratio('exchange (one member) ÷ single-row update (one hot row)', byKey('exchange-one'), byKey('update-hot')),
    ...ratio('exchange (one member) ÷ exchange (many members)', byKey('exchange-one'), many),
    ...others.flatMap((scenario) =>
      ratio(`${WRITE_KINDS[scenario.write ?? 'exchange'].title} ÷ single-row update (random rows)`, scenario, baseline),
    ),
  ];
  const cpuPerRequest = (scenario: ScenarioResult) =>
    scenario.cpuMsPerRequest.server + scenario.cpuMsPerRequest.postgres;
  const writeGoals: WriteGoal[] = baseline
    ? scenarios
        .filter((scenario) => scenario.key.endsWith('-many') && scenario.write)
        .map((scenario) => {
          const cpuRatio = cpuPerRequest(baseline) > 0 ? cpuPerRequest(scenario) / cpuPerRequest(baseline) : Infinity;
          const requestsPerSecondRatio =
            baseline.requestsPerSecond > 0 ? scenario.requestsPerSecond / baseline.requestsPerSecond : 0;
          return {
            write: scenario.write ?? 'exchange',
            scenario: scenario.scenario,
            cpuMsPerRequest: cpuPerRequest(scenario),
            baselineCpuMsPerRequest: cpuPerRequest(baseline),
            cpuRatio,
            requestsPerSecondRatio,
            p99Ms: scenario.p99Ms,
            met:
              options.connections === WRITE_GOAL.connections &&
              scenario.errors === 0 &&
              cpuRatio <= WRITE_GOAL.cpuRatio &&
              requestsPerSecondRatio >= WRITE_GOAL.rpsRatio &&
              scenario.p99Ms < WRITE_GOAL.p99Ms,
          };
        })
    : [];
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
    ...(ledgerCheck ? { ledgerCheck } : {}),
    writeChecks,
    writeGoals,
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

/** The end of a ledger check's line. */
await runBench({ name: 'ledger', title: 'ledger benchmark', parseOptions, benchDatabase, print: printReports });
