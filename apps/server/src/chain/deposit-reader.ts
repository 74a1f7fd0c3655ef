import { rechargeAbi } from '@kpc/contracts';
import {
  BlockNotFoundError,
  erc20Abi,
  getAbiItem,
  isAddressEqual,
  parseEventLogs,
  TransactionReceiptNotFoundError,
  type Address,
  type Hash,
  type PublicClient,
  type TransactionReceipt,
} from 'viem';
import type { ChainSettings } from '../config/chains.ts';
import { createChainClient } from './client.ts';

const depositedEvent = getAbiItem({ abi: rechargeAbi, name: 'Deposited' });
const transferEvent = getAbiItem({ abi: erc20Abi, name: 'Transfer' });

/** A deposit as the chain shows it: where it was mined, how it was made, by whom, how much. */
export interface SeenDeposit {
  txHash: Hash;
  /** The log's position among its transaction receipt's logs. */
  receiptLogIndex: number;
  blockNumber: bigint;
  blockHash: Hash;
  method: 'contract' | 'transfer';
  from: Address;
  /** In the token's own units (its decimals). */
  units: bigint;
}

/**
 * Reads one chain's USDT deposits from its node, and nothing else: Recharge `Deposited` events
 * (attributed by the event's member address) and USDT transfers to the deposit address
 * (attributed by the sender). Recording and crediting them is the recharge module's
 * (modules/recharge/deposit-watcher.ts).
 */
export function createDepositReader(options: { chain: ChainSettings; client?: PublicClient | undefined }) {
  const { chain } = options;
  const client = options.client ?? createChainClient(chain, 10_000);

  /**
   * The deposits of the transactions with a deposit log in the range, each read from its receipt
   * (once per transaction), so a range scan and accelerate record a deposit identically.
   */
  async function readDeposits(fromBlock: bigint, toBlock: bigint): Promise<SeenDeposit[]> {
    const hashes = new Set<Hash>();
    if (chain.recharge) {
      const logs = await client.getLogs({ address: chain.recharge, event: depositedEvent, fromBlock, toBlock });
      for (const log of logs) hashes.add(log.transactionHash);
    }
    if (chain.usdt && chain.depositAddress) {
      const logs = await client.getLogs({
        address: chain.usdt,
        event: transferEvent,
        args: { to: chain.depositAddress },
        fromBlock,
        toBlock,
      });
      for (const log of logs) hashes.add(log.transactionHash);
    }
    const seen: SeenDeposit[] = [];
    for (const hash of hashes) seen.push(...((await readTransaction(hash)) ?? []));
    return seen;
  }

  /** The deposits one mined transaction made, read from its receipt alone; null: no such transaction. */
  async function readTransaction(hash: Hash): Promise<SeenDeposit[] | null> {
    const receipt = await client.getTransactionReceipt({ hash }).catch((error: unknown) => {
      if (error instanceof TransactionReceiptNotFoundError) return null;
      throw error;
    });
    if (!receipt) return null;
    return receipt.status === 'success' ? depositsOf(receipt) : [];
  }

  /**
   * A receipt's deposits. A contract deposit moves USDT from the member to the Recharge treasury
   * in the same transaction; if the treasury is (or ever becomes) the deposit address, that
   * transfer is the deposit itself, not a second one: each `Deposited` claims the nearest earlier
   * transfer from its member of its amount, and only unclaimed transfers count as direct deposits.
   */
  function depositsOf(receipt: TransactionReceipt): SeenDeposit[] {
    // The log's position in its receipt stays the same when a reorg moves the transaction
    // (parsed logs are copies: match by log index).
    const mined = (log: { logIndex: number }) => ({
      txHash: receipt.transactionHash,
      receiptLogIndex: receipt.logs.findIndex((entry) => entry.logIndex === log.logIndex),
      blockNumber: receipt.blockNumber,
      blockHash: receipt.blockHash,
    });
    const from = (address: Address | null) =>
      receipt.logs.filter((log) => address && isAddressEqual(log.address, address));
    const contractDeposits = chain.recharge
      ? parseEventLogs({ abi: [depositedEvent], logs: from(chain.recharge), strict: true })
      : [];
    const depositAddress = chain.depositAddress;
    const transfers = depositAddress
      ? parseEventLogs({ abi: [transferEvent], logs: from(chain.usdt), strict: true }).filter((log) =>
          isAddressEqual(log.args.to, depositAddress),
        )
      : [];
    const claimed = new Set<number>();
    for (const deposit of contractDeposits) {
      const own = transfers.findLast(
        (transfer) =>
          transfer.logIndex < deposit.logIndex &&
          !claimed.has(transfer.logIndex) &&
          isAddressEqual(transfer.args.from, deposit.args.member) &&
          transfer.args.value === deposit.args.amount,
      );
      if (own) claimed.add(own.logIndex);
    }
    return [
      ...contractDeposits.map((log) => ({
        ...mined(log),
        method: 'contract' as const,
        from: log.args.member,
        units: log.args.amount,
      })),
      ...transfers
        .filter((log) => !claimed.has(log.logIndex))
        .map((log) => ({ ...mined(log), method: 'transfer' as const, from: log.args.from, units: log.args.value })),
    ];
  }

  /** The hash of the block at a height; null when the node has no block there yet (no evidence either way). */
  async function blockHashAt(blockNumber: bigint): Promise<Hash | null> {
    const block = await client.getBlock({ blockNumber }).catch((error: unknown) => {
      if (error instanceof BlockNotFoundError) return null;
      throw error;
    });
    return block?.hash ?? null;
  }

  return {
    /** Always the live head: a cached one would make a pass judge confirmations on stale data. */
    readHead: () => client.getBlockNumber({ cacheTime: 0 }),
    readDeposits,
    readTransaction,
    blockHashAt,
  };
}

export type DepositReader = ReturnType<typeof createDepositReader>;
