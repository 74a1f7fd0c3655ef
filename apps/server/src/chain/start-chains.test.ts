import { DEV_ACCOUNTS } from '@kpc/contracts/dev-chain';
import type { TAppConfig } from '@kpc/shared';
import { createPublicClient, erc20Abi, http, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { createWalletMember } from '../testing/members.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { startChains } from './start-chains.ts';

const silent = { info: () => undefined, warn: () => undefined };

describe('start-up with the embedded development chain (npm start without RPC settings)', () => {
  let started: Awaited<ReturnType<typeof startChains>>;
  let t: TestApp;

  beforeAll(async () => {
    started = await startChains(
      loadConfig({ DEV_CHAIN: 'on', DEV_CHAIN_PORT: '0', DEV_CHAIN_BLOCK_SECONDS: '0' }),
      silent,
    );
    t = await createTestApp({}, { chains: started.runtime });
  });
  afterAll(async () => {
    await t?.close();
    await started?.devChain?.stop();
  });

  it('deploys the contracts, funds the demo wallet and tells the member app where they are', async () => {
    const config = await t.call('/api/app/config', {});
    expect(config.data.allowedChainIds).toEqual([137, 56, 1, 31337]);
    expect(config.data.devChain).toBe(true);
    const local = (config.data as TAppConfig).chains.find((chain) => chain.chainId === 31337)!;
    expect(local.rpcUrl).toBe(started.devChain!.rpcUrl);

    const client = createPublicClient({ transport: http(local.rpcUrl!) });
    expect(await client.getChainId()).toBe(31337);
    const demo = DEV_ACCOUNTS.demo.address;
    expect(started.banner!.join('\n')).toContain(demo);
    const balance = await client.readContract({
      address: local.usdt as Address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [demo],
    });
    expect(balance).toBe(1_000_000n * 10n ** 6n);
    expect(await client.getCode({ address: local.recharge as Address })).toMatch(/^0x[0-9a-f]{100,}/);
  });

  it('accepts wallet sign-in on the local chain', async () => {
    const member = await createWalletMember(t, { chainId: 31337 });
    expect(member.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });
});
