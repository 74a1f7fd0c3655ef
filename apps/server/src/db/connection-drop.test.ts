import { randomUUID } from 'node:crypto';
import { ErrorCode, fromLedgerUnits, toLedgerUnits } from '@kpc/shared';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerViolations } from '../testing/ledger-invariants.ts';
import { createWalletMember, fund, type TestMember } from '../testing/members.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { testDatabaseKind } from '../testing/test-database.ts';
import { DEFAULT_CONNECT_TIMEOUT_SECONDS } from './client.ts';
import { isConnectionLost } from './errors.ts';

const BUSY_MESSAGE = 'The service is busy. Nothing was changed; please try again in a moment.';

type Answer = Awaited<ReturnType<TestApp['call']>>;

/** What the member app sees: success, or the localised "try again" of a lost connection. */
function kindOf(answer: Answer): 'ok' | 'busy' | 'other' {
  if (answer.status === 200 && answer.code === ErrorCode.OK) return 'ok';
  if (answer.status === 503 && answer.code === ErrorCode.SERVICE_BUSY) return 'busy';
  return 'other';
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('which failures are a lost database connection', () => {
  it("recognises pg's own errors, bare or wrapped by Drizzle, and nothing else", async () => {
    const terminated = new pg.DatabaseError('terminating connection due to administrator command', 0, 'error');
    terminated.code = '57P01';
    const duplicate = new pg.DatabaseError('duplicate key value violates unique constraint', 0, 'error');
    duplicate.code = '23505';
    const refused = await new pg.Client({ host: '127.0.0.1', port: 1 }).connect().then(
      () => undefined,
      (error: unknown) => error,
    );
    const wrap = (cause: unknown) => new DrizzleQueryError('select 1', [], cause as Error);

    expect(isConnectionLost(wrap(terminated))).toBe(true);
    expect(isConnectionLost(wrap(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isConnectionLost(wrap(new Error('Client has encountered a connection error and is not queryable')))).toBe(
      true,
    );
    expect(isConnectionLost(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isConnectionLost(refused)).toBe(true);

    expect(isConnectionLost(wrap(duplicate))).toBe(false);
    expect(isConnectionLost(new Error('boom'))).toBe(false);
    expect(isConnectionLost(undefined)).toBe(false);
    // A socket error inside another library's error (a chain node's fetch, say) is not the database's.
    expect(isConnectionLost(new TypeError('fetch failed', { cause: refused }))).toBe(false);
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('PostgreSQL dropping connections under load', () => {
  const CLIENTS = 8;
  const INCOME = 1000n;
  let t: TestApp;
  let admin: pg.Client;
  let databaseName: string;
  let pool: pg.Pool;

  beforeAll(async () => {
    t = await createTestApp({ DEV_FAUCET: 'true' });
    const result: unknown = await t.database.db.execute(sql`select current_database() as name`);
    databaseName = (result as { rows: { name: string }[] }).rows[0]!.name;
    pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await t?.close();
  });

  /** Kills every server connection to the test database, as a restart or a failover does. */
  async function terminateBackends(): Promise<number> {
    const result = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [databaseName],
    );
    return result.rowCount ?? 0;
  }

  /** No connection lost to the pool: with nothing running, every one it holds is idle. */
  function expectPoolSettled() {
    expect({ waiting: pool.waitingCount, inUse: pool.totalCount - pool.idleCount }).toEqual({ waiting: 0, inUse: 0 });
  }

  it('fails only the requests on a dropped connection, with SERVICE_BUSY, and carries on', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => void uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    process.on('unhandledRejection', onUncaught);
    try {
      const members: TestMember[] = [];
      for (let i = 0; i < CLIENTS; i++) {
        const member = await createWalletMember(t);
        await fund(t, member, 'USDT', INCOME.toString(), 'income');
        members.push(member);
      }

      // Each client loops: a ledger write (income -> available, 1 USDT, a new request id), then two
      // reads. A transfer answered "busy" keeps its request id: it is sent again after the storm.
      let isStorming = true;
      const answers: Answer[] = [];
      const sent = members.map(() => 0);
      const unsettled: { member: TestMember; requestId: string }[] = [];
      const loop = async (member: TestMember, index: number) => {
        while (isStorming) {
          const requestId = randomUUID();
          sent[index]! += 1;
          const transfer = await t.call('/api/ass/transfer', { asset: 'USDT', amount: '1', requestId }, member.headers);
          answers.push(transfer);
          if (kindOf(transfer) !== 'ok') unsettled.push({ member, requestId });
          answers.push(await t.call('/api/ass/lst', {}, member.headers));
          answers.push(await t.call('/api/ass/log', { limit: 5 }, member.headers));
        }
      };
      const loops = members.map(loop);
      await pause(500);
      const firstKill = await terminateBackends();
      await pause(500);
      const secondKill = await terminateBackends();
      await pause(500);
      isStorming = false;
      await Promise.all(loops);

      const busy = answers.filter((answer) => kindOf(answer) === 'busy');
      console.info(
        `storm: ${answers.length} answers, ${busy.length} SERVICE_BUSY (${unsettled.length} of them transfers); ` +
          `connections terminated ${firstKill} + ${secondKill}`,
      );
      expect(uncaught).toEqual([]);
      expect(firstKill).toBeGreaterThan(0);
      expect(secondKill).toBeGreaterThan(0);
      const others = answers.filter((answer) => kindOf(answer) === 'other');
      expect(others.map((answer) => [answer.status, answer.code, answer.msg])).toEqual([]);
      expect(busy.length).toBeGreaterThan(0);
      for (const answer of busy) {
        expect(answer.msg).toBe(BUSY_MESSAGE);
        expect(answer.response.headers['retry-after']).toBe('1');
      }
      // Logged as a warning per answer, with the driver's message only (never the statement's parameters).
      const warnings = t.logs.filter((line) => line.includes('answered SERVICE_BUSY'));
      expect(warnings).toHaveLength(busy.length);
      expect(warnings.filter((line) => !line.includes('"level":40') || line.includes('params'))).toEqual([]);

      // No restart: the same process answers again, more calls at once than the pool has connections.
      const after = await Promise.all(
        Array.from({ length: 40 }, (_, i) => t.call('/api/ass/lst', {}, members[i % CLIENTS]!.headers)),
      );
      expect(after.map(kindOf)).toEqual(after.map(() => 'ok'));
      // A transfer cut off during its COMMIT may have been applied: the same request id is safe to
      // send again and transfers once.
      for (const { member, requestId } of unsettled) {
        const retry = await t.call('/api/ass/transfer', { asset: 'USDT', amount: '1', requestId }, member.headers);
        expect(kindOf(retry)).toBe('ok');
      }

      // Every request id moved exactly 1 USDT, once: the balances are what the answers say.
      for (const [index, member] of members.entries()) {
        const answer = await t.call('/api/ass/lst', {}, member.headers);
        const usdt = (answer.data.lst as { asset: string; available: string; income: string }[]).find(
          (row) => row.asset === 'USDT',
        );
        const moved = toLedgerUnits(String(sent[index]));
        expect(usdt).toMatchObject({
          available: fromLedgerUnits(moved),
          income: fromLedgerUnits(toLedgerUnits(INCOME.toString()) - moved),
        });
      }
      expect(await findLedgerViolations(t.database.db)).toEqual({
        unbalanced: [],
        drifted: [],
        staleAfter: [],
        negative: [],
      });
      expectPoolSettled();
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
      process.off('unhandledRejection', onUncaught);
    }
  });

  it('keeps the connection when a statement outside a transaction is refused, and drops a dead one', async () => {
    const member = await createWalletMember(t);
    const backend = async () => {
      const result: unknown = await t.database.db.execute(sql`select pg_backend_pid() as pid`);
      return (result as { rows: { pid: number }[] }).rows[0]!.pid;
    };
    // Every pooled connection but one held, so each statement below runs on the same free one.
    const held = await Promise.all(Array.from({ length: pool.options.max - 1 }, () => pool.connect()));
    try {
      const before = await backend();
      // A one-statement money write refused by the balance CHECK (an exchange beyond the balance).
      const quoted = await t.call('/api/exchange/quote', { from: 'USDT', to: 'KPC', amount: '5' }, member.headers);
      expect(quoted.code).toBe(ErrorCode.OK);
      const refused = await t.call(
        '/api/exchange/confirm',
        { quote: (quoted.data as { quote: string }).quote },
        member.headers,
      );
      expect(refused.code).toBe(ErrorCode.INSUFFICIENT_BALANCE);
      await expect(t.database.db.execute(sql`select 1 / 0`)).rejects.toThrow();
      expect(await backend()).toBe(before);

      // Terminated (FATAL): the statement that meets it fails, unless the pool saw it die while idle;
      // either way the dead connection is dropped, not reused.
      await admin.query('select pg_terminate_backend($1)', [before]);
      const after = await backend().catch(() => backend());
      expect(after).not.toBe(before);
      expect(await backend()).toBe(after);
    } finally {
      for (const client of held) client.release();
    }
    expectPoolSettled();
  });

  it('answers SERVICE_BUSY instead of hanging when no connection comes in time', async () => {
    const member = await createWalletMember(t);
    expect(pool.options.connectionTimeoutMillis).toBe(DEFAULT_CONNECT_TIMEOUT_SECONDS * 1000);
    const configured = pool.options.connectionTimeoutMillis;
    pool.options.connectionTimeoutMillis = 300;
    // Every connection taken (as by a stuck database): the call waits its turn, then gives up.
    const held = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
    try {
      const answer = await t.call('/api/ass/lst', {}, member.headers);
      expect(answer).toMatchObject({ status: 503, code: ErrorCode.SERVICE_BUSY, msg: BUSY_MESSAGE });
    } finally {
      for (const client of held) client.release();
      pool.options.connectionTimeoutMillis = configured;
    }
    expect(kindOf(await t.call('/api/ass/lst', {}, member.headers))).toBe('ok');
    expectPoolSettled();
  });
});
