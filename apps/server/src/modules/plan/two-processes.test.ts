import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import {
  DAY_MS,
  EntryType,
  esopPhasesDue,
  esopSchedule,
  investmentDaysDue,
  investmentSchedule,
  pledgeSchedule,
  toLedgerUnits,
  utcDaysBetween,
  type TPlanProductsResponse,
} from '@kpc/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getKpcPrice } from '../../ledger/reference-data.ts';
import { offsetClock, type Clock } from '../../lib/clock.ts';
import { findLedgerViolations } from '../../testing/ledger-invariants.ts';
import { createWalletMember, fund, type TestMember } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { ReleaseKind, runReleaseEngine, type ReleaseResult, type TReleaseKind } from './release-engine.ts';
import { createPledge } from './pledge-service.ts';
import { joinEsop, joinInvestment } from './service.ts';
import { planClock } from './testing.ts';

/**
 * ARCHITECTURE "one engine at a time across processes": two server processes and this one run the
 * release engine on the same PostgreSQL database at the same moment, each catching up 45 days of a
 * mixed book. Every release happens exactly once: the release rows, the ledger entries and every
 * balance equal an independent computation with `plans.ts`, and the three engines' counts add up
 * to the rows. PGlite is one process's database, so this runs on PostgreSQL only.
 */

const MEMBERS = 50;
const DAYS = 45;
/** ESOP orders are joined this long before now, so their lock-up ends during the catch-up. */
const ESOP_AGE_DAYS = 200;
const SCRIPT = fileURLToPath(new URL('./testing-engine-process.ts', import.meta.url));
const SERVER_DIR = fileURLToPath(new URL('../../..', import.meta.url));
const KINDS = Object.values(ReleaseKind);
const KIND_ENTRY: Record<TReleaseKind, string> = {
  investment: EntryType.PLAN_RELEASE,
  esop: EntryType.ESOP_RELEASE,
  pledge_reward: EntryType.PLEDGE_REWARD,
  pledge_maturity: EntryType.PLEDGE_MATURITY,
};
const FUNDED = { USDT: '1000000', KPC: '100000' };
/** The ESOP terms of the migrations' seed. */
const ESOP_TERMS = { lockMonths: 6, releaseMonths: 12 };

const sum = (values: string[]) => values.reduce((total, value) => total + toLedgerUnits(value), 0n);
const fixedClock = (at: Date): Clock => ({ now: () => at });

interface EngineProcess {
  /** Starts the engine run (the process is already connected). */
  go(): void;
  /** What the engine released, once the process has exited. */
  done: Promise<ReleaseResult>;
  kill(): void;
}

/** Starts testing-engine-process.ts and waits until it is connected and waiting for `go()`. */
async function startEngineProcess(databaseUrl: string, base: Date, days: number): Promise<EngineProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', SCRIPT, '--days', String(days), '--base', base.toISOString(), '--wait', '--workers', '2'],
    { cwd: SERVER_DIR, env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const lines = createInterface({ input: child.stdout });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let ready: () => void = () => undefined;
  const readyPromise = new Promise<void>((resolve) => (ready = resolve));
  let result: ReleaseResult | undefined;
  lines.on('line', (line) => {
    const message = JSON.parse(line) as { ready?: boolean; result?: ReleaseResult };
    if (message.ready) ready();
    if (message.result) result = message.result;
  });
  const done = exited.then((code) => {
    if (code !== 0 || !result) throw new Error(`engine process exited with ${code}:\n${stderr}`);
    return result;
  });
  // Handled here too: a process killed after a failure elsewhere must not add an unhandled rejection.
  done.catch(() => undefined);
  // A process that dies during start-up fails the wait instead of hanging it.
  await Promise.race([readyPromise, done.then(() => Promise.reject(new Error('engine process ended before ready')))]);
  return {
    go: () => child.stdin.end('go\n'),
    done,
    kill: () => child.kill('SIGKILL'),
  };
}

/** Two engine processes and this one, two workers each, started at the same moment at `at`: what each released. */
async function runThreeEngines(t: TestApp, databaseUrl: string, at: Date): Promise<ReleaseResult[]> {
  const base = new Date(at.getTime() - DAYS * DAY_MS);
  const processes = await Promise.all([0, 1].map(() => startEngineProcess(databaseUrl, base, DAYS)));
  try {
    const clock = offsetClock(fixedClock(base));
    clock.advanceDays(DAYS);
    for (const engine of processes) engine.go();
    return await Promise.all([
      ...processes.map((engine) => engine.done),
      runReleaseEngine(t.database.db, clock, { workers: 2 }),
    ]);
  } finally {
    for (const engine of processes) engine.kill();
  }
}

