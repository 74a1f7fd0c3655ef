import { randomUUID } from 'node:crypto';
import type { TPlanPreviewResponse, TPlanProductsResponse } from '@kpc/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWalletMember, fund } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { planClock } from './testing.ts';

let t: TestApp;

beforeAll(async () => {
  // The scheduled engine stays off: nothing moves but the clock the test sets.
  t = await createTestApp({ RUN_CHAIN_WORKERS: 'false' });
}, 60_000);
afterAll(async () => {
  vi.restoreAllMocks();
  await t.close();
});

describe('/api/plan/preview (issue 24 item 8)', () => {
  it("says the dates an order made now carries, on the plans' clock, and the orders carry them", async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '2000');
    await fund(t, member, 'KPC', '1000');
    const products = (await t.call('/api/plan/products', {})).data as TPlanProductsResponse;
    // One instant for the preview and the orders, late in a UTC day, and the development clock
    // 5 days ahead: the dates are the server's, never the device's (Date.now()).
    const frozen = new Date(`${new Date().toISOString().slice(0, 10)}T23:12:34.567Z`);
    vi.spyOn(t.clock, 'now').mockReturnValue(frozen);
    planClock(t).advanceDays(5);
    const plansNow = new Date(frozen.getTime() + 5 * 86_400_000);

    const answer = await t.call('/api/plan/preview', {}, member.headers);
    expect(answer.code).toBe(200);
    const preview = answer.data as TPlanPreviewResponse;
    expect(preview.now).toBe(plansNow.toISOString());
    const nextDay = new Date(plansNow.toISOString().slice(0, 10) + 'T00:00:00.000Z');
    nextDay.setUTCDate(nextDay.getUTCDate() + 1);
    expect(preview.investmentFirstReleaseAt).toBe(nextDay.toISOString());

    const plan = await t.call(
      '/api/plan/join',
      { productId: products.investment[0]!.id, amount: '100', requestId: randomUUID() },
      member.headers,
    );
    expect(plan.data.nextReleaseAt).toBe(preview.investmentFirstReleaseAt);

    const esop = await t.call(
      '/api/plan/esop/join',
      { amount: '100', price: products.esop.price, requestId: randomUUID() },
      member.headers,
    );
    expect(esop.code).toBe(200);
    expect(preview.esop).toEqual({ lockEndsAt: esop.data.lockEndsAt, firstReleaseAt: esop.data.nextReleaseAt });

    expect(preview.pledgeTerms.map((term) => term.id)).toEqual(products.pledgeTerms.map((term) => term.id));
    for (const term of products.pledgeTerms) {
      const pledge = await t.call(
        '/api/plan/pledge',
        { termId: term.id, amount: term.minAmount, requestId: randomUUID() },
        member.headers,
      );
      expect(pledge.code).toBe(200);
      const shown = preview.pledgeTerms.find((item) => item.id === term.id)!;
      expect(shown.maturesAt).toBe(pledge.data.maturesAt);
      expect(shown.firstRewardAt).toBe(preview.investmentFirstReleaseAt);
    }
  });

  it('needs a login', async () => {
    expect((await t.call('/api/plan/preview', {})).code).toBe(401);
  });
});
