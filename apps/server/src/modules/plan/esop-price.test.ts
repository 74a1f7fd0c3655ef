import { randomUUID } from 'node:crypto';
import type { TPlanProductsResponse } from '@kpc/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerViolations } from '../../testing/ledger-invariants.ts';
import { houseBalance, memberBalance } from '../../testing/ledger-balances.ts';
import { createWalletMember, fund } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { planClock } from './testing.ts';

/**
 * Issue 23 item 5 (ESOP): a subscription carries the KPC price its review showed; the server
 * compares it in the transaction that charges, and a different price is refused (PRICE_CHANGED,
 * localised) with nothing charged.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RUN_CHAIN_WORKERS: 'false' });
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const result: unknown = await t.database.db.execute(query);
  return (result as { rows: { n: number }[] }).rows[0]!.n;
}

describe('an ESOP subscription at the price the member was shown (issue 23 item 5)', () => {
  it('refuses a price that changed between the screen and the request, charging nothing', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '1000');
    const shown = ((await t.call('/api/plan/products', {})).data as TPlanProductsResponse).esop.price;
    expect(shown).toBe('0.1');
    const db = t.database.db;
    const entriesBefore = await count(sql`select count(*)::int as n from ledger_entries`);
    const fundsBefore = await houseBalance(db, 'plan_funds', 'USDT');

    // The operator moves the price after the member's review sheet read it.
    await db.execute(
      sql`insert into kpc_prices (price, source, effective_at) values (0.125, 'test', ${planClock(t).now().toISOString()})`,
    );
    const requestId = randomUUID();
    const stale = await t.call('/api/plan/esop/join', { amount: '500', price: shown, requestId }, member.headers);
    expect(stale).toMatchObject({
      status: 200,
      code: 1404,
      msg: 'The price has changed. Please review the new price and try again; nothing was charged.',
    });
    const zh = await t.call(
      '/api/plan/esop/join',
      { amount: '500', price: shown, requestId: randomUUID() },
      { ...member.headers, language: 'zh_CN' },
    );
    expect(zh).toMatchObject({ code: 1404, msg: '价格已变动，请查看新价格后重试；本次未扣款。' });
    // Nothing moved: no order, no entry, the balance whole.
    expect(await memberBalance(db, member.memberId, 'USDT', 'available')).toBe('1000');
    expect(await memberBalance(db, member.memberId, 'KPC', 'locked')).toBe('0');
    expect(await houseBalance(db, 'plan_funds', 'USDT')).toBe(fundsBefore);
    expect(await count(sql`select count(*)::int as n from ledger_entries`)).toBe(entriesBefore);
    expect(await count(sql`select count(*)::int as n from esop_orders where member_id = ${member.memberId}`)).toBe(0);

    // The app reads the new price, shows it, and the member confirms at it (the same request id is free).
    const fresh = ((await t.call('/api/plan/products', {})).data as TPlanProductsResponse).esop.price;
    expect(fresh).toBe('0.125');
    const paid = await t.call('/api/plan/esop/join', { amount: '500', price: '0.1250', requestId }, member.headers);
    expect(paid.code).toBe(200);
    expect(paid.data).toMatchObject({ amount: '500', price: '0.125', kpc: '4000' });
    // A retry of that request answers the same order, charged once.
    const retry = await t.call('/api/plan/esop/join', { amount: '500', price: '0.125', requestId }, member.headers);
    expect(retry.data).toEqual(paid.data);
    expect(await memberBalance(db, member.memberId, 'USDT', 'available')).toBe('500');
    expect(await memberBalance(db, member.memberId, 'KPC', 'locked')).toBe('4000');
    expect(await findLedgerViolations(db)).toEqual({ unbalanced: [], drifted: [], staleAfter: [], negative: [] });
  });

  it('refuses a subscription that does not say the price it was shown', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '1000');
    for (const price of [undefined, '', 'abc', '-0.1']) {
      const answer = await t.call(
        '/api/plan/esop/join',
        { amount: '100', ...(price === undefined ? {} : { price }), requestId: randomUUID() },
        member.headers,
      );
      expect(answer.status).toBe(200);
      expect(answer.code, String(price)).not.toBe(200);
    }
    expect(await memberBalance(t.database.db, member.memberId, 'USDT', 'available')).toBe('1000');
  });
});
