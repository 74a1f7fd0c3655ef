import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { liabilityLeaves, liabilityNodes, liabilitySnapshots } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';

/**
 * Old snapshots' trees (Step 11 §1): a tree holds two rows a member (about 2,000,000 nodes at a
 * million members), and a member's proof is read from the latest snapshot only, so trees older
 * than the newest `kept` published ones are deleted. Their root, totals and time stay for ever: a
 * proof file a member downloaded still checks against the root published then.
 */

/** Rows per delete statement: each is short, so the job never holds a long lock or transaction. */
const DELETE_BATCH = 20_000;

/** Deletes one batch of `table`'s rows of a snapshot; how many went. */
async function deleteBatch(
  db: Database,
  table: typeof liabilityNodes | typeof liabilityLeaves,
  snapshotId: bigint,
): Promise<number> {
  const deleted = await db
    .delete(table)
    .where(sql`ctid in (select ctid from ${table} where ${table.snapshotId} = ${snapshotId} limit ${DELETE_BATCH})`)
    .returning({ snapshotId: table.snapshotId });
  return deleted.length;
}

/**
 * Deletes the trees of the published snapshots older than the newest `kept`; how many trees it
 * removed. Idempotent and safe beside other processes: a batch deletes what is there, and the
 * snapshot is marked pruned only once its tree is gone.
 */
export async function pruneOldTrees(context: { db: Database; clock: Clock }, kept: number): Promise<number> {
  const stale = await context.db
    .select({ id: liabilitySnapshots.id })
    .from(liabilitySnapshots)
    .where(and(eq(liabilitySnapshots.status, 'published'), isNull(liabilitySnapshots.treePrunedAt)))
    .orderBy(desc(liabilitySnapshots.id))
    .offset(kept);
  // The newest `kept` published snapshots (pruned ones are older still, so they never count here).
  for (const { id } of stale) {
    while ((await deleteBatch(context.db, liabilityNodes, id)) > 0);
    while ((await deleteBatch(context.db, liabilityLeaves, id)) > 0);
    await context.db
      .update(liabilitySnapshots)
      .set({ treePrunedAt: context.clock.now() })
      .where(eq(liabilitySnapshots.id, id));
  }
  return stale.length;
}
