import { AppError } from '@kpc/shared';
import { OperatorStatus, permissionsOf, type TOperatorRole, type TOperatorSession } from '@kpc/shared/operator';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { operatorRecoveryCodes, operators, operatorSessions } from '../../db/schema/index.ts';
import { createToken, hashToken } from '../../lib/crypto.ts';
import { recordAudit, SYSTEM_ACTOR, type Actor } from '../audit/service.ts';
import { spendPasswordCheck, verifyPassword } from '../account/passwords.ts';
import type { OperatorContext, OperatorRow } from './context.ts';
import { matchTotp, recoveryCodeHash } from './second-factor.ts';

/**
 * Signing in to the console, and its sessions (Step 8a §2). Sign-in takes the password and a
 * second factor together and answers one message for every failure (no account enumeration);
 * failures in a row lock the account for a while, audited. A session is an opaque token in an
 * HttpOnly cookie, stored hashed, ending after an idle time and at an absolute time, revocable;
 * each is read from the database on every call (several processes agree at once). Money actions
 * need a second factor given within the last few minutes (`stepUpAt`).
 */

export type OperatorSessionRow = typeof operatorSessions.$inferSelect;

/** Who is acting, as the operator plugin attaches it to a request. */
export interface SignedInOperator {
  operator: OperatorRow;
  session: OperatorSessionRow;
}

const actorOf = (operator: OperatorRow, ip: string | null): Actor => ({
  type: 'operator',
  id: operator.id,
  name: operator.name,
  role: null,
  ip,
});

/** A second factor: a TOTP code (its step recorded, never reused) or an unused recovery code (used up). */
export async function acceptSecondFactor(
  context: OperatorContext,
  tx: Transaction,
  operator: OperatorRow,
  code: string,
): Promise<boolean> {
  if (operator.totpSealed === null) return false;
  if (/^\d{6}$/.test(code)) {
    const step = matchTotp(context.keys, operator.totpSealed, code, context.clock.now(), operator.totpLastStep);
    if (step === null) return false;
    // Conditional: of two sign-ins with one code at once, one wins.
    const moved = await tx
      .update(operators)
      .set({ totpLastStep: step })
      .where(and(eq(operators.id, operator.id), lt(operators.totpLastStep, step)))
      .returning({ id: operators.id });
    return moved.length > 0;
  }
  const used = await tx
    .update(operatorRecoveryCodes)
    .set({ usedAt: context.clock.now() })
    .where(
      and(
        eq(operatorRecoveryCodes.operatorId, operator.id),
        eq(operatorRecoveryCodes.codeHash, recoveryCodeHash(context.keys, code)),
        isNull(operatorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: operatorRecoveryCodes.id });
  return used.length > 0;
}

/** Starts a session for `operator` (a second factor was just given). Answers the cookie's token. */
export async function startSession(
  context: OperatorContext,
  tx: Transaction,
  operatorId: string,
  ip: string | null,
): Promise<{ token: string; session: OperatorSessionRow }> {
  const token = createToken();
  const now = context.clock.now();
  const [session] = await tx
    .insert(operatorSessions)
    .values({
      operatorId,
      tokenHash: hashToken(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + context.policy.maxAgeSeconds * 1000),
      stepUpAt: now,
      ip,
    })
    .returning();
  return { token, session: session! };
}

/**
 * `/api/operator/auth/login`. Any failure (unknown email, wrong password or code, replayed code,
 * locked, disabled, not enrolled) answers OPERATOR_SIGN_IN_FAILED alike, after the same password
 * work; each is audited, and the attempt that reaches the limit locks the account.
 */
export async function signIn(
  context: OperatorContext,
  input: { email: string; password: string; code: string },
  ip: string | null,
): Promise<{ token: string; operatorId: string }> {
  const { db, clock, policy } = context;
  const email = input.email.toLowerCase();
  const [operator] = await db.select().from(operators).where(eq(operators.email, email));
  const passwordOk = operator?.passwordHash
    ? await verifyPassword(operator.passwordHash, input.password)
    : (await spendPasswordCheck(input.password), false);
  const outcome = await db.transaction(async (tx) => {
    if (!operator) {
      await recordAudit(
        tx,
        { ...SYSTEM_ACTOR, ip },
        { action: 'operator.sign_in_failed', targetType: 'email', targetId: email },
      );
      return null;
    }
    const [current] = await tx.select().from(operators).where(eq(operators.id, operator.id)).for('update');
    const now = clock.now();
    const locked = current!.lockedUntil !== null && current!.lockedUntil > now;
    const usable = current!.status === OperatorStatus.ACTIVE && !locked;
    const factorOk = usable && passwordOk && (await acceptSecondFactor(context, tx, current!, input.code.trim()));
    if (factorOk) {
      await tx
        .update(operators)
        .set({ failedSignIns: 0, lockedUntil: null, lastSignInAt: now })
        .where(eq(operators.id, current!.id));
      const started = await startSession(context, tx, current!.id, ip);
      await recordAudit(tx, actorOf(current!, ip), {
        action: 'operator.sign_in',
        targetType: 'operator',
        targetId: current!.id,
      });
      return started.token;
    }
    if (locked || current!.status !== OperatorStatus.ACTIVE) {
      await recordAudit(tx, actorOf(current!, ip), {
        action: 'operator.sign_in_failed',
        targetType: 'operator',
        targetId: current!.id,
        reason: locked ? 'locked' : current!.status,
      });
      return null;
    }
    const failures = current!.failedSignIns + 1;
    const lockNow = failures >= policy.lockoutAttempts;
    await tx
      .update(operators)
      .set(
        lockNow
          ? { failedSignIns: 0, lockedUntil: new Date(now.getTime() + policy.lockoutSeconds * 1000) }
          : { failedSignIns: failures },
      )
      .where(eq(operators.id, current!.id));
    await recordAudit(tx, actorOf(current!, ip), {
      action: lockNow ? 'operator.locked_out' : 'operator.sign_in_failed',
      targetType: 'operator',
      targetId: current!.id,
      reason: passwordOk ? 'second factor' : 'password',
    });
    return null;
  });
  if (!outcome) throw new AppError('OPERATOR_SIGN_IN_FAILED');
  return { token: outcome, operatorId: operator!.id };
}

/** Touching last_seen_at at most every 15 s: an idle timeout of minutes ends at most that early. */
const TOUCH_MS = 15_000;

/**
 * The session of a cookie's token, and its operator, or null (unknown, ended idle or absolute,
 * revoked, or the operator disabled or not enrolled). Refreshes `last_seen_at` now and then.
 */
export async function authenticateOperator(
  context: OperatorContext,
  token: string | undefined,
): Promise<SignedInOperator | null> {
  if (!token || token.length > 200) return null;
  const { db, clock, policy } = context;
  const now = clock.now();
  const [found] = await db
    .select({ session: operatorSessions, operator: operators })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(eq(operatorSessions.tokenHash, hashToken(token)));
  if (!found) return null;
  const { session, operator } = found;
  const idleEnds = session.lastSeenAt.getTime() + policy.idleSeconds * 1000;
  if (
    session.revokedAt !== null ||
    session.expiresAt <= now ||
    idleEnds <= now.getTime() ||
    operator.status !== OperatorStatus.ACTIVE
  ) {
    return null;
  }
  if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_MS) {
    await db
      .update(operatorSessions)
      .set({ lastSeenAt: now })
      .where(and(eq(operatorSessions.id, session.id), lt(operatorSessions.lastSeenAt, now)));
  }
  return { operator, session };
}

