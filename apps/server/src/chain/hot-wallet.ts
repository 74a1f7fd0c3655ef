import {
  encodeFunctionData,
  erc20Abi,
  keccak256,
  TransactionReceiptNotFoundError,
  type Address,
  type Hash,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { ChainSettings } from '../config/chains.ts';
import { createChainClient } from './client.ts';

/** A node's answer for a transaction it has already seen; re-broadcasting is then harmless. */
const ALREADY_SENT = /already known|known transaction|nonce too low|already imported|replacement transaction/i;

/** A USDT transfer with the network's figures for it, ready to sign with a nonce. */
export interface PreparedTransfer {
  data: Hex;
  gas: bigint;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
  /** The wallet's transaction count including pending ones, as the node sees it. */
  chainNonce: number;
}

/**
 * One chain's hot wallet, as the chain sees it: its USDT balance, transfers prepared, signed and
 * broadcast, and what became of them. It keeps no state: which nonce to use and when to pay are the
 * withdraw module's (modules/withdraw/withdrawal-sender.ts).
 */
export function createHotWallet(options: { chain: ChainSettings; client?: PublicClient | undefined }) {
  const { chain } = options;
  if (!chain.rpcUrl || !chain.usdt || !chain.hotWalletKey || chain.usdtDecimals === null) {
    throw new Error(`chain ${chain.chainId} cannot pay withdrawals: RPC URL, USDT and hot wallet key are needed`);
  }
  const usdt = chain.usdt;
  const account = privateKeyToAccount(chain.hotWalletKey);
  const client = options.client ?? createChainClient(chain, 10_000);

  return {
    address: account.address,
    tokenDecimals: chain.usdtDecimals,
    /** Always the live head: confirmations are never judged on a cached one. */
    readHead: () => client.getBlockNumber({ cacheTime: 0 }),

    readUsdtBalance: () =>
      client.readContract({ address: usdt, abi: erc20Abi, functionName: 'balanceOf', args: [account.address] }),

    /** The network's side of a transfer of `units` to `to`: read before any lock is taken. */
    async prepareTransfer(to: Address, units: bigint): Promise<PreparedTransfer> {
      const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, units] });
      const [gas, fees, chainNonce] = await Promise.all([
        client.estimateGas({ account: account.address, to: usdt, data }),
        client.estimateFeesPerGas(),
        client.getTransactionCount({ address: account.address, blockTag: 'pending' }),
      ]);
      return { data, gas, ...fees, chainNonce };
    },

    /** Signs a prepared transfer locally with `nonce`: the bytes to store and broadcast, and their hash. */
    async signTransfer(prepared: PreparedTransfer, nonce: number): Promise<{ signedTx: Hex; txHash: Hash }> {
      const signedTx = await account.signTransaction({
        chainId: chain.chainId,
        type: 'eip1559',
        to: usdt,
        data: prepared.data,
        nonce,
        gas: (prepared.gas * 12n) / 10n,
        maxFeePerGas: prepared.maxFeePerGas,
        maxPriorityFeePerGas: prepared.maxPriorityFeePerGas,
      });
      return { signedTx, txHash: keccak256(signedTx) };
    },

    /** Sends signed bytes (again); a node that already has them refuses the copy, which is fine. */
    async broadcast(signedTx: Hex): Promise<void> {
      try {
        await client.sendRawTransaction({ serializedTransaction: signedTx });
      } catch (error) {
        const message =
          error instanceof Error ? `${error.message} ${String((error as { details?: unknown }).details)}` : '';
        if (!ALREADY_SENT.test(message)) throw error;
      }
    },

    /** A transaction's receipt; null when the node shows none. */
    readReceipt: (hash: Hash) =>
      client.getTransactionReceipt({ hash }).catch((error: unknown) => {
        if (error instanceof TransactionReceiptNotFoundError) return null;
        throw error;
      }),

    /** How many of the wallet's transactions are mined: a nonce below it is used. */
    readMinedCount: () => client.getTransactionCount({ address: account.address, blockTag: 'latest' }),

    readBlockHash: async (blockNumber: bigint) => (await client.getBlock({ blockNumber })).hash,
  };
}

export type HotWallet = ReturnType<typeof createHotWallet>;
