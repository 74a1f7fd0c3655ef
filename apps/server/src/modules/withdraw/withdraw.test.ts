import { randomUUID } from 'node:crypto';
import { DEV_ACCOUNTS } from '@kpc/contracts/dev-chain';
import { ErrorCode, type TAssetListResponse, type THistoryResponse, type TWithdrawal } from '@kpc/shared';
import { asc, eq, sql } from 'drizzle-orm';
import { createPublicClient, http, parseUnits, type Address, type PublicClient } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, paymentChannels, withdrawalEvents, withdrawals } from '../../db/schema/index.ts';
import { startLocalChain, type LocalChain } from '../../testing/local-chain.ts';
import { creditAsDeposit, createWalletMember, fund, type TestMember } from '../../testing/members.ts';
import { startRpcProxy } from '../../testing/rpc-proxy.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import type { Actor } from '../audit/service.ts';
import { reviewWithdrawal, settleUnknownWithdrawal } from './operator.ts';
import { submitWithdrawal } from './service.ts';
import { createWithdrawalSender, SimulatedCrash } from './withdrawal-sender.ts';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const CONFIRMATIONS = 3;
/** An operator as the operator API names one (the console's routes are tested in withdraw-operator.test.ts). */
const OPERATOR: Actor = { type: 'operator', id: 'test', name: 'Test', role: 'finance', ip: null };

let local: LocalChain;
let t: TestApp;

interface EmailMember extends TestMember {
  email: string;
}

async function emailMember(usdt?: string): Promise<EmailMember> {
  const member = await createWalletMember(t, { chainId: 31337 });
  const email = `w-${randomUUID().slice(0, 8)}@example.com`;
  await t.database.db.update(members).set({ email }).where(eq(members.id, member.memberId));
  if (usdt) await fund(t, member, 'USDT', usdt);
  return { ...member, email };
}

async function mailedCode(member: EmailMember): Promise<string> {
  t.clock.advance(61); // past the resend cooldown of any earlier code
  const since = t.smtp.mails.length;
  const sent = await t.call('/api/withdraw/sendCode', {}, member.headers);
  expect(sent.code).toBe(200);
  return t.smtp.waitForCode(member.email, { since });
}

function freshAddress(): Address {
  return privateKeyToAccount(generatePrivateKey()).address;
}

async function apply(member: EmailMember, body: Record<string, unknown>) {
  return t.call(
    '/api/withdraw/apply',
    { requestId: randomUUID(), chainId: 31337, asset: 'USDT', address: freshAddress(), ...body },
    { ...member.headers, language: 'en_US' },
  );
}

async function usdt(member: TestMember): Promise<{ available: string; frozen: string }> {
  const data = (await t.call('/api/ass/lst', {}, member.headers)).data as TAssetListResponse;
  return data.lst.find((row) => row.asset === 'USDT')!;
}

function sender(crashAt?: (moment: 'signed' | 'recorded' | 'broadcast') => void, client: PublicClient = local.client) {
  return createWithdrawalSender({
    db: t.database.db,
    chain: local.runtime.chains.find((chain) => chain.chainId === 31337)!,
    logger: silent,
    confirmations: CONFIRMATIONS,
    client,
    ...(crashAt ? { crashAt } : {}),
  });
}

async function statusOf(id: string) {
  const [row] = await t.database.db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.id, BigInt(id)));
  return row!;
}

/** Runs sender passes and mines blocks until the withdrawal settles. */
async function payOut(id: string) {
  for (let round = 0; round < 10; round += 1) {
    await sender().sendOnce();
    const row = await statusOf(id);
    if (['completed', 'failed', 'rejected'].includes(row.status)) return row;
    await local.mine(CONFIRMATIONS);
  }
  return statusOf(id);
}

beforeAll(async () => {
  local = await startLocalChain();
  t = await createTestApp(
    {
      RUN_CHAIN_WORKERS: 'false',
      WITHDRAW_FEE_RATE: '0.01',
      WITHDRAW_MIN_FEE: '1',
      WITHDRAW_AUTO_APPROVE_DAILY: '1000',
    },
    { chains: local.runtime },
  );
});
afterAll(async () => {
  await t?.close();
  await local?.stop();
});

