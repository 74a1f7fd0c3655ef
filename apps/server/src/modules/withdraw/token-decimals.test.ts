import { randomUUID } from 'node:crypto';
import { DEV_ACCOUNTS } from '@kpc/contracts/dev-chain';
import type { TAssetListResponse, TDepositChannelsResponse } from '@kpc/shared';
import { eq } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposits, members, withdrawals } from '../../db/schema/index.ts';
import { startLocalChain, type LocalChain } from '../../testing/local-chain.ts';
import { createWalletMember, type TestMember } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createDepositWatcher } from '../recharge/deposit-watcher.ts';
import { createWithdrawalSender } from './withdrawal-sender.ts';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** USDT on BSC has 18 decimals; on Ethereum and Polygon 6. The ledger keeps one USDT asset either way. */
describe('USDT with 18 decimals, as on BSC (Step 4b §2)', () => {
  let local: LocalChain;
  let t: TestApp;
  let member: TestMember;
  const email = `bsc-${randomUUID().slice(0, 8)}@example.com`;

  const chain = () => local.runtime.chains.find((candidate) => candidate.chainId === 31337)!;
  const usdt = async () =>
    ((await t.call('/api/ass/lst', {}, member.headers)).data as TAssetListResponse).lst.find(
      (row) => row.asset === 'USDT',
    )!;

  beforeAll(async () => {
    local = await startLocalChain({ usdtDecimals: 18 });
    t = await createTestApp({ RUN_CHAIN_WORKERS: 'false', WITHDRAW_CONFIRMATIONS: '3' }, { chains: local.runtime });
    member = await createWalletMember(t, { privateKey: DEV_ACCOUNTS.demo.privateKey, chainId: 31337 });
    await t.database.db.update(members).set({ email }).where(eq(members.id, member.memberId));
  });
  afterAll(async () => {
    await t?.close();
    await local?.stop();
  });

  it('tells the member app the token decimals for the wallet and the ledger precision for amounts', async () => {
    const recharge = (await t.call('/api/recharge/channels', {}, member.headers)).data as TDepositChannelsResponse;
    expect(recharge.list.find((channel) => channel.chainId === 31337)).toMatchObject({
      status: 'open',
      tokenDecimals: 18,
    });
    const withdraw = await t.call('/api/withdraw/channels', {}, member.headers);
    expect(withdraw.data.list[0]).toMatchObject({ chainId: 31337, status: 'open', decimals: 6 });
  });

  it('deposits, credits, withdraws and pays out with every figure exact', async () => {
    const watcher = createDepositWatcher({
      db: t.database.db,
      chain: chain(),
      logger: silent,
      blockRange: 50,
      client: local.client,
    });
    // 12.345678901234567891 USDT on chain: the ledger keeps USDT to 6 decimals, rounded down.
    const receipt = await local.depositThroughContract(DEV_ACCOUNTS.demo.privateKey, '12.345678901234567891');
    await local.mine(20);
    await watcher.scanOnce();
    const [deposit] = await t.database.db
      .select()
      .from(deposits)
      .where(eq(deposits.txHash, receipt.transactionHash.toLowerCase()));
    expect(deposit).toMatchObject({
      status: 'credited',
      tokenUnits: '12345678901234567891',
      tokenDecimals: 18,
    });
    expect(Number(deposit?.amount)).toBe(12.345678);
    expect(await usdt()).toMatchObject({ available: '12.345678', frozen: '0' });

    // 10.5 out, the 1 USDT fee from what stays: the destination gets 10.5 * 10^18 units exactly.
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const since = t.smtp.mails.length;
    expect((await t.call('/api/withdraw/sendCode', {}, member.headers)).code).toBe(200);
    const code = await t.smtp.waitForCode(email, { since });
    const applied = await t.call(
      '/api/withdraw/apply',
      { requestId: randomUUID(), chainId: 31337, asset: 'USDT', address: to, amount: '10.5', code },
      member.headers,
    );
    expect(applied.data).toMatchObject({ amount: '10.5', fee: '1', feeFrom: 'balance', received: '10.5' });
    expect(await usdt()).toMatchObject({ available: '0.845678', frozen: '11.5' });

    const sender = createWithdrawalSender({
      db: t.database.db,
      chain: chain(),
      logger: silent,
      confirmations: 3,
      client: local.client,
    });
    for (let round = 0; round < 5; round += 1) {
      await sender.sendOnce();
      await local.mine(3);
    }
    const [paid] = await t.database.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.id, BigInt(applied.data.id as string)));
    expect(paid?.status).toBe('completed');
    expect(await local.usdtBalance(to)).toBe(10_500_000_000_000_000_000n);
    expect(await usdt()).toMatchObject({ available: '0.845678', frozen: '0' });
  });

  it('refuses to start when the configured decimals contradict the token', async () => {
    const wrong = {
      ...local.runtime,
      chains: local.runtime.chains.map((candidate) =>
        candidate.chainId === 31337 ? { ...candidate, usdtDecimals: 6 } : candidate,
      ),
    };
    await expect(createTestApp({ RUN_CHAIN_WORKERS: 'false' }, { chains: wrong })).rejects.toThrow(
      /CHAIN_31337_USDT_DECIMALS: the token CHAIN_31337_USDT has 18 decimals, the configuration says 6/,
    );
  });
});
