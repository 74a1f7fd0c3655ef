import { rechargeAbi } from '@kpc/contracts';
import {
  Bucket,
  EntryType,
  floorToDecimals,
  fromLedgerUnits,
  LEDGER_SCALE,
  MIN_RECHARGE_USDT,
  parseDecimal,
  RecordKind,
  REQUIRED_CONFIRMATIONS,
} from '@kpc/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
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
import type { Database, Transaction } from '../db/client.ts';
import { chainCursors, deposits, financialRecords, members } from '../db/schema.ts';
import { HouseAccount, postEntry } from '../ledger/ledger.ts';
import { getAsset } from '../ledger/reference-data.ts';
import { createChainClient } from './client.ts';
import { tokenToLedgerUnits } from './token-units.ts';

const depositedEvent = getAbiItem({ abi: rechargeAbi, name: 'Deposited' });
const transferEvent = getAbiItem({ abi: erc20Abi, name: 'Transfer' });

export interface DepositWatcherOptions {
  db: Database;
  chain: ChainSettings;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Most blocks per `eth_getLogs`. */
  blockRange: number;
  /** The chain's client (shared in the server); default: one on the chain's RPC URL. */
  client?: PublicClient;
}

interface SeenDeposit {
  txHash: Hash;
  receiptLogIndex: number;
  blockNumber: bigint;
  blockHash: Hash;
  method: 'contract' | 'transfer';
  from: Address;
  /** In the token's own units (its decimals). */
  units: bigint;
}

/**
 * Watches one chain for USDT deposits: Recharge `Deposited` events (attributed by the event's
 * member address) and USDT transfers to the deposit address (attributed by the sender being a
 * member's bound wallet). Each pass reads the blocks since the stored cursor (re-reading the last
 * REQUIRED_CONFIRMATIONS blocks, so a reorg's replacement blocks are seen), records each deposit
 * once and credits those with enough confirmations after re-checking their block is canonical.
 * Several processes may run it: database locks let one pass per chain write at a time, and every
 * write is conditional, so nothing is recorded or credited twice. A node that fails leaves every
 * deposit as it was: only a different block proven at a deposit's height is a reorg.
 */
