/**
 * The team benchmark (Step 7): the referral tree (`member_tree`, modules/team) at a million
 * members on PostgreSQL, generated in the database itself in a realistic shape — the root with a
 * wide first level, a shallow fan-out below it, and one chain of `--chain` members hanging from
 * the root (depth 300 by default).
 *
 * It times, as the server calls them (`teamSummary`, `invitations`, the sign-up's
 * `insertMemberWithInviteCode` and `addTeamVolume`): a team summary and a page of invitations at
 * the root, a middle member and the chain's leaf, adding a member under the deepest leaf (its
 * aggregates updated along its 300 ancestors) and under the root, and a purchase counted up the
 * deepest path. Each is the median of `--runs`, each run timed in turn with a run of its baseline
 * (a plain primary-key SELECT of a member, a plain single-row INSERT of a member), so both see the
 * same load of a shared machine; the baseline's median and the ratio are printed beside it.
 *
 * With `--alternatives` (PostgreSQL) it also builds a second tree of `--alt-members` members and
 * times the same questions on each design: the chosen one, a closure table, an ltree materialised
 * path (GiST) counted per read, and a recursive walk of `members.referrer_id`.
 *
 * Writes `bench/results/team-<db>.json`. It never fails on timings.
 *
 *   npm run bench:team -- [--db postgres|pglite|both] [--members N] [--chain 300] [--runs 31]
 *     [--alternatives] [--alt-members 100000] [--pg-url postgres://…/postgres]
 */
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { toLedgerUnits } from '@kpc/shared';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database, type DatabaseHandle } from '../../apps/server/src/db/client.ts';
import { members } from '../../apps/server/src/db/schema/index.ts';
import { insertMemberWithInviteCode } from '../../apps/server/src/modules/account/service.ts';
import { invitations, teamSummary } from '../../apps/server/src/modules/team/service.ts';
import { addMemberToTree, addTeamVolume } from '../../apps/server/src/modules/team/tree.ts';
import { DB_CHOICES, log, positiveInt, runBench, type DbKind } from '../lib/run-bench.ts';
import { rows } from '../lib/sql-rows.ts';
import { createPostgresDatabase, postgresSettings, tempDir } from '../lib/setup.ts';
import { formatTable, whole } from '../lib/table.ts';
import { FAN, generateTree, memberId, ROOT_FAN } from './tree.ts';

/** Default tree size per database (issue 12 §6: a million members on PostgreSQL). */
const DEFAULT_MEMBERS: Record<DbKind, number> = { postgres: 1_000_000, pglite: 100_000 };
/** Issue 12 §6 goals, PostgreSQL, at the root of a million-member tree. */
const GOAL = { readMs: 50, addMs: 20, members: 1_000_000 };
const PAGE = 20;

interface Options {
  dbs: DbKind[];
  members: number | undefined;
  chain: number;
  runs: number;
  alternatives: boolean;
  altMembers: number;
  pgUrl: string;
}

interface Measure {
  name: string;
  /** Median of the runs, milliseconds. */
  ms: number;
  p90: number;
  baseline: 'select' | 'insert';
  /** The baseline's median over the same runs, each run timed right beside the measure's. */
  baselineMs: number;
  /** `ms` ÷ `baselineMs`. */
  ratio: number;
  goalMs?: number;
}

interface Alternative {
  design: string;
  members: number;
  /** Rows and size (table and indexes) of what the design stores for the tree. */
  rows: number;
  megabytes: number;
  buildSeconds: number;
  /** Median ms: team count at the root, the middle member and the leaf; adding under the leaf. */
  rootMs: number;
  middleMs: number;
  leafMs: number;
  addMs: number;
  /** What went wrong building it, if anything. */
  note?: string;
}

interface Report {
  benchmark: 'team';
  database: DbKind;
  date: string;
  machine: { cpus: number; model: string; node: string };
  members: number;
  chain: number;
  shape: string;
  generateSeconds: number;
  tree: { rows: number; megabytes: number; maxDepth: number; averageDepth: number };
  postgres?: Record<string, string>;
  points: { name: string; key: number; depth: number; teamSize: number; directCount: number }[];
  /** Medians of every baseline run of the report. */
  baselines: { select: number; insert: number };
  measures: Measure[];
  alternatives?: Alternative[];
  goal?: { readMs: number; addMs: number; members: number; met: boolean };
}

