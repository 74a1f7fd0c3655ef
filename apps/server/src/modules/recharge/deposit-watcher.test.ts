import { DEV_ACCOUNTS } from '@kpc/contracts/dev-chain';
import type { TAssetListResponse, TAssetLogResponse } from '@kpc/shared';
import { eq } from 'drizzle-orm';
import { createPublicClient, http, type PublicClient } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainSettings } from '../../config/chains.ts';
import { deposits } from '../../db/schema/index.ts';
import { startLocalChain, type LocalChain } from '../../testing/local-chain.ts';
import { createWalletMember, type TestMember } from '../../testing/members.ts';
import { startRpcProxy } from '../../testing/rpc-proxy.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createDepositWatcher } from './deposit-watcher.ts';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

let local: LocalChain;
let t: TestApp;
let demo: TestMember;

const localChain = () => local.runtime.chains.find((chain) => chain.chainId === 31337)!;

function watcher(overrides: Partial<ChainSettings> = {}, client: PublicClient = local.client) {
  return createDepositWatcher({
    db: t.database.db,
    chain: { ...localChain(), ...overrides },
    logger: silent,
    blockRange: 7,
    client,
  });
}

const mine = (blocks: number) => local.mine(blocks);
const depositThroughContract = (privateKey: `0x${string}`, amount: string) =>
  local.depositThroughContract(privateKey, amount);

async function usdtAvailable(member: TestMember): Promise<string> {
  const data = (await t.call('/api/ass/lst', {}, member.headers)).data as TAssetListResponse;
  return data.lst.find((row) => row.asset === 'USDT')!.available;
}

async function depositRow(txHash: string) {
  const [row] = await t.database.db.select().from(deposits).where(eq(deposits.txHash, txHash.toLowerCase()));
  return row;
}

beforeAll(async () => {
  local = await startLocalChain();
  // The test drives every watcher pass itself.
  t = await createTestApp({ RUN_CHAIN_WORKERS: 'false' });
  demo = await createWalletMember(t, { privateKey: DEV_ACCOUNTS.demo.privateKey });
});
afterAll(async () => {
  await t?.close();
  await local?.stop();
});

describe('deposit watcher on the local chain (Step 4 §2)', () => {
  it('credits a wallet deposit at exactly 20 confirmations, not at 19', async () => {
    const w = watcher();
    const before = await usdtAvailable(demo);
    const receipt = await depositThroughContract(DEV_ACCOUNTS.demo.privateKey, '25.5');
    await w.scanOnce();
    expect(await depositRow(receipt.transactionHash)).toMatchObject({
      status: 'pending',
      method: 'contract',
      amount: expect.stringMatching(/^25\.5/),
    });

    await mine(18); // head = block + 18: 19 confirmations
    await w.scanOnce();
    expect((await depositRow(receipt.transactionHash))?.status).toBe('pending');
    expect(await usdtAvailable(demo)).toBe(before);

    await mine(1); // 20 confirmations
    await w.scanOnce();
    expect((await depositRow(receipt.transactionHash))?.status).toBe('credited');
    expect(Number(await usdtAvailable(demo)) - Number(before)).toBeCloseTo(25.5, 6);
    const history = await t.call('/api/ass/history', { kind: 'deposit' }, demo.headers);
    expect(history.data.list[0]).toMatchObject({ kind: 'deposit', status: 'completed', amount: '25.5' });
  });

  it('never credits a deposit below the 5 USDT minimum', async () => {
    const w = watcher();
    const before = await usdtAvailable(demo);
    const receipt = await depositThroughContract(DEV_ACCOUNTS.demo.privateKey, '4.99');
    await mine(25);
    await w.scanOnce();
    expect((await depositRow(receipt.transactionHash))?.status).toBe('below_minimum');
    expect(await usdtAvailable(demo)).toBe(before);
  });

  it('never credits a deposit whose block was reorged away', async () => {
    const w = watcher();
    const before = await usdtAvailable(demo);
    const snapshot = await local.client.request({ method: 'evm_snapshot' as 'eth_chainId' });
    const receipt = await depositThroughContract(DEV_ACCOUNTS.demo.privateKey, '30');
    await w.scanOnce();
    expect((await depositRow(receipt.transactionHash))?.status).toBe('pending');

    // The chain goes back before the deposit and grows another way.
    await local.client.request({ method: 'evm_revert' as 'eth_chainId', params: [snapshot] as never });
    await mine(30);
    await w.scanOnce();
    expect((await depositRow(receipt.transactionHash))?.status).toBe('reorged');
    expect(await usdtAvailable(demo)).toBe(before);
  });

  it('credits once across a restart and with two watchers at once', async () => {
    const first = watcher();
    const before = Number(await usdtAvailable(demo));
    const receipt = await depositThroughContract(DEV_ACCOUNTS.demo.privateKey, '10');
    await first.scanOnce();
    await mine(20);
    // A restarted process (a new watcher, the same database) and a second process, at once.
    await Promise.all([watcher().scanOnce(), watcher().scanOnce(), first.scanOnce()]);
    await first.scanOnce();
    expect((await depositRow(receipt.transactionHash))?.status).toBe('credited');
    expect(Number(await usdtAvailable(demo)) - before).toBeCloseTo(10, 6);
    const entries = await t.call('/api/ass/log', { type: 'deposit', limit: 50 }, demo.headers);
    const row = await depositRow(receipt.transactionHash);
    expect((entries.data as TAssetLogResponse).list.filter((item) => item.amount === '10')).toHaveLength(1);
    expect(row?.creditedAt).toBeInstanceOf(Date);
  });

  it("credits a transfer to the deposit address by its sender's bound wallet; a stranger's stays unattributed", async () => {
    const w = watcher();
    const before = Number(await usdtAvailable(demo));
    const { transactionHash: sent } = await local.transferUsdt(
      DEV_ACCOUNTS.demo.privateKey,
      DEV_ACCOUNTS.hotWallet.address,
      '12',
    );
    const stranger = DEV_ACCOUNTS.spare[0];
    await local.transferUsdt(DEV_ACCOUNTS.demo.privateKey, stranger.address, '50');
    const { transactionHash: strangerSent } = await local.transferUsdt(
      stranger.privateKey,
      DEV_ACCOUNTS.hotWallet.address,
      '50',
    );
    await mine(20);
    await w.scanOnce();
    expect(await depositRow(sent)).toMatchObject({ status: 'credited', method: 'transfer' });
    expect((await depositRow(strangerSent))?.status).toBe('unattributed');
    expect(Number(await usdtAvailable(demo)) - before).toBeCloseTo(12, 6);
  });
});