export function createDepositWatcher(options: DepositWatcherOptions) {
  const { db, chain, logger, blockRange } = options;
  if (chain.usdtDecimals === null) throw new Error(`chain ${chain.chainId} has no USDT decimals`);
  const tokenDecimals = chain.usdtDecimals;
  const client = options.client ?? createChainClient(chain, 10_000);
  const lockKey = `deposit-watcher:${chain.chainId}`;
  const minimumUnits = parseDecimal(MIN_RECHARGE_USDT, tokenDecimals);

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

  /** Records what a range showed; a deposit seen again (e.g. moved by a reorg) updates its block. */
  async function record(tx: Transaction, seen: SeenDeposit[]): Promise<void> {
    if (seen.length === 0) return;
    const usdt = await getAsset(tx, 'USDT');
    const wallets = [...new Set(seen.map((deposit) => deposit.from.toLowerCase()))];
    const owners = await tx
      .select({ id: members.id, wallet: members.walletAddress })
      .from(members)
      .where(inArray(members.walletAddress, wallets));
    const ownerOf = new Map(owners.map((owner) => [owner.wallet, owner.id]));
    for (const deposit of seen) {
      const memberId = ownerOf.get(deposit.from.toLowerCase()) ?? null;
      const status = deposit.units < minimumUnits ? 'below_minimum' : memberId ? 'pending' : 'unattributed';
      // Credited in the ledger asset's precision, rounded down; the exact figure is kept beside it.
      const credited = floorToDecimals(tokenToLedgerUnits(deposit.units, tokenDecimals), usdt.decimals);
      await tx
        .insert(deposits)
        .values({
          chainId: chain.chainId,
          txHash: deposit.txHash.toLowerCase(),
          receiptLogIndex: deposit.receiptLogIndex,
          blockNumber: deposit.blockNumber,
          blockHash: deposit.blockHash,
          method: deposit.method,
          fromAddress: deposit.from.toLowerCase(),
          memberId,
          asset: 'USDT',
          amount: fromLedgerUnits(credited),
          tokenUnits: deposit.units.toString(),
          tokenDecimals,
          status,
        })
        .onConflictDoUpdate({
          target: [deposits.chainId, deposits.txHash, deposits.receiptLogIndex],
          // Only a deposit not yet credited can move; a reorged one seen again is live again.
          // An unattributed one becomes the member's once its sender is bound (read again by accelerate).
          set: {
            blockNumber: deposit.blockNumber,
            blockHash: deposit.blockHash,
            memberId: sql`coalesce(${deposits.memberId}, excluded.member_id)`,
            status: sql`case when ${deposits.status} in ('reorged', 'unattributed') then excluded.status else ${deposits.status} end`,
            updatedAt: sql`now()`,
          },
          setWhere: sql`${deposits.status} in ('pending', 'reorged', 'unattributed')`,
        });
    }
  }

  /** Records under the chain's writer lock, so two processes never write one chain's deposits at once. */
  async function recordLocked(seen: SeenDeposit[]): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`);
      await record(tx, seen);
    });
  }

  /**
   * Credits a pending deposit whose block is still canonical. A node error throws (the deposit
   * stays pending, the next pass asks again); a node without the block yet is no evidence either
   * way. Only another block at the deposit's height is: the transaction then moved (recorded in
   * its new block, its confirmations count again) or is gone (reorged, never credited).
   */
  async function settle(deposit: typeof deposits.$inferSelect): Promise<void> {
    const block = await client.getBlock({ blockNumber: deposit.blockNumber }).catch((error: unknown) => {
      if (error instanceof BlockNotFoundError) return null;
      throw error;
    });
    if (!block) return;
    if (block.hash !== deposit.blockHash) {
      const seen = await readTransaction(deposit.txHash as Hash);
      if (seen !== null) {
        await recordLocked(seen);
        return;
      }
      await db
        .update(deposits)
        .set({ status: 'reorged', updatedAt: sql`now()` })
        .where(
          and(eq(deposits.id, deposit.id), eq(deposits.status, 'pending'), eq(deposits.blockHash, deposit.blockHash)),
        );
      logger.warn({ chainId: chain.chainId, txHash: deposit.txHash }, 'deposit left the canonical chain');
      return;
    }
    await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(deposits)
        .set({ status: 'credited', creditedAt: sql`now()`, updatedAt: sql`now()` })
        .where(
          and(eq(deposits.id, deposit.id), eq(deposits.status, 'pending'), eq(deposits.blockHash, deposit.blockHash)),
        )
        .returning();
      if (!claimed?.memberId) return;
      const amount = parseDecimal(claimed.amount, LEDGER_SCALE);
      const [financial] = await tx
        .insert(financialRecords)
        .values({
          memberId: claimed.memberId,
          kind: RecordKind.DEPOSIT,
          status: 'completed',
          asset: claimed.asset,
          amount: claimed.amount,
          reference: `deposit:${claimed.id}`,
          chainId: claimed.chainId,
          txHash: claimed.txHash,
        })
        .returning({ id: financialRecords.id });
      await postEntry(tx, {
        type: EntryType.DEPOSIT,
        idempotencyKey: `deposit:${claimed.id}`,
        memberId: claimed.memberId,
        reference: `deposit:${claimed.id}${financial ? `;financial_record:${financial.id}` : ''}`,
        postings: [
          { account: { memberId: claimed.memberId, bucket: Bucket.AVAILABLE }, asset: claimed.asset, amount },
          { account: { house: HouseAccount.TREASURY }, asset: claimed.asset, amount: -amount },
        ],
      });
    });
  }

  /**
   * One pass: read new blocks, record deposits, move the cursor, then settle deposits with enough
   * confirmations (head - block + 1 >= REQUIRED_CONFIRMATIONS). Returns the head it saw.
   */
  async function scanOnce(): Promise<bigint> {
    // Always the live head: a cached one would make a pass judge confirmations on stale data.
    const head = await client.getBlockNumber({ cacheTime: 0 });
    const [cursor] = await db.select().from(chainCursors).where(eq(chainCursors.chainId, chain.chainId));
    const nextBlock = cursor?.nextBlock ?? chain.startBlock ?? head;
    const overlap = BigInt(REQUIRED_CONFIRMATIONS);
    let expected = cursor?.nextBlock ?? null;
    let from = nextBlock > overlap ? nextBlock - overlap : 0n;
    while (from <= head) {
      const to = from + BigInt(blockRange) - 1n < head ? from + BigInt(blockRange) - 1n : head;
      const seen = await readDeposits(from, to);
      // The overlap re-reads blocks behind the cursor; the cursor itself only moves forward.
      const next = expected !== null && expected > to + 1n ? expected : to + 1n;
      // One writer per chain at a time, and the range's deposits land with the cursor that passes
      // them; a pass that finds the cursor moved under it (another process) stops.
      const moved = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`);
        const [current] = await tx.select().from(chainCursors).where(eq(chainCursors.chainId, chain.chainId));
        if ((current?.nextBlock ?? null) !== expected) return true;
        await record(tx, seen);
        await tx
          .insert(chainCursors)
          .values({ chainId: chain.chainId, nextBlock: next, headBlock: head })
          .onConflictDoUpdate({
            target: chainCursors.chainId,
            set: { nextBlock: next, headBlock: head, updatedAt: sql`now()` },
          });
        return false;
      });
      if (moved) break;
      expected = next;
      from = to + 1n;
    }
    await settleConfirmed(head);
    return head;
  }

  /** Settles the pending deposits with enough confirmations (all of them, or those of one transaction). */
  async function settleConfirmed(head: bigint, txHash?: Hash): Promise<void> {
    const confirmedUpTo = head - BigInt(REQUIRED_CONFIRMATIONS) + 1n;
    const ready = await db
      .select()
      .from(deposits)
      .where(
        and(
          eq(deposits.chainId, chain.chainId),
          eq(deposits.status, 'pending'),
          sql`${deposits.blockNumber} <= ${confirmedUpTo}`,
          txHash ? eq(deposits.txHash, txHash.toLowerCase()) : undefined,
        ),
      );
    for (const deposit of ready) await settle(deposit);
  }

  /**
   * Accelerate (SPEC §9): reads one transaction now instead of waiting for the next pass, records
   * its deposits and credits them if they already have their confirmations. Returns the head it
   * saw, or null when the chain has no such mined transaction.
   */
  async function inspectTransaction(hash: Hash): Promise<bigint | null> {
    const seen = await readTransaction(hash);
    if (seen === null) return null;
    const head = await client.getBlockNumber({ cacheTime: 0 });
    await recordLocked(seen);
    await settleConfirmed(head, hash);
    return head;
  }

  return { scanOnce, inspectTransaction };
}

export type DepositWatcher = ReturnType<typeof createDepositWatcher>;
