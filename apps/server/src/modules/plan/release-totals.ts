import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { planReleases } from '../../db/schema/index.ts';

export interface ReleaseTotal {
  memberId: string;
  asset: string;
  /** The day's releases summed, as NUMERIC comes back (a decimal string). */
  amount: string;
}

/**
 * What the release engine released to each of these members for one UTC day (the day each release
 * was due), summed per asset: the daily release summary mail (modules/notifications) reads it.
 */
export async function releaseTotalsOfDay(db: Executor, memberIds: string[], dueDay: number): Promise<ReleaseTotal[]> {
  if (memberIds.length === 0) return [];
  return db
    .select({
      memberId: planReleases.memberId,
      asset: planReleases.asset,
      amount: sql<string>`sum(${planReleases.amount})::text`,
    })
    .from(planReleases)
    .where(and(inArray(planReleases.memberId, memberIds), eq(planReleases.dueDay, dueDay)))
    .groupBy(planReleases.memberId, planReleases.asset)
    .orderBy(planReleases.memberId, planReleases.asset);
}
