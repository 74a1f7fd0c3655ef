import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';

/** What other modules may ask of the account tables beyond `members` (which every module may read). */

/** The member's `limit` newest sessions, revoked and expired ones too. */
export function recentSessions(db: Executor, memberId: string, limit: number) {
  return db
    .select()
    .from(sessions)
    .where(eq(sessions.memberId, memberId))
    .orderBy(desc(sessions.createdAt))
    .limit(limit);
}
