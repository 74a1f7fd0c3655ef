import { count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { chainCursors, deposits } from '../../db/schema/index.ts';

/** What other modules may ask of the recharge tables (the deposit watcher's cursors and deposits). */

/** The deposit watcher's cursor of every chain it has scanned. */
export function watcherCursors(db: Executor) {
  return db.select().from(chainCursors);
}

/** How many deposits wait for confirmations, per chain (chains with none absent). */
export function pendingDepositCounts(db: Executor) {
  return db
    .select({ chainId: deposits.chainId, count: count() })
    .from(deposits)
    .where(eq(deposits.status, 'pending'))
    .groupBy(deposits.chainId);
}
