import { randomUUID } from 'node:crypto';
import { fromLedgerUnits, toLedgerUnits, type TPlanLogResponse, type TPlanProductsResponse } from '@kpc/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerViolations } from '../../testing/ledger-invariants.ts';
import { createWalletMember, fund, type TestMember } from '../../testing/members.ts';
import { logStatements } from '../../testing/statements.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { runReleaseEngine } from './release-engine.ts';
import { advancePlanDays, planClock } from './testing.ts';

let t: TestApp;
let starterId: string;
let advancedId: string;
let pledge30: string;

beforeAll(async () => {
  // The scheduled engine stays off: the tests run it by hand.
  t = await createTestApp({ RUN_CHAIN_WORKERS: 'false' });
  const products = (await t.call('/api/plan/products', {})).data as TPlanProductsResponse;
  starterId = products.investment[0]!.id;
  advancedId = products.investment[1]!.id;
  pledge30 = products.pledgeTerms.find((term) => term.days === 30)!.id;
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function balances(member: TestMember): Promise<Record<string, string>> {
  const result: unknown = await t.database.db.execute(
    sql`select asset, bucket, balance::text as balance from ledger_accounts where member_id = ${member.memberId}`,
  );
  const out: Record<string, string> = {};
  for (const row of (result as { rows: { asset: string; bucket: string; balance: string }[] }).rows) {
    out[`${row.asset}:${row.bucket}`] = fromLedgerUnits(toLedgerUnits(row.balance));
  }
  return out;
}

const join = (member: TestMember, body: Record<string, unknown>) => t.call('/api/plan/join', body, member.headers);

async function expectSoundLedger() {
  expect(await findLedgerViolations(t.database.db)).toEqual({
    unbalanced: [],
    drifted: [],
    staleAfter: [],
    negative: [],
  });
}

describe('plan products (public)', () => {
  it('lists the seeded defaults logged out, within SPEC §9 ratios', async () => {
    const answer = await t.call('/api/plan/products', {});
    expect(answer.code).toBe(200);
    expect(answer.data.investment[0]).toMatchObject({
      nameKey: 'plan.product.starter',
      minAmount: '100',
      maxAmount: '10000',
      coefficient: '1.5',
      phases: [
        { phase: 1, ratio: '0.0035' },
        { phase: 2, ratio: '0.004' },
        { phase: 3, ratio: '0.0045' },
        { phase: 4, ratio: '0.005' },
      ],
    });
    expect(answer.data.esop).toMatchObject({ lockMonths: 6, releaseMonths: 12, minAmount: '100', maxAmount: '50000' });
    expect((answer.data as TPlanProductsResponse).pledgeTerms.map((term) => term.days)).toEqual([30, 90, 180]);
    expect(answer.data.kpcBurned).toBe('0');
    expect((await t.call('/api/plan/burned', {})).data).toEqual({ asset: 'KPC', burned: '0' });
  });
});

describe('joining (retry-safe, bounded)', () => {
  it('refuses amounts outside the product bounds and too little balance, with localised messages', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '500');
    const below = await join(member, { productId: starterId, amount: '99.99', requestId: randomUUID() });
    expect(below).toMatchObject({ status: 200, code: 1206, msg: 'The minimum amount is 100 USDT.' });
    const above = await join(member, { productId: starterId, amount: '10000.01', requestId: randomUUID() });
    expect(above).toMatchObject({ code: 1208, msg: 'The maximum amount is 10000 USDT.' });
    const zh = await t.call(
      '/api/plan/join',
      { productId: starterId, amount: '20000', requestId: randomUUID() },
      { ...member.headers, language: 'zh_CN' },
    );
    expect(zh.msg).toBe('最高数量为 10000 USDT。');
    const poor = await join(member, { productId: starterId, amount: '600', requestId: randomUUID() });
    expect(poor.code).toBe(1200);
    const advancedBelow = await join(member, { productId: advancedId, amount: '500', requestId: randomUUID() });
    expect(advancedBelow).toMatchObject({ code: 1206, msg: 'The minimum amount is 1000 USDT.' });
    const unknown = await join(member, { productId: '999999', amount: '100', requestId: randomUUID() });
    expect(unknown.code).toBe(1400);
    // Nothing moved.
    expect(await balances(member)).toMatchObject({ 'USDT:available': '500' });
    await expectSoundLedger();
  });

  it('answers a replayed request id with the same order and charges once', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '1100');
    const requestId = randomUUID();
    const first = await join(member, { productId: starterId, amount: '300', requestId });
    const again = await join(member, { productId: starterId, amount: '300', requestId });
    expect(first.code).toBe(200);
    expect(again.data).toEqual(first.data);
    expect(first.data).toMatchObject({ amount: '300', quota: '450', released: '0', phase: 1, todayRatio: '0.0035' });
    const other = await join(member, { productId: starterId, amount: '400', requestId });
    expect(other.code).toBe(1403);
    // The same request twice at once: one order, one charge.
    const racing = randomUUID();
    const [x, y] = await Promise.all([
      join(member, { productId: starterId, amount: '100', requestId: racing }),
      join(member, { productId: starterId, amount: '100', requestId: racing }),
    ]);
    expect([x.code, y.code]).toEqual([200, 200]);
    expect(x.data.id).toBe(y.data.id);
    const [a, b] = await Promise.all([
      join(member, { productId: starterId, amount: '100', requestId: randomUUID() }),
      join(member, { productId: starterId, amount: '100', requestId: randomUUID() }),
    ]);
    expect([a.code, b.code]).toEqual([200, 200]);
    expect(await balances(member)).toMatchObject({ 'USDT:available': '500' });
    const orders = await t.call('/api/plan/orders', {}, member.headers);
    expect(orders.data.list).toHaveLength(4);
    await expectSoundLedger();
  });

  it('lets 60 concurrent pledges stake at most the balance, and 20 of one request id pledge once', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'KPC', '1000');
    const pledge = (requestId: string) =>
      t.call('/api/plan/pledge', { termId: pledge30, amount: '100', requestId }, member.headers);
    const answers = await Promise.all(Array.from({ length: 60 }, () => pledge(randomUUID())));
    expect(answers.filter((answer) => answer.code === 200)).toHaveLength(10);
    expect(answers.filter((answer) => answer.code === 1200)).toHaveLength(50);
    expect(await balances(member)).toMatchObject({ 'KPC:available': '0', 'KPC:staked': '1000' });

    await fund(t, member, 'KPC', '100');
    const requestId = randomUUID();
    const twins = await Promise.all(Array.from({ length: 20 }, () => pledge(requestId)));
    expect(new Set(twins.map((answer) => `${answer.code}:${answer.data?.id}`)).size).toBe(1);
    expect(twins[0]).toMatchObject({ code: 200, data: { amount: '100', status: 'active', rewardsPaid: '0' } });
    expect(await balances(member)).toMatchObject({ 'KPC:available': '0', 'KPC:staked': '1100' });
    const list = (await t.call('/api/plan/pledges', {}, member.headers)).data as { list: unknown[] };
    expect(list.list).toHaveLength(11);
    await expectSoundLedger();
  });

  it('writes a pledge in one statement once its term is known, as an exchange (Step 9 §2)', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'KPC', '300');
    const pledge = () =>
      t.call('/api/plan/pledge', { termId: pledge30, amount: '100', requestId: randomUUID() }, member.headers);
    expect((await pledge()).code).toBe(200);
    const statements = logStatements(t.database);
    const sent: string[][] = [];
    for (let i = 0; i < 2; i++) {
      const before = statements.count();
      const answer = await pledge();
      expect(answer).toMatchObject({ code: 200, data: { amount: '100', status: 'active', termDays: 30 } });
      sent.push(statements.texts(before));
    }
    // The session and the price come from the caches; the pledge and its entry are one statement.
    // (The cheaper of two: a change notification of an earlier test may empty a cache once.)
    const write = [expect.stringMatching(/^with cause as \(insert into pledges/)];
    expect(sent.filter((texts) => texts.length === 1)[0] ?? sent[0]).toEqual(write);
    expect(await balances(member)).toMatchObject({ 'KPC:available': '0', 'KPC:staked': '300' });
    await expectSoundLedger();
  });

  it('answers malformed bodies with a validation error, never a 500', async () => {
    const member = await createWalletMember(t);
    const bodies: unknown[] = [
      {},
      { productId: starterId, amount: '-1', requestId: randomUUID() },
      { productId: starterId, amount: '1e3', requestId: randomUUID() },
      { productId: 'x', amount: '100', requestId: randomUUID() },
      { productId: starterId, amount: '100', requestId: 'not-a-uuid' },
      { productId: starterId, amount: '100.1234567', requestId: randomUUID() },
      { productId: '99999999999999999999', amount: '100', requestId: randomUUID() },
    ];
    for (const path of ['/api/plan/join', '/api/plan/esop/join', '/api/plan/pledge', '/api/plan/pledge/redeem']) {
      for (const body of bodies) {
        const answer = await t.call(path, body, member.headers);
        expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(200);
        expect(answer.code, `${path} ${JSON.stringify(body)}`).not.toBe(200);
        expect(answer.code).not.toBe(500);
      }
    }
    const logged = await t.call('/api/plan/orders', {});
    expect(logged.code).toBe(401);
  });

  it('never shows or redeems another member’s records', async () => {
    const owner = await createWalletMember(t);
    const stranger = await createWalletMember(t);
    await fund(t, owner, 'KPC', '1000');
    const pledge = await t.call(
      '/api/plan/pledge',
      { termId: pledge30, amount: '1000', requestId: randomUUID() },
      owner.headers,
    );
    expect(pledge.code).toBe(200);
    const redeem = await t.call(
      '/api/plan/pledge/redeem',
      { pledgeId: pledge.data.id, requestId: randomUUID() },
      stranger.headers,
    );
    expect(redeem.code).toBe(1401);
    expect((await t.call('/api/plan/pledges', {}, stranger.headers)).data.list).toEqual([]);
    expect((await t.call('/api/plan/pledges', {}, owner.headers)).data.list).toHaveLength(1);
  });
});

