import { randomUUID } from 'node:crypto';
import type { TAssetListResponse, TExchangeLogResponse } from '@kpc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kpcPrices } from '../../db/schema/index.ts';
import { createWalletMember, fund, type TestMember } from '../../testing/members.ts';
import { houseBalance } from '../../testing/ledger-balances.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { quoteExchange } from './service.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function available(member: TestMember) {
  const { data } = await t.call('/api/ass/lst', {}, member.headers);
  return Object.fromEntries(
    (data.lst as { asset: string; available: string }[]).map((row) => [row.asset, row.available]),
  );
}

async function quote(member: TestMember, from: string, to: string, amount: string) {
  return t.call('/api/exchange/quote', { from, to, amount }, member.headers);
}

describe('quick exchange (SPEC §3 Exchange)', () => {
  it('lists the open pairs and how long a quote holds', async () => {
    const member = await createWalletMember(t);
    const answer = await t.call('/api/exchange/pairs', {}, member.headers);
    expect(answer.data).toEqual({
      pairs: expect.arrayContaining([
        { from: 'USDT', to: 'KPC', feeRate: '0.003', minAmount: '1' },
        { from: 'KPC', to: 'USDT', feeRate: '0.005', minAmount: '10' },
      ]),
      quoteSeconds: 30,
    });
  });

  it('quotes rate, fee and amount received, and exchanges at those terms', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '100');
    const quoted = await quote(member, 'USDT', 'KPC', '100');
    // Price 0.1 USDT: 10 KPC per USDT; fee 0.3 % of 100 USDT; (100 - 0.3) * 10 = 997 KPC.
    expect(quoted.data).toMatchObject({
      from: 'USDT',
      to: 'KPC',
      amount: '100',
      rate: '10',
      feeRate: '0.003',
      fee: '0.3',
      received: '997',
    });
    expect(Date.parse(quoted.data.expiresAt) - Date.now()).toBeGreaterThan(25_000);

    const done = await t.call('/api/exchange/confirm', { quote: quoted.data.quote }, member.headers);
    expect(done).toMatchObject({
      code: 200,
      data: { from: 'USDT', to: 'KPC', amount: '100', fee: '0.3', received: '997' },
    });
    expect(await available(member)).toEqual({ USDT: '0', KPC: '997' });

    const back = await quote(member, 'KPC', 'USDT', '997');
    // 997 KPC, fee 0.5 % = 4.985 KPC, (997 - 4.985) * 0.1 = 99.2015 USDT.
    expect(back.data).toMatchObject({ rate: '0.1', fee: '4.985', received: '99.2015' });
    expect((await t.call('/api/exchange/confirm', { quote: back.data.quote }, member.headers)).code).toBe(200);
    expect(await available(member)).toEqual({ USDT: '99.2015', KPC: '0' });

    const log = await t.call('/api/exchange/log', {}, member.headers);
    expect((log.data as TExchangeLogResponse).list.map((row) => row.from)).toEqual(['KPC', 'USDT']);
    const history = await t.call('/api/ass/history', { kind: 'exchange' }, member.headers);
    expect(history.data.list[1]).toMatchObject({
      kind: 'exchange',
      status: 'completed',
      asset: 'USDT',
      amount: '100',
      toAsset: 'KPC',
      toAmount: '997',
      fee: '0.3',
    });
  });

  it('burns the KPC fee of an exchange out of KPC (KPC burned grows by it) and keeps the USDT fee', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '10');
    const burned = async () => (await t.call('/api/plan/burned', {})).data.burned as string;
    const feesUsdt = async () => Number(await houseBalance(t.database.db, 'fees', 'USDT'));
    const [burnedBefore, feesBefore] = [Number(await burned()), await feesUsdt()];
    const bought = await quote(member, 'USDT', 'KPC', '10');
    expect(bought.data).toMatchObject({ feeBurned: false });
    await t.call('/api/exchange/confirm', { quote: bought.data.quote }, member.headers);
    // The USDT fee (0.03) is kept as a fee; nothing burns.
    expect(await feesUsdt()).toBeCloseTo(feesBefore + 0.03, 10);
    expect(Number(await burned())).toBe(burnedBefore);

    const sold = await quote(member, 'KPC', 'USDT', '99.7');
    expect(sold.data).toMatchObject({ fee: '0.4985', feeBurned: true });
    expect(sold.data).not.toHaveProperty('burnFee');
    await t.call('/api/exchange/confirm', { quote: sold.data.quote }, member.headers);
    expect(Number(await burned())).toBeCloseTo(burnedBefore + 0.4985, 10);
  });

  it('rounds the fee up and the amount received down to the assets decimals', async () => {
    const member = await createWalletMember(t);
    // 1.000001 USDT: fee 0.003000003 -> 0.003001 (up); (1.000001 - 0.003001) * 10 = 9.97 KPC.
    const quoted = await quote(member, 'USDT', 'KPC', '1.000001');
    expect(quoted.data).toMatchObject({ fee: '0.003001', received: '9.97' });
  });

  it('refuses closed pairs, amounts under the minimum or too precise, and an empty balance', async () => {
    const member = await createWalletMember(t);
    expect((await quote(member, 'USDT', 'USDT', '5')).code).toBe(1203);
    expect(await quote(member, 'KPC', 'USDT', '9.99')).toMatchObject({
      code: 1206,
      msg: 'The minimum amount is 10 KPC.',
    });
    expect((await quote(member, 'USDT', 'KPC', '1.0000001')).code).toBe(1201);
    const quoted = await quote(member, 'USDT', 'KPC', '5');
    expect(await t.call('/api/exchange/confirm', { quote: quoted.data.quote }, member.headers)).toMatchObject({
      code: 1200,
    });
    expect(await available(member)).toEqual({ USDT: '0', KPC: '0' });
    // The failed attempt did not use the quote up: funded now, it goes through.
    await fund(t, member, 'USDT', '5');
    expect((await t.call('/api/exchange/confirm', { quote: quoted.data.quote }, member.headers)).code).toBe(200);
  });

  it('asks for a new quote once the quote expired', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '10');
    const quoted = await quote(member, 'USDT', 'KPC', '10');
    t.clock.advance(31);
    const late = await t.call('/api/exchange/confirm', { quote: quoted.data.quote }, member.headers);
    expect(late).toMatchObject({ code: 1204, msg: 'The quote has expired. Please get a new quote.' });
    expect(await available(member)).toEqual({ USDT: '10', KPC: '0' });
  });

  it('answers a retry of a confirmed quote with the same exchange, even after the quote expired', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '10');
    const quoted = await quote(member, 'USDT', 'KPC', '10');
    const first = await t.call('/api/exchange/confirm', { quote: quoted.data.quote }, member.headers);
    t.clock.advance(31);
    const retry = await t.call('/api/exchange/confirm', { quote: quoted.data.quote }, member.headers);
    expect(retry).toMatchObject({ code: 200, data: first.data });
    expect(await available(member)).toEqual({ USDT: '0', KPC: '99.7' });
  });

  it("refuses a tampered quote and another member's quote", async () => {
    const [alice, mallory] = [await createWalletMember(t), await createWalletMember(t)];
    await fund(t, alice, 'USDT', '10');
    await fund(t, mallory, 'USDT', '10');
    const quoted = await quote(alice, 'USDT', 'KPC', '10');
    expect((await t.call('/api/exchange/confirm', { quote: quoted.data.quote }, mallory.headers)).code).toBe(1205);

    const [payload, signature] = (quoted.data.quote as string).split('.');
    const terms = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const richer = Buffer.from(JSON.stringify({ ...terms, received: '1000000' })).toString('base64url');
    expect((await t.call('/api/exchange/confirm', { quote: `${richer}.${signature}` }, alice.headers)).code).toBe(1205);
    for (const bogus of ['x', 'a.b', `${payload}.`, `${payload}.${signature}.x`]) {
      expect((await t.call('/api/exchange/confirm', { quote: bogus }, alice.headers)).code).toBe(1205);
    }
    expect(await available(alice)).toEqual({ USDT: '10', KPC: '0' });
  });

  it('never signs a quote whose amount or amount received the ledger could not hold', async () => {
    const member = await createWalletMember(t);
    // Straight to the service, past the route's schema (which refuses these amounts first).
    const context = { db: t.database.db, clock: t.clock, secret: 'service-test-secret', quoteSeconds: 30 };
    for (const amount of ['1000000000000000', '99999999999999999999', '100000000000000000000']) {
      await expect(quoteExchange(context, member.memberId, { from: 'USDT', to: 'KPC', amount })).rejects.toMatchObject({
        code: 1000,
      });
    }
    // A KPC price of 10^-12 USDT, in force only on this test's clock: 10,000 USDT would buy ~10^16 KPC.
    const future = new Date('3000-01-01T00:00:00Z');
    await t.database.db.insert(kpcPrices).values({ price: '0.000000000001', effectiveAt: future });
    const later = { ...context, clock: { now: () => future } };
    await expect(
      quoteExchange(later, member.memberId, { from: 'USDT', to: 'KPC', amount: '10000' }),
    ).rejects.toMatchObject({ code: 1000 });
    const small = await quoteExchange(later, member.memberId, { from: 'USDT', to: 'KPC', amount: '100' });
    expect(small).toMatchObject({ rate: '1000000000000', received: '99700000000000' });
  });
});

