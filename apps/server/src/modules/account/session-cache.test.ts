import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { assets, kpcPrices, members, sessions } from '../../db/schema/index.ts';
import { createWalletMember, fund } from '../../testing/members.ts';
import { logStatements, type StatementLog } from '../../testing/statements.ts';
import { createTestApp, GENESIS_CODE, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';

/**
 * The in-process caches (session-cache.ts, ledger/reference-data.ts) with two server instances on
 * one database, as two processes behind a load balancer would be: what one instance changes,
 * the other must see.
 */

const PASSWORD = 'correct horse battery staple';

let first: TestApp;
let second: { app: FastifyInstance; database: DatabaseHandle; call: TestApp['call'] };
/** Statements the first instance's database client has run: the cost of a request in queries. */
let statements: StatementLog;

async function openSecondInstance(): Promise<typeof second> {
  // PGlite lives in one process: both instances share it. PostgreSQL: a pool of its own.
  const database =
    testDatabaseKind() === 'pglite'
      ? { ...first.database, close: async () => undefined }
      : await openDatabase({
          databaseUrl: (first.database.db as unknown as { $client: pg.Pool }).$client.options.connectionString,
          dataDir: 'unused',
          poolSize: 5,
        });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    GENESIS_INVITE_CODE: GENESIS_CODE,
    WEB_DIST_DIR: '/nonexistent-web-dist',
  });
  const app = await buildApp({ config, database, clock: first.clock, logStream: { write: () => undefined } });
  await app.ready();
  return {
    app,
    database,
    async call(path, body, headers = {}) {
      const response = await app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/json', ...headers },
        payload: JSON.stringify(body ?? {}),
      });
      const parsed = response.json<{ code: number; msg: string; data: unknown }>();
      return { status: response.statusCode, code: parsed.code, msg: parsed.msg, data: parsed.data, response };
    },
  };
}

beforeAll(async () => {
  first = await createTestApp();
  second = await openSecondInstance();
  statements = logStatements(first.database);
});
afterAll(async () => {
  await second?.app.close();
  await second?.database.close();
  await first?.close();
});

