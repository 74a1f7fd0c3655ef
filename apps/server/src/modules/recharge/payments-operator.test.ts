import { randomUUID } from 'node:crypto';
import { DEV_ACCOUNTS } from '@kpc/contracts/dev-chain';
import { ErrorCode, type TDepositChannel, type TWithdrawChannelsResponse } from '@kpc/shared';
import type {
  TChainOperatorStatus,
  TDashboardBalancesResponse,
  TOperatorChannel,
  TOperatorDeposit,
  TOperatorDepositListResponse,
} from '@kpc/shared/operator';
import { sql } from 'drizzle-orm';
import { formatUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainRuntime } from '../../chain/runtime.ts';
import { chainCursors, deposits, hotWalletNonces, paymentChannels, withdrawals } from '../../db/schema/index.ts';
import { houseBalance } from '../../testing/ledger-balances.ts';
import { startLocalChain, type LocalChain } from '../../testing/local-chain.ts';
import { creditAsDeposit, createWalletMember, type TestMember } from '../../testing/members.ts';
import { createOperator, type TestOperator } from '../../testing/operators.ts';
import { startRpcProxy, type RpcProxy } from '../../testing/rpc-proxy.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { submitWithdrawal } from '../withdraw/service.ts';

// Step 8a §4: deposits, channels and chains for operators, on a local chain reached through a
// proxy that can fail: the channel switch (audited, and effective as before), the chains' watchers
// and senders (hot wallet balance and nonce), the house balances, the deposits list.

const DEV = 31337;
let local: LocalChain;
let proxy: RpcProxy;
let runtime: ChainRuntime;
let t: TestApp;
let finance: TestOperator;
let demo: TestMember;

beforeAll(async () => {
  local = await startLocalChain();
  proxy = await startRpcProxy(local.chain.rpcUrl);
  runtime = {
    ...local.runtime,
    chains: local.runtime.chains.map((chain) => (chain.chainId === DEV ? { ...chain, rpcUrl: proxy.url } : chain)),
  };
  t = await createTestApp({ RUN_CHAIN_WORKERS: 'false' }, { chains: runtime });
  finance = await createOperator(t, ['finance']);
  demo = await createWalletMember(t, { chainId: DEV, privateKey: DEV_ACCOUNTS.demo.privateKey });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await proxy?.close();
  await local?.stop();
});

const operator = (path: string, body: unknown = {}) =>
  finance.call(`/api/operator/${path}`, body, { language: 'en_US' });

async function channelAudit(targetId: string) {
  const result: unknown = await t.database.db.execute(
    sql`select actor_id, role, action, before, after from audit_log where target_type = 'channel' and target_id = ${targetId} order by id`,
  );
  return (result as { rows: Record<string, unknown>[] }).rows;
}

