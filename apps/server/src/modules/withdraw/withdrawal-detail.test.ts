import { randomUUID } from 'node:crypto';
import { ErrorCode, REQUIRED_CONFIRMATIONS, type THistoryResponse, type TWithdrawalDetail } from '@kpc/shared';
import { eq } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeChain } from '../../config/chains.ts';
import { members, withdrawals } from '../../db/schema/index.ts';
import { startLocalChain, type LocalChain } from '../../testing/local-chain.ts';
import { createWalletMember, fund, type TestMember } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import zhHans from '../../locales/zh-Hans.json' with { type: 'json' };
import { transitionWithdrawal } from './lifecycle.ts';
import type { Actor } from '../audit/service.ts';
import { reviewWithdrawal, settleUnknownWithdrawal } from './operator.ts';
import { explorerTxUrl } from './service.ts';
import { createWithdrawalSender } from './withdrawal-sender.ts';

// POST /api/withdraw/detail (Step 4d §2): what a member watches a withdrawal through, from
// submitted to completed (or rejected / failed), driven on the local chain.

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const OPERATOR: Actor = { type: 'operator', id: 'test', name: 'Test', role: 'finance', ip: null };

let local: LocalChain;
let t: TestApp;

interface EmailMember extends TestMember {
  email: string;
}

async function emailMember(usdt: string): Promise<EmailMember> {
  const member = await createWalletMember(t, { chainId: 31337 });
  const email = `d-${randomUUID().slice(0, 8)}@example.com`;
  await t.database.db.update(members).set({ email }).where(eq(members.id, member.memberId));
  await fund(t, member, 'USDT', usdt);
  return { ...member, email };
}

/** Submits a withdrawal through /api/withdraw/apply with the mailed code; returns its id. */
async function withdraw(member: EmailMember, amount: string): Promise<string> {
  t.clock.advance(61); // past the resend cooldown of an earlier code
  const since = t.smtp.mails.length;
  expect((await t.call('/api/withdraw/sendCode', {}, member.headers)).code).toBe(200);
  const code = await t.smtp.waitForCode(member.email, { since });
  const answer = await t.call(
    '/api/withdraw/apply',
    {
      requestId: randomUUID(),
      chainId: 31337,
      asset: 'USDT',
      address: privateKeyToAccount(generatePrivateKey()).address,
      amount,
      code,
    },
    member.headers,
  );
  expect(answer.code).toBe(200);
  return answer.data.id as string;
}

async function detail(member: TestMember, body: Record<string, unknown>, language = 'en_US') {
  return t.call('/api/withdraw/detail', body, { ...member.headers, language });
}

async function detailOf(member: TestMember, id: string): Promise<TWithdrawalDetail> {
  const answer = await detail(member, { id });
  expect(answer.code, answer.msg).toBe(200);
  return answer.data as TWithdrawalDetail;
}

/** Waits for the chain probe (every 0.1 s here) to have seen the head the payout's confirmations need. */
async function waitForConfirmations(member: TestMember, id: string, expected: number): Promise<TWithdrawalDetail> {
  let last: TWithdrawalDetail | undefined;
  await vi.waitFor(
    async () => {
      last = await detailOf(member, id);
      expect(last.confirmations).toBe(expected);
    },
    { timeout: 5_000, interval: 100 },
  );
  return last!;
}

function sender() {
  return createWithdrawalSender({
    db: t.database.db,
    chain: local.runtime.chains.find((chain) => chain.chainId === 31337)!,
    logger: silent,
    confirmations: REQUIRED_CONFIRMATIONS,
    client: local.client,
  });
}

function steps(answer: TWithdrawalDetail) {
  return answer.timeline.map((entry) => entry.step);
}

