import { and, count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { hotWalletNonces, withdrawals } from '../../db/schema/index.ts';

/** What other modules may ask of the withdraw tables. */

type WithdrawalStatus = (typeof withdrawals.$inferSelect)['status'];

/** How many withdrawals are in each of `statuses`, per chain and status (pairs with none absent). */
export function withdrawalCounts(db: Executor, statuses: readonly WithdrawalStatus[]) {
  return db
    .select({ chainId: withdrawals.chainId, status: withdrawals.status, count: count() })
    .from(withdrawals)
    .where(inArray(withdrawals.status, [...statuses]))
    .groupBy(withdrawals.chainId, withdrawals.status);
}

/** The next nonce the withdrawal sender stored for a hot wallet (`address` lower-case), null before its first send. */
export async function storedHotWalletNonce(db: Executor, chainId: number, address: string): Promise<number | null> {
  const [stored] = await db
    .select({ nextNonce: hotWalletNonces.nextNonce })
    .from(hotWalletNonces)
    .where(and(eq(hotWalletNonces.chainId, chainId), eq(hotWalletNonces.address, address)));
  return stored?.nextNonce ?? null;
}
