import { randomUUID } from 'node:crypto';
import {} from '@kpc/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { findLedgerViolations } from '../../testing/ledger-invariants.ts';
import { createWalletMember, fund, type TestMember } from '../../testing/members.ts';
import { memberBalance } from '../../testing/ledger-balances.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';

const KEY = 'ops-key-0123456789-0123456789-0123456789';
const OPS = { 'x-operator-key': KEY };

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    RUN_CHAIN_WORKERS: 'false',
    OPERATOR_KEYS: `alice@compliance:${KEY},bob@compliance:${'b'.repeat(32)}`,
  });
}, 60_000);
afterAll(async () => {
  await t.close();
});

const usdt = (member: TestMember) => memberBalance(t.database.db, member.memberId, 'USDT');

async function expectSoundLedger() {
  expect(await findLedgerViolations(t.database.db)).toEqual({
    unbalanced: [],
    drifted: [],
    staleAfter: [],
    negative: [],
  });
}

const details = { name: 'Node Ltd', contact: '@node', region: 'Singapore' };
const apply = (member: TestMember) => t.call('/api/node/apply', details, member.headers);
/** Pays as the node page does: the price it shows (10,000 USDT, migration 0010). */
const pay = (member: TestMember, requestId: string = randomUUID()) =>
  t.call('/api/node/pay', { amount: '10000', requestId }, member.headers);
const operator = (path: string, body: unknown, headers: Record<string, string> = OPS) =>
  t.call(`/api/operator/${path}`, body, headers);

describe(`the global node (${testDatabaseKind()})`, () => {
  it('goes applied -> approved -> paid -> authorized, each step once, keeping who decided', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '12000');
    expect((await t.call('/api/node/status', {}, member.headers)).data).toEqual({
      price: '10000',
      asset: 'USDT',
      application: null,
    });
    const applied = await apply(member);
    expect(applied).toMatchObject({ code: 200, data: { status: 'applied', name: 'Node Ltd', paid: null } });
    expect((await apply(member)).code).toBe(1620);
    // Paying before approval is refused.
    expect((await pay(member)).code).toBe(1622);
    const id = applied.data.id as string;
    const reviewed = await operator('node/review', { id, approve: true, note: 'welcome' });
    expect(reviewed).toMatchObject({
      code: 200,
      data: { status: 'approved', reviewedBy: 'alice', reviewNote: 'welcome' },
    });
    // Reviewing twice is refused, by anyone.
    expect((await operator('node/review', { id, approve: false }, { 'x-operator-key': 'b'.repeat(32) })).code).toBe(
      1622,
    );
    expect((await operator('node/authorize', { id })).code).toBe(1622);
    const requestId = randomUUID();
    const paying = await Promise.all(Array.from({ length: 10 }, () => pay(member, requestId)));
    expect(paying.map((answer) => answer.code)).toEqual(Array(10).fill(200));
    expect(paying[0]!.data).toMatchObject({ status: 'paid', paid: '10000' });
    expect(await usdt(member)).toBe('2000');
    expect((await pay(member)).code).toBe(1622);
    const authorized = await operator('node/authorize', { id });
    expect(authorized.data).toMatchObject({ status: 'authorized', decidedBy: 'alice' });
    expect(authorized.data.decidedAt).not.toBeNull();
    expect((await operator('node/refuse', { id, note: 'late' })).code).toBe(1622);
    expect((await t.call('/api/node/status', {}, member.headers)).data.application).toMatchObject({
      status: 'authorized',
    });
    // A granted node blocks another application.
    expect((await apply(member)).code).toBe(1620);
    await expectSoundLedger();
  });

  it('refuses applying without funds to pay, and refunds a refused node exactly once', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '9999');
    const id = (await apply(member)).data.id as string;
    await operator('node/review', { id, approve: true });
    expect(await pay(member)).toMatchObject({ code: 1200, msg: 'Insufficient balance.' });
    expect((await t.call('/api/node/status', {}, member.headers)).data.application.status).toBe('approved');
    await fund(t, member, 'USDT', '1');
    expect((await pay(member)).data.status).toBe('paid');
    expect(await usdt(member)).toBe('0');
    const refusals = await Promise.all([
      operator('node/refuse', { id, note: 'region full' }),
      operator('node/refuse', { id, note: 'region full' }),
    ]);
    expect(refusals.map((answer) => answer.code).sort((a, b) => a - b)).toEqual([200, 1622]);
    expect(await usdt(member)).toBe('10000');
    const status = (await t.call('/api/node/status', {}, member.headers)).data.application;
    expect(status).toMatchObject({ status: 'refused', decisionNote: 'region full', paid: '10000' });
    const refunds: unknown = await t.database.db.execute(
      sql`select count(*)::int as n from ledger_entries where type = 'node_refund' and member_id = ${member.memberId}`,
    );
    expect((refunds as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    // Refused: a new application may follow; a rejected one too.
    const next = (await apply(member)).data.id as string;
    expect((await operator('node/review', { id: next, approve: false, note: 'no' })).data.status).toBe('rejected');
    expect((await pay(member)).code).toBe(1622);
    await expectSoundLedger();
  });

  it('keeps members to their own application and operators to known ids', async () => {
    const member = await createWalletMember(t);
    expect((await pay(member)).code).toBe(1621);
    expect((await operator('node/review', { id: '999999999', approve: true })).code).toBe(1621);
    const list = await operator('node/list', { status: 'authorized' });
    expect(list.code).toBe(200);
    for (const row of list.data.list as { status: string }[]) expect(row.status).toBe('authorized');
  });
});