describe('a deposit counts once whatever the configuration (Step 4b §1)', () => {
  it('credits a contract deposit once when the deposit address is the Recharge treasury', async () => {
    // deposit() emits Deposited and the USDT Transfer to the treasury: both name the member.
    const w = watcher({ depositAddress: DEV_ACCOUNTS.treasury.address });
    const before = Number(await usdtAvailable(demo));
    const receipt = await depositThroughContract(DEV_ACCOUNTS.demo.privateKey, '10');
    await mine(20);
    await w.scanOnce();
    const rows = await t.database.db
      .select()
      .from(deposits)
      .where(eq(deposits.txHash, receipt.transactionHash.toLowerCase()));
    expect(rows.map((row) => [row.method, row.status])).toEqual([['contract', 'credited']]);
    expect(Number(await usdtAvailable(demo)) - before).toBeCloseTo(10, 6);

    // A plain transfer to that same address is still a deposit of its own.
    const { transactionHash } = await local.transferUsdt(
      DEV_ACCOUNTS.demo.privateKey,
      DEV_ACCOUNTS.treasury.address,
      '12',
    );
    await mine(20);
    await w.scanOnce();
    expect(await depositRow(transactionHash)).toMatchObject({ method: 'transfer', status: 'credited' });
    expect(Number(await usdtAvailable(demo)) - before).toBeCloseTo(22, 6);
  });

  it('refuses at start-up a deposit address that is the Recharge treasury', async () => {
    const ambiguous = {
      ...local.runtime,
      chains: local.runtime.chains.map((chain) =>
        chain.chainId === 31337 ? { ...chain, depositAddress: DEV_ACCOUNTS.treasury.address } : chain,
      ),
    };
    await expect(createTestApp({ RUN_CHAIN_WORKERS: 'false' }, { chains: ambiguous })).rejects.toThrow(
      /CHAIN_31337_DEPOSIT_ADDRESS: it is the Recharge contract's treasury/,
    );
  });
});

describe('a failing node never turns a good deposit into a reorg (Step 4b §3)', () => {
  it('leaves the deposit pending while the canonical check fails or the node lags, and credits it once it answers', async () => {
    const proxy = await startRpcProxy(local.chain.rpcUrl);
    try {
      const client = createPublicClient({ transport: http(proxy.url, { retryCount: 0 }) });
      const w = watcher({}, client);
      const before = Number(await usdtAvailable(demo));
      const receipt = await depositThroughContract(DEV_ACCOUNTS.demo.privateKey, '15');
      await mine(20);

      proxy.fault('fail', ['eth_getBlockByNumber']);
      await expect(w.scanOnce()).rejects.toThrow();
      expect((await depositRow(receipt.transactionHash))?.status).toBe('pending');

      // A node behind the others has no such block yet: no evidence either way.
      proxy.heal();
      proxy.fault('null', ['eth_getBlockByNumber']);
      await w.scanOnce();
      expect((await depositRow(receipt.transactionHash))?.status).toBe('pending');
      expect(Number(await usdtAvailable(demo))).toBe(before);

      proxy.heal();
      await w.scanOnce();
      expect((await depositRow(receipt.transactionHash))?.status).toBe('credited');
      expect(Number(await usdtAvailable(demo)) - before).toBeCloseTo(15, 6);
    } finally {
      await proxy.close();
    }
  });
});
