import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { memberTeam, memberTree } from '../../db/schema/index.ts';

/** What other modules may ask of the team tables. */

/** The member's stored team aggregates (kept by `tree.ts` and `levels.ts`), undefined without a tree row. */
export async function teamAggregatesOf(db: Executor, memberId: string) {
  const [team] = await db
    .select({
      directCount: memberTeam.directCount,
      teamCount: memberTeam.teamCount,
      teamVolume: memberTeam.teamVolume,
      kpcLevel: memberTeam.kpcLevel,
      esopLevel: memberTeam.esopLevel,
    })
    .from(memberTree)
    .innerJoin(memberTeam, eq(memberTeam.key, memberTree.key))
    .where(eq(memberTree.memberId, memberId));
  return team;
}
