import { AppError, SecurityEventKind } from '@kpc/shared';
import type { TMemberTwoStepReset } from '@kpc/shared/operator';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { memberPasskeys, members, memberTotp } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { NO_CLIENT, recordSecurityEvent } from '../account/security-events.ts';
import { recordAudit, type Actor } from '../audit/service.ts';
import { passkeyCount } from './passkey-step.ts';

/**
 * A member who lost their authenticator and every passkey cannot withdraw or change a security
 * setting any more. Support (compliance, `members.security`) checks who they are outside the app
 * (KYC on file, the registered email) and turns two-step verification off: the authenticator and
 * every passkey, with a reason and a fresh second factor of the operator's, audited; the member's
 * security activity shows it and they are mailed (a security change), so a reset they did not ask
 * for is seen at once.
 */

/** What a member has on, for the console's member page. */
export async function twoStepSummary(db: Executor, memberId: string): Promise<{ totp: boolean; passkeys: number }> {
  const [row] = await db
    .select({ secretSealed: memberTotp.secretSealed })
    .from(memberTotp)
    .where(eq(memberTotp.memberId, memberId));
  return { totp: Boolean(row?.secretSealed), passkeys: await passkeyCount(db, memberId) };
}

/** Turns the member's two-step verification off; a repeat (nothing left on) changes nothing. */
export async function resetMemberTwoStep(
  context: { db: Database; clock: Clock },
  actor: Actor,
  input: { memberId: string; reason: string },
): Promise<TMemberTwoStepReset> {
  return context.db.transaction(async (tx) => {
    const now = context.clock.now();
    // The member row's lock orders this against the member's own changes of the same settings.
    const [member] = await tx
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.id, input.memberId), ne(members.status, 'system')))
      .for('update');
    if (!member) throw new AppError('MEMBER_NOT_FOUND');
    const totp = await tx
      .delete(memberTotp)
      .where(eq(memberTotp.memberId, member.id))
      .returning({ secretSealed: memberTotp.secretSealed });
    const totpRemoved = totp.some((row) => row.secretSealed !== null);
    const passkeys = await tx
      .update(memberPasskeys)
      .set({ removedAt: now })
      .where(and(eq(memberPasskeys.memberId, member.id), isNull(memberPasskeys.removedAt)))
      .returning({ id: memberPasskeys.id });
    const result = { memberId: member.id, totpRemoved, passkeysRemoved: passkeys.length };
    if (!totpRemoved && passkeys.length === 0) return result;
    const detail = [totpRemoved ? 'totp' : null, passkeys.length > 0 ? `${passkeys.length} passkeys` : null]
      .filter(Boolean)
      .join('+');
    await recordSecurityEvent(tx, {
      memberId: member.id,
      kind: SecurityEventKind.TWO_STEP_RESET,
      at: now,
      client: NO_CLIENT,
      detail,
    });
    await recordAudit(tx, actor, {
      action: 'member.two_step_reset',
      targetType: 'member',
      targetId: member.id,
      before: { totp: totpRemoved, passkeys: passkeys.length },
      after: { totp: false, passkeys: 0 },
      reason: input.reason,
    });
    return result;
  });
}
