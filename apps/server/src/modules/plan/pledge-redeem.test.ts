import { randomUUID } from 'node:crypto';
import type { TPlanProductsResponse, TPledge } from '@kpc/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerViolations } from '../../testing/ledger-invariants.ts';
import { houseBalance, memberBalance } from '../../testing/ledger-balances.ts';
import { createWalletMember, fund, type TestMember } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { runReleaseEngine } from './release-engine.ts';
import { advancePlanDays, planClock } from './testing.ts';

/**
 * Issue 23 item 4: a redemption settles what is due first (the engine's own per-pledge release),
 * and once the term has ended it is the maturity, never an early redemption: no penalty, no reward
 * lost, however many requests arrive at once and whether or not the engine ran.
 */

let t: TestApp;
let term30: string;

beforeAll(async () => {
  t = await createTestApp({ RUN_CHAIN_WORKERS: 'false' });
  const products = (await t.call('/api/plan/products', {})).data as TPlanProductsResponse;
  term30 = products.pledgeTerms.find((term) => term.days === 30)!.id;
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** A new member with a 30-day pledge of 1000 KPC at 0.1 % a day: 1 KPC a day, 10 % penalty early. */
async function pledged(): Promise<{ member: TestMember; pledge: TPledge }> {
  const member = await createWalletMember(t);
  await fund(t, member, 'KPC', '1000');
  const answer = await t.call(
    '/api/plan/pledge',
    { termId: term30, amount: '1000', requestId: randomUUID() },
    member.headers,
  );
  expect(answer.code).toBe(200);
  return { member, pledge: answer.data as TPledge };
}

const redeem = (member: TestMember, pledgeId: string, requestId: string = randomUUID()) =>
  t.call('/api/plan/pledge/redeem', { pledgeId, requestId }, member.headers);

async function kpc(member: TestMember) {
  const db = t.database.db;
  return {
    available: await memberBalance(db, member.memberId, 'KPC', 'available'),
    staked: await memberBalance(db, member.memberId, 'KPC', 'staked'),
    income: await memberBalance(db, member.memberId, 'KPC', 'income'),
  };
}

const burned = () => houseBalance(t.database.db, 'burn', 'KPC');

/** How many ledger entries of each type the pledge has. */
async function entriesOf(pledgeId: string): Promise<Record<string, number>> {
  const result: unknown = await t.database.db.execute(sql`
    select type, count(*)::int as n from ledger_entries where reference = ${`pledge:${pledgeId}`} group by type`);
  return Object.fromEntries((result as { rows: { type: string; n: number }[] }).rows.map((row) => [row.type, row.n]));
}

async function expectSoundLedger() {
  expect(await findLedgerViolations(t.database.db)).toEqual({
    unbalanced: [],
    drifted: [],
    staleAfter: [],
    negative: [],
  });
}

describe('redeeming once the term has ended (issue 23 item 4)', () => {
  it('on the maturity day, before the engine ran: matured, all 30 rewards paid, no penalty', async () => {
    const { member, pledge } = await pledged();
    await advancePlanDays(t, 29);
    expect(await kpc(member)).toEqual({ available: '0', staked: '1000', income: '29' });
    // The maturity day: the term's last reward and the principal are due, the engine has not run.
    planClock(t).advanceDays(1);
    const burnedBefore = await burned();
    const answer = await redeem(member, pledge.id);
    expect(answer.code).toBe(200);
    expect(answer.data).toMatchObject({
      status: 'matured',
      penalty: null,
      rewardsPaid: '30',
      remainingDays: 0,
      redeemedAt: null,
    });
    expect(await kpc(member)).toEqual({ available: '1000', staked: '0', income: '30' });
    expect(await burned()).toBe(burnedBefore);
    // The engine's own keys: it finds nothing of this pledge left to do.
    await runReleaseEngine(t.database.db, planClock(t));
    expect(await entriesOf(pledge.id)).toEqual({ pledge: 1, pledge_reward: 30, pledge_maturity: 1 });
    await expectSoundLedger();
  });

  it('days after maturity, with ten rewards still due: every one paid, the principal back, no penalty', async () => {
    const { member, pledge } = await pledged();
    await advancePlanDays(t, 20);
    planClock(t).advanceDays(15);
    const burnedBefore = await burned();
    const answer = await redeem(member, pledge.id);
    expect(answer.data).toMatchObject({ status: 'matured', penalty: null, rewardsPaid: '30' });
    expect(await kpc(member)).toEqual({ available: '1000', staked: '0', income: '30' });
    expect(await burned()).toBe(burnedBefore);
    expect(await entriesOf(pledge.id)).toEqual({ pledge: 1, pledge_reward: 30, pledge_maturity: 1 });
    await expectSoundLedger();
  });

  it('after the engine matured it: answers the matured pledge, charges nothing', async () => {
    const { member, pledge } = await pledged();
    await advancePlanDays(t, 30);
    const answer = await redeem(member, pledge.id);
    expect(answer.code).toBe(200);
    expect(answer.data).toMatchObject({ status: 'matured', penalty: null, rewardsPaid: '30' });
    expect(await kpc(member)).toEqual({ available: '1000', staked: '0', income: '30' });
    expect(await entriesOf(pledge.id)).toEqual({ pledge: 1, pledge_reward: 30, pledge_maturity: 1 });
  });

  it('twenty requests at once and the engine beside them settle the matured pledge exactly once', async () => {
    const { member, pledge } = await pledged();
    await advancePlanDays(t, 25);
    planClock(t).advanceDays(7);
    const burnedBefore = await burned();
    const [answers] = await Promise.all([
      Promise.all(Array.from({ length: 20 }, () => redeem(member, pledge.id))),
      runReleaseEngine(t.database.db, planClock(t), { workers: t.database.kind === 'postgres' ? 2 : 1 }),
    ]);
    for (const answer of answers) {
      expect(answer.code).toBe(200);
      expect(answer.data).toMatchObject({ status: 'matured', penalty: null, rewardsPaid: '30' });
    }
    expect(await kpc(member)).toEqual({ available: '1000', staked: '0', income: '30' });
    expect(await burned()).toBe(burnedBefore);
    expect(await entriesOf(pledge.id)).toEqual({ pledge: 1, pledge_reward: 30, pledge_maturity: 1 });
    await expectSoundLedger();
  });
});

describe('redeeming early (issue 23 item 4)', () => {
  it('settles the rewards due first, then burns the penalty of the principal', async () => {
    const { member, pledge } = await pledged();
    await advancePlanDays(t, 5);
    // Three more reward days fall due before the engine's next run.
    planClock(t).advanceDays(3);
    const burnedBefore = await burned();
    const answer = await redeem(member, pledge.id);
    expect(answer.data).toMatchObject({ status: 'redeemed', penalty: '100', returned: '900', rewardsPaid: '8' });
    expect(await kpc(member)).toEqual({ available: '900', staked: '0', income: '8' });
    expect(Number(await burned()) - Number(burnedBefore)).toBe(100);
    await advancePlanDays(t, 30);
    expect(await entriesOf(pledge.id)).toEqual({ pledge: 1, pledge_reward: 8, pledge_redeem: 1 });
    await expectSoundLedger();
  });

  it('twenty requests at once redeem once: one penalty, the others told it is no longer active', async () => {
    const { member, pledge } = await pledged();
    await advancePlanDays(t, 2);
    planClock(t).advanceDays(1);
    const burnedBefore = await burned();
    const answers = await Promise.all(Array.from({ length: 20 }, () => redeem(member, pledge.id)));
    const codes = answers.map((answer) => answer.code).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 1402)).toHaveLength(19);
    expect(answers.find((answer) => answer.code === 200)!.data).toMatchObject({
      status: 'redeemed',
      penalty: '100',
      rewardsPaid: '3',
    });
    // The same request repeated answers the same redemption.
    const requestId = randomUUID();
    const other = await pledged();
    const repeated = await Promise.all(
      Array.from({ length: 10 }, () => redeem(other.member, other.pledge.id, requestId)),
    );
    expect(new Set(repeated.map((answer) => answer.code))).toEqual(new Set([200]));
    expect(new Set(repeated.map((answer) => JSON.stringify(answer.data))).size).toBe(1);
    expect(await kpc(member)).toEqual({ available: '900', staked: '0', income: '3' });
    expect(Number(await burned()) - Number(burnedBefore)).toBe(200);
    expect(await entriesOf(pledge.id)).toEqual({ pledge: 1, pledge_reward: 3, pledge_redeem: 1 });
    expect(await entriesOf(other.pledge.id)).toEqual({ pledge: 1, pledge_redeem: 1 });
    await expectSoundLedger();
  });
});
