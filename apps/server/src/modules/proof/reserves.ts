import { formatDecimal, fromLedgerUnits, mulDivDown, toLedgerUnits } from '@kpc/shared';
import {
  RESERVES_RATIO_DECIMALS,
  type TChainBalances,
  type TChainReserves,
  type TOnChainBalance,
} from '@kpc/shared/operator';
import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { ChainSettings } from '../../config/chains.ts';
import type { Executor } from '../../db/client.ts';
import { liabilityReserves, liabilitySnapshots } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { chainBalances, type BalancesContext } from '../dashboard/balances.ts';

/**
 * The reserves beside a proof-of-liabilities snapshot (Step 11 §1): per configured chain, the head
 * block and the USDT of the programme's addresses at that block. Read only after the snapshot is
 * published (never inside its transaction); a chain that does not answer gets a row with its short
 * reason, and the job's next pass reads it again for the latest snapshot.
 */

export interface ReservesContext extends Pick<BalancesContext, 'nodes' | 'hotWallets'> {
  db: Executor;
  clock: Clock;
}

type ReserveRow = typeof liabilityReserves.$inferInsert;

/** Why a chain's reserves cannot be counted from what was read, or null when they can. */
function failureOf(chain: ChainSettings, read: TChainBalances): string | null {
  const addresses = [read.treasury, read.depositAddress, read.hotWallet];
  const failed = addresses.find((balance) => balance?.reason)?.reason;
  if (read.head === null) return failed ?? 'the node did not answer';
  if (failed) return failed;
  // The Recharge contract names its treasury: a configured contract whose answer is missing was not read.
  if (chain.recharge && !read.treasury) return 'the treasury address was not read';
  return null;
}

function toRow(snapshotId: bigint, chain: ChainSettings, read: TChainBalances, readAt: Date): ReserveRow {
  const reason = failureOf(chain, read);
  const address = (balance: TOnChainBalance | null) => balance?.address ?? null;
  const usdt = (balance: TOnChainBalance | null) => (reason ? null : (balance?.usdt ?? null));
  return {
    snapshotId,
    chainId: chain.chainId,
    network: chain.name,
    blockNumber: reason ? null : BigInt(read.head!),
    treasuryAddress: address(read.treasury),
    treasuryUsdt: usdt(read.treasury),
    depositAddress: address(read.depositAddress),
    depositUsdt: usdt(read.depositAddress),
    hotWalletAddress: address(read.hotWallet),
    hotWalletUsdt: usdt(read.hotWallet),
    reason,
    readAt,
  };
}

/** The chains whose reserves were read for the snapshot. */
async function chainsRead(db: Executor, snapshotId: bigint): Promise<Set<number>> {
  const rows = await db
    .select({ chainId: liabilityReserves.chainId })
    .from(liabilityReserves)
    .where(and(eq(liabilityReserves.snapshotId, snapshotId), isNotNull(liabilityReserves.blockNumber)));
  return new Set(rows.map((row) => row.chainId));
}

/**
 * Reads every configured chain not yet read for the snapshot, in parallel, and records each: its
 * block and balances, or why not. A row already read is never overwritten (a second process's
 * pass, or a retry, changes nothing).
 */
export async function recordReserves(context: ReservesContext, snapshotId: bigint): Promise<void> {
  const done = await chainsRead(context.db, snapshotId);
  const chains = context.nodes.chains.filter((chain) => !done.has(chain.chainId));
  const rows = await Promise.all(
    chains.map(async (chain) => toRow(snapshotId, chain, await chainBalances(context, chain), context.clock.now())),
  );
  for (const row of rows) {
    await context.db
      .insert(liabilityReserves)
      .values(row)
      .onConflictDoUpdate({
        target: [liabilityReserves.snapshotId, liabilityReserves.chainId],
        set: row,
        setWhere: isNull(liabilityReserves.blockNumber),
      });
  }
}

/**
 * The job's step: the latest published snapshot's chains not read yet (a node was down, or the
 * process stopped after publishing) are read now. Older snapshots keep their reasons: a newer
 * snapshot has its own reserves, and today's head would not describe them.
 */
export async function fillLatestReserves(context: ReservesContext): Promise<bigint | null> {
  const [latest] = await context.db
    .select({ id: liabilitySnapshots.id })
    .from(liabilitySnapshots)
    .where(eq(liabilitySnapshots.status, 'published'))
    .orderBy(desc(liabilitySnapshots.id))
    .limit(1);
  if (!latest) return null;
  const done = await chainsRead(context.db, latest.id);
  if (context.nodes.chains.every((chain) => done.has(chain.chainId))) return null;
  await recordReserves(context, latest.id);
  return latest.id;
}

const usdtUnits = (value: string | null) => (value === null ? null : toLedgerUnits(value));

/** reserves / liabilities, rounded down; null when nothing is owed or the reserves are unknown. */
export function reservesRatio(reserves: bigint | null, liabilities: bigint): string | null {
  if (reserves === null || liabilities <= 0n) return null;
  const scale = 10n ** BigInt(RESERVES_RATIO_DECIMALS);
  return formatDecimal(mulDivDown(reserves, scale, liabilities), RESERVES_RATIO_DECIMALS);
}

/** The recorded reserves of these snapshots, per snapshot, each chain with its USDT and ratio. */
export async function reservesOf(
  db: Executor,
  snapshots: Array<{ id: bigint; usdtLiabilities: bigint }>,
): Promise<Map<bigint, TChainReserves[]>> {
  const byId = new Map<bigint, TChainReserves[]>(snapshots.map((snapshot) => [snapshot.id, []]));
  if (snapshots.length === 0) return byId;
  const rows = await db
    .select()
    .from(liabilityReserves)
    .where(
      inArray(
        liabilityReserves.snapshotId,
        snapshots.map((snapshot) => snapshot.id),
      ),
    )
    .orderBy(liabilityReserves.snapshotId, liabilityReserves.chainId);
  const liabilities = new Map(snapshots.map((snapshot) => [snapshot.id, snapshot.usdtLiabilities]));
  for (const row of rows) {
    const isRead = row.blockNumber !== null;
    const address = (value: string | null, usdt: string | null) =>
      value === null
        ? null
        : { address: value, usdt: isRead && usdt !== null ? fromLedgerUnits(toLedgerUnits(usdt)) : null };
    // Each address once: in development the deposit address is the hot wallet.
    const held = new Map<string, bigint>();
    for (const [value, usdt] of [
      [row.treasuryAddress, row.treasuryUsdt],
      [row.depositAddress, row.depositUsdt],
      [row.hotWalletAddress, row.hotWalletUsdt],
    ] as const) {
      if (value !== null && usdt !== null) held.set(value.toLowerCase(), usdtUnits(usdt)!);
    }
    const total = isRead ? [...held.values()].reduce((sum, units) => sum + units, 0n) : null;
    byId.get(row.snapshotId)!.push({
      chainId: row.chainId,
      network: row.network,
      blockNumber: row.blockNumber === null ? null : String(row.blockNumber),
      readAt: row.readAt.toISOString(),
      treasury: address(row.treasuryAddress, row.treasuryUsdt),
      depositAddress: address(row.depositAddress, row.depositUsdt),
      hotWallet: address(row.hotWalletAddress, row.hotWalletUsdt),
      usdt: total === null ? null : fromLedgerUnits(total),
      ratio: reservesRatio(total, liabilities.get(row.snapshotId) ?? 0n),
      reason: row.reason,
    });
  }
  return byId;
}
