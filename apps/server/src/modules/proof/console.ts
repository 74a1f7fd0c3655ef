import { DEFAULT_PAGE_SIZE, fromLedgerUnits, toLedgerUnits } from '@kpc/shared';
import type {
  TLiabilitySnapshotListRequest,
  TLiabilitySnapshotListResponse,
  TOperatorLiabilitySnapshot,
} from '@kpc/shared/operator';
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { liabilitySnapshots } from '../../db/schema/index.ts';
import { toPage } from '../../lib/paging.ts';
import { reservesOf, reservesRatio } from './reserves.ts';

/**
 * The console's view of the snapshots (Step 11 §1): each one's totals beside the reserves recorded
 * for it, with the ratio of USDT held on chain to USDT owed.
 */

type SnapshotRow = typeof liabilitySnapshots.$inferSelect;

/** What the programme owed in USDT at the snapshot (ledger units; 0 while building). */
function usdtLiabilities(row: SnapshotRow): bigint {
  const index = row.assets?.indexOf('USDT') ?? -1;
  return index >= 0 ? BigInt(row.totals![index]!) : 0n;
}

async function toOperatorSnapshots(db: Executor, rows: SnapshotRow[]): Promise<TOperatorLiabilitySnapshot[]> {
  const reserves = await reservesOf(
    db,
    rows.map((row) => ({ id: row.id, usdtLiabilities: usdtLiabilities(row) })),
  );
  return rows.map((row) => {
    const chains = reserves.get(row.id) ?? [];
    const isEveryChainRead = chains.length > 0 && chains.every((chain) => chain.usdt !== null);
    const reservesUnits = isEveryChainRead ? chains.reduce((sum, chain) => sum + toLedgerUnits(chain.usdt!), 0n) : null;
    return {
      id: String(row.id),
      status: row.status as TOperatorLiabilitySnapshot['status'],
      kind: row.kind as TOperatorLiabilitySnapshot['kind'],
      createdAt: row.createdAt.toISOString(),
      takenAt: row.takenAt?.toISOString() ?? null,
      leafCount: row.leafCount,
      rootHash: row.rootHash,
      totals: (row.assets ?? []).map((asset, index) => ({
        asset,
        total: fromLedgerUnits(BigInt(row.totals![index]!)),
      })),
      chains,
      reservesUsdt: reservesUnits === null ? null : fromLedgerUnits(reservesUnits),
      ratio: reservesRatio(reservesUnits, usdtLiabilities(row)),
      treePrunedAt: row.treePrunedAt?.toISOString() ?? null,
    };
  });
}

/** `/api/operator/proof/list`: every snapshot (building ones too), newest first, in cursor pages. */
export async function listSnapshots(
  db: Executor,
  request: TLiabilitySnapshotListRequest,
): Promise<TLiabilitySnapshotListResponse> {
  const limit = request.limit ?? DEFAULT_PAGE_SIZE;
  const conditions: SQL[] = [];
  if (request.cursor) conditions.push(lt(liabilitySnapshots.id, BigInt(request.cursor)));
  const rows = await db
    .select()
    .from(liabilitySnapshots)
    .where(and(...conditions))
    .orderBy(desc(liabilitySnapshots.id))
    .limit(limit + 1);
  const page = toPage(rows, limit, (row) => row);
  return { list: await toOperatorSnapshots(db, page.list), nextCursor: page.nextCursor };
}

/** One snapshot as the console shows it. */
export async function operatorSnapshot(db: Executor, id: bigint): Promise<TOperatorLiabilitySnapshot> {
  const rows = await db.select().from(liabilitySnapshots).where(eq(liabilitySnapshots.id, id));
  const [snapshot] = await toOperatorSnapshots(db, rows);
  if (!snapshot) throw new Error(`liability snapshot ${id} not found`);
  return snapshot;
}
