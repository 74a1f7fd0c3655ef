import { toLedgerUnits } from '@kpc/shared';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Address, Hash, Hex, PublicClient } from 'viem';
import { createHotWallet } from '../../chain/hot-wallet.ts';
import type { ChainNodes } from '../../chain/nodes.ts';
import { ledgerToTokenUnits } from '../../chain/token-units.ts';
import type { ChainSettings } from '../../config/chains.ts';
import type { Database } from '../../db/client.ts';
import { hotWalletNonces, withdrawalEvents, withdrawals } from '../../db/schema/index.ts';
import { noteWithdrawal, transitionWithdrawal, type WithdrawalRow } from './lifecycle.ts';

/** Withdrawals signed in one pass at most; the rest wait for the next. */
const BATCH = 20;
const WAITING_FOR_FUNDS = 'hot wallet short of funds';

export interface WithdrawalSenderOptions {
  db: Database;
  chain: ChainSettings;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Blocks a payout needs before the withdrawal completes. */
  confirmations: number;
  /** The chain's client (shared in the server); default: one on the chain's RPC URL. */
  client?: PublicClient;
  /**
   * Tests only: called at the dangerous moments, to prove a sender killed there never pays twice.
   * `signed`: inside the recording transaction, after signing; `recorded`: after it committed,
   * before broadcasting; `broadcast`: after broadcasting, before the state moves on. Throw a
   * `SimulatedCrash` from it.
   */
  crashAt?: (moment: 'signed' | 'recorded' | 'broadcast') => void;
}

/** What `crashAt` throws in tests: a killed process, never caught. */
export class SimulatedCrash extends Error {}

/**
 * Pays approved withdrawals of one chain from its hot wallet (chain/hot-wallet.ts) with ERC-20
 * transfers (Step 4 §3). Exactly-once rests on one rule: a withdrawal's transaction is signed and
 * stored (with its nonce, taken from the database) in one database transaction before it is ever
 * broadcast, and afterwards only that stored transaction is re-broadcast. A sender killed before
 * the commit leaves nothing signed; killed after it, the next pass sends the same bytes again,
 * which the chain accepts at most once. One signer per hot wallet at a time: an advisory lock
 * covers the nonce, the signing and the recording. A hot wallet short of funds leaves withdrawals
 * approved, with a note, until it is topped up. Funds are released only on evidence: a reverted
 * receipt on a settled block. A payout whose nonce was used but whose receipt no node shows is
 * `unknown` and stays frozen until the receipt appears or an operator settles it
 * (`settleUnknownWithdrawal`).
 */
