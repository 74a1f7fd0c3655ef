import { randomUUID } from 'node:crypto';
import { DEV_ACCOUNTS } from '@kpc/contracts/dev-chain';
import { ErrorCode, type TAssetListResponse } from '@kpc/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../db/schema/index.ts';
import { startLocalChain, type LocalChain } from '../testing/local-chain.ts';
import { creditAsDeposit, createWalletMember, type TestMember } from '../testing/members.ts';
import { startRpcProxy, type RpcProxy } from '../testing/rpc-proxy.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

interface HealthChain {
  chainId: number;
  node: string;
  head: number | null;
  problem: string | null;
  watcher: { scannedBlock: number | null; lagBlocks: number | null } | null;
}

/**
 * The chain's node stops answering (Step 4b §8): members get a clear "network temporarily
 * unavailable", nothing is frozen, /health says which chain and how far its watcher lags, and the
 * node's URL with its API key never reaches the log (§10).
 */
describe('a chain node that does not answer', () => {
  let local: LocalChain;
  let proxy: RpcProxy;
  let t: TestApp;
  let member: TestMember;
  const email = `down-${randomUUID().slice(0, 8)}@example.com`;

  const health = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    return response.json<{ code: number; data: { status: string; chains: HealthChain[] } }>();
  };
  const localHealth = async () => (await health()).data.chains.find((chain) => chain.chainId === 31337)!;
  const withdraw = (code: string, language = 'en_US') =>
    t.call(
      '/api/withdraw/apply',
      {
        requestId: randomUUID(),
        chainId: 31337,
        asset: 'USDT',
        address: DEV_ACCOUNTS.spare[3].address,
        amount: '10',
        code,
      },
      { ...member.headers, language },
    );
  const channelStatus = async (path: string) =>
    ((await t.call(path, {}, member.headers)).data.list as { chainId: number; status: string }[]).find(
      (channel) => channel.chainId === 31337,
    )?.status;

  beforeAll(async () => {
    local = await startLocalChain();
    proxy = await startRpcProxy(local.chain.rpcUrl);
    const runtime = {
      ...local.runtime,
      chains: local.runtime.chains.map((chain) =>
        // A hosted node: its URL carries an API key. Not the development chain, so it is a secret.
        chain.chainId === 31337 ? { ...chain, rpcUrl: proxy.url, isDevelopment: false } : chain,
      ),
    };
    t = await createTestApp(
      {
        RPC_PROBE_SECONDS: '0.2',
        RPC_TIMEOUT_SECONDS: '1',
        WATCHER_POLL_SECONDS: '0.2',
        SENDER_POLL_SECONDS: '0.2',
      },
      { chains: runtime },
    );
    member = await createWalletMember(t, { chainId: 31337 });
    await t.database.db.update(members).set({ email }).where(eq(members.id, member.memberId));
    // Funds credited as a deposit would be (faucet funds never leave through a non-development chain).
    await creditAsDeposit(t, member, 100n);
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await local?.stop();
  });

  it('is healthy while the node answers: the chain is up and its watcher keeps up', async () => {
    await expect
      .poll(async () => (await localHealth()).watcher?.scannedBlock ?? null, { timeout: 10_000 })
      .not.toBeNull();
    const chain = await localHealth();
    expect(chain).toMatchObject({ node: 'up', problem: null });
    expect(chain.watcher?.lagBlocks).toBeLessThanOrEqual(1);
    expect((await health()).data.status).toBe('ok');
    expect(await channelStatus('/api/recharge/channels')).toBe('open');
    expect(await channelStatus('/api/withdraw/channels')).toBe('open');
  });

  it('answers "network temporarily unavailable", freezes nothing, and says so in /health', async () => {
    const code = await (async () => {
      const since = t.smtp.mails.length;
      await t.call('/api/withdraw/sendCode', {}, member.headers);
      return t.smtp.waitForCode(email, { since });
    })();
    proxy.fault('fail');
    await expect.poll(async () => (await localHealth()).node, { timeout: 10_000 }).toBe('down');
    const report = await health();
    expect(report).toMatchObject({ code: 200, data: { status: 'degraded' } });
    expect((await localHealth()).problem).toMatch(/HTTP request failed/);

    expect(await channelStatus('/api/recharge/channels')).toBe('paused');
    expect(await channelStatus('/api/withdraw/channels')).toBe('paused');
    const withdrawal = await withdraw(code, 'zh_CN');
    expect(withdrawal).toMatchObject({ status: 200, code: ErrorCode.NETWORK_UNAVAILABLE });
    expect(withdrawal.msg).toBe('Local test network 网络暂时不可用，请稍后再试。');
    const balances = (await t.call('/api/ass/lst', {}, member.headers)).data as TAssetListResponse;
    expect(balances.lst.find((row) => row.asset === 'USDT')).toMatchObject({ available: '100', frozen: '0' });
    const accelerate = await t.call(
      '/api/recharge/accelerate',
      { chainId: 31337, txHash: `0x${'ab'.repeat(32)}` },
      member.headers,
    );
    expect(accelerate).toMatchObject({ status: 200, code: ErrorCode.NETWORK_UNAVAILABLE });

    proxy.heal();
    await expect.poll(async () => (await health()).data.status, { timeout: 10_000 }).toBe('ok');
    expect(await channelStatus('/api/withdraw/channels')).toBe('open');
    // The code was not used by the refused attempt.
    expect((await withdraw(code)).code).toBe(200);
  });

  it('answers accelerate clearly when the node fails that very call, and marks it down', async () => {
    proxy.fault('fail', ['eth_getTransactionReceipt']);
    const accelerate = await t.call(
      '/api/recharge/accelerate',
      { chainId: 31337, txHash: `0x${'cd'.repeat(32)}` },
      { ...member.headers, language: 'en_US' },
    );
    expect(accelerate).toMatchObject({
      status: 200,
      code: ErrorCode.NETWORK_UNAVAILABLE,
      msg: 'The Local test network network is temporarily unavailable. Please try again later.',
    });
    proxy.heal();
  });

  it('takes a node that accepts calls and never answers for down after RPC_TIMEOUT_SECONDS, and answers members without waiting on it', async () => {
    await expect.poll(async () => (await localHealth()).node, { timeout: 15_000 }).toBe('up');
    proxy.fault('hang');
    await expect.poll(async () => (await localHealth()).node, { timeout: 15_000 }).toBe('down');
    expect((await localHealth()).problem).toMatch(/took too long|timed out/i);
    expect((await health()).data.status).toBe('degraded');
    expect(await channelStatus('/api/withdraw/channels')).toBe('paused');
    // A member's call that needs the node gets its answer from the timeout, not never.
    const accelerate = await t.call(
      '/api/recharge/accelerate',
      { chainId: 31337, txHash: `0x${'ef'.repeat(32)}` },
      { ...member.headers, language: 'en_US' },
    );
    expect(accelerate).toMatchObject({ status: 200, code: ErrorCode.NETWORK_UNAVAILABLE });
    proxy.heal();
    await expect.poll(async () => (await health()).data.status, { timeout: 15_000 }).toBe('ok');
    expect(await channelStatus('/api/withdraw/channels')).toBe('open');
  });

  it("never writes the node's URL or its API key to the log", () => {
    const logs = t.logs.join('\n');
    // The failures were logged...
    expect(logs).toMatch(/chain node not answering|pass failed/);
    // ...without the key, in the message, the error's `url` or anywhere else.
    expect(logs).not.toContain(proxy.apiKey);
    expect(logs).toContain('[redacted]');
  });
});
