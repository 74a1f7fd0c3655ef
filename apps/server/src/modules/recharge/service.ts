import {
  AppError,
  REQUIRED_CONFIRMATIONS,
  fromLedgerUnits,
  toLedgerUnits,
  type TAccelerateRequest,
  type TDeposit,
  type TDepositListRequest,
} from '@kpc/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Hash } from 'viem';
import type { ChainMonitor } from '../../chain/chain-monitor.ts';
import { isNodeError } from '../../chain/client.ts';
import { chainName, type ChainRuntime } from '../../chain/runtime.ts';
import type { Database } from '../../db/client.ts';
import { chainCursors, deposits } from '../../db/schema/index.ts';
import type { DepositWatcher } from './deposit-watcher.ts';

export interface RechargeContext {
  db: Database;
  chains: ChainRuntime;
  /** The running deposit watcher of each chain with a node, by chain id. */
  watchers: Map<number, DepositWatcher>;
  /** Whether each chain's node answers; accelerate tells it when a call fails. */
  network: Pick<ChainMonitor, 'isAvailable' | 'markFailed'>;
}

/** What a member may see of their deposits; unattributed ones belong to nobody yet. */
const SHOWN = ['pending', 'credited', 'below_minimum', 'reorged'] as const;
/** The channel detail lists the newest deposits. */
const LIST_LIMIT = 20;

type DepositRow = typeof deposits.$inferSelect;

async function heads(db: Database): Promise<Map<number, bigint>> {
  const rows = await db.select().from(chainCursors);
  return new Map(rows.flatMap((row) => (row.headBlock === null ? [] : [[row.chainId, row.headBlock] as const])));
}

function toDeposit(chains: ChainRuntime, row: DepositRow, head: bigint | undefined): TDeposit {
  const seen = head === undefined || head < row.blockNumber ? 0 : Number(head - row.blockNumber + 1n);
  return {
    id: row.id.toString(),
    chainId: row.chainId,
    network: chainName(chains, row.chainId),
    txHash: row.txHash,
    method: row.method === 'contract' ? 'wallet' : 'transfer',
    asset: row.asset,
    amount: fromLedgerUnits(toLedgerUnits(row.amount)),
    status: row.status as TDeposit['status'],
    confirmations: row.status === 'credited' ? REQUIRED_CONFIRMATIONS : Math.min(seen, REQUIRED_CONFIRMATIONS),
    required: REQUIRED_CONFIRMATIONS,
    createdAt: row.createdAt.toISOString(),
  };
}

/** `/api/recharge/pending`: the member's newest deposits, with confirmations n/20 (SPEC §9). */
export async function listDeposits(
  { db, chains }: RechargeContext,
  memberId: string,
  request: TDepositListRequest,
): Promise<TDeposit[]> {
  const rows = await db
    .select()
    .from(deposits)
    .where(
      and(
        eq(deposits.memberId, memberId),
        inArray(deposits.status, [...SHOWN]),
        request.chainId === undefined ? undefined : eq(deposits.chainId, request.chainId),
      ),
    )
    .orderBy(desc(deposits.id))
    .limit(LIST_LIMIT);
  const headOf = await heads(db);
  return rows.map((row) => toDeposit(chains, row, headOf.get(row.chainId)));
}

/**
 * `/api/recharge/accelerate` (SPEC §9): reads the transaction now. A hash the chain does not know
 * and a transaction that is not this member's deposit each get their own clear error.
 */
export async function accelerateDeposit(
  context: RechargeContext,
  memberId: string,
  request: TAccelerateRequest,
): Promise<TDeposit[]> {
  const watcher = context.watchers.get(request.chainId);
  if (!watcher) throw new AppError('CHANNEL_NOT_OPEN');
  const network = chainName(context.chains, request.chainId);
  if (!context.network.isAvailable(request.chainId)) throw new AppError('NETWORK_UNAVAILABLE', { network });
  const txHash = request.txHash.toLowerCase() as Hash;
  const head = await watcher.inspectTransaction(txHash).catch((error: unknown) => {
    if (!isNodeError(error)) throw error;
    context.network.markFailed(request.chainId, error);
    throw new AppError('NETWORK_UNAVAILABLE', { network });
  });
  if (head === null) throw new AppError('DEPOSIT_TX_NOT_FOUND', { network });
  const rows = await context.db
    .select()
    .from(deposits)
    .where(
      and(
        eq(deposits.chainId, request.chainId),
        eq(deposits.txHash, txHash),
        eq(deposits.memberId, memberId),
        inArray(deposits.status, [...SHOWN]),
      ),
    );
  if (rows.length === 0) throw new AppError('DEPOSIT_TX_NOT_DEPOSIT');
  return rows.map((row) => toDeposit(context.chains, row, head));
}