describe('withdrawal form rules (SPEC §5, §9)', () => {
  it('takes the fee from the remaining balance when it covers it', async () => {
    const member = await emailMember('100');
    const answer = await apply(member, { amount: '20', code: await mailedCode(member) });
    expect(answer.code).toBe(200);
    expect(answer.data).toMatchObject({
      amount: '20',
      fee: '1',
      feeFrom: 'balance',
      received: '20',
      status: 'approved',
    });
    expect(await usdt(member)).toMatchObject({ available: '79', frozen: '21' });
  });

  it('takes the fee from the amount when the balance left does not cover it, at the percentage above the minimum', async () => {
    const member = await emailMember('500');
    const answer = await apply(member, { amount: '500', code: await mailedCode(member) });
    expect(answer.data).toMatchObject({ amount: '500', fee: '5', feeFrom: 'amount', received: '495' });
    expect(await usdt(member)).toMatchObject({ available: '0', frozen: '500' });
  });

  it('refuses less than 10 USDT, a wrong code and an unreadable address, changing nothing', async () => {
    const member = await emailMember('100');
    const code = await mailedCode(member);
    const small = await apply(member, { amount: '9.99', code });
    expect(small.code).toBe(ErrorCode.AMOUNT_BELOW_MINIMUM);
    expect(small.msg).toBe('The minimum amount is 10 USDT.');
    const wrong = await apply(member, { amount: '10', code: code === '000000' ? '111111' : '000000' });
    expect(wrong.code).toBe(ErrorCode.CODE_INVALID);
    const badChecksum = await apply(member, {
      amount: '10',
      code,
      address: '0x90F79bf6EB2c4f870365E785982E1f101E93b907'.replace('F79', 'f79'),
    });
    expect(badChecksum.code).toBe(ErrorCode.INVALID_REQUEST);
    const zero = await apply(member, { amount: '10', code, address: `0x${'0'.repeat(40)}` });
    expect(zero.code).toBe(ErrorCode.INVALID_REQUEST);
    const tooMuch = await apply(member, { amount: '100.5', code });
    expect(tooMuch.code).toBe(ErrorCode.INSUFFICIENT_BALANCE);
    expect(await usdt(member)).toMatchObject({ available: '100', frozen: '0' });
    // None of those used up the code (the wrong one counted one try of five).
    expect((await apply(member, { amount: '10', code })).code).toBe(200);
  });

  it('answers a retried request with the same withdrawal, frozen once', async () => {
    const member = await emailMember('50');
    const body = { requestId: randomUUID(), amount: '15', code: await mailedCode(member) };
    const [first, second] = await Promise.all([apply(member, body), apply(member, body)]);
    expect(second.data.id).toBe(first.data.id);
    expect((await apply(member, body)).data.id).toBe(first.data.id);
    expect(await usdt(member)).toMatchObject({ available: '34', frozen: '16' });
  });

  it('needs an email on the account, an open channel, and a session', async () => {
    const walletOnly = await createWalletMember(t, { chainId: 31337 });
    expect((await t.call('/api/withdraw/sendCode', {}, walletOnly.headers)).code).toBe(
      ErrorCode.WITHDRAW_EMAIL_REQUIRED,
    );
    const channels = await t.call('/api/withdraw/channels', {}, walletOnly.headers);
    expect(channels.data.email).toBeNull();
    expect(channels.data.list[0]).toMatchObject({
      chainId: 31337,
      status: 'open',
      minimum: '10',
      feeRate: '0.01',
      minFee: '1',
    });

    const member = await emailMember('100');
    const code = await mailedCode(member);
    expect((await apply(member, { amount: '10', code, chainId: 137 })).code).toBe(ErrorCode.CHANNEL_NOT_OPEN);
    await t.database.db
      .insert(paymentChannels)
      .values({ direction: 'withdraw', chainId: 31337, method: 'transfer', status: 'paused' });
    try {
      const paused = await apply(member, { amount: '10', code });
      expect(paused.code).toBe(ErrorCode.CHANNEL_UNAVAILABLE);
      expect(paused.msg).toBe('The current channel is temporarily unavailable.');
    } finally {
      await t.database.db.delete(paymentChannels);
    }
    expect((await t.call('/api/withdraw/channels', {})).code).toBe(ErrorCode.UNAUTHORIZED);
  });

  it('waits for an operator above the daily limit; a rejection releases the funds, with every step recorded', async () => {
    const member = await emailMember('2000');
    const first = await apply(member, { amount: '900', code: await mailedCode(member) });
    expect(first.data.status).toBe('approved');
    const second = await apply(member, { amount: '200', code: await mailedCode(member) });
    expect(second.data.status).toBe('submitted');
    expect(await usdt(member)).toMatchObject({ frozen: '1111' });

    const rejected = await reviewWithdrawal(t.database.db, OPERATOR, BigInt(second.data.id), 'rejected', 'limit');
    expect(rejected).toEqual({ outcome: 'rejected', status: 'rejected' });
    expect(await reviewWithdrawal(t.database.db, OPERATOR, BigInt(second.data.id), 'approved')).toEqual({
      outcome: 'already_decided',
      status: 'rejected',
    });
    expect(await usdt(member)).toMatchObject({ available: '1091', frozen: '909' });
    const events = await t.database.db
      .select()
      .from(withdrawalEvents)
      .where(eq(withdrawalEvents.withdrawalId, BigInt(second.data.id)))
      .orderBy(asc(withdrawalEvents.id));
    expect(events.map((event) => [event.fromStatus, event.toStatus, event.actor])).toEqual([
      [null, 'submitted', 'member'],
      ['submitted', 'rejected', 'operator:test'],
    ]);
    const history = (await t.call('/api/ass/history', { kind: 'withdraw' }, member.headers)).data as THistoryResponse;
    expect(history.list.map((item) => item.status)).toEqual(['rejected', 'approved']);
  });
});

