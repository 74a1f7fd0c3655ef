import { randomUUID } from 'node:crypto';
import { ErrorCode, type TPlanProductsResponse, type TPledge } from '@kpc/shared';
import type { TCardProductRow, TPlanProductRow, TPledgeTermsRow } from '@kpc/shared/operator';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, configChanges, planOrders, pledgeTerms } from '../../db/schema/index.ts';
import { memberBalance } from '../../testing/ledger-balances.ts';
import { createWalletMember, fund, type TestMember } from '../../testing/members.ts';
import { createOperator, type TestOperator } from '../../testing/operators.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { advancePlanDays } from '../plan/testing.ts';

// Step 8b §2 (config-products): operators change products and terms; an order made before keeps
// the terms it was made with and releases by them, a new one gets the new terms; a change that
// breaks a rule is refused whole; two saves of one version: one wins, the other is told to reload;
// every change is versioned and audited; money terms need admin + finance and a fresh second factor.

let t: TestApp;
let admin: TestOperator;
let money: TestOperator;
let finance: TestOperator;

beforeAll(async () => {
  t = await createTestApp({ RUN_CHAIN_WORKERS: 'false' });
  admin = await createOperator(t, ['admin']);
  money = await createOperator(t, ['admin', 'finance']);
  finance = await createOperator(t, ['finance']);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const pledgeRows = async (): Promise<TPledgeTermsRow[]> =>
  (await money.call('/api/operator/config/pledge/list', {})).data.list as TPledgeTermsRow[];
const term30 = async () => (await pledgeRows()).find((row) => row.days === 30)!;

async function pledge(member: TestMember, termId: string): Promise<TPledge> {
  const answer = await t.call('/api/plan/pledge', { termId, amount: '1000', requestId: randomUUID() }, member.headers);
  expect(answer.code).toBe(200);
  return answer.data as TPledge;
}

const changeCount = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(configChanges))[0]!.n;

describe('pledge terms: new pledges only', () => {
  it('a pledge made before a rate change keeps its rate and is rewarded by it; a new one gets the new rate', async () => {
    const before = await term30();
    expect(before.dailyRate).toBe('0.001');
    const early = await createWalletMember(t);
    await fund(t, early, 'KPC', '1000');
    const earlyPledge = await pledge(early, before.id);

    const saved = await money.call('/api/operator/config/pledge/save', {
      id: before.id,
      version: before.version,
      days: 30,
      dailyRate: '0.002',
      minAmount: before.minAmount,
      earlyPenaltyRate: '0.2',
      reason: 'Promotion for the new season',
    });
    expect(saved.code).toBe(200);
    const after = await term30();
    expect(after).toMatchObject({ dailyRate: '0.002', earlyPenaltyRate: '0.2', version: before.version + 1 });

    // The member app shows the new terms at once (the products list reads the rows).
    const products = (await t.call('/api/plan/products', {})).data as TPlanProductsResponse;
    expect(products.pledgeTerms.find((term) => term.id === before.id)).toMatchObject({ dailyRate: '0.002' });

    const late = await createWalletMember(t);
    await fund(t, late, 'KPC', '1000');
    const latePledge = await pledge(late, before.id);
    expect(earlyPledge.dailyRate).toBe('0.001');
    expect(latePledge).toMatchObject({ dailyRate: '0.002', earlyRedemptionPenaltyRate: '0.2' });

    await advancePlanDays(t, 2);
    expect(await memberBalance(t.database.db, early.memberId, 'KPC', 'income')).toBe('2');
    expect(await memberBalance(t.database.db, late.memberId, 'KPC', 'income')).toBe('4');

    // The early pledge redeemed early pays the old penalty (10 %), not the new one (20 %).
    const redeemed = await t.call(
      '/api/plan/pledge/redeem',
      { pledgeId: earlyPledge.id, requestId: randomUUID() },
      early.headers,
    );
    expect(redeemed.code).toBe(200);
    expect((redeemed.data as TPledge).penalty).toBe('100');

    // Versioned and audited: who, before, after, reason.
    const history = await money.call('/api/operator/config/history', { domain: 'pledge', subject: before.id });
    expect(history.data.list[0]).toMatchObject({
      version: after.version,
      before: { dailyRate: '0.001', earlyPenaltyRate: '0.1' },
      after: { dailyRate: '0.002', earlyPenaltyRate: '0.2' },
      reason: 'Promotion for the new season',
    });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'config.pledge'), eq(auditLog.targetId, `pledge/${before.id}`)));
    expect(audits).toHaveLength(after.version);
    expect(audits.at(-1)).toMatchObject({ actorId: money.id, reason: 'Promotion for the new season' });
  });

  it('a pledge sent with a rate this server has not seen yet is made at that rate', async () => {
    // The server knows the term from the pledges above; another process (here the console) changes it.
    const row = await term30();
    const saved = await money.call('/api/operator/config/pledge/save', {
      ...row,
      dailyRate: '0.0015',
      reason: 'Rate adjusted',
    });
    expect(saved.code).toBe(200);
    const member = await createWalletMember(t);
    await fund(t, member, 'KPC', '1000');
    const answer = await t.call(
      '/api/plan/pledge',
      {
        termId: row.id,
        amount: '1000',
        requestId: randomUUID(),
        dailyRate: '0.0015',
        earlyRedemptionPenaltyRate: row.earlyPenaltyRate,
      },
      member.headers,
    );
    expect(answer).toMatchObject({ code: 200, data: { dailyRate: '0.0015' } });
    expect(await memberBalance(t.database.db, member.memberId, 'KPC', 'staked')).toBe('1000');
  });

  it('a pledge sent with the rate it was shown is refused once the rate changed (PRICE_CHANGED)', async () => {
    const row = await term30();
    const member = await createWalletMember(t);
    await fund(t, member, 'KPC', '1000');
    const stale = await t.call(
      '/api/plan/pledge',
      { termId: row.id, amount: '1000', requestId: randomUUID(), dailyRate: '0.001' },
      member.headers,
    );
    expect(stale.code).toBe(ErrorCode.PRICE_CHANGED);
    expect(await memberBalance(t.database.db, member.memberId, 'KPC', 'available')).toBe('1000');
    const current = await t.call(
      '/api/plan/pledge',
      {
        termId: row.id,
        amount: '1000',
        requestId: randomUUID(),
        dailyRate: row.dailyRate,
        earlyRedemptionPenaltyRate: row.earlyPenaltyRate,
      },
      member.headers,
    );
    expect(current.code).toBe(200);
  });

  it('an investment order keeps the phase table it was sold with', async () => {
    const rows = (await money.call('/api/operator/config/plan/list', {})).data.list as TPlanProductRow[];
    const product = rows[0]!;
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '1000');
    const joined = await t.call(
      '/api/plan/join',
      { productId: product.id, amount: '100', requestId: randomUUID() },
      member.headers,
    );
    expect(joined.code).toBe(200);
    const saved = await money.call('/api/operator/config/plan/save', {
      ...product,
      phaseRatios: ['0.005', '0.005'],
      reason: 'Faster release for new orders',
    });
    expect(saved.code).toBe(200);
    const [order] = await t.database.db.select().from(planOrders).where(eq(planOrders.memberId, member.memberId));
    expect(order!.phaseRatios.map(Number)).toEqual(product.phaseRatios.map(Number));
    const again = (await money.call('/api/operator/config/plan/list', {})).data.list as TPlanProductRow[];
    expect(again[0]!.phaseRatios).toEqual(['0.005', '0.005']);
  });
});

