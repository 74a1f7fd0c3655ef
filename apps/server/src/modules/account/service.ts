import {
  AppError,
  CodePurpose,
  EmailLoginType,
  INVITE_CODE_ALPHABET,
  INVITE_CODE_LENGTH,
  SecurityEventKind,
  SignInMethod,
  VERIFICATION_CODE_RESEND_SECONDS,
  type LocaleCode,
  type TCodePurpose,
  type TLoginResponse,
  type TSecondStepProof,
  type TUserInfo,
} from '@kpc/shared';
import { and, eq, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { members } from '../../db/schema/index.ts';
import { toWireAddress } from '../../lib/address.ts';
import type { Clock } from '../../lib/clock.ts';
import type { WebAuthnSettings } from '../../config/webauthn.ts';
import { createCode } from '../../lib/crypto.ts';
import type { Mailer, OutgoingMail } from '../../mail/mailer.ts';
import { renderAccountExistsMail, renderCodeMail, renderPasswordChangedMail } from '../../mail/templates.ts';
import { addMemberToTree } from '../team/tree.ts';
import { consumeCode, issueCode } from './codes.ts';
import { requireSecondStep } from '../two-step/service.ts';
import { hashPassword, spendPasswordCheck, verifyPassword } from './passwords.ts';
import { NO_CLIENT, recordSecurityEvent, type ClientInfo } from './security-events.ts';
import { createSession, revokeMemberSessions, type SessionPolicy } from './sessions.ts';

export interface AccountContext {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  secret: string;
  sessionPolicy: SessionPolicy;
  publicUrl: string;
  /** Passkeys' relying party: a member's passkey can confirm a change of password (Step 11 §2). */
  webauthn: WebAuthnSettings;
}

async function findMemberByEmail(db: Executor, email: string) {
  const [member] = await db.select().from(members).where(eq(members.email, email)).limit(1);
  return member;
}

/** A mail that cannot be delivered is logged; the answer stays the same so it reveals nothing. */
async function deliver(context: AccountContext, mail: OutgoingMail): Promise<void> {
  try {
    await context.mailer.send(mail);
  } catch (error) {
    context.logger.error({ err: error, mailTo: mail.to, template: mail.template }, 'mail delivery failed');
  }
}

/**
 * Sends a verification code. Whether the address has an account is never visible in the answer:
 * a register code for a taken address mails its owner a notice instead, and reset or login codes
 * for unknown addresses are created (so the cooldown behaves the same) but never mailed.
 */
export async function sendCode(context: AccountContext, locale: LocaleCode, email: string, purpose: TCodePurpose) {
  // Refused the same way for every address (nothing made, no cooldown started), so an outage of the
  // mail server reveals no account.
  if (!context.mailer.isAvailable()) throw new AppError('MAIL_UNAVAILABLE');
  const code = await issueCode(context, email, purpose);
  const member = await findMemberByEmail(context.db, email);
  if (purpose === CodePurpose.REGISTER) {
    await deliver(
      context,
      member ? renderAccountExistsMail(locale, email, context.publicUrl) : renderCodeMail(locale, email, purpose, code),
    );
  } else if (member && member.status === 'active') {
    await deliver(context, renderCodeMail(locale, email, purpose, code));
  }
  return { cooldownSeconds: VERIFICATION_CODE_RESEND_SECONDS };
}

async function findReferrer(db: Executor, inviteCode: string) {
  const [referrer] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.inviteCode, inviteCode), ne(members.status, 'disabled')))
    .limit(1);
  if (!referrer) throw new AppError('INVITE_CODE_INVALID');
  return referrer;
}

/**
 * Inserts a member with a fresh unique invitation code, retrying on the rare collision, and puts
 * it into the referral tree. Every sign-up (email, first wallet sign-in) comes through here, in a
 * transaction.
 */
export async function insertMemberWithInviteCode(
  db: Executor,
  values: Omit<typeof members.$inferInsert, 'inviteCode'>,
): Promise<typeof members.$inferSelect> {
  for (let attempt = 0; ; attempt++) {
    const inviteCode = createCode(INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH);
    const taken = await db.select({ id: members.id }).from(members).where(eq(members.inviteCode, inviteCode)).limit(1);
    if (taken.length > 0 && attempt < 5) continue;
    const [member] = await db
      .insert(members)
      .values({ ...values, inviteCode })
      .returning();
    if (!member) throw new Error('member insert returned nothing');
    // Into the referral tree in the same transaction: a member is never without its team row.
    await addMemberToTree(db, member.id);
    return member;
  }
}

/**
 * Registers an email member under the referrer owning `inviteCode` (SPEC §1, §4, §5) and logs the
 * member in: the answer is the same session an email login by password gives. The member and its
 * session are written in one transaction, so a failed registration leaves neither behind. Only
 * the holder of the mailed code gets here, so the token reveals nothing about other addresses.
 */