describe(`shareholder applications (${testDatabaseKind()})`, () => {
  it('applies once, is reviewed once, and shows the note', async () => {
    const member = await createWalletMember(t);
    expect((await t.call('/api/stockholder/status', {}, member.headers)).data).toEqual({ application: null });
    const body = { name: 'Ann', contact: 'ann@example.com', contribution: '25000.5', note: 'long term' };
    const applied = await t.call('/api/stockholder/apply', body, member.headers);
    expect(applied.data).toMatchObject({ status: 'pending', contribution: '25000.5', asset: 'USDT', reviewNote: null });
    expect((await t.call('/api/stockholder/apply', body, member.headers)).code).toBe(1630);
    expect((await t.call('/api/stockholder/apply', { ...body, contribution: '1.1234567' }, member.headers)).code).toBe(
      1201,
    );
    const id = applied.data.id as string;
    const reviewed = await operator('stockholder/review', { id, approve: false, note: 'Please contact us first.' });
    expect(reviewed.data).toMatchObject({ status: 'rejected', reviewedBy: 'alice' });
    expect((await operator('stockholder/review', { id, approve: true })).code).toBe(1632);
    expect((await operator('stockholder/review', { id: '99999999', approve: true })).code).toBe(1631);
    const status = (await t.call('/api/stockholder/status', {}, member.headers)).data.application;
    expect(status).toMatchObject({ status: 'rejected', reviewNote: 'Please contact us first.' });
    expect((await t.call('/api/stockholder/apply', body, member.headers)).data.status).toBe('pending');
  });

  it('answers malformed bodies with a validation error, never a 500', async () => {
    const member = await createWalletMember(t);
    for (const body of [
      {},
      { name: 'A', contact: 'B', contribution: '-1' },
      { name: '', contact: 'B', contribution: '1' },
    ]) {
      expect((await t.call('/api/stockholder/apply', body, member.headers)).code).toBe(1000);
    }
    for (const body of [{}, { name: 'x'.repeat(101), contact: 'c', region: 'r' }]) {
      expect((await t.call('/api/node/apply', body, member.headers)).code).toBe(1000);
    }
    for (const body of [{}, { id: 'x', approve: true }, { id: '1', approve: 'yes' }]) {
      expect((await operator('node/review', body)).code).toBe(1000);
      expect((await operator('stockholder/review', body)).code).toBe(1000);
    }
    expect((await operator('node/refuse', { id: '1' })).code).toBe(1000);
    expect((await pay(member, 'nope')).code).toBe(1000);
  });
});