/** A pledge's principal is back once its last reward day is due. */
const matured = (pledge: { createdAt: Date; termDays: number }, at: Date) =>
  utcDaysBetween(pledge.createdAt, at) >= pledge.termDays;

const totalOf = (results: ReleaseResult[], kind: TReleaseKind) =>
  results.reduce((total, result) => total + result.released[kind], 0);

describe.skipIf(testDatabaseKind() !== 'postgres')(
  'the release engine in two processes at once (PostgreSQL only: needs TEST_DATABASE_URL)',
  () => {
    let t: TestApp;
    let databaseUrl: string;

    beforeAll(async () => {
      t = await createTestApp({ RUN_CHAIN_WORKERS: 'false' });
      const result: unknown = await t.database.db.execute(sql`select current_database() as name`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${(result as { rows: { name: string }[] }).rows[0]!.name}`;
      databaseUrl = url.toString();
      // ESOP orders joined in the past need the KPC price of then.
      await t.database.db.execute(
        sql`insert into kpc_prices (price, source, effective_at) values (0.1, 'test', now() - interval '400 days')`,
      );
    }, 60_000);
    afterAll(async () => {
      await t?.close();
    });

    async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
      const result: unknown = await t.database.db.execute(query);
      return (result as { rows: T[] }).rows;
    }

    it('releases everything exactly once, to the last unit, and a second concurrent run nothing', async () => {
      const context = {
        db: t.database.db,
        clock: planClock(t),
        referenceData: { kpcPrice: (now: Date) => getKpcPrice(t.database.db, now) },
      };
      const esopContext = { db: t.database.db, clock: fixedClock(new Date(Date.now() - ESOP_AGE_DAYS * DAY_MS)) };
      const products = (await t.call('/api/plan/products', {})).data as TPlanProductsResponse;
      const [starter, advanced] = products.investment;
      const termId = (days: number) => products.pledgeTerms.find((row) => row.days === days)!.id;
      const ratios = new Map(
        [starter!, advanced!].map((product) => [product.id, product.phases.map((phase) => phase.ratio)]),
      );

      const members: TestMember[] = [];
      for (let index = 0; index < MEMBERS; index += 1) members.push(await createWalletMember(t));
      await Promise.all(
        members.flatMap((member) => [fund(t, member, 'USDT', FUNDED.USDT), fund(t, member, 'KPC', FUNDED.KPC)]),
      );

      // A mixed book: every member holds investments of both products, an ESOP order and pledges.
      const investments: {
        id: string;
        memberId: string;
        amount: string;
        quota: string;
        createdAt: Date;
        ratios: string[];
      }[] = [];
      const esop: { id: string; memberId: string; kpc: string; usdt: string; createdAt: Date }[] = [];
      const pledges: {
        id: string;
        memberId: string;
        amount: string;
        dailyRate: string;
        termDays: number;
        createdAt: Date;
      }[] = [];
      await Promise.all(
        members.map(async ({ memberId }, index) => {
          const invest = async (productId: string, amount: string) => {
            const order = await joinInvestment(context, memberId, { productId, amount, requestId: randomUUID() });
            investments.push({
              id: order.id,
              memberId,
              amount: order.amount,
              quota: order.quota,
              createdAt: new Date(order.createdAt),
              ratios: ratios.get(productId)!,
            });
          };
          await invest(starter!.id, (100 + index * 13.37).toFixed(2));
          await invest(starter!.id, (250 + index * 7.5).toFixed(1));
          await invest(advanced!.id, (1000 + index * 101.01).toFixed(2));
          if (index % 2 === 0) await invest(advanced!.id, '5000.123456');
          for (const usdt of index % 5 === 0 ? ['100', `${333 + index}.33`] : [`${100 + index * 3}.5`]) {
            const order = await joinEsop(esopContext, memberId, {
              amount: usdt,
              price: '0.1',
              requestId: randomUUID(),
            });
            esop.push({ id: order.id, memberId, kpc: order.kpc, usdt, createdAt: new Date(order.createdAt) });
          }
          const term = [30, 90, 180][index % 3]!;
          for (const [n, days] of (index % 2 === 0 ? [30, term] : [term]).entries()) {
            const pledge = await createPledge(context, memberId, {
              termId: termId(days),
              amount: (100 + index * 17 + n).toString(),
              requestId: randomUUID(),
            });
            pledges.push({
              id: pledge.id,
              memberId,
              amount: pledge.amount,
              dailyRate: pledge.dailyRate,
              termDays: pledge.termDays,
              createdAt: new Date(pledge.createdAt),
            });
          }
        }),
      );
      expect(investments.length + esop.length + pledges.length).toBeGreaterThan(300);

      // The same instant for all three engines, so none sees a later day than the others.
      const at = new Date(Date.now() + DAYS * DAY_MS);
      const first = await runThreeEngines(t, databaseUrl, at);

      // What plans.ts says is due by `at`: release rows per source, and each member's sums.
      const expectedRows: Record<string, number> = {};
      const expected: Record<TReleaseKind, number> = { investment: 0, esop: 0, pledge_reward: 0, pledge_maturity: 0 };
      const addRows = (kind: TReleaseKind, id: string, count: number) => {
        if (count > 0) expectedRows[`${kind}:${id}`] = count;
        expected[kind] += count;
      };
      const sums = new Map<string, { usdtIncome: bigint; kpcIncome: bigint; kpcLocked: bigint }>();
      const sumsOf = (memberId: string) => {
        const entry = sums.get(memberId) ?? { usdtIncome: 0n, kpcIncome: 0n, kpcLocked: 0n };
        sums.set(memberId, entry);
        return entry;
      };
      let usdtPaidOut = 0n;
      let rewardsPaidOut = 0n;
      for (const order of investments) {
        const schedule = investmentSchedule({ amount: order.amount, quota: order.quota, phaseRatios: order.ratios });
        const due = schedule.filter((release) => release.day <= investmentDaysDue(order.createdAt, at));
        const amount = sum(due.map((release) => release.amount));
        sumsOf(order.memberId).usdtIncome += amount;
        usdtPaidOut += amount;
        addRows(ReleaseKind.INVESTMENT, order.id, due.length);
      }
      for (const order of esop) {
        const terms = { kpc: order.kpc, createdAt: order.createdAt, ...ESOP_TERMS };
        const phases = esopPhasesDue(terms, at);
        const released = sum(
          esopSchedule(terms)
            .slice(0, phases)
            .map((phase) => phase.amount),
        );
        sumsOf(order.memberId).kpcIncome += released;
        sumsOf(order.memberId).kpcLocked += toLedgerUnits(order.kpc) - released;
        addRows(ReleaseKind.ESOP, order.id, phases);
      }
      for (const pledge of pledges) {
        const due = pledgeSchedule(pledge).rewards.filter((reward) => reward.dueAt <= at);
        const amount = sum(due.map((reward) => reward.amount));
        sumsOf(pledge.memberId).kpcIncome += amount;
        rewardsPaidOut += amount;
        addRows(ReleaseKind.PLEDGE_REWARD, pledge.id, due.length);
        addRows(ReleaseKind.PLEDGE_MATURITY, pledge.id, matured(pledge, at) ? 1 : 0);
      }
      // Every kind released something, and some pledges still run: both ends are covered.
      for (const kind of KINDS) expect(expected[kind], kind).toBeGreaterThan(0);
      expect(pledges.some((pledge) => !matured(pledge, at))).toBe(true);

      // Release rows: per source the expected count, each (kind, source, period) once, periods 1..n
      // (a maturity's period is the term).
      const releaseRows = await rows<{ kind: TReleaseKind; source_id: string; count: number; gaps: boolean }>(sql`
        select kind, source_id::text, count(*)::int as count,
          count(distinct period) <> count(*) or (kind <> ${ReleaseKind.PLEDGE_MATURITY} and max(period) <> count(*))
            as gaps
        from plan_releases group by kind, source_id`);
      expect(Object.fromEntries(releaseRows.map((row) => [`${row.kind}:${row.source_id}`, row.count]))).toEqual(
        expectedRows,
      );
      expect(releaseRows.filter((row) => row.gaps)).toEqual([]);

      // The three engines together reported exactly the rows: nothing was released twice.
      for (const kind of KINDS) expect(totalOf(first, kind), kind).toBe(expected[kind]);
      // The engines really overlapped: the catch-up's rounds were shared, not done by one alone.
      const busy = first.filter((result) => KINDS.some((kind) => result.released[kind] > 0));
      expect(busy.length, JSON.stringify(first)).toBeGreaterThanOrEqual(2);

      // One ledger entry of two postings per release row, and each row names an entry of its own.
      const entries = await rows<{ type: string; count: number; postings: number }>(sql`
        select e.type, count(distinct e.id)::int as count, count(p.id)::int as postings
        from ledger_entries e join ledger_postings p on p.entry_id = e.id
        where e.type in (${KIND_ENTRY.investment}, ${KIND_ENTRY.esop}, ${KIND_ENTRY.pledge_reward},
          ${KIND_ENTRY.pledge_maturity})
        group by e.type`);
      expect(Object.fromEntries(entries.map((row) => [row.type, [row.count, row.postings]]))).toEqual(
        Object.fromEntries(KINDS.map((kind) => [KIND_ENTRY[kind], [expected[kind], 2 * expected[kind]]])),
      );
      const [linked] = await rows<{ unposted: number; shared: number }>(sql`
        select count(*) filter (where entry_id is null)::int as unposted,
          (count(entry_id) - count(distinct entry_id))::int as shared
        from plan_releases`);
      expect(linked).toEqual({ unposted: 0, shared: 0 });

      // Every member's balances to the last unit (soft: lists every member that is off, then goes on).
      const balances = await rows<{ member_id: string; asset: string; bucket: string; balance: string }>(
        sql`select member_id::text, asset, bucket, balance::text from ledger_accounts where member_id is not null`,
      );
      const balance = (memberId: string, key: string) =>
        toLedgerUnits(
          balances.find((row) => row.member_id === memberId && `${row.asset}:${row.bucket}` === key)?.balance ?? '0',
        );
      for (const { memberId } of members) {
        const paid = sum([
          ...investments.filter((order) => order.memberId === memberId).map((order) => order.amount),
          ...esop.filter((order) => order.memberId === memberId).map((order) => order.usdt),
        ]);
        const staked = sum(
          pledges
            .filter((pledge) => pledge.memberId === memberId && !matured(pledge, at))
            .map((pledge) => pledge.amount),
        );
        expect
          .soft(
            {
              usdtAvailable: balance(memberId, 'USDT:available'),
              usdtIncome: balance(memberId, 'USDT:income'),
              kpcIncome: balance(memberId, 'KPC:income'),
              kpcLocked: balance(memberId, 'KPC:locked'),
              kpcStaked: balance(memberId, 'KPC:staked'),
              kpcAvailable: balance(memberId, 'KPC:available'),
            },
            `member ${memberId}`,
          )
          .toEqual({
            usdtAvailable: toLedgerUnits(FUNDED.USDT) - paid,
            kpcAvailable: toLedgerUnits(FUNDED.KPC) - staked,
            kpcStaked: staked,
            ...sumsOf(memberId),
          });
      }

      // plan_payout paid exactly what members received: USDT income; KPC allocated and rewards.
      const houses = await rows<{ asset: string; total: string }>(sql`
        select p.asset, sum(p.amount)::text as total from ledger_postings p
        join ledger_accounts a on a.id = p.account_id
        where a.house_account = 'plan_payout' group by 1`);
      const payout = (asset: string) => toLedgerUnits(houses.find((row) => row.asset === asset)?.total ?? '0');
      expect(-payout('USDT')).toBe(usdtPaidOut);
      expect(-payout('KPC')).toBe(sum(esop.map((order) => order.kpc)) + rewardsPaidOut);
      expect(await findLedgerViolations(t.database.db)).toEqual({
        unbalanced: [],
        drifted: [],
        staleAfter: [],
        negative: [],
      });

      // The same three engines again at the same instant: nothing is left to release.
      const second = await runThreeEngines(t, databaseUrl, at);
      const none = { investment: 0, esop: 0, pledge_reward: 0, pledge_maturity: 0 };
      expect(second.map((result) => result.released)).toEqual([none, none, none]);
      const [after] = await rows<{ count: number }>(sql`select count(*)::int as count from plan_releases`);
      expect(after!.count).toBe(releaseRows.reduce((total, row) => total + row.count, 0));
    }, 120_000);
  },
);
