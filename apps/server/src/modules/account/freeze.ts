import { AppError } from '@kpc/shared';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { members, sessions } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordAudit, type Actor } from '../audit/service.ts';

/**
 * Compliance freezes a member (Step 8a §4): the member signs in and reads as before, but no call of
 * theirs moves money. The ledger refuses a frozen member's own spending in the statement that
 * would post it (ledger.ts `MEMBER_SPENDING`), so no route can forget; the few things of value that
 * move without a ledger entry (giving an activation code, paying a card with one) ask
 * `assertMayMoveMoney` in their transaction.
 */

/** Refuses with MEMBER_FROZEN while the member is frozen (read in the caller's transaction). */
export async function assertMayMoveMoney(executor: Executor, memberId: string): Promise<void> {
  const [row] = await executor.select({ frozenAt: members.frozenAt }).from(members).where(eq(members.id, memberId));
  if (row?.frozenAt) throw new AppError('MEMBER_FROZEN');
}

export interface MemberFreezeState {
  memberId: string;
  frozenAt: string | null;
  frozenReason: string | null;
}

/** Freezes or unfreezes a member, with the reason, audited in the same transaction (once: a repeat changes nothing). */
export async function setMemberFrozen(
  context: { db: Database; clock: Clock },
  actor: Actor,
  input: { memberId: string; reason: string },
  frozen: boolean,
): Promise<MemberFreezeState> {
  return context.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: members.id,
        frozenAt: members.frozenAt,
        frozenReason: members.frozenReason,
        status: members.status,
      })
      .from(members)
      .where(eq(members.id, input.memberId))
      .for('update');
    if (!row || row.status === 'system') throw new AppError('MEMBER_NOT_FOUND');
    const already = frozen ? row.frozenAt !== null : row.frozenAt === null;
    if (already)
      return { memberId: row.id, frozenAt: row.frozenAt?.toISOString() ?? null, frozenReason: row.frozenReason };
    const frozenAt = frozen ? context.clock.now() : null;
    const frozenReason = frozen ? input.reason : null;
    await tx.update(members).set({ frozenAt, frozenReason }).where(eq(members.id, row.id));
    await recordAudit(tx, actor, {
      action: frozen ? 'member.freeze' : 'member.unfreeze',
      targetType: 'member',
      targetId: row.id,
      before: { frozen: row.frozenAt !== null },
      after: { frozen },
      reason: input.reason,
    });
    return { memberId: row.id, frozenAt: frozenAt?.toISOString() ?? null, frozenReason };
  });
}

/** Ends every session of a member (they sign in again), audited. Answers how many ended. */
export async function revokeMemberSessions(
  context: { db: Database; clock: Clock },
  actor: Actor,
  input: { memberId: string; reason: string },
): Promise<number> {
  return context.db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.id, input.memberId), ne(members.status, 'system')));
    if (!member) throw new AppError('MEMBER_NOT_FOUND');
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: context.clock.now() })
      .where(and(eq(sessions.memberId, member.id), isNull(sessions.revokedAt), sql`${sessions.expiresAt} > now()`))
      .returning({ id: sessions.id });
    await recordAudit(tx, actor, {
      action: 'member.revoke_sessions',
      targetType: 'member',
      targetId: member.id,
      after: { sessionsEnded: revoked.length },
      reason: input.reason,
    });
    return revoked.length;
  });
}
