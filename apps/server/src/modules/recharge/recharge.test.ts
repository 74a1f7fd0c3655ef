import { DEV_ACCOUNTS } from '@kpc/contracts/dev-chain';
import { ErrorCode, type TAssetListResponse, type TDeposit, type TDepositChannel } from '@kpc/shared';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { deposits, paymentChannels } from '../../db/schema/index.ts';
import { startLocalChain, type LocalChain } from '../../testing/local-chain.ts';
import { createWalletMember, type TestMember } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createDepositWatcher } from './deposit-watcher.ts';

let local: LocalChain;
let t: TestApp;
let demo: TestMember;

async function usdtAvailable(member: TestMember): Promise<string> {
  const data = (await t.call('/api/ass/lst', {}, member.headers)).data as TAssetListResponse;
  return data.lst.find((row) => row.asset === 'USDT')!.available;
}

beforeAll(async () => {
  local = await startLocalChain();
  // The test drives the watcher passes itself (through accelerate), so nothing moves behind its back.
  t = await createTestApp({ RUN_CHAIN_WORKERS: 'false' }, { chains: local.runtime });
  demo = await createWalletMember(t, { chainId: 31337, privateKey: DEV_ACCOUNTS.demo.privateKey });
});
afterAll(async () => {
  await t?.close();
  await local?.stop();
});

describe('deposit channels (Step 4 §1, SPEC §4, §8)', () => {
  it('lists the local chain open with both methods and the unconfigured chains as not open yet', async () => {
    const answer = await t.call('/api/recharge/channels', {}, demo.headers);
    expect(answer.code).toBe(200);
    const list = answer.data.list as TDepositChannel[];
    expect(list.slice(0, 2)).toEqual([
      expect.objectContaining({
        id: '31337-wallet',
        status: 'open',
        contract: local.deployment.recharge,
        token: local.deployment.usdt,
        address: null,
        minimum: '5',
        confirmations: 20,
        approveQuantity: '150000',
      }),
      expect.objectContaining({ id: '31337-transfer', status: 'open', address: DEV_ACCOUNTS.hotWallet.address }),
    ]);
    expect(list.filter((channel) => channel.status === 'not_open').map((channel) => channel.chainId)).toEqual([
      137, 56, 1,
    ]);
  });

  it("shows an operator's pause", async () => {
    await t.database.db
      .insert(paymentChannels)
      .values({ direction: 'deposit', chainId: 31337, method: 'transfer', status: 'paused' });
    try {
      const list = (await t.call('/api/recharge/channels', {}, demo.headers)).data.list as TDepositChannel[];
      expect(list.find((channel) => channel.id === '31337-transfer')?.status).toBe('paused');
      expect(list.find((channel) => channel.id === '31337-wallet')?.status).toBe('open');
    } finally {
      await t.database.db.delete(paymentChannels);
    }
  });

  it('needs a session', async () => {
    expect((await t.call('/api/recharge/channels', {})).code).toBe(ErrorCode.UNAUTHORIZED);
  });
});