describe(`the operator API (${testDatabaseKind()})`, () => {
  it('refuses a missing or wrong key, and a member token, with HTTP 401 and a localised message', async () => {
    const member = await createWalletMember(t);
    for (const headers of [
      {},
      { 'x-operator-key': 'wrong' },
      { 'x-operator-key': `${KEY}x` },
      member.headers,
      { ...member.headers, token: member.token },
    ]) {
      const answer = await operator('node/list', {}, headers);
      expect(answer).toMatchObject({
        status: 401,
        code: 401,
        msg: 'Sign in to the console, or send a valid service account key.',
        data: null,
      });
    }
    const zh = await operator('stockholder/list', {}, { 'x-operator-key': 'wrong', language: 'zh_CN' });
    expect(zh.msg).toBe('请登录控制台，或提供有效的服务账户密钥。');
    // Malformed bodies without a key are refused for the key, before the body is read.
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/operator/node/list',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(raw.statusCode).toBe(401);
    // The operator key does not sign a member in either.
    expect((await t.call('/api/node/status', {}, OPS)).code).toBe(401);
    expect((await operator('node/list', {})).code).toBe(200);
    // Keys, given or configured, never reach the log.
    expect(t.logs.filter((line) => line.includes(KEY))).toEqual([]);
  });

  it('limits wrong keys per client, generates a development key, and refuses weak keys at start-up', async () => {
    const limited = await createTestApp({ OPERATOR_KEYS: `ops@compliance:${KEY}`, RATE_LIMIT_LOGIN_MAX: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++)
        codes.push((await limited.call('/api/operator/node/list', {}, { 'x-operator-key': 'guess' })).code);
      expect(codes).toEqual([401, 401, 401, 1001, 1001]);
    } finally {
      await limited.close();
    }
    const development = await createTestApp({});
    try {
      const line = development.logs.find((entry) => entry.includes('Development operator key'));
      const key = /Development operator key: (\S+)/.exec(line ?? '')?.[1];
      expect(key).toBeDefined();
      expect((await development.call('/api/operator/node/list', {}, { 'x-operator-key': key! })).code).toBe(200);
    } finally {
      await development.close();
    }
    const base = { NODE_ENV: 'test', APP_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig({ ...base, OPERATOR_KEYS: 'ops@finance:short' })).toThrow(/OPERATOR_KEYS.*at least 32/);
    expect(() => loadConfig({ ...base, OPERATOR_KEYS: `no-secret` })).toThrow(/OPERATOR_KEYS/);
    // Step 8a: a service account names its roles.
    expect(() => loadConfig({ ...base, OPERATOR_KEYS: `ops:${KEY}` })).toThrow(/ops.*name its roles/);
    expect(() => loadConfig({ ...base, OPERATOR_KEYS: `ops@root:${KEY}` })).toThrow(/name its roles/);
    expect(() => loadConfig({ ...base, OPERATOR_KEYS: `a@admin:${KEY},a@admin:${KEY}` })).toThrow(/appears twice/);
    expect(() => loadConfig({ ...base, OPERATOR_KEYS: `ops@admin:${'s'.repeat(31)}` })).not.toThrow(
      new RegExp('s'.repeat(31)),
    );
    expect(loadConfig({ ...base, OPERATOR_KEYS: `a@finance+support:${KEY}, b@content:${KEY}` }).OPERATOR_KEYS).toEqual([
      { name: 'a', roles: ['finance', 'support'], secret: KEY },
      { name: 'b', roles: ['content'], secret: KEY },
    ]);
  });
});