describe('concurrent withdrawals (Step 4 §4)', () => {
  it('never overdraw: 40 at once against 100 USDT', async () => {
    const member = await emailMember('100');
    // The code check is the route's; this drives what follows it, 40 times at once.
    const context = {
      db: t.database.db,
      clock: t.clock,
      chains: local.runtime,
      network: { isAvailable: () => true },
      terms: { feeRate: '0.01', minFee: '1', autoApproveDaily: '1000' },
    };
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, () =>
        submitWithdrawal(context, member.memberId, {
          requestId: randomUUID(),
          chainId: 31337,
          asset: 'USDT',
          address: freshAddress(),
          amount: '10',
        }),
      ),
    );
    const done = results.filter((r): r is PromiseFulfilledResult<TWithdrawal> => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused.every((r) => (r.reason as { key?: string }).key === 'INSUFFICIENT_BALANCE')).toBe(true);
    const frozen = done.reduce((sum, r) => sum + Number(r.value.feeFrom === 'balance' ? 11 : 10), 0);
    const balances = await usdt(member);
    expect(Number(balances.frozen)).toBe(frozen);
    expect(Number(balances.available) + Number(balances.frozen)).toBe(100);
    expect(Number(balances.available)).toBeGreaterThanOrEqual(0);
    // 100 covers nine at 11 (amount plus fee) and then no tenth at 10 with 1 left.
    expect(done.length).toBe(9);
  });
});