describe('accelerate (SPEC §9)', () => {
  it('reads a deposit at once: pending with its confirmations, then credited at 20', async () => {
    const before = await usdtAvailable(demo);
    const receipt = await local.depositThroughContract(DEV_ACCOUNTS.demo.privateKey, '7.25');
    await local.mine(4); // 5 confirmations
    const first = await t.call(
      '/api/recharge/accelerate',
      { chainId: 31337, txHash: receipt.transactionHash },
      demo.headers,
    );
    expect(first.code).toBe(200);
    expect(first.data.list).toEqual([
      expect.objectContaining({ status: 'pending', amount: '7.25', confirmations: 5, required: 20, method: 'wallet' }),
    ]);
    expect(await usdtAvailable(demo)).toBe(before);

    await local.mine(15); // 20 confirmations
    const second = await t.call(
      '/api/recharge/accelerate',
      { chainId: 31337, txHash: receipt.transactionHash.toUpperCase().replace('0X', '0x') },
      demo.headers,
    );
    expect(second.data.list).toEqual([expect.objectContaining({ status: 'credited', confirmations: 20 })]);
    expect(Number(await usdtAvailable(demo)) - Number(before)).toBeCloseTo(7.25, 6);

    // Asking again changes nothing.
    await t.call('/api/recharge/accelerate', { chainId: 31337, txHash: receipt.transactionHash }, demo.headers);
    expect(Number(await usdtAvailable(demo)) - Number(before)).toBeCloseTo(7.25, 6);
    const pending = (await t.call('/api/recharge/pending', { chainId: 31337 }, demo.headers)).data.list as TDeposit[];
    expect(pending[0]).toMatchObject({ txHash: receipt.transactionHash.toLowerCase(), status: 'credited' });

    // The watcher's own scan later finds the same deposit: still one record, one credit.
    await createDepositWatcher({
      db: t.database.db,
      chain: local.runtime.chains.find((chain) => chain.chainId === 31337)!,
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
      blockRange: 1000,
      client: local.client,
    }).scanOnce();
    const rows = await t.database.db
      .select()
      .from(deposits)
      .where(eq(deposits.txHash, receipt.transactionHash.toLowerCase()));
    expect(rows).toHaveLength(1);
    expect(Number(await usdtAvailable(demo)) - Number(before)).toBeCloseTo(7.25, 6);
  });

  it('gives a clear error for a hash the chain does not know', async () => {
    const answer = await t.call(
      '/api/recharge/accelerate',
      { chainId: 31337, txHash: `0x${'ab'.repeat(32)}` },
      { ...demo.headers, language: 'en_US' },
    );
    expect(answer.code).toBe(ErrorCode.DEPOSIT_TX_NOT_FOUND);
    expect(answer.msg).toBe(
      'No transaction with this hash was found on Local test network. Check the hash and the network.',
    );
  });

  it("refuses a transaction that is not the member's deposit, and shows nothing of another member's", async () => {
    const approveOnly = await local.transferUsdt(DEV_ACCOUNTS.demo.privateKey, DEV_ACCOUNTS.spare[0].address, '1');
    const notDeposit = await t.call(
      '/api/recharge/accelerate',
      { chainId: 31337, txHash: approveOnly.transactionHash },
      demo.headers,
    );
    expect(notDeposit.code).toBe(ErrorCode.DEPOSIT_TX_NOT_DEPOSIT);

    const demoDeposit = await local.depositThroughContract(DEV_ACCOUNTS.demo.privateKey, '6');
    const stranger = await createWalletMember(t, { chainId: 31337, privateKey: generatePrivateKey() });
    const foreign = await t.call(
      '/api/recharge/accelerate',
      { chainId: 31337, txHash: demoDeposit.transactionHash },
      stranger.headers,
    );
    expect(foreign.code).toBe(ErrorCode.DEPOSIT_TX_NOT_DEPOSIT);
    expect((await t.call('/api/recharge/pending', {}, stranger.headers)).data.list).toEqual([]);
  });

  it('credits a transfer from a wallet bound after it was sent', async () => {
    const key = DEV_ACCOUNTS.spare[1].privateKey;
    // Fund the spare wallet, then let it send to the deposit address before it has an account.
    await local.transferUsdt(DEV_ACCOUNTS.demo.privateKey, DEV_ACCOUNTS.spare[1].address, '20');
    const sent = await local.transferUsdt(key, DEV_ACCOUNTS.hotWallet.address, '9');
    const beforeAccount = await t.call(
      '/api/recharge/accelerate',
      { chainId: 31337, txHash: sent.transactionHash },
      demo.headers,
    );
    expect(beforeAccount.code).toBe(ErrorCode.DEPOSIT_TX_NOT_DEPOSIT);

    const member = await createWalletMember(t, { chainId: 31337, privateKey: key });
    await local.mine(19);
    const answer = await t.call(
      '/api/recharge/accelerate',
      { chainId: 31337, txHash: sent.transactionHash },
      member.headers,
    );
    expect(answer.data.list).toEqual([
      expect.objectContaining({ status: 'credited', method: 'transfer', amount: '9' }),
    ]);
    expect(await usdtAvailable(member)).toBe('9');
  });

  it('refuses malformed hashes and chains without a node', async () => {
    const malformed = await t.call('/api/recharge/accelerate', { chainId: 31337, txHash: '0x1234' }, demo.headers);
    expect(malformed.code).toBe(ErrorCode.INVALID_REQUEST);
    const noNode = await t.call(
      '/api/recharge/accelerate',
      { chainId: 137, txHash: `0x${'cd'.repeat(32)}` },
      demo.headers,
    );
    expect(noNode.code).toBe(ErrorCode.CHANNEL_NOT_OPEN);
  });
});
