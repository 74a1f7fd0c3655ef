import { randomUUID } from 'node:crypto';
import {
  fromLedgerUnits,
  mulLedger,
  toLedgerUnits,
  type TAssetListResponse,
  type TAssetLogResponse,
  type TPlanProductsResponse,
} from '@kpc/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kpcPrices } from '../../db/schema/index.ts';
import { createWalletMember, fund, type TestMember } from '../../testing/members.ts';
import { logStatements } from '../../testing/statements.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function balances(member: TestMember) {
  const answer = await t.call('/api/ass/lst', {}, member.headers);
  expect(answer.code).toBe(200);
  return answer.data as TAssetListResponse;
}

describe('/api/card/getPrice and /api/ass/lst (SPEC §7)', () => {
  it('gives the current KPC price from the price history', async () => {
    const first = await t.call('/api/card/getPrice', {});
    expect(first.data.price).toBe('0.1');
    await t.database.db.insert(kpcPrices).values({ price: '0.125', effectiveAt: new Date() });
    // A price set for later is not in effect yet.
    await t.database.db.insert(kpcPrices).values({ price: '9', effectiveAt: new Date(Date.now() + 3600_000) });
    // An operator's SQL reaches the server's price cache by a notification at commit (PostgreSQL
    // delivers it a moment later, PGlite at once): poll rather than race it.
    const price = async (): Promise<string> => (await t.call('/api/card/getPrice', {})).data.price as string;
    await expect.poll(price, { timeout: 2000 }).toBe('0.125');
    await t.database.db.delete(kpcPrices).where(eq(kpcPrices.source, 'operator'));
    await expect.poll(price, { timeout: 2000 }).toBe('0.1');
  });

  it('lists every asset with zero balances for a new member', async () => {
    const member = await createWalletMember(t);
    const answer = await balances(member);
    expect(answer).toEqual({
      lst: [
        {
          asset: 'USDT',
          decimals: 6,
          available: '0',
          frozen: '0',
          income: '0',
          locked: '0',
          staked: '0',
          valueUsdt: '0',
        },
        {
          asset: 'KPC',
          decimals: 18,
          available: '0',
          frozen: '0',
          income: '0',
          locked: '0',
          staked: '0',
          valueUsdt: '0',
        },
      ],
      allQuantity: '0',
      parts: { available: '0', frozen: '0', income: '0', locked: '0', staked: '0' },
      price: '0.1',
    });
  });

  it('values holdings in USDT at the current price and totals them', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '100.5');
    await fund(t, member, 'USDT', '20', 'income');
    await fund(t, member, 'KPC', '1000.123456789012345678');
    const answer = await balances(member);
    expect(answer.lst[0]).toMatchObject({ available: '100.5', income: '20', valueUsdt: '120.5' });
    expect(answer.lst[1]).toMatchObject({ available: '1000.123456789012345678', valueUsdt: '100.012345' });
    expect(answer.allQuantity).toBe('220.512345');
  });

  it('shows staked and ESOP-locked KPC, and its parts add up to the total exactly (issue 24 item 3)', async () => {
    const member = await createWalletMember(t);
    const products = (await t.call('/api/plan/products', {})).data as TPlanProductsResponse;
    await fund(t, member, 'USDT', '1000.5');
    // 0.000005 KPC of income and 1,000.000005 staked are each worth x.0000005 USDT: each part rounds
    // down on its own, and the total must be their sum (rounded once, it would be 0.000001 more,
    // which no part explains).
    await fund(t, member, 'KPC', '1010.000005');
    await fund(t, member, 'KPC', '0.000005', 'income');
    const term = products.pledgeTerms[0]!;
    const pledged = await t.call(
      '/api/plan/pledge',
      { termId: term.id, amount: '1000.000005', requestId: randomUUID() },
      member.headers,
    );
    expect(pledged.code).toBe(200);
    const esop = await t.call(
      '/api/plan/esop/join',
      { amount: '100.000007', price: products.esop.price, requestId: randomUUID() },
      member.headers,
    );
    expect(esop.code).toBe(200);

    const answer = await balances(member);
    const kpc = answer.lst.find((row) => row.asset === 'KPC')!;
    expect(kpc).toMatchObject({
      available: '10',
      income: '0.000005',
      staked: '1000.000005',
      locked: '1000.00007',
      valueUsdt: '201.000007',
    });
    expect(answer.parts).toEqual({
      available: '901.499993',
      frozen: '0',
      income: '0',
      locked: '100.000007',
      staked: '100',
    });
    const sum = (values: string[]) => fromLedgerUnits(values.reduce((a, b) => a + toLedgerUnits(b), 0n));
    expect(sum(Object.values(answer.parts))).toBe(answer.allQuantity);
    expect(sum(answer.lst.map((row) => row.valueUsdt))).toBe(answer.allQuantity);
    expect(answer.allQuantity).toBe('1101.5');
    // Every bucket of an asset is listed: they add up to what it holds.
    for (const row of answer.lst) {
      const held = sum([row.available, row.frozen, row.income, row.locked, row.staked]);
      const value = fromLedgerUnits(
        mulLedger(toLedgerUnits(held), toLedgerUnits(row.asset === 'KPC' ? answer.price : '1')),
      );
      expect(toLedgerUnits(value) - toLedgerUnits(row.valueUsdt)).toBeGreaterThanOrEqual(0n);
      expect(toLedgerUnits(value) - toLedgerUnits(row.valueUsdt)).toBeLessThan(toLedgerUnits('0.00001'));
    }
  });

  it('needs a login', async () => {
    expect((await t.call('/api/ass/lst', {})).code).toBe(401);
  });
});