describe('hot-wallet sender on the local chain (Step 4 §3)', () => {
  it('pays out exactly once and completes after its confirmations', async () => {
    const member = await emailMember('100');
    const to = freshAddress();
    const answer = await apply(member, { amount: '20', address: to, code: await mailedCode(member) });
    const paid = await payOut(answer.data.id);
    expect(paid.status).toBe('completed');
    expect(await local.usdtBalance(to)).toBe(parseUnits('20', 6));
    expect(await usdt(member)).toMatchObject({ available: '79', frozen: '0' });
    const events = await t.database.db
      .select({ to: withdrawalEvents.toStatus })
      .from(withdrawalEvents)
      .where(eq(withdrawalEvents.withdrawalId, BigInt(answer.data.id)))
      .orderBy(asc(withdrawalEvents.id));
    expect(events.map((event) => event.to)).toEqual(['submitted', 'approved', 'sending', 'confirming', 'completed']);
    const history = await t.call('/api/ass/history', { kind: 'withdraw' }, member.headers);
    expect(history.data.list[0]).toMatchObject({
      status: 'completed',
      txHash: paid.txHash,
      network: 'Local test network',
      amount: '20',
      fee: '1',
      toAmount: '20',
      address: to,
    });

    await sender().sendOnce();
    expect(await local.usdtBalance(to)).toBe(parseUnits('20', 6));
  });

  for (const moment of ['signed', 'recorded', 'broadcast'] as const) {
    it(`never pays twice when the sender is killed when ${moment}`, async () => {
      const member = await emailMember('100');
      const to = freshAddress();
      const answer = await apply(member, { amount: '12.5', address: to, code: await mailedCode(member) });
      const crashing = sender((at) => {
        if (at === moment) throw new SimulatedCrash(`killed when ${moment}`);
      });
      await expect(crashing.sendOnce()).rejects.toThrow(`killed when ${moment}`);
      // Two fresh senders at once pick up where it died.
      await Promise.all([sender().sendOnce(), sender().sendOnce()]);
      const paid = await payOut(answer.data.id);
      expect(paid.status).toBe('completed');
      await local.mine(5);
      await sender().sendOnce();
      expect(await local.usdtBalance(to)).toBe(parseUnits('12.5', 6));
    });
  }

  it('leaves withdrawals waiting, not failed, while the hot wallet is short of funds', async () => {
    const hot = DEV_ACCOUNTS.hotWallet.address;
    const member = await emailMember('1000000');
    await fund(t, member, 'USDT', '1000000');
    const size = (await local.usdtBalance(hot)) / 10n ** 6n + 1000n;
    const answer = await apply(member, { amount: size.toString(), code: await mailedCode(member) });
    expect(answer.data.status).toBe('submitted');
    await reviewWithdrawal(t.database.db, OPERATOR, BigInt(answer.data.id), 'approved');
    await sender().sendOnce();
    await sender().sendOnce();
    expect((await statusOf(answer.data.id)).status).toBe('approved');
    const notes = await t.database.db
      .select()
      .from(withdrawalEvents)
      .where(eq(withdrawalEvents.withdrawalId, BigInt(answer.data.id)));
    expect(notes.filter((note) => note.detail === 'hot wallet short of funds')).toHaveLength(1);

    await local.transferUsdt(DEV_ACCOUNTS.demo.privateKey, hot, '2000');
    expect((await payOut(answer.data.id)).status).toBe('completed');
  });
});