describe('concurrency and idempotency (Step 3 proof)', () => {
  it('lets 1,000 concurrent exchanges and transfers spend at most the balance, never below zero', async () => {
    const member = await createWalletMember(t);
    // 100 USDT available, 50 USDT income; each exchange spends 1 USDT, each transfer moves 1 USDT.
    await fund(t, member, 'USDT', '100');
    await fund(t, member, 'USDT', '50', 'income');
    const quotes = await Promise.all(Array.from({ length: 600 }, () => quote(member, 'USDT', 'KPC', '1')));
    const requests = [
      ...quotes.map((quoted) => () => t.call('/api/exchange/confirm', { quote: quoted.data.quote }, member.headers)),
      ...Array.from(
        { length: 400 },
        () => () =>
          t.call('/api/ass/transfer', { asset: 'USDT', amount: '1', requestId: randomUUID() }, member.headers),
      ),
    ].sort(() => Math.random() - 0.5);
    const answers = await Promise.all(requests.map((send) => send()));
    const codes = answers.map((answer) => answer.code);
    expect(codes.every((code) => code === 200 || code === 1200)).toBe(true);

    const exchanged = answers.filter((answer) => answer.code === 200 && 'received' in answer.data).length;
    const transferred = answers.filter((answer) => answer.code === 200 && !('received' in answer.data)).length;
    // Transfers can only move the 50 of income; exchanges can spend at most what reached available.
    expect(transferred).toBe(50);
    expect(exchanged).toBeLessThanOrEqual(100 + transferred);
    const data = (await t.call('/api/ass/lst', {}, member.headers)).data as TAssetListResponse;
    const usdt = data.lst.find((row) => row.asset === 'USDT');
    expect(usdt).toMatchObject({ income: '0', available: String(150 - exchanged) });
    expect(Number(data.lst.find((row) => row.asset === 'KPC')!.available)).toBeCloseTo(exchanged * 9.97, 6);
  });

  it('applies 100 concurrent confirmations of one quote once, with identical answers', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '1000');
    const quoted = await quote(member, 'USDT', 'KPC', '10');
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => t.call('/api/exchange/confirm', { quote: quoted.data.quote }, member.headers)),
    );
    expect(new Set(answers.map((answer) => JSON.stringify([answer.code, answer.data]))).size).toBe(1);
    expect(answers[0]!.code).toBe(200);
    expect(await available(member)).toEqual({ USDT: '990', KPC: '99.7' });
    const log = await t.call('/api/ass/log', { type: 'exchange' }, member.headers);
    expect(log.data.list).toHaveLength(2);
  });

  it('applies 100 concurrent transfers with one request id once, with identical answers', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '30', 'income');
    const body = { asset: 'USDT', amount: '7', requestId: randomUUID() };
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => t.call('/api/ass/transfer', body, member.headers)),
    );
    expect(new Set(answers.map((answer) => JSON.stringify([answer.code, answer.data]))).size).toBe(1);
    expect(await available(member)).toMatchObject({ USDT: '7' });
  });
});