describe('refusals: nothing written', () => {
  const cases: [string, string, (row: TPledgeTermsRow) => Record<string, unknown>, number][] = [
    ['a daily rate above 0.5 %', 'pledge', (row) => ({ ...row, dailyRate: '0.006' }), ErrorCode.CONFIG_RATE_RANGE],
    ['a daily rate of 0', 'pledge', (row) => ({ ...row, dailyRate: '0' }), ErrorCode.CONFIG_RATE_RANGE],
    ['a negative penalty', 'pledge', (row) => ({ ...row, earlyPenaltyRate: '-0.1' }), ErrorCode.CONFIG_NEGATIVE],
    ['0 days', 'pledge', (row) => ({ ...row, days: 0 }), ErrorCode.CONFIG_PERIOD_INVALID],
  ];
  it.each(cases)('pledge terms with %s', async (_name, domain, change, code) => {
    const row = await term30();
    const count = await changeCount();
    const answer = await money.call(`/api/operator/config/${domain}/save`, { ...change(row), reason: 'A mistake' });
    expect(answer.code).toBe(code);
    expect(await term30()).toEqual(row);
    expect(await changeCount()).toBe(count);
  });

  it('a phase table with a gap, a ratio outside 0.35 %-0.5 %, or none', async () => {
    const [product] = (await money.call('/api/operator/config/plan/list', {})).data.list as TPlanProductRow[];
    for (const phaseRatios of [['0.004', '', '0.005'], ['0.003'], ['0.0051'], [], ['abc']]) {
      const answer = await money.call('/api/operator/config/plan/save', {
        ...product,
        phaseRatios,
        reason: 'Bad table',
      });
      expect(answer.code, JSON.stringify(phaseRatios)).toBe(ErrorCode.CONFIG_PHASES_INVALID);
    }
    const minAboveMax = await money.call('/api/operator/config/plan/save', {
      ...product,
      minAmount: '5000',
      maxAmount: '100',
      reason: 'Bad bounds',
    });
    expect(minAboveMax.code).toBe(ErrorCode.CONFIG_MIN_ABOVE_MAX);
    const [unchanged] = (await money.call('/api/operator/config/plan/list', {})).data.list as TPlanProductRow[];
    expect(unchanged).toEqual(product);
  });

  it('ESOP lock-up below 0, a negative card fee, a duplicate tier level', async () => {
    const [esop] = (await money.call('/api/operator/config/esop/list', {})).data.list;
    const lock = await money.call('/api/operator/config/esop/save', { ...esop, lockMonths: -1, reason: 'Bad lock' });
    expect(lock.code).toBe(ErrorCode.CONFIG_PERIOD_INVALID);
    const [card] = (await money.call('/api/operator/config/card/list', {})).data.list as TCardProductRow[];
    const { status: _s, sortOrder: _o, ...cardTerms } = card!;
    const fee = await money.call('/api/operator/config/card/save', { ...cardTerms, kycFee: '-1', reason: 'Bad fee' });
    expect(fee.code).toBe(ErrorCode.CONFIG_NEGATIVE);
    const limits = await money.call('/api/operator/config/card/save', {
      ...cardTerms,
      dailyLimit: '1',
      reason: 'Bad limits',
    });
    expect(limits.code).toBe(ErrorCode.CONFIG_MIN_ABOVE_MAX);
    const duplicate = await money.call('/api/operator/config/klk/save', {
      level: 'agent',
      rank: 9,
      price: '100',
      codeCount: 1,
      version: 0,
      reason: 'Duplicate level',
    });
    expect(duplicate.code).toBe(ErrorCode.CONFIG_DUPLICATE);
  });
});