beforeAll(async () => {
  local = await startLocalChain();
  t = await createTestApp(
    {
      RUN_CHAIN_WORKERS: 'false',
      RPC_PROBE_SECONDS: '0.1',
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

describe('/api/withdraw/detail across the lifecycle', () => {
  it('follows a withdrawal from approved to completed: hash, confirmations n/20 capped, timeline in order', async () => {
    const member = await emailMember('100');
    const id = await withdraw(member, '20');

    const approved = await detailOf(member, id);
    expect(approved).toMatchObject({
      id,
      status: 'approved',
      amount: '20',
      fee: '1',
      received: '20',
      network: 'Local test network',
      txHash: null,
      confirmations: 0,
      required: 20,
      explorerTxUrl: null,
      reason: null,
    });
    expect(steps(approved)).toEqual(['submitted', 'approved']);

    // Signed and broadcast (the local chain mines it at once), but the sender has not seen it mined.
    await sender().sendOnce();
    const sent = await detailOf(member, id);
    expect(sent.status).toBe('confirming');
    expect(sent.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(sent.confirmations).toBe(0);
    expect(steps(sent)).toEqual(['submitted', 'approved', 'sending', 'confirming']);

    // The next pass reads the receipt: its block counts as the first confirmation.
    await sender().sendOnce();
    const [row] = await t.database.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.id, BigInt(id)));
    expect(row!.blockNumber).not.toBeNull();
    await waitForConfirmations(member, id, 1);
    await local.mine(4);
    expect((await waitForConfirmations(member, id, 5)).status).toBe('confirming');

    // Far past the required blocks before the sender's next pass: never more than 20/20.
    await local.mine(40);
    const capped = await waitForConfirmations(member, id, 20);
    expect(capped.status).toBe('confirming');

    await sender().sendOnce();
    const completed = await detailOf(member, id);
    expect(completed).toMatchObject({ status: 'completed', confirmations: 20, required: 20, reason: null });
    expect(completed.txHash).toBe(sent.txHash);
    expect(steps(completed)).toEqual(['submitted', 'approved', 'sending', 'confirming', 'completed']);
    const times = completed.timeline.map((entry) => Date.parse(entry.at));
    expect(times.every((time) => Number.isFinite(time))).toBe(true);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // Each step keeps the time it was first reached.
    expect(completed.timeline.slice(0, 4)).toEqual(sent.timeline);
    expect(times[4]).toBeGreaterThan(times[3]!);
  });

  it("tells a rejected withdrawal by its reason code, never the operator's internal note", async () => {
    const member = await emailMember('1500');
    const id = await withdraw(member, '1200'); // above the daily limit: waits for an operator
    const submitted = await detailOf(member, id);
    expect(submitted.status).toBe('submitted');
    expect(steps(submitted)).toEqual(['submitted']);

    await reviewWithdrawal(t.database.db, OPERATOR, BigInt(id), 'rejected', 'hot wallet 0xabc low, KYC flag');
    const answer = await detail(member, { id });
    expect(answer.data).toMatchObject({ status: 'rejected', reason: 'review_rejected', confirmations: 0 });
    expect(steps(answer.data as TWithdrawalDetail)).toEqual(['submitted', 'rejected']);
    expect(answer.response.body).not.toContain('hot wallet');
    expect(answer.response.body).not.toContain('operator:test');
  });

  it('shows an unknown payout as still confirming, and one settled as unpaid as failed', async () => {
    const member = await emailMember('100');
    const id = await withdraw(member, '30');
    await sender().sendOnce();
    // As the sender records a payout whose receipt no node shows.
    await t.database.db.transaction((tx) =>
      transitionWithdrawal(tx, BigInt(id), { to: 'unknown', actor: 'sender', detail: 'nonce 7 used, no receipt' }),
    );
    const unknown = await detailOf(member, id);
    expect(unknown).toMatchObject({ status: 'unknown', reason: null });
    expect(steps(unknown)).toEqual(['submitted', 'approved', 'sending', 'confirming']);

    await settleUnknownWithdrawal({ db: t.database.db, chains: local.runtime }, OPERATOR, {
      id,
      outcome: 'failed',
      detail: 'explorer: no transfer',
    });
    const failed = await detailOf(member, id);
    expect(failed).toMatchObject({ status: 'failed', reason: 'payout_failed' });
    expect(steps(failed)).toEqual(['submitted', 'approved', 'sending', 'confirming', 'failed']);
  });

  it('names a payout the network reverted', async () => {
    const member = await emailMember('100');
    const id = await withdraw(member, '10');
    await sender().sendOnce();
    // As the sender records a reverted receipt.
    await t.database.db.transaction((tx) =>
      transitionWithdrawal(tx, BigInt(id), { to: 'failed', actor: 'sender', detail: 'payout reverted on chain' }),
    );
    expect(await detailOf(member, id)).toMatchObject({ status: 'failed', reason: 'payout_reverted' });
  });

  it('links the payout on the explorer of a chain that has one', async () => {
    const member = await emailMember('100');
    const id = await withdraw(member, '10');
    const hash = `0x${'ab'.repeat(32)}`;
    // As if it had been paid on Polygon, whose explorer the server knows.
    await t.database.db
      .update(withdrawals)
      .set({ chainId: 137, txHash: hash })
      .where(eq(withdrawals.id, BigInt(id)));
    const answer = await detailOf(member, id);
    expect(answer.network).toBe('Polygon');
    expect(answer.explorerTxUrl).toBe(`https://polygonscan.com/tx/${hash}`);

    const configured = { ...local.runtime, chains: [{ ...describeChain(56), explorerUrl: 'https://scan.example/' }] };
    expect(explorerTxUrl(configured, 56, hash)).toBe(`https://scan.example/tx/${hash}`);
    expect(explorerTxUrl(configured, 56, null)).toBeNull();
    expect(explorerTxUrl(local.runtime, 31337, hash)).toBeNull();
  });

  it('opens by the financial record the records list shows', async () => {
    const member = await emailMember('100');
    // A transfer first, so record ids and withdrawal ids part ways.
    await fund(t, member, 'USDT', '5', 'income');
    const transfer = await t.call(
      '/api/ass/transfer',
      { asset: 'USDT', amount: '5', requestId: randomUUID() },
      member.headers,
    );
    expect(transfer.code).toBe(200);
    const id = await withdraw(member, '15');
    const history = (await t.call('/api/ass/history', { kind: 'withdraw' }, member.headers)).data as THistoryResponse;
    const record = history.list[0]!;
    expect(record.id).not.toBe(id);
    const answer = await detail(member, { recordId: record.id });
    expect(answer.code).toBe(200);
    expect(answer.data).toMatchObject({ id, amount: '15', status: record.status });
  });
});

describe("/api/withdraw/detail refuses what is not the member's", () => {
  it("answers another member's withdrawal exactly as a missing one", async () => {
    const owner = await emailMember('100');
    const id = await withdraw(owner, '12');
    const other = await emailMember('10');
    const recordId = ((await t.call('/api/ass/history', { kind: 'withdraw' }, owner.headers)).data as THistoryResponse)
      .list[0]!.id;

    const foreign = await detail(other, { id });
    const missing = await detail(other, { id: '999999999' });
    const foreignRecord = await detail(other, { recordId });
    for (const answer of [foreign, missing, foreignRecord]) {
      expect(answer.status).toBe(200);
      expect(answer.code).toBe(ErrorCode.INVALID_REQUEST);
      expect(answer.msg).toBe('The request is invalid.');
      expect(answer.data).toBeNull();
    }
    expect(foreign.response.body).toBe(missing.response.body);
    expect((await t.call('/api/withdraw/detail', { id })).code).toBe(ErrorCode.UNAUTHORIZED);
  });

  it('answers malformed ids with a localised INVALID_REQUEST, never a 500', async () => {
    const member = await emailMember('10');
    const bodies = [
      {},
      { id: 'abc' },
      { id: 12 },
      { id: '-1' },
      { id: '1.5' },
      { id: '99999999999999999999' },
      { id: null },
      { recordId: '' },
      { id: '1', recordId: '1' },
    ];
    for (const body of bodies) {
      const answer = await detail(member, body, 'zh_CN');
      expect(answer.status, JSON.stringify(body)).toBe(200);
      expect(answer.code, JSON.stringify(body)).toBe(ErrorCode.INVALID_REQUEST);
      expect(answer.msg).toBe(zhHans.validation.invalid);
    }
    const largest = await detail(member, { id: '9223372036854775807' }, 'zh_CN');
    expect(largest.code).toBe(ErrorCode.INVALID_REQUEST);
    expect(largest.msg).toBe(zhHans.errors.INVALID_REQUEST);
  });
});
