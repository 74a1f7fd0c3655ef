import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { createWalletClient, getContractAddress, http, parseUnits, toHex, type Address } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEV_ACCOUNTS,
  deployDevContracts,
  describeDevChain,
  startDevChain,
  type DevChain,
  type DevDeployment,
} from './dev-chain.ts';
import { rechargeAbi, testKpcAbi, testUsdtAbi } from './generated/artifacts.ts';
import { DEV_CHAIN_ID } from './index.ts';
import { createChainClients } from './testing/chain-clients.ts';

let chain: DevChain;
let deployment: DevDeployment;

beforeAll(async () => {
  chain = await startDevChain({ port: 0 });
  deployment = await deployDevContracts({ rpcUrl: chain.rpcUrl });
});
afterAll(async () => {
  await chain?.stop();
});

function portOf(rpcUrl: string) {
  return Number(new URL(rpcUrl).port);
}

async function isPortFree(port: number) {
  const server = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    return true;
  } catch {
    return false;
  } finally {
    server.close();
  }
}

describe('DEV_ACCOUNTS', () => {
  it('are the node’s default accounts, derived from the public test mnemonic', async () => {
    const { deployer, demo, treasury, hotWallet, spare } = DEV_ACCOUNTS;
    const accounts = [deployer, demo, treasury, hotWallet, ...spare];
    const mnemonic = 'test test test test test test test test test test test junk';
    accounts.forEach(({ address, privateKey }, addressIndex) => {
      const derived = mnemonicToAccount(mnemonic, { addressIndex });
      expect(derived.address).toBe(address);
      expect(toHex(derived.getHdKey().privateKey ?? new Uint8Array())).toBe(privateKey);
    });
    const nodeAccounts = await createWalletClient({ chain: hardhat, transport: http(chain.rpcUrl) }).getAddresses();
    expect(nodeAccounts.slice(0, accounts.length)).toEqual(accounts.map(({ address }) => address));
  });
});

describe('deployDevContracts', () => {
  it('deploys from the deployer in a fixed order and funds the demo and hot wallets', async () => {
    const { publicClient } = createChainClients(chain.rpcUrl);
    const from = DEV_ACCOUNTS.deployer.address;
    expect(deployment).toEqual({
      chainId: DEV_CHAIN_ID,
      rpcUrl: chain.rpcUrl,
      usdt: getContractAddress({ from, nonce: 0n }),
      usdtDecimals: 6,
      kpc: getContractAddress({ from, nonce: 1n }),
      recharge: getContractAddress({ from, nonce: 2n }),
      treasury: DEV_ACCOUNTS.treasury.address,
      demo: DEV_ACCOUNTS.demo,
    });

    const balance = (address: Address, account: Address) =>
      publicClient.readContract({ address, abi: testUsdtAbi, functionName: 'balanceOf', args: [account] });
    expect(await balance(deployment.usdt, DEV_ACCOUNTS.demo.address)).toBe(parseUnits('1000000', 6));
    expect(await balance(deployment.kpc, DEV_ACCOUNTS.demo.address)).toBe(parseUnits('1000000', 18));
    expect(await balance(deployment.usdt, DEV_ACCOUNTS.hotWallet.address)).toBe(parseUnits('1000000', 6));

    const recharge = { address: deployment.recharge, abi: rechargeAbi } as const;
    expect(await publicClient.readContract({ ...recharge, functionName: 'owner' })).toBe(from);
    expect(await publicClient.readContract({ ...recharge, functionName: 'treasury' })).toBe(deployment.treasury);
    expect(await publicClient.readContract({ ...recharge, functionName: 'token' })).toBe(deployment.usdt);
    expect(await publicClient.readContract({ address: deployment.kpc, abi: testKpcAbi, functionName: 'owner' })).toBe(
      from,
    );
  });

  it('deploys a test USDT with 18 decimals, as USDT has on BSC', async () => {
    const bsc = await deployDevContracts({ rpcUrl: chain.rpcUrl, usdtDecimals: 18 });
    const { publicClient } = createChainClients(chain.rpcUrl);
    const read = <T extends 'decimals'>(functionName: T) =>
      publicClient.readContract({ address: bsc.usdt, abi: testUsdtAbi, functionName });
    expect(bsc.usdtDecimals).toBe(18);
    expect(await read('decimals')).toBe(18);
    expect(
      await publicClient.readContract({
        address: bsc.usdt,
        abi: testUsdtAbi,
        functionName: 'balanceOf',
        args: [DEV_ACCOUNTS.demo.address],
      }),
    ).toBe(parseUnits('1000000', 18));
  });

  it('gives the same addresses on another fresh chain, also one that mines on an interval', async () => {
    const other = await startDevChain({ port: 0, blockIntervalMs: 100 });
    try {
      const again = await deployDevContracts({ rpcUrl: other.rpcUrl });
      expect({ ...again, rpcUrl: chain.rpcUrl }).toEqual(deployment);

      // Blocks keep coming without transactions.
      const { publicClient } = createChainClients(other.rpcUrl);
      const before = await publicClient.getBlockNumber();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await publicClient.getBlockNumber()).toBeGreaterThan(before + 1n);
    } finally {
      await other.stop();
    }
  });
});

describe('describeDevChain', () => {
  it('tells how to reach the chain from a browser wallet', () => {
    const text = describeDevChain(deployment).join('\n');
    for (const expected of [
      chain.rpcUrl,
      'chain id 31337',
      '"Local test network"',
      'currency symbol ETH',
      DEV_ACCOUNTS.demo.address,
      DEV_ACCOUNTS.demo.privateKey,
      'public Hardhat test key',
      `USDT ${deployment.usdt}`,
      `KPC ${deployment.kpc}`,
      deployment.recharge,
    ]) {
      expect(text).toContain(expected);
    }
  });
});

describe('startDevChain', () => {
  it('rejects with the node’s output when the port is taken', async () => {
    const error: unknown = await startDevChain({ port: portOf(chain.rpcUrl) }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/exited .* before it was ready/);
    expect((error as Error).message).toMatch(/EADDRINUSE/);
    // The running chain is untouched.
    expect(await createChainClients(chain.rpcUrl).publicClient.getChainId()).toBe(DEV_CHAIN_ID);
  });

  it('stops the node when its parent process is killed with SIGKILL', async () => {
    const parent = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./testing/dev-chain-child.ts', import.meta.url))],
      {
        cwd: fileURLToPath(new URL('..', import.meta.url)),
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    try {
      const [firstLine] = (await once(createInterface({ input: parent.stdout }), 'line')) as [string];
      const { rpcUrl } = JSON.parse(firstLine) as { rpcUrl: string };
      const port = portOf(rpcUrl);
      expect(await createChainClients(rpcUrl).publicClient.getChainId()).toBe(DEV_CHAIN_ID);
      expect(await isPortFree(port)).toBe(false);

      parent.kill('SIGKILL');
      await once(parent, 'exit');

      const deadline = Date.now() + 5_000;
      while (!(await isPortFree(port)) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await isPortFree(port), `port ${port} still taken 5 s after the parent died`).toBe(true);
    } finally {
      parent.kill('SIGKILL');
    }
  });
});
