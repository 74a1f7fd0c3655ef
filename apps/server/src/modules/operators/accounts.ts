import { AppError } from '@kpc/shared';
import {
  OperatorRole,
  OperatorStatus,
  type TEnrolment,
  type TEnrolmentLink,
  type TOperator,
  type TOperatorRole,
} from '@kpc/shared/operator';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { operatorEnrolments, operatorRecoveryCodes, operators, operatorSessions } from '../../db/schema/index.ts';
import { createToken, hashToken } from '../../lib/crypto.ts';
import { changedFields, recordAudit, type Actor } from '../audit/service.ts';
import { hashPassword } from '../account/passwords.ts';
import { enrolmentUrl, toOperator, type OperatorContext, type OperatorRow } from './context.ts';
import { matchTotp, newRecoveryCodes, newTotpSecret, totpBase32, totpUri } from './second-factor.ts';
import { startSession } from './sessions.ts';

/**
 * Operator accounts (Step 8a §2): an administrator invites (a one-time enrolment link), the
 * invitee enrols (sets the password, proves the authenticator, receives ten recovery codes);
 * an administrator changes roles, resets a lost second factor (a new link) and disables. Every
 * change is audited in its own transaction. The programme always keeps one active administrator.
 */

/** The authenticator app's label. */
const TOTP_ISSUER = 'KPC Console';

async function operatorOf(db: Executor, id: string): Promise<OperatorRow> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id));
  if (!row) throw new AppError('OPERATOR_NOT_FOUND');
  return row;
}

async function lockOperator(tx: Transaction, id: string): Promise<OperatorRow> {
  const [row] = await tx.select().from(operators).where(eq(operators.id, id)).for('update');
  if (!row) throw new AppError('OPERATOR_NOT_FOUND');
  return row;
}

/** A new one-time link for `operator` (earlier unused links stop working). */
async function issueEnrolment(
  context: OperatorContext,
  tx: Transaction,
  operatorId: string,
  createdBy: string,
): Promise<{ url: string; expiresAt: Date }> {
  const now = context.clock.now();
  await tx
    .update(operatorEnrolments)
    .set({ usedAt: now })
    .where(and(eq(operatorEnrolments.operatorId, operatorId), isNull(operatorEnrolments.usedAt)));
  const token = createToken();
  const expiresAt = new Date(now.getTime() + context.policy.enrolmentHours * 3600 * 1000);
  await tx.insert(operatorEnrolments).values({
    operatorId,
    tokenHash: hashToken(token),
    totpSealed: newTotpSecret(context.keys).sealed,
    createdBy,
    createdAt: now,
    expiresAt,
  });
  return { url: enrolmentUrl(context.publicUrl, token), expiresAt };
}

/** `/api/operator/operators/invite`, and the first administrator (`cli.ts`, development start-up). */
export async function inviteOperator(
  context: OperatorContext,
  actor: Actor,
  input: { email: string; name: string; roles: TOperatorRole[] },
): Promise<TEnrolmentLink> {
  return context.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(operators)
      .values({
        email: input.email.toLowerCase(),
        name: input.name,
        roles: [...new Set(input.roles)],
        createdBy: actor.name,
        createdAt: context.clock.now(),
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new AppError('OPERATOR_EMAIL_TAKEN');
    const link = await issueEnrolment(context, tx, created.id, actor.name);
    await recordAudit(tx, actor, {
      action: 'operator.invite',
      targetType: 'operator',
      targetId: created.id,
      after: { email: created.email, name: created.name, roles: created.roles },
    });
    return { operator: toOperator(created), enrolmentUrl: link.url, expiresAt: link.expiresAt.toISOString() };
  });
}

async function usableEnrolment(db: Executor, context: OperatorContext, token: string, lock = false) {
  const query = db
    .select({ enrolment: operatorEnrolments, operator: operators })
    .from(operatorEnrolments)
    .innerJoin(operators, eq(operators.id, operatorEnrolments.operatorId))
    .where(eq(operatorEnrolments.tokenHash, hashToken(token)));
  const [found] = lock ? await query.for('update') : await query;
  const now = context.clock.now();
  if (
    !found ||
    found.enrolment.usedAt !== null ||
    found.enrolment.expiresAt <= now ||
    found.operator.status === OperatorStatus.DISABLED
  ) {
    throw new AppError('OPERATOR_ENROLMENT_INVALID');
  }
  return found;
}

