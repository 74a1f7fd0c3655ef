import { randomUUID } from 'node:crypto';
import {
  earlyRedemption,
  esopSchedule,
  fromLedgerUnits,
  investmentDaysDue,
  investmentSchedule,
  pledgeSchedule,
  toLedgerUnits,
  type TEsopOrder,
  type TEsopOrdersResponse,
  type TInvestmentOrder,
  type TPlanOrdersResponse,
  type TPlanProductsResponse,
  type TPledge,
} from '@kpc/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerViolations } from '../../testing/ledger-invariants.ts';
import { createWalletMember, fund, type TestMember } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { advancePlanDays, planClock } from './testing.ts';

/**
 * 400 simulated days over a mixed book (two investment products, ESOP orders, three pledges, one
 * redeemed early, an order joined mid-way): every order's released total and every member balance
 * equals an independent computation with `plans.ts`, and the ledger's invariants hold throughout.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RUN_CHAIN_WORKERS: 'false' });
}, 60_000);
afterAll(async () => {
  await t.close();
});

const sum = (values: string[]) => values.reduce((total, value) => total + toLedgerUnits(value), 0n);

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await t.database.db.execute(query);
  return (result as { rows: T[] }).rows;
}

async function balances(member: TestMember): Promise<Record<string, bigint>> {
  const result: unknown = await t.database.db.execute(
    sql`select asset, bucket, balance::text as balance from ledger_accounts where member_id = ${member.memberId}`,
  );
  const out: Record<string, bigint> = {};
  for (const row of (result as { rows: { asset: string; bucket: string; balance: string }[] }).rows) {
    out[`${row.asset}:${row.bucket}`] = toLedgerUnits(row.balance);
  }
  return out;
}

async function ok<T>(member: TestMember, path: string, body: Record<string, unknown>): Promise<T> {
  const answer = await t.call(path, { ...body, requestId: randomUUID() }, member.headers);
  if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return answer.data as T;
}

interface Investment {
  member: TestMember;
  id: string;
  amount: string;
  quota: string;
  createdAt: Date;
  phaseRatios: string[];
}

describe('400 simulated days', () => {
  it('releases exactly what plans.ts computes, to the last unit, with a sound ledger', async () => {
    const products = (await t.call('/api/plan/products', {})).data as TPlanProductsResponse;
    const [starter, advanced] = products.investment;
    const term = (days: number) => products.pledgeTerms.find((row) => row.days === days)!.id;
    const ratiosOf = (product: { phases: { ratio: string }[] }) => product.phases.map((phase) => phase.ratio);

    const a = await createWalletMember(t);
    const b = await createWalletMember(t);
    await fund(t, a, 'USDT', '20000');
    await fund(t, b, 'USDT', '2000');
    await fund(t, b, 'KPC', '10000');

    const investments: Investment[] = [];
    const invest = async (member: TestMember, product: typeof starter, amount: string) => {
      const order = await ok<TInvestmentOrder>(member, '/api/plan/join', { productId: product!.id, amount });
      investments.push({
        member,
        id: order.id,
        amount,
        quota: order.quota,
        createdAt: new Date(order.createdAt),
        phaseRatios: ratiosOf(product!),
      });
    };
    await invest(a, starter, '1000');
    await invest(a, advanced, '5000');
    await invest(a, starter, '100');
    await invest(b, advanced, '1000');
    const esop = [
      {
        member: a,
        order: await ok<TEsopOrder>(a, '/api/plan/esop/join', { amount: '1000', price: products.esop.price }),
      },
      {
        member: a,
        order: await ok<TEsopOrder>(a, '/api/plan/esop/join', { amount: '333.33', price: products.esop.price }),
      },
      // 3383.3 KPC / 12 = 281.9416…6667 in PostgreSQL's numeric division: a phase is floored, not rounded.
      {
        member: a,
        order: await ok<TEsopOrder>(a, '/api/plan/esop/join', { amount: '338.33', price: products.esop.price }),
      },
      {
        member: b,
        order: await ok<TEsopOrder>(b, '/api/plan/esop/join', { amount: '100', price: products.esop.price }),
      },
    ];
    expect(esop[0]!.order).toMatchObject({ kpc: '10000', price: '0.1', status: 'locked' });
    const pledges = [
      await ok<TPledge>(b, '/api/plan/pledge', { termId: term(30), amount: '1000' }),
      await ok<TPledge>(b, '/api/plan/pledge', { termId: term(90), amount: '500.123456789' }),
      await ok<TPledge>(b, '/api/plan/pledge', { termId: term(180), amount: '2000' }),
    ];

    const clock = planClock(t);
    let redeemed: { at: Date; penalty: string; returned: string } | undefined;
    for (let day = 1; day <= 400; day += 1) {
      await advancePlanDays(t, 1);
      if (day === 40) {
        const answer = await ok<TPledge>(b, '/api/plan/pledge/redeem', { pledgeId: pledges[2]!.id });
        expect(answer).toMatchObject({ status: 'redeemed', penalty: '200', returned: '1800' });
        redeemed = { at: clock.now(), penalty: answer.penalty!, returned: answer.returned! };
      }
      if (day === 50) await invest(a, starter, '777.77');
      if (day % 100 === 0) {
        expect(await findLedgerViolations(t.database.db)).toEqual({
          unbalanced: [],
          drifted: [],
          staleAfter: [],
          negative: [],
        });
      }
    }
    const now = clock.now();

    // Investment orders: released = the schedule's days due by now, and the API agrees.
    const expectedIncomeUsdt = new Map<string, bigint>();
    for (const order of investments) {
      const schedule = investmentSchedule({ amount: order.amount, quota: order.quota, phaseRatios: order.phaseRatios });
      const due = investmentDaysDue(order.createdAt, now);
      const expected = sum(schedule.filter((release) => release.day <= due).map((release) => release.amount));
      const [row] = await rows<{ released: string; released_days: number }>(
        sql`select released::text as released, released_days from plan_orders where id = ${order.id}`,
      );
      expect(toLedgerUnits(row!.released), `order ${order.id}`).toBe(expected);
      expect(row!.released_days).toBe(Math.min(due, schedule.length));
      if (due >= schedule.length) expect(expected).toBe(toLedgerUnits(order.quota));
      expectedIncomeUsdt.set(order.member.memberId, (expectedIncomeUsdt.get(order.member.memberId) ?? 0n) + expected);
    }
    // At least one order completed and one still releasing: both ends are covered.
    const views = ((await t.call('/api/plan/orders', { limit: 50 }, a.headers)).data as TPlanOrdersResponse).list;
    expect(views.map((view) => view.status)).toEqual(expect.arrayContaining(['completed', 'active']));

    // ESOP: phases due by now.
    const expectedEsop = new Map<string, { released: bigint; locked: bigint }>();
    for (const { member, order } of esop) {
      const phases = esopSchedule({
        kpc: order.kpc,
        createdAt: new Date(order.createdAt),
        lockMonths: 6,
        releaseMonths: 12,
      });
      const released = sum(phases.filter((phase) => phase.dueAt <= now).map((phase) => phase.amount));
      const entry = expectedEsop.get(member.memberId) ?? { released: 0n, locked: 0n };
      entry.released += released;
      entry.locked += toLedgerUnits(order.kpc) - released;
      expectedEsop.set(member.memberId, entry);
    }
    const esopViews = ((await t.call('/api/plan/esop/orders', {}, a.headers)).data as TEsopOrdersResponse).list;
    expect(esopViews[0]).toMatchObject({ phasesReleased: 7, phaseCount: 12, status: 'releasing' });

    // Pledges: rewards due by now (by the redemption for the redeemed one), principal back at maturity.
    let rewards = 0n;
    for (const [index, pledge] of pledges.entries()) {
      const schedule = pledgeSchedule({
        amount: pledge.amount,
        dailyRate: pledge.dailyRate,
        termDays: pledge.termDays,
        createdAt: new Date(pledge.createdAt),
      });
      const until = index === 2 ? redeemed!.at : now;
      rewards += sum(schedule.rewards.filter((reward) => reward.dueAt <= until).map((reward) => reward.amount));
    }
    const penalty = earlyRedemption({ amount: '2000', penaltyRate: '0.1' });
    expect(redeemed).toMatchObject(penalty);

    const esopA = expectedEsop.get(a.memberId)!;
    const esopB = expectedEsop.get(b.memberId)!;
    expect(await balances(a)).toMatchObject({
      'USDT:available': toLedgerUnits('20000') - sum(['1000', '5000', '100', '777.77', '1000', '333.33', '338.33']),
      'USDT:income': expectedIncomeUsdt.get(a.memberId),
      'KPC:locked': esopA.locked,
      'KPC:income': esopA.released,
    });
    expect(await balances(b)).toMatchObject({
      'USDT:available': toLedgerUnits('2000') - sum(['1000', '100']),
      'USDT:income': expectedIncomeUsdt.get(b.memberId),
      'KPC:locked': esopB.locked,
      'KPC:income': esopB.released + rewards,
      'KPC:available': toLedgerUnits('10000') - toLedgerUnits('2000') + toLedgerUnits(penalty.returned),
      'KPC:staked': 0n,
    });
    const burned = (await t.call('/api/plan/burned', {})).data;
    expect(burned).toEqual({ asset: 'KPC', burned: fromLedgerUnits(toLedgerUnits(penalty.penalty)) });

    // The house accounts: plan_payout paid exactly what members received from plans.
    const houses = await rows<{ house_account: string; asset: string; total: string }>(sql`
        select a.house_account, a.asset, sum(p.amount)::text as total from ledger_postings p
        join ledger_accounts a on a.id = p.account_id
        where a.house_account in ('plan_payout', 'plan_funds') group by 1, 2`);
    const house = (name: string, asset: string) =>
      toLedgerUnits(houses.find((row) => row.house_account === name && row.asset === asset)?.total ?? '0');
    expect(-house('plan_payout', 'USDT')).toBe(
      (expectedIncomeUsdt.get(a.memberId) ?? 0n) + (expectedIncomeUsdt.get(b.memberId) ?? 0n),
    );
    expect(-house('plan_payout', 'KPC')).toBe(sum(esop.map(({ order }) => order.kpc)) + rewards);
    expect(house('plan_funds', 'USDT')).toBe(
      sum(['1000', '5000', '100', '777.77', '1000', '1000', '333.33', '338.33', '100']),
    );
    expect(await findLedgerViolations(t.database.db)).toEqual({
      unbalanced: [],
      drifted: [],
      staleAfter: [],
      negative: [],
    });
  }, 300_000);
});