describe(`payment channels for operators (${testDatabaseKind()})`, () => {
  it('lists every channel, switches one (audited once per change) and members see the switch at once', async () => {
    const list = (await operator('channels/list')).data.list as TOperatorChannel[];
    const dev = list.filter((channel) => channel.chainId === DEV);
    expect(dev).toEqual([
      expect.objectContaining({
        direction: 'deposit',
        method: 'wallet',
        configured: true,
        switch: null,
        status: 'open',
      }),
      expect.objectContaining({
        direction: 'deposit',
        method: 'transfer',
        configured: true,
        switch: null,
        status: 'open',
      }),
      expect.objectContaining({
        direction: 'withdraw',
        method: 'transfer',
        configured: true,
        switch: null,
        status: 'open',
      }),
    ]);
    expect(
      list.filter((channel) => channel.chainId === 137).map((channel) => [channel.configured, channel.status]),
    ).toEqual([
      [false, 'not_open'],
      [false, 'not_open'],
      [false, 'not_open'],
    ]);

    const paused = await operator('channels/set', {
      direction: 'deposit',
      chainId: DEV,
      method: 'transfer',
      status: 'paused',
    });
    expect(paused.data).toMatchObject({ switch: 'paused', status: 'paused', switchedAt: expect.any(String) });
    // Setting it again changes nothing and records nothing.
    await operator('channels/set', { direction: 'deposit', chainId: DEV, method: 'transfer', status: 'paused' });
    const seen = (await t.call('/api/recharge/channels', {}, demo.headers)).data.list as TDepositChannel[];
    expect(seen.find((channel) => channel.id === `${DEV}-transfer`)?.status).toBe('paused');
    expect(seen.find((channel) => channel.id === `${DEV}-wallet`)?.status).toBe('open');
    expect(await channelAudit(`deposit:${DEV}:transfer`)).toEqual([
      {
        actor_id: finance.id,
        role: 'finance',
        action: 'channel.set',
        before: { status: null },
        after: expect.objectContaining({ status: 'paused', version: 1 }),
      },
    ]);
    // The switch is a version of the `channels` configuration: the channels page's history shows it.
    const admin = await createOperator(t, ['admin']);
    const history = await admin.call('/api/operator/config/history', { domain: 'channels' });
    expect(history.data.list).toEqual([
      expect.objectContaining({ subject: `deposit:${DEV}:transfer`, version: 1, after: { status: 'paused' } }),
    ]);

    // A paused withdrawal channel refuses withdrawals with the channel's message, as before.
    await operator('channels/set', { direction: 'withdraw', chainId: DEV, method: 'transfer', status: 'paused' });
    const member = await createWalletMember(t, { chainId: DEV });
    await creditAsDeposit(t, member, 100n);
    const submit = () =>
      submitWithdrawal(
        {
          db: t.database.db,
          clock: t.clock,
          chains: runtime,
          network: { isAvailable: () => true },
          terms: { feeRate: '0.01', minFee: '1', autoApproveDaily: '0' },
        },
        member.memberId,
        {
          requestId: randomUUID(),
          chainId: DEV,
          asset: 'USDT',
          address: privateKeyToAccount(generatePrivateKey()).address,
          amount: '10',
        },
      );
    await expect(submit()).rejects.toMatchObject({ key: 'CHANNEL_UNAVAILABLE' });
    const withdrawChannels = (
      (await t.call('/api/withdraw/channels', {}, member.headers)).data as TWithdrawChannelsResponse
    ).list;
    expect(withdrawChannels.find((channel) => channel.chainId === DEV)?.status).toBe('paused');
    const reopened = await operator('channels/set', {
      direction: 'withdraw',
      chainId: DEV,
      method: 'transfer',
      status: 'open',
    });
    expect(reopened.data).toMatchObject({ switch: 'open', status: 'open' });
    expect((await submit()).status).toBe('submitted');
    expect((await channelAudit(`withdraw:${DEV}:transfer`)).map((entry) => entry.after)).toEqual([
      expect.objectContaining({ status: 'paused', version: 1 }),
      expect.objectContaining({ status: 'open', version: 2 }),
    ]);

    for (const unknown of [
      { direction: 'withdraw', chainId: DEV, method: 'wallet', status: 'paused' },
      { direction: 'deposit', chainId: 999, method: 'wallet', status: 'paused' },
    ]) {
      const answer = await operator('channels/set', unknown);
      expect([answer.code, answer.msg]).toEqual([ErrorCode.CHANNEL_UNKNOWN, 'No such payment channel.']);
    }
    await t.database.db.delete(paymentChannels);
  });
});

