import { rechargeAbi, testUsdtAbi } from '@kpc/contracts';
import {
  DEV_ACCOUNTS,
  deployDevContracts,
  startDevChain,
  type DevChain,
  type DevDeployment,
} from '@kpc/contracts/dev-chain';
import type { TAssetListResponse, TAssetLogResponse } from '@kpc/shared';
import { eq } from 'drizzle-orm';
import {
  createPublicClient,
  createWalletClient,
  http,
  parseUnits,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeChain } from '../config/chains.ts';
import { deposits } from '../db/schema.ts';
import { createWalletMember, type TestMember } from '../testing/members.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createDepositWatcher } from './deposit-watcher.ts';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

let chain: DevChain;
let deployment: DevDeployment;
let client: PublicClient;
let t: TestApp;
let demo: TestMember;

function watcher() {
  return createDepositWatcher({
    db: t.database.db,
    chain: {
      ...describeChain(31337),
      rpcUrl: chain.rpcUrl,
      usdt: deployment.usdt,
      recharge: deployment.recharge,
      depositAddress: DEV_ACCOUNTS.hotWallet.address,
      startBlock: 0n,
    },
    logger: silent,
    blockRange: 7,
    client,
  });
}

function walletOf(privateKey: Hex) {
  return createWalletClient({
    account: privateKeyToAccount(privateKey),
    chain: hardhat,
    transport: http(chain.rpcUrl),
  });
}

async function mine(blocks: number) {
  await client.request({ method: 'hardhat_mine' as 'eth_chainId', params: [`0x${blocks.toString(16)}`] as never });
}

/** A wallet deposit through the Recharge contract; resolves once mined (automine: its own block). */
async function depositThroughContract(privateKey: Hex, amount: string) {
  const wallet = walletOf(privateKey);
  const units = parseUnits(amount, 6);
  const approve = await wallet.writeContract({
    address: deployment.usdt,
    abi: testUsdtAbi,
    functionName: 'approve',
    args: [deployment.recharge, units],
  });
  await client.waitForTransactionReceipt({ hash: approve });
  const hash = await wallet.writeContract({
    address: deployment.recharge,
    abi: rechargeAbi,
    functionName: 'deposit',
    args: [units],
  });
  return client.waitForTransactionReceipt({ hash });
}

async function usdtAvailable(member: TestMember): Promise<string> {
  const data = (await t.call('/api/ass/lst', {}, member.headers)).data as TAssetListResponse;
  return data.lst.find((row) => row.asset === 'USDT')!.available;
}

async function depositRow(txHash: string) {
  const [row] = await t.database.db.select().from(deposits).where(eq(deposits.txHash, txHash.toLowerCase()));
  return row;
}

beforeAll(async () => {
  chain = await startDevChain({ port: 0 });
  deployment = await deployDevContracts({ rpcUrl: chain.rpcUrl });
  client = createPublicClient({
    chain: hardhat,
    transport: http(chain.rpcUrl, { retryCount: 0 }),
    pollingInterval: 50,
  });
  t = await createTestApp();
  demo = await createWalletMember(t, { privateKey: DEV_ACCOUNTS.demo.privateKey });
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
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
    const snapshot = await client.request({ method: 'evm_snapshot' as 'eth_chainId' });
    const receipt = await depositThroughContract(DEV_ACCOUNTS.demo.privateKey, '30');
    await w.scanOnce();
    expect((await depositRow(receipt.transactionHash))?.status).toBe('pending');

    // The chain goes back before the deposit and grows another way.
    await client.request({ method: 'evm_revert' as 'eth_chainId', params: [snapshot] as never });
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
    const usdt = { address: deployment.usdt, abi: testUsdtAbi } as const;
    const sent = await walletOf(DEV_ACCOUNTS.demo.privateKey).writeContract({
      ...usdt,
      functionName: 'transfer',
      args: [DEV_ACCOUNTS.hotWallet.address as Address, parseUnits('12', 6)],
    });
    const stranger = DEV_ACCOUNTS.spare[0];
    const minted = await walletOf(DEV_ACCOUNTS.deployer.privateKey).writeContract({
      ...usdt,
      functionName: 'mint',
      args: [stranger.address, parseUnits('50', 6)],
    });
    await client.waitForTransactionReceipt({ hash: minted });
    const strangerSent = await walletOf(stranger.privateKey).writeContract({
      ...usdt,
      functionName: 'transfer',
      args: [DEV_ACCOUNTS.hotWallet.address as Address, parseUnits('50', 6)],
    });
    await client.waitForTransactionReceipt({ hash: strangerSent });
    await mine(20);
    await w.scanOnce();
    expect(await depositRow(sent)).toMatchObject({ status: 'credited', method: 'transfer' });
    expect((await depositRow(strangerSent))?.status).toBe('unattributed');
    expect(Number(await usdtAvailable(demo)) - before).toBeCloseTo(12, 6);
  });
});