/** Registers an email member with a password through the first instance and logs it in. */
async function emailMember(): Promise<{ email: string; token: string }> {
  const email = `cache.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;
  const since = first.smtp.mails.length;
  expect((await first.call('/api/acc/sendCode', { email, purpose: 'register' })).code).toBe(200);
  const code = await first.smtp.waitForCode(email, { since });
  const registered = await first.call('/api/acc/register', {
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    code,
    inviteCode: GENESIS_CODE,
    agreed: true,
  });
  expect(registered.code).toBe(200);
  return { email, token: await loginEmail(email) };
}

async function loginEmail(email: string): Promise<string> {
  const answer = await first.call('/api/acc/loginEmail', { type: 1, email, password: PASSWORD });
  expect(answer.code).toBe(200);
  return answer.data.token as string;
}

const codeOn = async (instance: Pick<TestApp, 'call'>, token: string) =>
  (await instance.call('/api/ass/lst', {}, { token })).code;

describe('sessions cached in two instances of the server', () => {
  it('answers an authenticated read with one query, and the price with none', async () => {
    const member = await createWalletMember(first);
    await fund(first, member, 'USDT', '10');
    // The second instance's start-up writes reference data, and on PostgreSQL its notification can
    // reach the first instance late (under load) and empty its cache once: the cheapest of three
    // warm reads counts. A cache that does not work costs more on every one.
    const readCosts: number[] = [];
    const priceCosts: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await first.call('/api/ass/lst', {}, member.headers); // caches the session and the reference data
      await first.call('/api/card/getPrice', {});
      const before = statements.count();
      const answer = await first.call('/api/ass/lst', {}, member.headers);
      expect(answer.data.lst[0]).toMatchObject({ asset: 'USDT', available: '10' });
      readCosts.push(statements.count() - before);
      const priced = statements.count();
      expect((await first.call('/api/card/getPrice', {})).data.price).toBe('0.1');
      priceCosts.push(statements.count() - priced);
    }
    expect(Math.min(...readCosts)).toBe(1);
    expect(Math.min(...priceCosts)).toBe(0);
  });

  it('logout in one instance makes the token fail in the other at once', async () => {
    const member = await createWalletMember(first);
    expect(await codeOn(second, member.token)).toBe(200);
    expect(await codeOn(second, member.token)).toBe(200); // now from the second's cache
    expect((await first.call('/api/acc/logout', {}, member.headers)).code).toBe(200);
    expect(await codeOn(second, member.token)).toBe(5000);
    expect(await codeOn(first, member.token)).toBe(5000);
  });

  it('a password change in one instance ends the other sessions in the other at once', async () => {
    const { email, token: elsewhere } = await emailMember();
    const here = await loginEmail(email);
    expect(await codeOn(second, elsewhere)).toBe(200);
    expect(await codeOn(second, here)).toBe(200);
    const since = first.smtp.mails.length;
    expect((await first.call('/api/acc/sendCode', { email, purpose: 'resetPassword' })).code).toBe(200);
    const code = await first.smtp.waitForCode(email, { since });
    const changed = await first.call(
      '/api/acc/resetPassword',
      { email, code, password: 'a new passphrase', confirmPassword: 'a new passphrase' },
      { token: here },
    );
    expect(changed.code).toBe(200);
    expect(await codeOn(second, elsewhere)).toBe(5000);
    expect(await codeOn(second, here)).toBe(200);
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    'logout answers only once every listening process has dropped the session',
    async () => {
      // A third, slow process: it acknowledges a revocation 300 ms after hearing of it.
      const url = (first.database.db as unknown as { $client: pg.Pool }).$client.options.connectionString;
      const slow = new pg.Client({ connectionString: url, application_name: 'kpc-cache:slow-process' });
      await slow.connect();
      // Its acknowledgements, awaited before it disconnects: logout may answer before the last
      // one's query has returned, and ending the connection under it would reject it unhandled.
      const acknowledgements: Promise<unknown>[] = [];
      try {
        await slow.query('listen kpc_sessions');
        slow.on('notification', (message) => {
          const nonce = message.payload?.split(' ')[1];
          if (!nonce) return;
          acknowledgements.push(
            sleep(300).then(() => slow.query(`select pg_notify('kpc_session_acks', $1)`, [`slow-process ${nonce}`])),
          );
        });
        const member = await createWalletMember(first);
        const started = performance.now();
        expect((await first.call('/api/acc/logout', {}, member.headers)).code).toBe(200);
        expect(performance.now() - started).toBeGreaterThanOrEqual(300);
      } finally {
        await Promise.allSettled(acknowledgements);
        await slow.end();
      }
    },
  );

  it('drops sessions an operator revokes or a member an operator disables, in SQL, in every instance', async () => {
    const revoked = await createWalletMember(first);
    const disabled = await createWalletMember(first);
    for (const member of [revoked, disabled]) {
      expect(await codeOn(first, member.token)).toBe(200);
      expect(await codeOn(second, member.token)).toBe(200);
    }
    await first.database.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'operator' })
      .where(eq(sessions.memberId, revoked.memberId));
    await first.database.db.update(members).set({ status: 'disabled' }).where(eq(members.id, disabled.memberId));
    // Not through a request, so nobody waits for the other processes: they drop it within moments.
    for (const instance of [first, second]) {
      await expect.poll(() => codeOn(instance, revoked.token), { timeout: 2000, interval: 5 }).toBe(5000);
      await expect.poll(() => codeOn(instance, disabled.token), { timeout: 2000, interval: 5 }).toBe(403);
    }
  });
});

describe('sessions expire on time from the cache', () => {
  let short: TestApp;
  beforeAll(async () => {
    // Touched (and so re-read) every 2 s; idle after 20 s; 60 s at most.
    short = await createTestApp({ SESSION_IDLE_SECONDS: '20', SESSION_MAX_AGE_SECONDS: '60' });
  });
  afterAll(async () => {
    await short.close();
  });

  it('ends a cached session once idle for the idle time', async () => {
    const member = await createWalletMember(short);
    expect(await codeOn(short, member.token)).toBe(200);
    short.clock.advance(19);
    expect(await codeOn(short, member.token)).toBe(200);
    short.clock.advance(20);
    expect(await codeOn(short, member.token)).toBe(401);
  });

  it('ends a cached session in use at its maximum age', async () => {
    const member = await createWalletMember(short);
    for (let used = 0; used < 55; used += 11) {
      short.clock.advance(11);
      expect(await codeOn(short, member.token)).toBe(200);
    }
    short.clock.advance(6);
    expect(await codeOn(short, member.token)).toBe(401);
  });
});

describe('reference data cached in two instances', () => {
  const price = async (instance: Pick<TestApp, 'call'>): Promise<string> =>
    (await instance.call('/api/card/getPrice', {})).data.price as string;

  it('shows a new price, and one set for later once its time comes, in both', async () => {
    expect(await price(first)).toBe('0.1');
    expect(await price(second)).toBe('0.1');
    await first.database.db.insert(kpcPrices).values({ price: '0.2', effectiveAt: first.clock.now() });
    await first.database.db
      .insert(kpcPrices)
      .values({ price: '0.3', effectiveAt: new Date(first.clock.now().getTime() + 60_000) });
    for (const instance of [first, second]) {
      await expect.poll(() => price(instance), { timeout: 2000, interval: 5 }).toBe('0.2');
    }
    first.clock.advance(61); // no write: the later price was already known
    expect(await price(first)).toBe('0.3');
    expect(await price(second)).toBe('0.3');
    await first.database.db.delete(kpcPrices).where(eq(kpcPrices.source, 'operator'));
    for (const instance of [first, second]) {
      await expect.poll(() => price(instance), { timeout: 2000, interval: 5 }).toBe('0.1');
    }
  });

  it('lists an asset an operator disables no more, in both', async () => {
    const member = await createWalletMember(first);
    const listed = async (instance: Pick<TestApp, 'call'>) =>
      ((await instance.call('/api/ass/lst', {}, member.headers)).data.lst as { asset: string }[]).map(
        (row) => row.asset,
      );
    expect(await listed(second)).toEqual(['USDT', 'KPC']);
    await first.database.db.update(assets).set({ enabled: false }).where(eq(assets.code, 'KPC'));
    try {
      for (const instance of [first, second]) {
        await expect.poll(() => listed(instance), { timeout: 2000, interval: 5 }).toEqual(['USDT']);
      }
    } finally {
      await first.database.db.update(assets).set({ enabled: true }).where(eq(assets.code, 'KPC'));
    }
    for (const instance of [first, second]) {
      await expect.poll(() => listed(instance), { timeout: 2000, interval: 5 }).toEqual(['USDT', 'KPC']);
    }
  });
});
