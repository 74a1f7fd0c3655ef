import { rechargeAbi, testUsdtAbi } from '@kpc/contracts';
import {
  DEV_ACCOUNTS,
  deployDevContracts,
  startDevChain,
  type DevChain,
  type DevDeployment,
} from '@kpc/contracts/dev-chain';
import {
  createPublicClient,
  createWalletClient,
  erc20Abi,
  http,
  parseUnits,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { devChainRuntime, type ChainRuntime } from '../chain/runtime.ts';
import { loadConfig } from '../config/env.ts';

/** A fresh local Hardhat chain with the contracts deployed, for server tests of on-chain work. */
export interface LocalChain {
  chain: DevChain;
  deployment: DevDeployment;
  client: PublicClient;
  /** The server's view of it: the dev runtime, with the demo hot wallet paying withdrawals. */
  runtime: ChainRuntime;
  mine(blocks: number): Promise<void>;
  /** Approve + Recharge `deposit`, each mined in its own block; resolves with the deposit's receipt. */
  depositThroughContract(privateKey: Hex, amount: string): ReturnType<PublicClient['waitForTransactionReceipt']>;
  /** A plain USDT transfer; resolves with its receipt. */
  transferUsdt(privateKey: Hex, to: Address, amount: string): ReturnType<PublicClient['waitForTransactionReceipt']>;
  usdtBalance(address: Address): Promise<bigint>;
  stop(): Promise<void>;
}

/** `usdtDecimals`: 6 as on Ethereum and Polygon, or 18 as on BSC. */
export async function startLocalChain({ usdtDecimals = 6 }: { usdtDecimals?: number } = {}): Promise<LocalChain> {
  const chain = await startDevChain({ port: 0 });
  const deployment = await deployDevContracts({ rpcUrl: chain.rpcUrl, usdtDecimals });
  const client = createPublicClient({
    chain: hardhat,
    transport: http(chain.rpcUrl, { retryCount: 0 }),
    pollingInterval: 50,
  });
  const walletOf = (privateKey: Hex) =>
    createWalletClient({ account: privateKeyToAccount(privateKey), chain: hardhat, transport: http(chain.rpcUrl) });
  const runtime = devChainRuntime(loadConfig({ NODE_ENV: 'test' }), {
    ...deployment,
    depositAddress: DEV_ACCOUNTS.hotWallet.address,
    hotWalletKey: DEV_ACCOUNTS.hotWallet.privateKey,
  });
  return {
    chain,
    deployment,
    client,
    runtime,
    async mine(blocks) {
      await client.request({ method: 'hardhat_mine' as 'eth_chainId', params: [`0x${blocks.toString(16)}`] as never });
    },
    async depositThroughContract(privateKey, amount) {
      const wallet = walletOf(privateKey);
      const units = parseUnits(amount, usdtDecimals);
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
    },
    async transferUsdt(privateKey, to, amount) {
      const hash = await walletOf(privateKey).writeContract({
        address: deployment.usdt,
        abi: testUsdtAbi,
        functionName: 'transfer',
        args: [to, parseUnits(amount, usdtDecimals)],
      });
      return client.waitForTransactionReceipt({ hash });
    },
    usdtBalance(address) {
      return client.readContract({
        address: deployment.usdt,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address],
      });
    },
    stop: () => chain.stop(),
  };
}