/** `/api/operator/auth/enrolment`: who the link is for, and the secret to add to an authenticator. */
export async function readEnrolment(context: OperatorContext, token: string): Promise<TEnrolment> {
  const { enrolment, operator } = await usableEnrolment(context.db, context, token);
  return {
    email: operator.email,
    name: operator.name,
    roles: operator.roles as TOperatorRole[],
    totpSecret: totpBase32(context.keys, enrolment.totpSealed),
    otpauthUri: totpUri(context.keys, enrolment.totpSealed, TOTP_ISSUER, operator.email),
    expiresAt: enrolment.expiresAt.toISOString(),
  };
}

/**
 * `/api/operator/auth/enrol`: once per link. Sets the password and the link's TOTP secret (proved
 * by a code, whose step is kept so it cannot be replayed), replaces the recovery codes and ends
 * every other session of the operator, and starts this one. Answers the ten recovery codes and the
 * new session's token.
 */
export async function completeEnrolment(
  context: OperatorContext,
  input: { token: string; password: string; code: string },
  ip: string | null,
): Promise<{ token: string; recoveryCodes: string[] }> {
  const passwordHash = await hashPassword(input.password);
  const recovery = newRecoveryCodes(context.keys);
  return context.db.transaction(async (tx) => {
    const { enrolment, operator } = await usableEnrolment(tx, context, input.token, true);
    const now = context.clock.now();
    const step = matchTotp(context.keys, enrolment.totpSealed, input.code, now, 0n);
    if (step === null) throw new AppError('OPERATOR_TOTP_INVALID');
    await tx.update(operatorEnrolments).set({ usedAt: now }).where(eq(operatorEnrolments.id, enrolment.id));
    await tx
      .update(operators)
      .set({
        passwordHash,
        totpSealed: enrolment.totpSealed,
        totpLastStep: step,
        status: OperatorStatus.ACTIVE,
        failedSignIns: 0,
        lockedUntil: null,
      })
      .where(eq(operators.id, operator.id));
    await tx
      .update(operatorRecoveryCodes)
      .set({ usedAt: now })
      .where(and(eq(operatorRecoveryCodes.operatorId, operator.id), isNull(operatorRecoveryCodes.usedAt)));
    await tx
      .insert(operatorRecoveryCodes)
      .values(recovery.hashes.map((codeHash) => ({ operatorId: operator.id, codeHash })))
      .onConflictDoNothing();
    await tx
      .update(operatorSessions)
      .set({ revokedAt: now })
      .where(and(eq(operatorSessions.operatorId, operator.id), isNull(operatorSessions.revokedAt)));
    await recordAudit(
      tx,
      { type: 'operator', id: operator.id, name: operator.name, role: null, ip },
      { action: 'operator.enrol', targetType: 'operator', targetId: operator.id },
    );
    const { token } = await startSession(context, tx, operator.id, ip);
    return { token, recoveryCodes: recovery.codes };
  });
}

/** `/api/operator/operators/list`: every operator, oldest first. */
export async function listOperators(context: OperatorContext): Promise<{ list: TOperator[] }> {
  const rows = await context.db.select().from(operators).orderBy(asc(operators.createdAt), asc(operators.email));
  return { list: rows.map(toOperator) };
}

/** Refuses leaving the programme without an active administrator. */
async function keepAnAdministrator(tx: Transaction, changing: string): Promise<void> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(operators)
    .where(
      and(
        ne(operators.id, changing),
        eq(operators.status, OperatorStatus.ACTIVE),
        sql`${OperatorRole.ADMIN} = any(${operators.roles})`,
      ),
    );
  if ((row?.count ?? 0) === 0) throw new AppError('OPERATOR_LAST_ADMIN');
}

