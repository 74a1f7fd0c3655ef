import {
  NotificationKind,
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
import type { Hash, PublicClient } from 'viem';
import { createDepositReader, type SeenDeposit } from '../../chain/deposit-reader.ts';
import type { ChainNodes } from '../../chain/nodes.ts';
import { tokenToLedgerUnits } from '../../chain/token-units.ts';
import type { ChainSettings } from '../../config/chains.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { chainCursors, deposits, financialRecords, members } from '../../db/schema/index.ts';
import { HouseAccount, postEntry } from '../../ledger/ledger.ts';
import { getAsset } from '../../ledger/reference-data.ts';
import { decimalOf, queueNotification } from '../notifications/queue.ts';

export interface DepositWatcherOptions {
  db: Database;
  chain: ChainSettings;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Most blocks per `eth_getLogs`. */
  blockRange: number;
  /** The chain's client (shared in the server); default: one on the chain's RPC URL. */
  client?: PublicClient;
}

/**
 * Watches one chain for USDT deposits (Step 4 §2), read by chain/deposit-reader.ts. Each pass
 * reads the blocks since the stored cursor (re-reading the last REQUIRED_CONFIRMATIONS blocks, so
 * a reorg's replacement blocks are seen), records each deposit once and credits those with enough
 * confirmations after re-checking their block is canonical. Several processes may run it:
 * database locks let one pass per chain write at a time, and every write is conditional, so
 * nothing is recorded or credited twice. A node that fails leaves every deposit as it was: only a
 * different block proven at a deposit's height is a reorg.
 */
export function createDepositWatcher(options: DepositWatcherOptions) {
  const { db, chain, logger, blockRange } = options;
  if (chain.usdtDecimals === null) throw new Error(`chain ${chain.chainId} has no USDT decimals`);
  const tokenDecimals = chain.usdtDecimals;
  const reader = createDepositReader({ chain, client: options.client });
  const lockKey = `deposit-watcher:${chain.chainId}`;
  const minimumUnits = parseDecimal(MIN_RECHARGE_USDT, tokenDecimals);

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
    const blockHash = await reader.blockHashAt(deposit.blockNumber);
    if (!blockHash) return;
    if (blockHash !== deposit.blockHash) {
      const seen = await reader.readTransaction(deposit.txHash as Hash);
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
      if (claimed) await creditDeposit(tx, claimed);
    });
  }

  /**
   * One pass: read new blocks, record deposits, move the cursor, then settle deposits with enough
   * confirmations (head - block + 1 >= REQUIRED_CONFIRMATIONS). Returns the head it saw.
   */
  async function scanOnce(): Promise<bigint> {
    const head = await reader.readHead();
    const [cursor] = await db.select().from(chainCursors).where(eq(chainCursors.chainId, chain.chainId));
    const nextBlock = cursor?.nextBlock ?? chain.startBlock ?? head;
    const overlap = BigInt(REQUIRED_CONFIRMATIONS);
    let expected = cursor?.nextBlock ?? null;
    let from = nextBlock > overlap ? nextBlock - overlap : 0n;
    while (from <= head) {
      const to = from + BigInt(blockRange) - 1n < head ? from + BigInt(blockRange) - 1n : head;
      const seen = await reader.readDeposits(from, to);
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
    const seen = await reader.readTransaction(hash);
    if (seen === null) return null;
    const head = await reader.readHead();
    await recordLocked(seen);
    await settleConfirmed(head, hash);
    return head;
  }

  return { scanOnce, inspectTransaction };
}

export type DepositWatcher = ReturnType<typeof createDepositWatcher>;

/**
 * Credits a deposit just claimed as `credited` to its member, in the claiming transaction: its
 * financial record and the ledger entry from the treasury. A deposit of nobody (no member bound
 * its sender's wallet) is only marked.
 */
async function creditDeposit(tx: Transaction, claimed: typeof deposits.$inferSelect): Promise<void> {
  if (!claimed.memberId) return;
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
  // Step 11 §2: the member's mail, once per deposit however often its block is scanned.
  await queueNotification(tx, {
    memberId: claimed.memberId,
    kind: NotificationKind.DEPOSIT_CREDITED,
    eventKey: String(claimed.id),
    payload: {
      amount: decimalOf(claimed.amount),
      asset: claimed.asset,
      chainId: claimed.chainId,
      txHash: claimed.txHash,
    },
  });
}

/** One deposit watcher per chain with a node and something to watch: a Recharge contract or a deposit address. */
export function createDepositWatchers(options: {
  db: Database;
  nodes: ChainNodes;
  logger: DepositWatcherOptions['logger'];
  blockRange: number;
}): Map<number, DepositWatcher> {
  const { db, nodes, logger, blockRange } = options;
  return new Map(
    nodes.chains
      .filter((chain) => chain.recharge || (chain.usdt && chain.depositAddress))
      .map((chain) => [
        chain.chainId,
        createDepositWatcher({ db, chain, logger, blockRange, client: nodes.clientOf(chain.chainId) }),
      ]),
  );
}
