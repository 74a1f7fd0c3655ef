import { randomUUID } from 'node:crypto';
import type { TEsopOrdersResponse, TPledge } from '@kpc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerViolations } from '../../testing/ledger-invariants.ts';
import { createWalletMember, fund } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RUN_CHAIN_WORKERS: 'false' });
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('the development clock (/api/dev/clock/advance)', () => {
  it('moves the plans forward and releases what fell due, while the session keeps real time', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '1000');
    await fund(t, member, 'KPC', '1000');
    const esop = await t.call(
      '/api/plan/esop/join',
      { amount: '300', price: '0.1', requestId: randomUUID() },
      member.headers,
    );
    expect(esop.data).toMatchObject({ amount: '300', kpc: '3000', status: 'locked', phasesReleased: 0 });
    const pledge = await t.call(
      '/api/plan/pledge',
      { termId: '1', amount: '1000', requestId: randomUUID() },
      member.headers,
    );
    expect(pledge.data).toMatchObject({ termDays: 30, remainingDays: 30, status: 'active', valueUsdt: '100' });

    const moved = await t.call('/api/dev/clock/advance', { days: 30 });
    expect(moved.code).toBe(200);
    expect(moved.data.offsetDays).toBe(30);
    // 30 days of 0.1 % of 1000 KPC, then the principal back to available.
    const pledges = await t.call('/api/plan/pledges', {}, member.headers);
    expect(pledges.code).toBe(200);
    expect((pledges.data as { list: TPledge[] }).list[0]).toMatchObject({
      status: 'matured',
      rewardsPaid: '30',
      remainingDays: 0,
    });
    // ESOP: locked for 6 months, then 12 monthly phases of 250 KPC.
    await t.call('/api/dev/clock/advance', { days: 180 });
    const orders = (await t.call('/api/plan/esop/orders', {}, member.headers)).data as TEsopOrdersResponse;
    expect(orders.list[0]).toMatchObject({ phasesReleased: 1, released: '250', locked: '2750', status: 'releasing' });
    const log = await t.call('/api/plan/esop/log', {}, member.headers);
    expect(log.data.list).toHaveLength(1);
    expect(log.data.list[0]).toMatchObject({ phase: 1, phaseCount: 12, amount: '250', asset: 'KPC' });
    expect(await findLedgerViolations(t.database.db)).toEqual({
      unbalanced: [],
      drifted: [],
      staleAfter: [],
      negative: [],
    });
  });

  it('refuses days that are not a whole, non-negative number', async () => {
    for (const body of [{}, { days: -1 }, { days: 1.5 }, { days: '3' }, { days: 100000 }]) {
      const answer = await t.call('/api/dev/clock/advance', body);
      expect(answer.code, JSON.stringify(body)).toBe(1000);
    }
  });
});

describe('without the development switch', () => {
  it('has no clock endpoint (as the faucet: never in production or beside a real chain)', async () => {
    const off = await createTestApp({ RUN_CHAIN_WORKERS: 'false', DEV_FAUCET: 'false' });
    try {
      const answer = await off.app.inject({ method: 'POST', url: '/api/dev/clock/advance', payload: { days: 1 } });
      expect(answer.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