describe('ESOP and pledges', () => {
  it('bounds ESOP orders and pledges, and redeems a pledge early once, burning its penalty', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '100000');
    await fund(t, member, 'KPC', '500');
    const low = await t.call(
      '/api/plan/esop/join',
      { amount: '99', price: '0.1', requestId: randomUUID() },
      member.headers,
    );
    expect(low).toMatchObject({ code: 1206, msg: 'The minimum amount is 100 USDT.' });
    const high = await t.call(
      '/api/plan/esop/join',
      { amount: '50000.5', price: '0.1', requestId: randomUUID() },
      member.headers,
    );
    expect(high).toMatchObject({ code: 1208, msg: 'The maximum amount is 50000 USDT.' });
    const small = await t.call(
      '/api/plan/pledge',
      { termId: pledge30, amount: '99.9', requestId: randomUUID() },
      member.headers,
    );
    expect(small).toMatchObject({ code: 1206, msg: 'The minimum amount is 100 KPC.' });
    const tooMuch = await t.call(
      '/api/plan/pledge',
      { termId: pledge30, amount: '600', requestId: randomUUID() },
      member.headers,
    );
    expect(tooMuch.code).toBe(1200);

    const burnedBefore = toLedgerUnits(((await t.call('/api/plan/burned', {})).data as { burned: string }).burned);
    const pledge = await t.call(
      '/api/plan/pledge',
      { termId: pledge30, amount: '500', requestId: randomUUID() },
      member.headers,
    );
    expect(await balances(member)).toMatchObject({ 'KPC:available': '0', 'KPC:staked': '500' });
    const requestId = randomUUID();
    const redeem = () => t.call('/api/plan/pledge/redeem', { pledgeId: pledge.data.id, requestId }, member.headers);
    const first = await redeem();
    expect(first.data).toMatchObject({ status: 'redeemed', penalty: '50', returned: '450', remainingDays: 0 });
    expect((await redeem()).data).toEqual(first.data);
    const other = await t.call(
      '/api/plan/pledge/redeem',
      { pledgeId: pledge.data.id, requestId: randomUUID() },
      member.headers,
    );
    expect(other.code).toBe(1402);
    expect(await balances(member)).toMatchObject({ 'KPC:available': '450', 'KPC:staked': '0' });
    const burnedAfter = toLedgerUnits(((await t.call('/api/plan/burned', {})).data as { burned: string }).burned);
    expect(fromLedgerUnits(burnedAfter - burnedBefore)).toBe('50');
    // No more rewards after an early redemption.
    await advancePlanDays(t, 3);
    expect(
      ((await t.call('/api/plan/pledges', {}, member.headers)).data as { list: { rewardsPaid: string }[] }).list[0],
    ).toMatchObject({ rewardsPaid: '0' });
    await expectSoundLedger();
  });
});