/** Serialises changes of roles and status, so two of them can never both remove the last administrator. */
async function lockAdministrators(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('operators:administrators', 0))`);
}

export async function setOperatorRoles(
  context: OperatorContext,
  actor: Actor,
  input: { id: string; roles: TOperatorRole[] },
): Promise<TOperator> {
  return context.db.transaction(async (tx) => {
    await lockAdministrators(tx);
    const row = await lockOperator(tx, input.id);
    const roles = [...new Set(input.roles)];
    const wasAdmin = row.roles.includes(OperatorRole.ADMIN);
    if (wasAdmin && !roles.includes(OperatorRole.ADMIN) && row.status === OperatorStatus.ACTIVE) {
      await keepAnAdministrator(tx, row.id);
    }
    const [updated] = await tx.update(operators).set({ roles }).where(eq(operators.id, row.id)).returning();
    // A session keeps the roles it read at each call: nothing to end.
    await recordAudit(tx, actor, {
      action: 'operator.set_roles',
      targetType: 'operator',
      targetId: row.id,
      ...changedFields({ roles: row.roles }, { roles }),
    });
    return toOperator(updated!);
  });
}

/** Disables (every session ends) or enables an operator; never oneself, never the last administrator. */
export async function setOperatorDisabled(
  context: OperatorContext,
  actor: Actor,
  input: { id: string; reason: string },
  disabled: boolean,
): Promise<TOperator> {
  if (actor.id === input.id) throw new AppError('OPERATOR_SELF');
  return context.db.transaction(async (tx) => {
    await lockAdministrators(tx);
    const row = await lockOperator(tx, input.id);
    const now = context.clock.now();
    let status: string = row.status;
    if (disabled) {
      if (row.status === OperatorStatus.DISABLED) return toOperator(row);
      if (row.roles.includes(OperatorRole.ADMIN) && row.status === OperatorStatus.ACTIVE) {
        await keepAnAdministrator(tx, row.id);
      }
      status = OperatorStatus.DISABLED;
      await tx
        .update(operatorSessions)
        .set({ revokedAt: now })
        .where(and(eq(operatorSessions.operatorId, row.id), isNull(operatorSessions.revokedAt)));
      await tx
        .update(operatorEnrolments)
        .set({ usedAt: now })
        .where(and(eq(operatorEnrolments.operatorId, row.id), isNull(operatorEnrolments.usedAt)));
    } else {
      if (row.status !== OperatorStatus.DISABLED) return toOperator(row);
      status = row.passwordHash && row.totpSealed ? OperatorStatus.ACTIVE : OperatorStatus.INVITED;
    }
    const [updated] = await tx.update(operators).set({ status }).where(eq(operators.id, row.id)).returning();
    await recordAudit(tx, actor, {
      action: disabled ? 'operator.disable' : 'operator.enable',
      targetType: 'operator',
      targetId: row.id,
      ...changedFields({ status: row.status }, { status }),
      reason: input.reason,
    });
    return toOperator(updated!);
  });
}

/**
 * A lost authenticator: the operator's TOTP and recovery codes stop working at once, every session
 * ends, and a new enrolment link (password and authenticator) is answered for the administrator to
 * hand over.
 */
export async function resetSecondFactor(
  context: OperatorContext,
  actor: Actor,
  input: { id: string; reason: string },
): Promise<TEnrolmentLink> {
  if (actor.id === input.id) throw new AppError('OPERATOR_SELF');
  return context.db.transaction(async (tx) => {
    const row = await lockOperator(tx, input.id);
    if (row.status === OperatorStatus.DISABLED) throw new AppError('OPERATOR_NOT_FOUND');
    const now = context.clock.now();
    const [updated] = await tx
      .update(operators)
      .set({ totpSealed: null, status: row.status === OperatorStatus.ACTIVE ? OperatorStatus.INVITED : row.status })
      .where(eq(operators.id, row.id))
      .returning();
    await tx
      .update(operatorRecoveryCodes)
      .set({ usedAt: now })
      .where(and(eq(operatorRecoveryCodes.operatorId, row.id), isNull(operatorRecoveryCodes.usedAt)));
    await tx
      .update(operatorSessions)
      .set({ revokedAt: now })
      .where(and(eq(operatorSessions.operatorId, row.id), isNull(operatorSessions.revokedAt)));
    const link = await issueEnrolment(context, tx, row.id, actor.name);
    await recordAudit(tx, actor, {
      action: 'operator.reset_second_factor',
      targetType: 'operator',
      targetId: row.id,
      reason: input.reason,
    });
    return { operator: toOperator(updated!), enrolmentUrl: link.url, expiresAt: link.expiresAt.toISOString() };
  });
}

/**
 * Development: an administrator `admin@kpc.local` on the first start, and while it has not enrolled,
 * a fresh enrolment link at every start (the way the genesis invitation code is printed).
 */
/** The development administrator the start-up log offers to enrol. */
export const DEVELOPMENT_ADMINISTRATOR = 'admin@kpc.local';

export async function ensureDevelopmentAdministrator(
  context: OperatorContext,
  actor: Actor,
  email: string = DEVELOPMENT_ADMINISTRATOR,
): Promise<string | null> {
  const [existing] = await context.db.select().from(operators).where(eq(operators.email, email));
  if (!existing) {
    // The first one only on a server nobody runs yet; a further one (its own email) any time.
    if (email === DEVELOPMENT_ADMINISTRATOR) {
      const [any] = await context.db.select({ id: operators.id }).from(operators).limit(1);
      if (any) return null;
    }
    return (await inviteOperator(context, actor, { email, name: 'Development administrator', roles: ['admin'] }))
      .enrolmentUrl;
  }
  if (existing.status !== OperatorStatus.INVITED) return null;
  return context.db.transaction(async (tx) => (await issueEnrolment(context, tx, existing.id, actor.name)).url);
}

export { operatorOf as findOperator };
