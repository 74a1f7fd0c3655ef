import { toLedgerUnits } from '@kpc/shared';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  encodeFunctionData,
  erc20Abi,
  keccak256,
  TransactionReceiptNotFoundError,
  type Hash,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { ChainSettings } from '../config/chains.ts';
import type { Database } from '../db/client.ts';
import { hotWalletNonces, withdrawalEvents, withdrawals } from '../db/schema.ts';
import { noteWithdrawal, transitionWithdrawal, type WithdrawalRow } from '../modules/withdraw/lifecycle.ts';
import { createChainClient } from './client.ts';
import { ledgerToTokenUnits } from './token-units.ts';

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

/** A known node answer for a transaction it has already seen; re-broadcasting is then harmless. */
const ALREADY_SENT = /already known|known transaction|nonce too low|already imported|replacement transaction/i;

/**
 * Pays approved withdrawals of one chain from its hot wallet with ERC-20 transfers (Step 4 §3).
 * Exactly-once rests on one rule: a withdrawal's transaction is signed and stored (with its
 * nonce, taken from the database) in one database transaction before it is ever broadcast, and
 * afterwards only that stored transaction is re-broadcast. A sender killed before the commit
 * leaves nothing signed; killed after it, the next pass sends the same bytes again, which the
 * chain accepts at most once. One signer per hot wallet at a time: an advisory lock covers the
 * nonce, the signing and the recording. A hot wallet short of funds leaves withdrawals approved,
 * with a note, until it is topped up. Funds are released only on evidence: a reverted receipt on a
 * settled block. A payout whose nonce was used but whose receipt no node shows is `unknown` and
 * stays frozen until the receipt appears or an operator settles it (`settleUnknownWithdrawal`).
 */
export function createWithdrawalSender(options: WithdrawalSenderOptions) {
  const { db, chain, logger, confirmations } = options;
  if (!chain.rpcUrl || !chain.usdt || !chain.hotWalletKey || chain.usdtDecimals === null) {
    throw new Error(`chain ${chain.chainId} cannot pay withdrawals: RPC URL, USDT and hot wallet key are needed`);
  }
  const usdt = chain.usdt;
  const tokenDecimals = chain.usdtDecimals;
  const account = privateKeyToAccount(chain.hotWalletKey);
  const hotAddress = account.address.toLowerCase();
  const client = options.client ?? createChainClient(chain, 10_000);
  const lockKey = `hot-wallet:${chain.chainId}:${hotAddress}`;
  const crashAt = options.crashAt ?? (() => undefined);

  /** What the destination receives, in the token's units (the withdrawal form keeps amounts within its decimals). */
  const onChainUnits = (ledgerAmount: string) => ledgerToTokenUnits(toLedgerUnits(ledgerAmount), tokenDecimals);

  /** What the hot wallet can still pay: its balance less what it signed but the chain has not mined yet. */
  async function spendable(): Promise<bigint> {
    const balance = await client.readContract({
      address: usdt,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [account.address],
    });
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
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [row.toAddress as Hex, onChainUnits(row.received)],
    });
    // Network reads first, so the lock is held only for the database work and the local signing.
    const [gas, fees, chainNonce] = await Promise.all([
      client.estimateGas({ account: account.address, to: usdt, data }),
      client.estimateFeesPerGas(),
      client.getTransactionCount({ address: account.address, blockTag: 'pending' }),
    ]);
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
      const nonce = Math.max(stored?.nextNonce ?? 0, chainNonce);
      const signedTx = await account.signTransaction({
        chainId: chain.chainId,
        type: 'eip1559',
        to: usdt,
        data,
        nonce,
        gas: (gas * 12n) / 10n,
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      });
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
        set: { fromAddress: hotAddress, nonce, signedTx, txHash: keccak256(signedTx) },
      });
    });
  }

  /** Sends the stored bytes (again); the node refuses a second copy, never pays it twice. */
  async function broadcast(row: WithdrawalRow): Promise<void> {
    try {
      await client.sendRawTransaction({ serializedTransaction: row.signedTx as Hex });
    } catch (error) {
      const message =
        error instanceof Error ? `${error.message} ${String((error as { details?: unknown }).details)}` : '';
      if (!ALREADY_SENT.test(message)) throw error;
    }
    crashAt('broadcast');
    if (row.status === 'sending') {
      await db.transaction((tx) => transitionWithdrawal(tx, row.id, { to: 'confirming', actor: 'sender' }));
    }
  }

  async function receiptOf(hash: Hash) {
    return client.getTransactionReceipt({ hash }).catch((error: unknown) => {
      if (error instanceof TransactionReceiptNotFoundError) return null;
      throw error;
    });
  }

  /**
   * Follows a broadcast payout to its end. Completed, or failed if it reverted, only once its block
   * has the confirmations and is still canonical. No receipt while the wallet's nonce is already
   * used is no proof either way (a lagging or load-balanced node, or the nonce taken by another
   * transaction): the withdrawal becomes `unknown` and its funds stay frozen.
   */
  async function follow(row: WithdrawalRow, head: bigint): Promise<void> {
    const receipt = await receiptOf(row.txHash as Hash);
    if (!receipt) {
      const mined = await client.getTransactionCount({ address: account.address, blockTag: 'latest' });
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
    const block = await client.getBlock({ blockNumber: receipt.blockNumber });
    if (block.hash !== receipt.blockHash) return;
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
    const head = await client.getBlockNumber({ cacheTime: 0 });
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

  return { sendOnce, hotAddress: account.address };
}

export type WithdrawalSender = ReturnType<typeof createWithdrawalSender>;
