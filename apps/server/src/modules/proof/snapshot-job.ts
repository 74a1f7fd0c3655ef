import { pruneOldTrees } from './pruning.ts';
import { fillLatestReserves, type ReservesContext } from './reserves.ts';
import { takeDailySnapshot, takeOverAbandonedSnapshots, type ProofContext } from './service.ts';

export type SnapshotJobContext = ProofContext &
  ReservesContext & {
    /** LIABILITY_TREES_KEPT: the newest published snapshots whose trees stay. */
    treesKept: number;
  };

/**
 * The `liability snapshot` job's pass: the day's snapshot (once), every snapshot whose builder died
 * (on demand too), the reserves of the latest snapshot for any chain not read yet, then the trees
 * of snapshots older than the newest kept. Each step is claimed or conditional in the database, so
 * several processes may run it at once.
 */
export async function runLiabilitySnapshotPass(context: SnapshotJobContext): Promise<void> {
  await takeDailySnapshot(context);
  await takeOverAbandonedSnapshots(context);
  await fillLatestReserves(context);
  await pruneOldTrees(context, context.treesKept);
}