describe('a payout is never refunded on absence of evidence (Step 4b §4)', () => {
  it('keeps a mined payout that a lagging node cannot find frozen as unknown, and completes it once the receipt shows', async () => {
    const proxy = await startRpcProxy(local.chain.rpcUrl);
    try {
      const lagging = sender(undefined, createPublicClient({ transport: http(proxy.url, { retryCount: 0 }) }));
      const member = await emailMember('100');
      const to = freshAddress();
      const answer = await apply(member, { amount: '30', address: to, code: await mailedCode(member) });
      await lagging.sendOnce(); // signed and broadcast
      const sent = await statusOf(answer.data.id);
      expect(sent.status).toBe('confirming');
      await local.mine(1); // mined, but this node will not show its receipt
      proxy.hideReceipts([sent.txHash!]);
      await lagging.sendOnce();
      expect((await statusOf(answer.data.id)).status).toBe('unknown');
      // Nothing released: the payout may well have been paid.
      expect(await usdt(member)).toMatchObject({ available: '69', frozen: '31' });
      const history = await t.call('/api/ass/history', { kind: 'withdraw' }, member.headers);
      expect(history.data.list[0]).toMatchObject({ status: 'unknown' });
      await lagging.sendOnce();
      expect((await statusOf(answer.data.id)).status).toBe('unknown');

      proxy.heal();
      for (let round = 0; round < 3; round += 1) {
        await local.mine(CONFIRMATIONS);
        await lagging.sendOnce();
      }
      expect((await statusOf(answer.data.id)).status).toBe('completed');
      expect(await local.usdtBalance(to)).toBe(parseUnits('30', 6));
      expect(await usdt(member)).toMatchObject({ available: '69', frozen: '0' });
      const events = await t.database.db
        .select({ to: withdrawalEvents.toStatus, detail: withdrawalEvents.detail })
        .from(withdrawalEvents)
        .where(eq(withdrawalEvents.withdrawalId, BigInt(answer.data.id)))
        .orderBy(asc(withdrawalEvents.id));
      expect(events.map((event) => event.to)).toEqual([
        'submitted',
        'approved',
        'sending',
        'confirming',
        'unknown',
        'confirming',
        'completed',
      ]);
    } finally {
      await proxy.close();
    }
  });

  it('lets an operator settle an unknown withdrawal, and only an unknown one', async () => {
    const member = await emailMember('100');
    const answer = await apply(member, { amount: '20', code: await mailedCode(member) });
    const id = BigInt(answer.data.id);
    const context = { db: t.database.db, chains: local.runtime };
    const settle = (outcome: 'completed' | 'failed', detail: string) =>
      settleUnknownWithdrawal(context, OPERATOR, { id: id.toString(), outcome, detail });
    await expect(settle('failed', 'not on chain')).rejects.toMatchObject({ key: 'WITHDRAWAL_NOT_UNKNOWN' });
    // Put it where a lagging node would leave it, then settle it as not paid.
    await t.database.db.update(withdrawals).set({ status: 'unknown' }).where(eq(withdrawals.id, id));
    expect((await settle('failed', 'explorer: no transfer')).status).toBe('failed');
    expect(await usdt(member)).toMatchObject({ available: '100', frozen: '0' });
    await expect(settle('completed', 'again')).rejects.toMatchObject({ key: 'WITHDRAWAL_NOT_UNKNOWN' });
  });
});

describe('where a withdrawal may go, and what may leave (Step 4b §5, §13)', () => {
  it("refuses the programme's own contracts, deposit address and hot wallet as destinations, changing nothing", async () => {
    const member = await emailMember('100');
    const code = await mailedCode(member);
    const { usdt: token, recharge, kpc } = local.deployment;
    for (const address of [token, recharge, kpc, DEV_ACCOUNTS.hotWallet.address]) {
      const refused = await apply(member, { amount: '10', code, address });
      expect(refused, address).toMatchObject({ code: ErrorCode.WITHDRAW_ADDRESS_NOT_ALLOWED });
      expect(refused.msg).toBe('This address cannot receive withdrawals. Enter the address of your own wallet.');
    }
    expect(await usdt(member)).toMatchObject({ available: '100', frozen: '0' });
    expect((await apply(member, { amount: '10', code })).code).toBe(200);
  });

  it('never lets faucet test funds leave through a real chain', async () => {
    const real = {
      ...local.runtime,
      chains: local.runtime.chains.map((chain) =>
        chain.chainId === 31337 ? { ...chain, isDevelopment: false } : chain,
      ),
    };
    const context = {
      db: t.database.db,
      clock: t.clock,
      chains: real,
      network: { isAvailable: () => true },
      terms: { feeRate: '0.01', minFee: '1', autoApproveDaily: '1000' },
    };
    const request = () => ({
      requestId: randomUUID(),
      chainId: 31337,
      asset: 'USDT',
      address: freshAddress(),
      amount: '10',
    });
    const tested = await emailMember('100');
    await expect(submitWithdrawal(context, tested.memberId, request())).rejects.toMatchObject({
      key: 'WITHDRAW_TEST_FUNDS',
    });
    expect(await usdt(tested)).toMatchObject({ available: '100', frozen: '0' });

    // Funds that came in on chain leave as usual.
    const depositor = await emailMember();
    await creditAsDeposit(t, depositor, 50n);
    expect((await submitWithdrawal(context, depositor.memberId, request())).status).toBe('approved');
  });

  it("keeps a withdrawal's financial record in step through an index, not a scan", async () => {
    // With scans priced out, the plan names the index if there is one.
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(
        sql`explain update financial_records set status = 'completed' where reference = 'withdrawal:1'`,
      );
    });
    expect(JSON.stringify((plan as { rows: unknown[] }).rows)).toContain('financial_records_reference_idx');
  });
});