describe(`chains, balances and deposits for operators (${testDatabaseKind()})`, () => {
  it("shows each chain's node, watcher lag, hot wallet balance and nonces, and the withdrawals waiting", async () => {
    const first = ((await operator('chains/status')).data.list as TChainOperatorStatus[]).find(
      (c) => c.chainId === DEV,
    )!;
    expect(first.node).toMatchObject({ state: 'up', reason: null });
    const head = BigInt(first.node.head!);
    await t.database.db.insert(chainCursors).values({ chainId: DEV, nextBlock: head - 4n, headBlock: head - 1n });
    await t.database.db
      .insert(hotWalletNonces)
      .values({ chainId: DEV, address: DEV_ACCOUNTS.hotWallet.address.toLowerCase(), nextNonce: 7 });
    const waiting = (status: 'submitted' | 'unknown') => ({
      memberId: demo.memberId,
      requestId: randomUUID(),
      chainId: DEV,
      asset: 'USDT',
      toAddress: `0x${'d'.repeat(40)}`,
      amount: '10',
      fee: '1',
      feeFrom: 'balance' as const,
      received: '10',
      status,
    });
    await t.database.db.insert(withdrawals).values([waiting('submitted'), waiting('submitted'), waiting('unknown')]);

    const list = (await operator('chains/status')).data.list as TChainOperatorStatus[];
    const dev = list.find((chain) => chain.chainId === DEV)!;
    const usdt = formatUnits(await local.usdtBalance(DEV_ACCOUNTS.hotWallet.address), 6);
    expect(dev).toMatchObject({
      network: 'Local test network',
      isDevelopment: true,
      watcher: { nextBlock: String(head - 4n), headBlock: String(head - 1n), lagBlocks: 5, pendingDeposits: 0 },
      sender: {
        hotWallet: { address: DEV_ACCOUNTS.hotWallet.address, usdt, gasSymbol: 'ETH', reason: null },
        databaseNonce: 7,
        chainNonce: { latest: expect.any(Number), pending: expect.any(Number) },
      },
      // Two more than before (the channel test left one submitted).
      withdrawals: { submitted: first.withdrawals.submitted + 2, approved: 0, sending: 0, confirming: 0, unknown: 1 },
    });
    expect(Number(dev.sender!.hotWallet.gas)).toBeGreaterThan(0);
    expect(list.find((chain) => chain.chainId === 137)).toMatchObject({
      node: { state: 'not_configured', head: null },
      watcher: null,
      sender: null,
      withdrawals: { submitted: 0 },
    });

    // A node that stops answering a read: that figure is null with the reason, the rest still answers.
    proxy.fault('fail', ['eth_getBalance']);
    try {
      const failing = ((await operator('chains/status')).data.list as TChainOperatorStatus[]).find(
        (c) => c.chainId === DEV,
      )!;
      expect(failing.sender!.hotWallet).toMatchObject({ usdt: null, gas: null, reason: expect.any(String) });
      expect(failing.sender!.hotWallet.reason).not.toContain(proxy.apiKey);
      expect(failing.withdrawals.submitted).toBe(dev.withdrawals.submitted);
    } finally {
      proxy.heal();
    }
  });

  it("shows the house accounts and the programme's addresses with their balances at the head", async () => {
    const member = await createWalletMember(t, { chainId: DEV });
    await creditAsDeposit(t, member, 250n);
    const answer = (await operator('dashboard/balances')).data as TDashboardBalancesResponse;
    const treasury = answer.house.find((row) => row.account === 'treasury' && row.asset === 'USDT');
    expect(treasury?.balance).toBe(await houseBalance(t.database.db, 'treasury', 'USDT'));
    expect(Number(treasury?.balance)).toBeLessThanOrEqual(-250);
    expect(answer.chains).toHaveLength(1);
    const [dev] = answer.chains;
    const onChain = async (address: `0x${string}`) => formatUnits(await local.usdtBalance(address), 6);
    expect(dev).toMatchObject({
      chainId: DEV,
      head: expect.stringMatching(/^\d+$/),
      treasury: {
        address: DEV_ACCOUNTS.treasury.address,
        usdt: await onChain(DEV_ACCOUNTS.treasury.address),
        reason: null,
      },
      depositAddress: { address: DEV_ACCOUNTS.hotWallet.address, usdt: await onChain(DEV_ACCOUNTS.hotWallet.address) },
      hotWallet: { address: DEV_ACCOUNTS.hotWallet.address, reason: null },
    });
    proxy.fault('fail', ['eth_blockNumber']);
    try {
      const down = (await operator('dashboard/balances')).data as TDashboardBalancesResponse;
      expect(down.chains[0]).toMatchObject({ head: null, hotWallet: { usdt: null, reason: expect.any(String) } });
      expect(down.house.length).toBeGreaterThan(0);
    } finally {
      proxy.heal();
    }
  });

  it('lists deposits by state, chain and member, with confirmations and the member', async () => {
    const receipt = await local.depositThroughContract(DEV_ACCOUNTS.demo.privateKey, '7.25');
    await local.mine(4);
    const seen = await t.call(
      '/api/recharge/accelerate',
      { chainId: DEV, txHash: receipt.transactionHash },
      demo.headers,
    );
    expect(seen.code).toBe(200);
    await t.database.db.insert(deposits).values({
      chainId: DEV,
      txHash: `0x${'e'.repeat(64)}`,
      receiptLogIndex: 0,
      blockNumber: 1n,
      blockHash: `0x${'b'.repeat(64)}`,
      method: 'transfer',
      fromAddress: DEV_ACCOUNTS.spare[0].address.toLowerCase(),
      memberId: null,
      asset: 'USDT',
      amount: '3',
      status: 'unattributed',
    });
    const pending = (await operator('deposits/list', { status: 'pending' })).data.list as TOperatorDeposit[];
    expect(pending).toEqual([
      expect.objectContaining({
        chainId: DEV,
        txHash: receipt.transactionHash.toLowerCase(),
        method: 'wallet',
        fromAddress: DEV_ACCOUNTS.demo.address,
        memberId: demo.memberId,
        amount: '7.25',
        status: 'pending',
        required: 20,
        explorerTxUrl: null,
      }),
    ]);
    const unattributed = (await operator('deposits/list', { status: 'unattributed' })).data.list as TOperatorDeposit[];
    expect(unattributed).toEqual([expect.objectContaining({ memberId: null, memberEmail: null, amount: '3' })]);
    expect((await operator('deposits/list', { chainId: 137 })).data.list).toEqual([]);
    const mine = (
      (await finance.call('/api/operator/members/deposits', { memberId: demo.memberId }))
        .data as TOperatorDepositListResponse
    ).list;
    expect(mine.map((row) => row.txHash)).toEqual([receipt.transactionHash.toLowerCase()]);
    const page = await operator('deposits/list', { limit: 1 });
    expect(page.data.list).toHaveLength(1);
    expect((await operator('deposits/list', { limit: 1, cursor: page.data.nextCursor })).data.list).toHaveLength(1);
  });
});