function usage(): string {
  return [
    'usage: npm run bench:team -- [options]',
    '  --db pglite|postgres|both   databases to measure (default postgres)',
    `  --members <n>               members in the tree (default ${whole(DEFAULT_MEMBERS.postgres)} on PostgreSQL,`,
    `                              ${whole(DEFAULT_MEMBERS.pglite)} on PGlite)`,
    '  --chain <n>                 length of the deep chain under the root (default 300)',
    '  --runs <n>                  timed runs per measure, after 3 warm-ups; the median is shown (default 31)',
    '  --alternatives              also build and time a closure table, an ltree path and a recursive walk',
    '                              (PostgreSQL) on a tree of --alt-members (default 100000)',
    '  --pg-url <url>              PostgreSQL maintenance database to create the bench database from',
    '                              (default $BENCH_PG_URL or postgres://postgres@127.0.0.1:5432/postgres)',
  ].join('\n');
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'postgres' },
      members: { type: 'string' },
      chain: { type: 'string', default: '300' },
      runs: { type: 'string', default: '31' },
      alternatives: { type: 'boolean', default: false },
      'alt-members': { type: 'string', default: '100000' },
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
  const options: Options = {
    dbs: chosen,
    members: values.members === undefined ? undefined : positiveInt('members', values.members, 20_000_000),
    chain: positiveInt('chain', values.chain, 5_000),
    runs: positiveInt('runs', values.runs, 1_000),
    alternatives: values.alternatives,
    altMembers: positiveInt('alt-members', values['alt-members'], 5_000_000),
    pgUrl: values['pg-url'],
  };
  for (const db of options.dbs) {
    if ((options.members ?? DEFAULT_MEMBERS[db]) < ROOT_FAN + options.chain + 2) {
      throw new Error(`--members: at least ${ROOT_FAN + options.chain + 2} for a chain of ${options.chain}`);
    }
  }
  return options;
}

const seconds = (started: number) => (performance.now() - started) / 1000;
async function treeStats(db: Database): Promise<Report['tree']> {
  const [row] = await rows<{ rows: number; bytes: string; max: number; avg: string }>(
    db,
    sql`select count(*)::integer as rows,
      (pg_total_relation_size('member_tree') + pg_total_relation_size('member_team'))::text as bytes,
      max(depth)::integer as max, avg(depth)::text as avg from member_tree`,
  );
  return {
    rows: row?.rows ?? 0,
    megabytes: Number(row?.bytes ?? 0) / 2 ** 20,
    maxDepth: row?.max ?? 0,
    averageDepth: Number(row?.avg ?? 0),
  };
}

/** Three members to read at: the root, the middle of the chain, the chain's leaf (the deepest). */
async function pickPoints(db: Database, total: number, fanEnd: number): Promise<Report['points']> {
  const picks: [string, number][] = [
    ['root', 1],
    ['middle', fanEnd + Math.ceil((total - fanEnd) / 2)],
    ['leaf', total],
  ];
  const points: Report['points'] = [];
  for (const [name, key] of picks) {
    const [row] = await rows<{ depth: number; team: number; direct: number }>(
      db,
      sql`select t.depth, g.team_count as team, g.direct_count as direct
        from member_tree t join member_team g on g.key = t.key where t.key = ${key}`,
    );
    points.push({ name, key, depth: row?.depth ?? 0, teamSize: row?.team ?? 0, directCount: row?.direct ?? 0 });
  }
  return points;
}

/** Median and 90th percentile of `runs` timed calls (after 3 warm-ups), milliseconds. */
async function time(runs: number, call: (run: number) => Promise<unknown>): Promise<{ ms: number; p90: number }> {
  for (let i = 0; i < 3; i += 1) await call(-1 - i);
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await call(run);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0;
  return { ms: at(0.5), p90: at(0.9) };
}

/**
 * A measure and its baseline, one run of each in turn (after 3 warm-ups of each), so both see the
 * same load of a shared machine: medians and the measure's 90th percentile, milliseconds.
 */
async function timePair(
  runs: number,
  baseline: () => Promise<unknown>,
  call: () => Promise<unknown>,
): Promise<{ ms: number; p90: number; baselineMs: number; baselineSamples: number[] }> {
  for (let i = 0; i < 3; i += 1) {
    await baseline();
    await call();
  }
  const base: number[] = [];
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    let started = performance.now();
    await baseline();
    base.push(performance.now() - started);
    started = performance.now();
    await call();
    samples.push(performance.now() - started);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    ms: median(samples),
    p90: sorted[Math.min(sorted.length - 1, Math.floor(0.9 * sorted.length))] ?? 0,
    baselineMs: median(base),
    baselineSamples: base,
  };
}