export async function register(
  context: AccountContext,
  input: { email: string; password: string; code: string; inviteCode: string },
  client: ClientInfo,
): Promise<TLoginResponse> {
  // Checks that change nothing come first, so a bad invitation code does not burn the email code.
  const referrer = await findReferrer(context.db, input.inviteCode);
  await consumeCode(context, input.email, CodePurpose.REGISTER, input.code);
  const passwordHash = await hashPassword(input.password);
  try {
    return await context.db.transaction(async (tx) => {
      const member = await insertMemberWithInviteCode(tx, {
        email: input.email,
        passwordHash,
        referrerId: referrer.id,
      });
      // The member just chose this password: the session is a password login (SPEC §3 loginType 1).
      const token = await createSession(tx, context.clock, context.sessionPolicy, member.id, EmailLoginType.PASSWORD, {
        client,
        method: SignInMethod.REGISTER,
      });
      return { token, address: toWireAddress(member.walletAddress), isNew: true };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('REGISTRATION_FAILED');
    throw error;
  }
}

/** Email login by password (type 1) or emailed code (type 2); returns a new session token. */
export async function loginWithEmail(
  context: AccountContext,
  input: { type: 1; email: string; password: string } | { type: 2; email: string; code: string },
  client: ClientInfo,
): Promise<TLoginResponse> {
  const member = await findMemberByEmail(context.db, input.email);
  if (input.type === EmailLoginType.PASSWORD) {
    if (!member?.passwordHash) {
      await spendPasswordCheck(input.password);
      throw new AppError('LOGIN_FAILED');
    }
    if (!(await verifyPassword(member.passwordHash, input.password))) throw new AppError('LOGIN_FAILED');
  } else {
    // Codes for unknown addresses are never mailed, so this fails for them like a wrong code.
    await consumeCode(context, input.email, CodePurpose.LOGIN, input.code);
    if (!member) throw new AppError('CODE_INVALID');
  }
  if (member.status !== 'active') throw new AppError('FORBIDDEN');
  const method = input.type === EmailLoginType.PASSWORD ? SignInMethod.PASSWORD : SignInMethod.CODE;
  const token = await context.db.transaction((tx) =>
    createSession(tx, context.clock, context.sessionPolicy, member.id, input.type, { client, method }),
  );
  return { token, address: toWireAddress(member.walletAddress), isNew: false };
}

/**
 * Sets a new password by emailed code (forgot or change password). Every other session ends; the
 * caller's own session, when it made the call logged in as this member, stays.
 */
export async function resetPassword(
  context: AccountContext,
  locale: LocaleCode,
  input: { email: string; code: string; password: string } & TSecondStepProof,
  current?: { sessionId: string; memberId: string },
  client: ClientInfo = NO_CLIENT,
): Promise<void> {
  await consumeCode(context, input.email, CodePurpose.RESET_PASSWORD, input.code);
  const member = await findMemberByEmail(context.db, input.email);
  if (!member || member.status !== 'active') throw new AppError('CODE_INVALID');
  // A change of security settings: with two-step verification on, the authenticator's code too,
  // asked only after the emailed code proved the address (so it tells no one else it is on).
  await requireSecondStep(context, member.id, input);
  const passwordHash = await hashPassword(input.password);
  const keepSessionId = current?.memberId === member.id ? current.sessionId : undefined;
  await context.db.transaction(async (tx) => {
    await tx.update(members).set({ passwordHash }).where(eq(members.id, member.id));
    await revokeMemberSessions(tx, context.clock, member.id, 'password-changed', keepSessionId);
    // Logged in as this member: a change; otherwise a reset by the emailed code (forgot password).
    await recordSecurityEvent(tx, {
      memberId: member.id,
      kind: keepSessionId ? SecurityEventKind.PASSWORD_CHANGED : SecurityEventKind.PASSWORD_RESET,
      at: context.clock.now(),
      client,
      sessionId: keepSessionId ?? null,
    });
  });
  await deliver(context, renderPasswordChangedMail(locale, input.email));
}

/** The logged-in member's profile (SPEC §7 /api/acc/info). */
export async function getUserInfo(db: Database, memberId: string): Promise<TUserInfo> {
  const referrer = alias(members, 'referrer');
  const [row] = await db
    .select({ member: members, referrerInviteCode: referrer.inviteCode })
    .from(members)
    .leftJoin(referrer, eq(referrer.id, members.referrerId))
    .where(eq(members.id, memberId))
    .limit(1);
  if (!row) throw new AppError('UNAUTHORIZED');
  const { member } = row;
  return {
    id: member.id,
    email: member.email,
    address: toWireAddress(member.walletAddress),
    inviteCode: member.inviteCode,
    referrerInviteCode: row.referrerInviteCode ?? null,
    level: member.level,
    createdAt: member.createdAt.toISOString(),
  };
}
