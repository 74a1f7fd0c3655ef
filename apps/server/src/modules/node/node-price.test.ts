import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../db/schema/index.ts';
import { findLedgerViolations } from '../../testing/ledger-invariants.ts';
import { houseBalance, memberBalance } from '../../testing/ledger-balances.ts';
import { createWalletMember, fund, type TestMember } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { NODE_PRICE_SETTING } from './service.ts';

/**
 * Issue 23 item 5: the node payment carries the price the member's review showed; a price changed
 * between the screen and the request is refused (PRICE_CHANGED) and nothing is charged.
 */

const KEY = 'ops-key-0123456789-0123456789-0123456789';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RUN_CHAIN_WORKERS: 'false', OPERATOR_KEYS: `alice@compliance:${KEY}` });
}, 60_000);
afterAll(async () => {
  await t.close();
});
// The seeded price (migration 0010), back after each test.
afterEach(async () => {
  await setPrice('10000');
});

async function setPrice(price: string) {
  await t.database.db.update(settings).set({ value: price }).where(eq(settings.key, NODE_PRICE_SETTING));
}

const pay = (member: TestMember, amount: string, requestId: string = randomUUID(), language = 'en_US') =>
  t.call('/api/node/pay', { amount, requestId }, { ...member.headers, language });
const status = async (member: TestMember) =>
  (await t.call('/api/node/status', {}, member.headers)).data as {
    price: string;
    application: { status: string; paid: string | null };
  };

/** A member with an approved application, as the node page shows it: the price on screen. */
async function approvedMember(): Promise<{ member: TestMember; shown: string }> {
  const member = await createWalletMember(t);
  await fund(t, member, 'USDT', '15000');
  const applied = await t.call(
    '/api/node/apply',
    { name: 'Node Ltd', contact: '@node', region: 'Oslo' },
    member.headers,
  );
  const review = await t.call(
    '/api/operator/node/review',
    { id: applied.data.id, approve: true },
    {
      'x-operator-key': KEY,
    },
  );
  expect(review.code).toBe(200);
  return { member, shown: (await status(member)).price };
}

/** What a payment touches: what must not move when one is refused. */
async function footprint(member: TestMember) {
  const db = t.database.db;
  const entries: unknown = await db.execute(
    sql`select count(*)::int as n from ledger_entries where member_id = ${member.memberId}`,
  );
  return {
    usdt: await memberBalance(db, member.memberId, 'USDT'),
    nodeSales: await houseBalance(db, 'node_sales', 'USDT'),
    entries: (entries as { rows: { n: number }[] }).rows[0]!.n,
    application: (await status(member)).application,
  };
}

describe(`node payments at the price shown (${testDatabaseKind()})`, () => {
  it('refuses a payment when the price rose or fell after the screen; nothing is charged', async () => {
    const { member, shown } = await approvedMember();
    expect(shown).toBe('10000');
    const before = await footprint(member);
    expect(before.application).toMatchObject({ status: 'approved', paid: null });

    await setPrice('12000');
    expect(await pay(member, shown)).toMatchObject({
      status: 200,
      code: 1404,
      msg: 'The price has changed. Please review the new price and try again; nothing was charged.',
    });
    expect(await footprint(member)).toEqual(before);

    await setPrice('9000');
    expect(await pay(member, shown, randomUUID(), 'ru_RU')).toMatchObject({
      code: 1404,
      msg: 'Цена изменилась. Проверьте новую цену и попробуйте ещё раз; средства не списаны.',
    });
    expect(await footprint(member)).toEqual(before);

    // Shown again, the new price pays.
    const fresh = (await status(member)).price;
    expect(fresh).toBe('9000');
    expect((await pay(member, '9000.00')).data).toMatchObject({ status: 'paid', paid: '9000' });
    expect(await memberBalance(t.database.db, member.memberId, 'USDT')).toBe('6000');
    expect(await findLedgerViolations(t.database.db)).toEqual({
      unbalanced: [],
      drifted: [],
      staleAfter: [],
      negative: [],
    });
  });

  it('answers a retried payment as it was made, even after a price change, and refuses the id with another amount', async () => {
    const { member, shown } = await approvedMember();
    const requestId = randomUUID();
    expect((await pay(member, shown, requestId)).data).toMatchObject({ status: 'paid', paid: '10000' });
    await setPrice('12000');
    expect((await pay(member, shown, requestId)).data).toMatchObject({ status: 'paid', paid: '10000' });
    expect((await pay(member, '12000', requestId)).code).toBe(1403);
    expect(await memberBalance(t.database.db, member.memberId, 'USDT')).toBe('5000');
  });

  it('refuses a malformed amount as a validation error', async () => {
    const { member } = await approvedMember();
    for (const amount of ['', '-10000', '1e4', '10,000', 10000, null]) {
      expect((await t.call('/api/node/pay', { amount, requestId: randomUUID() }, member.headers)).code).toBe(1000);
    }
    expect((await t.call('/api/node/pay', { requestId: randomUUID() }, member.headers)).code).toBe(1000);
    expect((await footprint(member)).application.status).toBe('approved');
  });
});