const benchEmail = () => `new.${randomUUID()}@bench.example`;

/** Every design, on a tree of `size` members built the same way (PostgreSQL). */
async function measureAlternatives(handle: DatabaseHandle, options: Options, size: number): Promise<Alternative[]> {
  const { db } = handle;
  const total = size;
  const fanEnd = total - options.chain;
  const points = await pickPoints(db, total, fanEnd);
  const [root, middle, leaf] = points.map((point) => point.key) as [number, number, number];
  const results: Alternative[] = [];
  const sizeOf = async (relation: string) =>
    Number(
      (await rows<{ bytes: string }>(db, sql`select pg_total_relation_size(${relation}::regclass)::text as bytes`))[0]
        ?.bytes ?? 0,
    ) /
    2 ** 20;
  let nextKey = total + 1_000_000;

  // 0. The chosen design on the same tree: the summary is the member's row; adding is the tree
  // statement of a sign-up (its member row written before the clock starts).
  const idOf = async (key: number) =>
    (await rows<{ id: string }>(db, sql`select ${memberId(key)}::text as id`))[0]?.id ?? '';
  const [rootId, middleId, leafId] = [await idOf(root), await idOf(middle), await idOf(leaf)];
  const newMember = async () => {
    const [row] = await db
      .insert(members)
      .values({ inviteCode: `A${randomUUID().slice(0, 12)}`, referrerId: leafId })
      .returning({ id: members.id });
    return row?.id ?? '';
  };
  const pending: string[] = [];
  for (let i = 0; i < options.runs + 3; i += 1) pending.push(await newMember());
  results.push({
    design: 'path + aggregates (chosen)',
    members: total,
    rows: total,
    megabytes: (await sizeOf('member_tree')) + (await sizeOf('member_team')),
    buildSeconds: 0,
    rootMs: (await time(options.runs, () => teamSummary(db, rootId))).ms,
    middleMs: (await time(options.runs, () => teamSummary(db, middleId))).ms,
    leafMs: (await time(options.runs, () => teamSummary(db, leafId))).ms,
    addMs: (await time(options.runs, () => addMemberToTree(db, pending.shift() ?? ''))).ms,
  });

  // 1. A closure table: one row per (ancestor, descendant) pair, self included.
  let started = performance.now();
  await db.execute(sql`create table bench_closure (ancestor integer not null, descendant integer not null,
    distance integer not null, primary key (ancestor, descendant))`);
  await db.execute(sql`insert into bench_closure
    select a.key, t.key, t.depth - a.ord + 1 from member_tree t, unnest(t.path) with ordinality as a(key, ord)
    union all select key, key, 0 from member_tree`);
  await db.execute(sql`create index bench_closure_descendant_idx on bench_closure (descendant)`);
  await db.execute(sql`vacuum analyze bench_closure`);
  const closureBuild = seconds(started);
  const closureRows = (await rows<{ n: number }>(db, sql`select count(*)::integer as n from bench_closure`))[0]?.n ?? 0;
  const closureCount = (key: number) =>
    db.execute(sql`select count(*) filter (where distance = 1) as direct, count(*) - 1 as team
      from bench_closure where ancestor = ${key}`);
  results.push({
    design: 'closure table (count per read)',
    members: total,
    rows: closureRows,
    megabytes: await sizeOf('bench_closure'),
    buildSeconds: closureBuild,
    rootMs: (await time(options.runs, () => closureCount(root))).ms,
    middleMs: (await time(options.runs, () => closureCount(middle))).ms,
    leafMs: (await time(options.runs, () => closureCount(leaf))).ms,
    addMs: (
      await time(options.runs, () => {
        nextKey += 1;
        return db.execute(sql`insert into bench_closure
          select ancestor, ${nextKey}::integer, distance + 1 from bench_closure where descendant = ${leaf}::integer
          union all select ${nextKey}::integer, ${nextKey}::integer, 0`);
      })
    ).ms,
  });
  await db.execute(sql`drop table bench_closure`);

  // 2. A materialised path (ltree, GiST), the team counted per read.
  started = performance.now();
  await db.execute(sql`create extension if not exists ltree`);
  await db.execute(sql`create table bench_ltree (key integer primary key, parent_key integer, path ltree not null)`);
  await db.execute(sql`insert into bench_ltree
    select key, parent_key, text2ltree(array_to_string(path || key, '.')) from member_tree`);
  // Seen to fail on this tree ("stack depth limit exceeded", paths of 300 labels): then the
  // count runs without it, and the report says so.
  let ltreeNote: string | undefined;
  try {
    await db.execute(sql`create index bench_ltree_path_idx on bench_ltree using gist (path)`);
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
    ltreeNote = `GiST index build failed (${cause}); counted without it`;
  }
  await db.execute(sql`create index bench_ltree_parent_idx on bench_ltree (parent_key)`);
  await db.execute(sql`vacuum analyze bench_ltree`);
  const ltreeBuild = seconds(started);
  const ltreeCount = (key: number) =>
    db.execute(sql`select (select count(*) from bench_ltree where parent_key = ${key}) as direct,
      (select count(*) - 1 from bench_ltree where path <@ (select path from bench_ltree where key = ${key})) as team`);
  results.push({
    design: ltreeNote ? 'ltree path, no index (count per read)' : 'ltree path, GiST (count per read)',
    ...(ltreeNote ? { note: ltreeNote } : {}),
    members: total,
    rows: total,
    megabytes: await sizeOf('bench_ltree'),
    buildSeconds: ltreeBuild,
    rootMs: (await time(options.runs, () => ltreeCount(root))).ms,
    middleMs: (await time(options.runs, () => ltreeCount(middle))).ms,
    leafMs: (await time(options.runs, () => ltreeCount(leaf))).ms,
    addMs: (
      await time(options.runs, () => {
        nextKey += 1;
        return db.execute(sql`insert into bench_ltree
          select ${nextKey}::integer, key, path || ${String(nextKey)}::ltree from bench_ltree where key = ${leaf}::integer`);
      })
    ).ms,
  });
  await db.execute(sql`drop table bench_ltree`);

  // 3. No stored tree: a recursive walk of members.referrer_id (its index) per read.
  const walk = (key: number) =>
    db.execute(sql`with recursive team as (
        select id, 0 as level from members where id = md5('bench-team-' || ${key}::integer)::uuid
        union all
        select m.id, t.level + 1 from members m join team t on m.referrer_id = t.id)
      select count(*) filter (where level = 1) as direct, count(*) - 1 as team from team`);
  results.push({
    design: 'recursive walk of referrer_id (no tree)',
    members: total,
    rows: 0,
    megabytes: 0,
    buildSeconds: 0,
    rootMs: (await time(Math.min(options.runs, 5), () => walk(root))).ms,
    middleMs: (await time(options.runs, () => walk(middle))).ms,
    leafMs: (await time(options.runs, () => walk(leaf))).ms,
    addMs: 0,
  });
  return results;
}