export function createWithdrawalSender(options: WithdrawalSenderOptions) {
  const { db, chain, logger, confirmations } = options;
  const wallet = createHotWallet({ chain, client: options.client });
  const hotAddress = wallet.address.toLowerCase();
  const lockKey = `hot-wallet:${chain.chainId}:${hotAddress}`;
  const crashAt = options.crashAt ?? (() => undefined);

  /** What the destination receives, in the token's units (the withdrawal form keeps amounts within its decimals). */
  const onChainUnits = (ledgerAmount: string) => ledgerToTokenUnits(toLedgerUnits(ledgerAmount), wallet.tokenDecimals);

  /** What the hot wallet can still pay: its balance less what it signed but the chain has not mined yet. */
  async function spendable(): Promise<bigint> {
    const balance = await wallet.readUsdtBalance();
    const unmined = await db
      .select({ received: withdrawals.received })
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.chainId, chain.chainId),
          inArray(withdrawals.status, ['sending', 'confirming', 'unknown']),
          isNull(withdrawals.blockNumber),
        ),
      );
    return unmined.reduce((left, row) => left - onChainUnits(row.received), balance);
  }

  /** Notes "short of funds" once per wait, not once per pass. */
  async function noteWaiting(row: WithdrawalRow): Promise<void> {
    const [last] = await db
      .select({ detail: withdrawalEvents.detail })
      .from(withdrawalEvents)
      .where(eq(withdrawalEvents.withdrawalId, row.id))
      .orderBy(sql`${withdrawalEvents.id} desc`)
      .limit(1);
    if (last?.detail === WAITING_FOR_FUNDS) return;
    await db.transaction((tx) => noteWithdrawal(tx, row, 'sender', WAITING_FOR_FUNDS));
    logger.warn({ chainId: chain.chainId, withdrawalId: row.id.toString() }, 'hot wallet short of funds');
  }

  /** Signs and stores the one transaction of an approved withdrawal; null if another sender took it. */
  async function signAndRecord(row: WithdrawalRow): Promise<WithdrawalRow | null> {
    // Network reads first, so the lock is held only for the database work and the local signing.
    const prepared = await wallet.prepareTransfer(row.toAddress as Address, onChainUnits(row.received));
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`);
      const [still] = await tx
        .select({ status: withdrawals.status })
        .from(withdrawals)
        .where(eq(withdrawals.id, row.id))
        .for('update');
      if (still?.status !== 'approved') return null;
      const [stored] = await tx
        .select({ nextNonce: hotWalletNonces.nextNonce })
        .from(hotWalletNonces)
        .where(and(eq(hotWalletNonces.chainId, chain.chainId), eq(hotWalletNonces.address, hotAddress)));
      // The chain's count covers transactions sent from this wallet outside the programme.
      const nonce = Math.max(stored?.nextNonce ?? 0, prepared.chainNonce);
      const { signedTx, txHash } = await wallet.signTransfer(prepared, nonce);
      crashAt('signed');
      await tx
        .insert(hotWalletNonces)
        .values({ chainId: chain.chainId, address: hotAddress, nextNonce: nonce + 1 })
        .onConflictDoUpdate({
          target: [hotWalletNonces.chainId, hotWalletNonces.address],
          set: { nextNonce: nonce + 1, updatedAt: sql`now()` },
        });
      return transitionWithdrawal(tx, row.id, {
        to: 'sending',
        actor: 'sender',
        detail: `nonce ${nonce}`,
        set: { fromAddress: hotAddress, nonce, signedTx, txHash },
      });
    });
  }

  /** Sends the stored bytes (again); the node refuses a second copy, never pays it twice. */
  async function broadcast(row: WithdrawalRow): Promise<void> {
    await wallet.broadcast(row.signedTx as Hex);
    crashAt('broadcast');
    if (row.status === 'sending') {
      await db.transaction((tx) => transitionWithdrawal(tx, row.id, { to: 'confirming', actor: 'sender' }));
    }
  }

  /**
   * Follows a broadcast payout to its end. Completed, or failed if it reverted, only once its block
   * has the confirmations and is still canonical. No receipt while the wallet's nonce is already
   * used is no proof either way (a lagging or load-balanced node, or the nonce taken by another
   * transaction): the withdrawal becomes `unknown` and its funds stay frozen.
   */
  async function follow(row: WithdrawalRow, head: bigint): Promise<void> {
    const receipt = await wallet.readReceipt(row.txHash as Hash);
    if (!receipt) {
      const mined = await wallet.readMinedCount();
      if (row.nonce !== null && mined > row.nonce) {
        if (row.status !== 'unknown') {
          await db.transaction((tx) =>
            transitionWithdrawal(tx, row.id, {
              to: 'unknown',
              actor: 'sender',
              detail: `nonce ${row.nonce} used but no receipt found: needs review`,
            }),
          );
          logger.warn(
            { chainId: chain.chainId, withdrawalId: row.id.toString() },
            'payout nonce used without a receipt: withdrawal needs review',
          );
        }
        return;
      }
      if (row.blockNumber !== null) {
        await db.update(withdrawals).set({ blockNumber: null }).where(eq(withdrawals.id, row.id));
      }
      await broadcast(row);
      return;
    }
    if (row.status === 'unknown') {
      await db.transaction((tx) =>
        transitionWithdrawal(tx, row.id, { to: 'confirming', actor: 'sender', detail: 'receipt found' }),
      );
    }
    if (row.blockNumber !== receipt.blockNumber) {
      await db.update(withdrawals).set({ blockNumber: receipt.blockNumber }).where(eq(withdrawals.id, row.id));
    }
    if (head - receipt.blockNumber + 1n < BigInt(confirmations)) return;
    if ((await wallet.readBlockHash(receipt.blockNumber)) !== receipt.blockHash) return;
    const paid = receipt.status === 'success';
    await db.transaction((tx) =>
      transitionWithdrawal(tx, row.id, {
        to: paid ? 'completed' : 'failed',
        actor: 'sender',
        detail: paid ? `block ${receipt.blockNumber}` : `payout reverted on chain in block ${receipt.blockNumber}`,
        set: { blockNumber: receipt.blockNumber },
      }),
    );
  }

  /** One pass: follow what is in flight, then sign and send approved withdrawals in order. */
  async function sendOnce(): Promise<void> {
    const head = await wallet.readHead();
    const inFlight = await db
      .select()
      .from(withdrawals)
      .where(
        and(eq(withdrawals.chainId, chain.chainId), inArray(withdrawals.status, ['sending', 'confirming', 'unknown'])),
      )
      .orderBy(asc(withdrawals.id));
    // One withdrawal's trouble (a node error for it) must not hold up the others: log it, go on.
    const each = async <T>(row: WithdrawalRow, step: () => Promise<T>): Promise<T | null> =>
      step().catch((error: unknown) => {
        if (error instanceof SimulatedCrash) throw error;
        logger.error({ err: error, chainId: chain.chainId, withdrawalId: row.id.toString() }, 'withdrawal step failed');
        return null;
      });
    for (const row of inFlight) {
      await each(row, () => (row.status === 'sending' ? broadcast(row) : follow(row, head)));
    }

    const approved = await db
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.chainId, chain.chainId), eq(withdrawals.status, 'approved')))
      .orderBy(asc(withdrawals.id))
      .limit(BATCH);
    if (approved.length === 0) return;
    let left = await spendable();
    for (const row of approved) {
      const units = onChainUnits(row.received);
      // Oldest first: a large withdrawal is not overtaken while the wallet waits for a top-up.
      if (units > left) {
        await noteWaiting(row);
        return;
      }
      const signed = await each(row, () => signAndRecord(row));
      if (!signed) continue;
      crashAt('recorded');
      left -= units;
      await each(signed, () => broadcast(signed));
    }
  }

  return { sendOnce, hotAddress: wallet.address };
}

export type WithdrawalSender = ReturnType<typeof createWithdrawalSender>;

/** One withdrawal sender per chain with a node, USDT and a hot wallet. */
export function createWithdrawalSenders(options: {
  db: Database;
  nodes: ChainNodes;
  logger: WithdrawalSenderOptions['logger'];
  confirmations: number;
}): Map<number, WithdrawalSender> {
  const { db, nodes, logger, confirmations } = options;
  return new Map(
    nodes.chains
      .filter((chain) => chain.usdt && chain.hotWalletKey)
      .map((chain) => [
        chain.chainId,
        createWithdrawalSender({ db, chain, logger, confirmations, client: nodes.clientOf(chain.chainId) }),
      ]),
  );
}
