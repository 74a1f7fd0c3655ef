import { randomUUID } from 'node:crypto';
import type { TDashboardDailyResponse, TDashboardDay, TLedgerCheckResponse } from '@kpc/shared/operator';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  airdrops,
  cards,
  deposits,
  esopOrders,
  esopTerms,
  klkPurchases,
  klkTiers,
  members,
  planOrders,
  planProducts,
  pledges,
  pledgeTerms,
  teamEvents,
  withdrawalEvents,
  withdrawals,
} from '../../db/schema/index.ts';
import { createWalletMember, fund, type TestMember } from '../../testing/members.ts';
import { createOperator, type TestOperator } from '../../testing/operators.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';

// Step 8a §4: the dashboard's daily figures match what happened, day by day (UTC, every day of
// the window present), and the ledger check is green on a sound ledger and red, with the row, on
// a broken one.

const DAY_MS = 86_400_000;
let t: TestApp;
let content: TestOperator;

beforeAll(async () => {
  t = await createTestApp({ RUN_CHAIN_WORKERS: 'false' });
  content = await createOperator(t, ['content']);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** Noon (UTC) `daysAgo` days before the test clock's today, and that day's `YYYY-MM-DD`. */
function dayBefore(daysAgo: number): { at: Date; day: string } {
  const today = Math.floor(t.clock.now().getTime() / DAY_MS);
  const at = new Date((today - daysAgo) * DAY_MS + DAY_MS / 2);
  return { at, day: at.toISOString().slice(0, 10) };
}

const daily = async (body: unknown = {}) =>
  (await content.call('/api/operator/dashboard/daily', body)).data as TDashboardDailyResponse;

async function firstId(table: typeof planProducts | typeof esopTerms | typeof pledgeTerms | typeof klkTiers) {
  const [row] = await t.database.db.select({ id: table.id }).from(table).limit(1);
  return row!.id;
}

/** Seeds one day's activity straight into the tables, dated `at`, for `member` (referred by `referrer`). */
async function seedDay(at: Date, member: TestMember, referrer: TestMember) {
  const db = t.database.db;
  const deposit = (status: 'credited' | 'pending', amount: string, memberId: string | null) => ({
    chainId: 137,
    txHash: `0x${randomUUID().replace(/-/g, '').padEnd(64, '0')}`,
    receiptLogIndex: 0,
    blockNumber: 1n,
    blockHash: `0x${'b'.repeat(64)}`,
    method: 'transfer' as const,
    fromAddress: `0x${'c'.repeat(40)}`,
    memberId,
    asset: 'USDT',
    amount,
    status,
    creditedAt: status === 'credited' ? at : null,
    createdAt: at,
  });
  await db
    .insert(deposits)
    .values([
      deposit('credited', '100', member.memberId),
      deposit('credited', '25.5', member.memberId),
      deposit('pending', '7', member.memberId),
    ]);
  const withdrawal = async (status: 'completed' | 'approved', amount: string) => {
    const [row] = await db
      .insert(withdrawals)
      .values({
        memberId: member.memberId,
        requestId: randomUUID(),
        chainId: 137,
        asset: 'USDT',
        toAddress: `0x${'d'.repeat(40)}`,
        amount,
        fee: '1',
        feeFrom: 'balance',
        received: amount,
        status,
        createdAt: at,
      })
      .returning();
    await db
      .insert(withdrawalEvents)
      .values([
        { withdrawalId: row!.id, fromStatus: null, toStatus: 'submitted', actor: 'member', createdAt: at },
        { withdrawalId: row!.id, fromStatus: 'submitted', toStatus: 'approved', actor: 'auto', createdAt: at },
        ...(status === 'completed'
          ? [{ withdrawalId: row!.id, fromStatus: 'confirming', toStatus: 'completed', actor: 'sender', createdAt: at }]
          : []),
      ]);
  };
  await withdrawal('completed', '40');
  await withdrawal('completed', '12.25');
  await withdrawal('approved', '99');
  await db.insert(planOrders).values({
    memberId: member.memberId,
    productId: await firstId(planProducts),
    requestId: randomUUID(),
    amount: '300',
    coefficient: '2',
    quota: '600',
    phaseRatios: ['0.004'],
    startDay: Math.floor(at.getTime() / DAY_MS) + 1,
    createdAt: at,
  });
  await db.insert(esopOrders).values({
    memberId: member.memberId,
    termsId: await firstId(esopTerms),
    requestId: randomUUID(),
    usdtPaid: '250',
    price: '0.5',
    kpcAllocated: '500',
    lockMonths: 1,
    releaseMonths: 10,
    lockEndAt: at,
    nextDueAt: at,
    createdAt: at,
  });
  for (const amount of ['1000', '234.5']) {
    await db.insert(pledges).values({
      memberId: member.memberId,
      termsId: await firstId(pledgeTerms),
      requestId: randomUUID(),
      amount,
      days: 30,
      dailyRate: '0.001',
      earlyPenaltyRate: '0.1',
      startDay: 1,
      createdAt: at,
    });
  }
  await db.insert(klkPurchases).values({
    memberId: member.memberId,
    requestId: randomUUID(),
    tierId: await firstId(klkTiers),
    paid: '1000',
    codeCount: 5,
    createdAt: at,
  });
  await db.insert(cards).values({
    memberId: member.memberId,
    applicationId: BigInt(Math.floor(Math.random() * 1e9)),
    issuerRef: randomUUID(),
    product: 'standard',
    network: 'visa',
    last4: '1234',
    numberHash: randomUUID(),
    cardId: 'ABCD1234',
    label: 'Card',
    region: 'SG',
    issuedAt: at,
    monthlyFee: '0',
    monthlyFeeFrom: at,
  });
  const eventKey = `plan_order:test-${randomUUID()}`;
  await db
    .insert(teamEvents)
    .values({ eventKey, kind: 'plan', memberId: member.memberId, usdtValue: '300', createdAt: at });
  await db.insert(airdrops).values(
    [
      { depth: 1, kind: 'direct', gross: '30', fee: '6', net: '24' },
      { depth: 2, kind: 'indirect', gross: '10', fee: '2', net: '8' },
    ].map((row) => ({
      ...row,
      eventKey,
      receiverId: referrer.memberId,
      sourceMemberId: member.memberId,
      asset: 'USDT',
      createdAt: at,
    })),
  );
}

const SEEDED: Omit<TDashboardDay, 'day' | 'signUps'> = {
  depositsCredited: { count: 2, amount: '125.5' },
  withdrawalsCompleted: { count: 2, amount: '52.25' },
  planVolume: '300',
  esopVolume: '250',
  pledges: { count: 2, amount: '1234.5' },
  brokerPackages: { count: 1, amount: '1000' },
  cardsIssued: 1,
  airdropsPaid: { count: 2, amount: '32' },
};

describe(`the dashboard (${testDatabaseKind()})`, () => {
  it('counts each day what happened that day, every day of the window present', async () => {
    const referrer = await createWalletMember(t);
    const member = await createWalletMember(t);
    const [threeDaysAgo, tenDaysAgo, longAgo] = [dayBefore(3), dayBefore(10), dayBefore(45)];
    // Sign-ups: two three days ago, one forty-five days ago (outside the 30-day window).
    const old = [await createWalletMember(t), await createWalletMember(t), await createWalletMember(t)];
    for (const [index, signedUp] of old.entries()) {
      const at = index < 2 ? threeDaysAgo.at : longAgo.at;
      await t.database.db.update(members).set({ createdAt: at }).where(eq(members.id, signedUp.memberId));
    }
    await seedDay(threeDaysAgo.at, member, referrer);
    await seedDay(tenDaysAgo.at, member, referrer);
    await seedDay(tenDaysAgo.at, referrer, member);
    await seedDay(longAgo.at, member, referrer);

    // Today, through the API: a plan joined and a broker package bought.
    await fund(t, member, 'USDT', '5000');
    const products = (await t.call('/api/plan/products', {}, member.headers)).data;
    const joined = await t.call(
      '/api/plan/join',
      { productId: products.investment[0].id, amount: '150', requestId: randomUUID() },
      member.headers,
    );
    expect(joined.code).toBe(200);
    const packages = (await t.call('/api/klk/packages', {}, member.headers)).data;
    const tier = packages.tiers[0];
    const bought = await t.call(
      '/api/klk/buy',
      { tierId: tier.id, amount: tier.payNow ?? tier.price, requestId: randomUUID() },
      member.headers,
    );
    expect(bought.code).toBe(200);

    const { days } = await daily();
    expect(days).toHaveLength(30);
    const today = t.clock.now().toISOString().slice(0, 10);
    expect(days.at(-1)!.day).toBe(today);
    // Oldest first, one per UTC day, none missing.
    for (const [index, entry] of days.entries()) {
      expect(entry.day).toBe(
        new Date(Date.parse(`${today}T00:00:00Z`) - (29 - index) * DAY_MS).toISOString().slice(0, 10),
      );
    }
    const of = (day: string) => days.find((entry) => entry.day === day)!;
    expect(of(threeDaysAgo.day)).toEqual({ day: threeDaysAgo.day, signUps: 2, ...SEEDED });
    expect(of(tenDaysAgo.day)).toEqual({
      day: tenDaysAgo.day,
      signUps: 0,
      depositsCredited: { count: 4, amount: '251' },
      withdrawalsCompleted: { count: 4, amount: '104.5' },
      planVolume: '600',
      esopVolume: '500',
      pledges: { count: 4, amount: '2469' },
      brokerPackages: { count: 2, amount: '2000' },
      cardsIssued: 2,
      airdropsPaid: { count: 4, amount: '64' },
    });
    // Two members signed up today (the three others are dated back; operators are not members).
    expect(of(today)).toMatchObject({
      signUps: 2,
      planVolume: '150',
      brokerPackages: { count: 1, amount: String(Number(tier.payNow ?? tier.price)) },
      depositsCredited: { count: 0, amount: '0' },
    });
    const quiet = days.filter((entry) => ![threeDaysAgo.day, tenDaysAgo.day, today].includes(entry.day));
    expect(quiet).toHaveLength(27);
    for (const entry of quiet) expect(entry).toEqual({ day: entry.day, signUps: 0, ...ZERO });

    // A longer window reaches the day forty-five days ago; one day is today alone.
    const ninety = await daily({ days: 90 });
    expect(ninety.days).toHaveLength(90);
    expect(ninety.days.find((entry) => entry.day === longAgo.day)).toEqual({ day: longAgo.day, signUps: 1, ...SEEDED });
    expect((await daily({ days: 1 })).days.map((entry) => entry.day)).toEqual([today]);
    expect((await content.call('/api/operator/dashboard/daily', { days: 91 })).code).toBe(1000);
  });

  it('checks the ledger: green when sound, red with the row when a posting drifts', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '80');
    const check = async () =>
      (await content.call('/api/operator/dashboard/ledger-check', {})).data as TLedgerCheckResponse;
    const sound = await check();
    expect(sound).toMatchObject({
      ok: true,
      unbalancedEntries: 0,
      driftedAccounts: 0,
      staleAccounts: 0,
      negativeAccounts: 0,
      examples: [],
    });
    expect(Date.parse(sound.checkedAt)).not.toBeNaN();

    // A posting written around postEntry: its entry no longer balances, its account drifts.
    const result: unknown = await t.database.db.execute(sql`
      select p.entry_id, p.account_id, a.balance::text as balance from ledger_postings p
      join ledger_accounts a on a.id = p.account_id
      where a.member_id = ${member.memberId} and a.asset = 'USDT' and a.bucket = 'available'`);
    const [posting] = (result as { rows: { entry_id: string; account_id: string; balance: string }[] }).rows;
    await t.database.db.execute(sql`
      insert into ledger_postings (entry_id, account_id, asset, amount, balance_after)
      values (${posting!.entry_id}, ${posting!.account_id}, 'USDT', 5, ${posting!.balance})`);
    const broken = await check();
    expect(broken).toMatchObject({
      ok: false,
      unbalancedEntries: 1,
      driftedAccounts: 1,
      staleAccounts: 0,
      negativeAccounts: 0,
    });
    expect(broken.examples).toEqual([
      {
        problem: 'unbalanced_entry',
        id: String(posting!.entry_id),
        asset: 'USDT',
        memberId: member.memberId,
        detail: 'postings sum to 5',
      },
      {
        problem: 'drifted_account',
        id: String(posting!.account_id),
        asset: 'USDT',
        memberId: member.memberId,
        detail: 'balance 80, postings sum to 85',
      },
    ]);
  });
});

const ZERO: Omit<TDashboardDay, 'day' | 'signUps'> = {
  depositsCredited: { count: 0, amount: '0' },
  withdrawalsCompleted: { count: 0, amount: '0' },
  planVolume: '0',
  esopVolume: '0',
  pledges: { count: 0, amount: '0' },
  brokerPackages: { count: 0, amount: '0' },
  cardsIssued: 0,
  airdropsPaid: { count: 0, amount: '0' },
};