async function openBenchDatabase(db: DbKind, options: Options, prefix: string) {
  if (db === 'postgres') {
    const databaseUrl = await createPostgresDatabase(options.pgUrl, prefix);
    const settings = await postgresSettings(databaseUrl, ['fsync', 'synchronous_commit', 'shared_buffers', 'work_mem']);
    const handle = await openDatabase({ databaseUrl, dataDir: 'unused', poolSize: 2 });
    return { handle, settings };
  }
  return { handle: await openDatabase({ dataDir: await tempDir('kpc-bench-team-') }), settings: undefined };
}

async function benchDatabase(db: DbKind, options: Options): Promise<Report> {
  const total = options.members ?? DEFAULT_MEMBERS[db];
  const fanEnd = total - options.chain;
  const { handle, settings } = await openBenchDatabase(db, options, 'kpc_bench_team');
  if (settings) log(db, `PostgreSQL ${Object.values(settings).join(', ')}`);
  try {
    const database = handle.db;
    let started = performance.now();
    await generateTree(database, total, options.chain);
    const generateSeconds = seconds(started);
    const tree = await treeStats(database);
    log(
      db,
      `${whole(total)} members generated in ${generateSeconds.toFixed(1)} s (tree ${tree.megabytes.toFixed(0)} MB, ` +
        `depth max ${tree.maxDepth}, average ${tree.averageDepth.toFixed(2)})`,
    );
    if (handle.kind === 'postgres') await database.execute(sql`checkpoint`);

    const points = await pickPoints(database, total, fanEnd);
    const ids = points.map((point) => point.key);
    const [rootId, middleId, leafId] = (await Promise.all(
      ids.map(
        async (key) => (await rows<{ id: string }>(database, sql`select ${memberId(key)}::text as id`))[0]?.id ?? '',
      ),
    )) as [string, string, string];

    // Baselines, through the same pool and driver as every measure, run in turn with each measure.
    const selectBaseline = () => database.select().from(members).where(eq(members.id, rootId));
    const insertBaseline = () =>
      database.transaction((tx) =>
        tx.insert(members).values({ inviteCode: `B${randomUUID().slice(0, 12)}`, email: benchEmail() }),
      );
    const baselineSamples: Record<'select' | 'insert', number[]> = { select: [], insert: [] };
    const measures: Measure[] = [];
    const measure = async (
      name: string,
      baseline: 'select' | 'insert',
      call: () => Promise<unknown>,
      goalMs?: number,
    ) => {
      const result = await timePair(options.runs, baseline === 'select' ? selectBaseline : insertBaseline, call);
      baselineSamples[baseline].push(...result.baselineSamples);
      const ratio = result.ms / result.baselineMs;
      measures.push({
        name,
        ms: result.ms,
        p90: result.p90,
        baseline,
        baselineMs: result.baselineMs,
        ratio,
        ...(goalMs ? { goalMs } : {}),
      });
      log(
        db,
        `${name}: ${result.ms.toFixed(2)} ms (p90 ${result.p90.toFixed(2)}); ${baseline} ` +
          `${result.baselineMs.toFixed(2)} ms; ratio ${ratio.toFixed(2)}`,
      );
    };
    for (const [point, id] of [
      [points[0]!, rootId],
      [points[1]!, middleId],
      [points[2]!, leafId],
    ] as const) {
      await measure(`team summary, ${point.name}`, 'select', () => teamSummary(database, id), GOAL.readMs);
      await measure(
        `invitations page (${PAGE}), ${point.name}`,
        'select',
        () => invitations(database, id, undefined, PAGE),
        GOAL.readMs,
      );
    }
    // A later page at the root: the cursor is an index range too.
    const firstPage = await invitations(database, rootId, undefined, PAGE);
    await measure(
      `invitations next page (${PAGE}), root`,
      'select',
      () => invitations(database, rootId, firstPage.nextCursor ?? undefined, PAGE),
      GOAL.readMs,
    );
    // Sign-ups as the server makes them: invite-code check, member row, tree row and its ancestors.
    await measure(
      `add a member under the deepest leaf (${points[2]!.depth + 1} ancestors)`,
      'insert',
      () => database.transaction((tx) => insertMemberWithInviteCode(tx, { referrerId: leafId, email: benchEmail() })),
      GOAL.addMs,
    );
    await measure(
      'add a member under the root (1 ancestor)',
      'insert',
      () => database.transaction((tx) => insertMemberWithInviteCode(tx, { referrerId: rootId, email: benchEmail() })),
      GOAL.addMs,
    );
    await measure(`count a purchase up the deepest path (${points[2]!.depth} ancestors)`, 'insert', () =>
      database.transaction((tx) => addTeamVolume(tx, leafId, toLedgerUnits('100'))),
    );
    const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const select = { ms: medianOf(baselineSamples.select) };
    const insert = { ms: medianOf(baselineSamples.insert) };

    let alternatives: Alternative[] | undefined;
    if (options.alternatives && handle.kind === 'postgres') {
      await handle.close();
      const alt = await openBenchDatabase(db, options, 'kpc_bench_team_alt');
      try {
        started = performance.now();
        await generateTree(alt.handle.db, options.altMembers, options.chain);
        log(db, `alternatives: ${whole(options.altMembers)} members generated in ${seconds(started).toFixed(1)} s`);
        alternatives = await measureAlternatives(alt.handle, options, options.altMembers);
        for (const a of alternatives) {
          if (a.note) log(db, `${a.design}: ${a.note}`);
          log(
            db,
            `${a.design}: root ${a.rootMs.toFixed(2)} ms, middle ${a.middleMs.toFixed(2)} ms, leaf ` +
              `${a.leafMs.toFixed(2)} ms, add ${a.addMs.toFixed(2)} ms; ${whole(a.rows)} rows, ${a.megabytes.toFixed(0)} MB`,
          );
        }
      } finally {
        await alt.handle.close();
      }
    }

    const reads = measures.filter((m) => m.baseline === 'select');
    const adds = measures.filter((m) => m.name.startsWith('add a member'));
    return {
      benchmark: 'team',
      database: db,
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, model: cpus()[0]?.model ?? '?', node: process.version },
      members: total,
      chain: options.chain,
      shape:
        `root with ${ROOT_FAN} direct invitees, each member below inviting ${FAN}, ` +
        `and a chain of ${options.chain} under the root`,
      generateSeconds,
      tree,
      ...(settings ? { postgres: settings } : {}),
      points,
      baselines: { select: select.ms, insert: insert.ms },
      measures,
      ...(alternatives ? { alternatives } : {}),
      ...(db === 'postgres'
        ? {
            goal: {
              ...GOAL,
              met:
                total >= GOAL.members && reads.every((m) => m.ms < GOAL.readMs) && adds.every((m) => m.ms < GOAL.addMs),
            },
          }
        : {}),
    };
  } finally {
    await handle.close().catch(() => undefined);
  }
}