/** What the console shows of the signed-in operator and the session. */
export async function sessionView(context: OperatorContext, signedIn: SignedInOperator): Promise<TOperatorSession> {
  const { operator, session } = signedIn;
  const roles = operator.roles as TOperatorRole[];
  const stepUpUntil = new Date(session.stepUpAt.getTime() + context.policy.stepUpSeconds * 1000);
  const [left] = await context.db
    .select({ count: sql<number>`count(*)::int` })
    .from(operatorRecoveryCodes)
    .where(and(eq(operatorRecoveryCodes.operatorId, operator.id), isNull(operatorRecoveryCodes.usedAt)));
  return {
    operator: {
      id: operator.id,
      email: operator.email,
      name: operator.name,
      roles,
      permissions: [...permissionsOf(roles)],
    },
    idleSeconds: context.policy.idleSeconds,
    expiresAt: session.expiresAt.toISOString(),
    stepUpUntil: stepUpUntil > context.clock.now() ? stepUpUntil.toISOString() : null,
    recoveryCodesLeft: left?.count ?? 0,
  };
}

/** True while the session's last second factor is recent enough for a money action. */
export function hasFreshSecondFactor(context: OperatorContext, session: OperatorSessionRow): boolean {
  return session.stepUpAt.getTime() + context.policy.stepUpSeconds * 1000 > context.clock.now().getTime();
}

/** `/api/operator/auth/step-up`: a TOTP code (never a recovery code) refreshes the session's second factor. */
export async function stepUp(
  context: OperatorContext,
  signedIn: SignedInOperator,
  code: string,
  ip: string | null,
): Promise<Date> {
  return context.db.transaction(async (tx) => {
    const [current] = await tx.select().from(operators).where(eq(operators.id, signedIn.operator.id)).for('update');
    const ok = /^\d{6}$/.test(code) && current && (await acceptSecondFactor(context, tx, current, code));
    if (!ok) {
      await recordAudit(tx, actorOf(signedIn.operator, ip), {
        action: 'operator.step_up_failed',
        targetType: 'operator',
        targetId: signedIn.operator.id,
      });
      throw new AppError('OPERATOR_TOTP_INVALID');
    }
    const now = context.clock.now();
    await tx.update(operatorSessions).set({ stepUpAt: now }).where(eq(operatorSessions.id, signedIn.session.id));
    await recordAudit(tx, actorOf(signedIn.operator, ip), {
      action: 'operator.step_up',
      targetType: 'operator',
      targetId: signedIn.operator.id,
    });
    return new Date(now.getTime() + context.policy.stepUpSeconds * 1000);
  });
}

/** `/api/operator/auth/logout`. */
export async function signOut(context: OperatorContext, signedIn: SignedInOperator, ip: string | null): Promise<void> {
  await context.db.transaction(async (tx) => {
    await tx
      .update(operatorSessions)
      .set({ revokedAt: context.clock.now() })
      .where(and(eq(operatorSessions.id, signedIn.session.id), isNull(operatorSessions.revokedAt)));
    await recordAudit(tx, actorOf(signedIn.operator, ip), {
      action: 'operator.sign_out',
      targetType: 'operator',
      targetId: signedIn.operator.id,
    });
  });
}
