import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { klkTiers } from '../../db/schema/index.ts';
import { findLedgerViolations } from '../../testing/ledger-invariants.ts';
import { houseBalance, memberBalance } from '../../testing/ledger-balances.ts';
import { buyKlkTier, klkTierShown } from '../../testing/klk.ts';
import { createWalletMember, fund, type TestMember } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';

/**
 * Issue 23 item 5: a purchase carries the amount the member's review showed; a tier whose price
 * changed between the screen and the request is refused (PRICE_CHANGED) and nothing is charged.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RUN_CHAIN_WORKERS: 'false' });
}, 60_000);
afterAll(async () => {
  await t.close();
});
// The seeded prices (migration 0010), back after each test.
afterEach(async () => {
  await setPrice('agent', '1000');
  await setPrice('partner', '5000');
});

async function setPrice(level: string, price: string) {
  await t.database.db.update(klkTiers).set({ price }).where(eq(klkTiers.level, level));
}

const buy = (
  member: TestMember,
  tierId: string,
  amount: string,
  requestId: string = randomUUID(),
  language = 'en_US',
) => t.call('/api/klk/buy', { tierId, amount, requestId }, { ...member.headers, language });

/** Everything a purchase touches for this member: what must not move when one is refused. */
async function footprint(member: TestMember) {
  const db = t.database.db;
  const count = async (query: ReturnType<typeof sql>) => {
    const result: unknown = await db.execute(query);
    return (result as { rows: { n: number }[] }).rows[0]!.n;
  };
  return {
    usdt: await memberBalance(db, member.memberId, 'USDT'),
    klkSales: await houseBalance(db, 'klk_sales', 'USDT'),
    entries: await count(sql`select count(*)::int as n from ledger_entries where member_id = ${member.memberId}`),
    purchases: await count(sql`select count(*)::int as n from klk_purchases where member_id = ${member.memberId}`),
    codes: await count(sql`select count(*)::int as n from activation_codes where owner_id = ${member.memberId}`),
    level: ((await t.call('/api/klk/packages', {}, member.headers)).data as { level: string | null }).level,
  };
}

async function expectSoundLedger() {
  expect(await findLedgerViolations(t.database.db)).toEqual({
    unbalanced: [],
    drifted: [],
    staleAfter: [],
    negative: [],
  });
}

describe(`KLK purchases at the price shown (${testDatabaseKind()})`, () => {
  it('refuses a first purchase whose price rose or fell after the screen; nothing is charged', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '10000');
    const shown = await klkTierShown(t, member, 'agent');
    expect(shown.payNow).toBe('1000');
    const before = await footprint(member);

    await setPrice('agent', '1200');
    const rose = await buy(member, shown.id, shown.payNow!);
    expect(rose).toMatchObject({
      status: 200,
      code: 1404,
      msg: 'The price has changed. Please review the new price and try again; nothing was charged.',
    });
    expect(await footprint(member)).toEqual(before);

    await setPrice('agent', '800');
    const fell = await buy(member, shown.id, shown.payNow!, randomUUID(), 'zh_CN');
    expect(fell).toMatchObject({ code: 1404, msg: '价格已变动，请查看新价格后重试；本次未扣款。' });
    expect(await footprint(member)).toEqual(before);

    // The new price, once shown, buys.
    const fresh = await klkTierShown(t, member, 'agent');
    expect(fresh.payNow).toBe('800');
    expect((await buy(member, fresh.id, '800.000')).data).toMatchObject({ paid: '800', codeCount: 1, level: 'agent' });
    expect(await memberBalance(t.database.db, member.memberId, 'USDT')).toBe('9200');
    await expectSoundLedger();
  });

  it('refuses an upgrade whose difference changed (either tier’s price); the level and codes stay', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '10000');
    expect((await buyKlkTier(t, member, 'agent')).code).toBe(200);
    const shown = await klkTierShown(t, member, 'partner');
    expect(shown.payNow).toBe('4000');
    const before = await footprint(member);
    expect(before).toMatchObject({ usdt: '9000', codes: 1, level: 'agent' });

    await setPrice('partner', '5500');
    expect((await buy(member, shown.id, shown.payNow!)).code).toBe(1404);
    expect(await footprint(member)).toEqual(before);
    // The held tier's price moves the difference too.
    await setPrice('partner', '5000');
    await setPrice('agent', '1500');
    expect((await buy(member, shown.id, shown.payNow!)).code).toBe(1404);
    expect(await footprint(member)).toEqual(before);

    const fresh = await klkTierShown(t, member, 'partner');
    expect(fresh.payNow).toBe('3500');
    expect((await buy(member, fresh.id, fresh.payNow!)).data).toMatchObject({ paid: '3500', codeCount: 5 });
    expect(await footprint(member)).toMatchObject({ usdt: '5500', codes: 6, level: 'partner' });
    await expectSoundLedger();
  });

  it('answers a retried purchase as it was made, even after a price change, and refuses the id with another amount', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '10000');
    const shown = await klkTierShown(t, member, 'agent');
    const requestId = randomUUID();
    const first = await buy(member, shown.id, '1000', requestId);
    expect(first.code).toBe(200);
    await setPrice('agent', '1200');
    const retried = await buy(member, shown.id, '1000', requestId);
    expect(retried).toMatchObject({ code: 200, data: { id: first.data.id, paid: '1000' } });
    expect((await buy(member, shown.id, '1200', requestId)).code).toBe(1403);
    expect(await memberBalance(t.database.db, member.memberId, 'USDT')).toBe('9000');
  });
});