function printReports(reports: Report[]): void {
  for (const report of reports) {
    console.log('');
    console.log(
      `Team benchmark, ${report.database} — ${report.machine.cpus} × ${report.machine.model}, Node ${process.version}; ` +
        `${whole(report.members)} members (${report.shape}); depth max ${report.tree.maxDepth}, ` +
        `average ${report.tree.averageDepth.toFixed(2)}; member_tree + member_team ${report.tree.megabytes.toFixed(0)} MB`,
    );
    console.log(
      `Points: ${report.points
        .map((p) => `${p.name} depth ${p.depth}, team ${whole(p.teamSize)}, direct ${whole(p.directCount)}`)
        .join('; ')}`,
    );
    console.log(
      `Baselines: primary-key SELECT ${report.baselines.select.toFixed(2)} ms, single-row INSERT ` +
        `${report.baselines.insert.toFixed(2)} ms (medians of all baseline runs; each measure is timed in turn with ` +
        `its own baseline, its median beside it)`,
    );
    console.log('');
    console.log(
      formatTable(
        ['measure', 'median ms', 'p90 ms', 'baseline', 'baseline ms', 'ratio', 'goal'],
        report.measures.map((m) => [
          m.name,
          m.ms.toFixed(2),
          m.p90.toFixed(2),
          m.baseline === 'select' ? 'PK SELECT' : 'INSERT',
          m.baselineMs.toFixed(2),
          m.ratio.toFixed(2),
          m.goalMs === undefined ? '-' : `< ${m.goalMs} ms ${m.ms < m.goalMs ? 'met' : 'NOT MET'}`,
        ]),
        [false, true, true, false, true, true, false],
      ),
    );
    if (report.alternatives) {
      console.log('');
      console.log(
        `The designs, ${whole(report.alternatives[0]?.members ?? 0)} members: the team's direct and total counts ` +
          `at the root, the middle and the leaf; adding a member's tree rows under the leaf (one statement)`,
      );
      console.log(
        formatTable(
          ['design', 'rows', 'MB', 'build s', 'root ms', 'middle ms', 'leaf ms', 'add ms'],
          report.alternatives.map((a) => [
            a.design,
            whole(a.rows),
            a.megabytes.toFixed(0),
            a.buildSeconds.toFixed(1),
            a.rootMs.toFixed(2),
            a.middleMs.toFixed(2),
            a.leafMs.toFixed(2),
            a.addMs ? a.addMs.toFixed(2) : '-',
          ]),
          [false, true, true, true, true, true, true, true],
        ),
      );
      for (const a of report.alternatives) if (a.note) console.log(`${a.design}: ${a.note}`);
    }
    if (report.goal) {
      const atSize =
        report.members >= GOAL.members
          ? ''
          : ` (measured at ${whole(report.members)}, the goal is at ${whole(GOAL.members)})`;
      console.log('');
      console.log(
        `Goal (PostgreSQL): every read < ${GOAL.readMs} ms, adding a member < ${GOAL.addMs} ms: ` +
          `${report.goal.met ? 'met' : 'not met'}${atSize}`,
      );
    }
  }
}

await runBench({ name: 'team', title: 'team benchmark', parseOptions, benchDatabase, print: printReports });