describe('/api/ass/transfer (income -> available)', () => {
  it('moves income into available, once per request id', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '50', 'income');
    const requestId = randomUUID();
    const first = await t.call('/api/ass/transfer', { asset: 'USDT', amount: '20', requestId }, member.headers);
    expect(first).toMatchObject({ code: 200, data: { asset: 'USDT', amount: '20' } });
    const replay = await t.call('/api/ass/transfer', { asset: 'USDT', amount: '20', requestId }, member.headers);
    expect(replay.data).toEqual(first.data);
    expect((await balances(member)).lst[0]).toMatchObject({ available: '20', income: '30' });
  });

  it('is one statement, the record with its entry (Step 9 §2)', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '50', 'income');
    const send = () =>
      t.call('/api/ass/transfer', { asset: 'USDT', amount: '5', requestId: randomUUID() }, member.headers);
    expect((await send()).code).toBe(200);
    const statements = logStatements(t.database);
    const sent: string[][] = [];
    for (let i = 0; i < 2; i++) {
      const before = statements.count();
      expect(await send()).toMatchObject({ code: 200, data: { asset: 'USDT', amount: '5' } });
      sent.push(statements.texts(before));
    }
    // The asset comes from the reference cache. (The cheaper of two: a change notification of an
    // earlier test may empty the cache once.)
    const write = [expect.stringMatching(/^with cause as \(insert into financial_records/)];
    expect(sent.filter((texts) => texts.length === 1)[0] ?? sent[0]).toEqual(write);
    expect((await balances(member)).lst[0]).toMatchObject({ available: '15', income: '35' });
  });

  it('refuses more than the income, too many decimals, and unknown assets, changing nothing', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '10', 'income');
    await fund(t, member, 'USDT', '500');
    const send = (asset: string, amount: string) =>
      t.call('/api/ass/transfer', { asset, amount, requestId: randomUUID() }, member.headers);
    expect(await send('USDT', '10.000001')).toMatchObject({ code: 1200, msg: 'Insufficient balance.' });
    expect(await send('USDT', '1.0000001')).toMatchObject({
      code: 1201,
      msg: 'This currency allows at most 6 decimal places.',
    });
    expect((await send('BTC', '1')).code).toBe(1202);
    for (const amount of ['0', '-1', '1e3', 'abc', '', ' ', '0.000'])
      expect((await send('USDT', amount)).code).toBe(1000);
    expect((await balances(member)).lst[0]).toMatchObject({ available: '500', income: '10' });
    const history = await t.call('/api/ass/history', {}, member.headers);
    expect(history.data.list).toEqual([]);
  });
});

describe('/api/ass/log and /api/ass/history', () => {
  it('lists the postings newest first, filtered and paginated by cursor', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '5', 'income');
    for (let i = 0; i < 3; i++) {
      const answer = await t.call(
        '/api/ass/transfer',
        { asset: 'USDT', amount: '1', requestId: randomUUID() },
        member.headers,
      );
      expect(answer.code).toBe(200);
    }
    await fund(t, member, 'KPC', '7');

    const all = await t.call('/api/ass/log', {}, member.headers);
    expect(all.data.list).toHaveLength(8);
    expect(all.data.list[0]).toMatchObject({
      type: 'dev_faucet',
      asset: 'KPC',
      bucket: 'available',
      amount: '7',
      balanceAfter: '7',
    });
    const usdt = await t.call('/api/ass/log', { asset: 'USDT', type: 'transfer' }, member.headers);
    expect(usdt.data.list).toHaveLength(6);
    // Each transfer is a pair: out of income, into available.
    expect((usdt.data as TAssetLogResponse).list.map((item) => `${item.bucket} ${item.amount}`).sort()).toEqual([
      'available 1',
      'available 1',
      'available 1',
      'income -1',
      'income -1',
      'income -1',
    ]);

    const pageOne = await t.call('/api/ass/log', { limit: 5 }, member.headers);
    expect(pageOne.data.list).toHaveLength(5);
    const pageTwo = await t.call('/api/ass/log', { limit: 5, cursor: pageOne.data.nextCursor }, member.headers);
    expect(pageTwo.data.list).toHaveLength(3);
    expect(pageTwo.data.nextCursor).toBeNull();
    expect([...pageOne.data.list, ...pageTwo.data.list]).toEqual(all.data.list);

    const history = await t.call('/api/ass/history', { kind: 'transfer' }, member.headers);
    expect(history.data.list).toHaveLength(3);
    expect(history.data.list[0]).toMatchObject({ kind: 'transfer', status: 'completed', asset: 'USDT', amount: '1' });
  });

  it("never shows another member's postings", async () => {
    const [alice, bob] = [await createWalletMember(t), await createWalletMember(t)];
    await fund(t, alice, 'USDT', '3');
    const bobLog = await t.call('/api/ass/log', {}, bob.headers);
    expect(bobLog.data.list).toEqual([]);
  });

  it('refuses malformed filters with code 1000', async () => {
    const member = await createWalletMember(t);
    for (const body of [
      { cursor: 'abc' },
      { limit: 0 },
      { limit: 51 },
      { type: 'robbery' },
      { asset: 'usdt!' },
      { kind: 'gift' },
    ]) {
      const path = 'kind' in body ? '/api/ass/history' : '/api/ass/log';
      expect((await t.call(path, body, member.headers)).code).toBe(1000);
    }
  });
});