describe("an order's phases (issue 24 item 7)", () => {
  it("counts the phases of the product's table apart from the schedule's, whose final ratio continues", async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '1000');
    const order = await join(member, { productId: starterId, amount: '1000', requestId: randomUUID() });
    // Starter lists 4 phases; 1,000 USDT at x1.5 takes 318 days: 11 phases, the last 7 at 0.5 %.
    expect(order.data).toMatchObject({ phase: 1, tablePhaseCount: 4, phaseCount: 11, totalDays: 318 });
    await advancePlanDays(t, 121);
    const [moved] = (await t.call('/api/plan/orders', {}, member.headers)).data.list;
    expect(moved).toMatchObject({ phase: 5, tablePhaseCount: 4, daysReleased: 121, todayRatio: '0.005' });
  });
});

describe('the release engine', () => {
  it('releases once per day however often it runs, also two engines at once', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '1000');
    const order = await join(member, { productId: starterId, amount: '1000', requestId: randomUUID() });
    await runReleaseEngine(t.database.db, planClock(t));
    expect((await t.call('/api/plan/log', { orderId: order.data.id }, member.headers)).data.list).toEqual([]);
    await advancePlanDays(t, 1);
    await runReleaseEngine(t.database.db, planClock(t));
    await Promise.all([runReleaseEngine(t.database.db, planClock(t)), runReleaseEngine(t.database.db, planClock(t))]);
    const log = (await t.call('/api/plan/log', { orderId: order.data.id }, member.headers)).data.list;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ day: 1, phase: 1, ratio: '0.0035', amount: '3.5', asset: 'USDT' });
    expect(await balances(member)).toMatchObject({ 'USDT:income': '3.5', 'USDT:available': '0' });
    await expectSoundLedger();
  });

  it('catches up 10 missed days in order after downtime', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '2000');
    const order = await join(member, { productId: starterId, amount: '2000', requestId: randomUUID() });
    planClock(t).advanceDays(10);
    const result = await runReleaseEngine(t.database.db, planClock(t));
    expect(result.rounds).toBeGreaterThanOrEqual(10);
    const log = (
      (await t.call('/api/plan/log', { orderId: order.data.id, limit: 50 }, member.headers)).data as TPlanLogResponse
    ).list;
    expect(log.map((row) => row.day)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    // Released in order: the release ids increase with the day.
    const ids = log.map((row) => BigInt(row.id));
    expect([...ids].sort((a, b) => (a < b ? 1 : -1))).toEqual(ids);
    expect(await balances(member)).toMatchObject({ 'USDT:income': '70' });
    const page1 = (await t.call('/api/plan/log', { orderId: order.data.id, limit: 4 }, member.headers))
      .data as TPlanLogResponse;
    const page2 = (
      await t.call('/api/plan/log', { orderId: order.data.id, limit: 4, cursor: page1.nextCursor }, member.headers)
    ).data;
    expect((page2 as TPlanLogResponse).list.map((row) => row.day)).toEqual([6, 5, 4, 3]);
    await expectSoundLedger();
  });
});