describe('concurrency, permissions, step-up', () => {
  it('ten saves of the same version at once: one applies, the others are told to reload', async () => {
    const row = await term30();
    const count = await changeCount();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        money.call('/api/operator/config/pledge/save', {
          ...row,
          minAmount: String(200 + i),
          reason: `Concurrent save ${i}`,
        }),
      ),
    );
    const codes = answers.map((answer) => answer.code);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === ErrorCode.CONFIG_CONFLICT)).toHaveLength(9);
    expect(await changeCount()).toBe(count + 1);
    const winner = answers.findIndex((answer) => answer.code === 200);
    expect(await term30()).toMatchObject({ minAmount: String(200 + winner), version: row.version + 1 });
    // The stale version is refused afterwards too.
    const stale = await money.call('/api/operator/config/pledge/save', { ...row, reason: 'Stale form' });
    expect(stale.code).toBe(ErrorCode.CONFIG_CONFLICT);
  });

  it('admin alone may withdraw a product but not change money terms; finance alone may do neither', async () => {
    const row = await term30();
    const earlier = await createWalletMember(t);
    await fund(t, earlier, 'KPC', '1000');
    const earlierBody = { termId: row.id, amount: '1000', requestId: randomUUID() };
    const earlierPledge = await t.call('/api/plan/pledge', earlierBody, earlier.headers);
    expect(earlierPledge.code).toBe(200);
    const terms = { ...row, dailyRate: '0.003', reason: 'Admin alone' };
    expect((await admin.call('/api/operator/config/pledge/save', terms)).code).toBe(ErrorCode.OPERATOR_FORBIDDEN);
    expect((await finance.call('/api/operator/config/pledge/save', terms)).code).toBe(ErrorCode.OPERATOR_FORBIDDEN);
    expect((await finance.call('/api/operator/config/pledge/list', {})).code).toBe(ErrorCode.OPERATOR_FORBIDDEN);

    const closed = await admin.call('/api/operator/config/pledge/status', {
      id: row.id,
      status: 'closed',
      version: row.version,
      reason: 'Withdrawn for review',
    });
    expect(closed.code).toBe(200);
    const products = (await t.call('/api/plan/products', {})).data as TPlanProductsResponse;
    expect(products.pledgeTerms.map((term) => term.id)).not.toContain(row.id);
    // The server knew the term as open (earlier pledges): a pledge now is refused and stakes nothing,
    // while a retry of a pledge made before the close still answers that pledge.
    const member = await createWalletMember(t);
    await fund(t, member, 'KPC', '1000');
    const refused = await t.call(
      '/api/plan/pledge',
      { termId: row.id, amount: '1000', requestId: randomUUID() },
      member.headers,
    );
    expect(refused.code).toBe(ErrorCode.PLAN_UNAVAILABLE);
    expect(await memberBalance(t.database.db, member.memberId, 'KPC', 'available')).toBe('1000');
    const retried = await t.call('/api/plan/pledge', earlierBody, earlier.headers);
    expect(retried).toMatchObject({ code: 200, data: { id: earlierPledge.data.id, amount: '1000' } });
    const [stored] = await t.database.db
      .select()
      .from(pledgeTerms)
      .where(eq(pledgeTerms.id, BigInt(row.id)));
    expect(stored!.status).toBe('closed');
    const reopened = await admin.call('/api/operator/config/pledge/status', {
      id: row.id,
      status: 'active',
      version: row.version + 1,
      reason: 'Back on offer',
    });
    expect(reopened.code).toBe(200);
  });

  it('money terms need a fresh second factor', async () => {
    t.clock.advance(400);
    const row = await term30();
    const terms = { ...row, minAmount: '150', reason: 'After a pause' };
    expect((await money.call('/api/operator/config/pledge/save', terms)).code).toBe(
      ErrorCode.OPERATOR_STEP_UP_REQUIRED,
    );
    await money.stepUp();
    expect((await money.call('/api/operator/config/pledge/save', terms)).code).toBe(200);
  });
});
