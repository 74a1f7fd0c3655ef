import {
  AppError,
  CodePurpose,
  maskAddress,
  SecurityEventKind,
  maskEmail,
  type LocaleCode,
  type TSecondStepProof,
  type TTotpDisableRequest,
  type TTotpBeginResponse,
  type TTwoStepStatus,
} from '@kpc/shared';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../../db/client.ts';
import { members, memberTotp } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { deriveKey } from '../../lib/sealing.ts';
import { matchTotp, newTotpSecret, totpUri, type TotpKey } from '../../lib/totp.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { checkCode, mailOwnCode } from '../account/codes.ts';
import { recordSecurityEvent, type ClientInfo } from '../account/security-events.ts';
import type { WebAuthnSettings } from '../../config/webauthn.ts';
import { passkeyCount, usePasskey } from './passkey-step.ts';

/**
 * Members' two-step verification (Step 11 §2): an authenticator app (TOTP) a member turns on in
 * Mine. When it is on, a withdrawal and a change of security settings also need its code
 * (`requireSecondStep`). The secret is sealed under a key derived from APP_SECRET, so a copy of
 * the database alone cannot make codes; no code is accepted twice, in any process (the last step
 * used is kept in the row and advanced by one conditional update); wrong codes in a row lock it.
 */

export interface TwoStepContext {
  db: Database;
  clock: Clock;
  /** APP_SECRET: the sealing key and the emailed codes' hashes derive from it. */
  secret: string;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  /** Passkeys' relying party (WEBAUTHN_RP_ID, WEBAUTHN_ORIGINS): the other kind of second step. */
  webauthn: WebAuthnSettings;
}

/** What checking an authenticator code needs. */
type CodeCheckContext = Pick<TwoStepContext, 'db' | 'clock' | 'secret'>;

/** The name the authenticator app shows above the codes. */
const TOTP_ISSUER = 'KPC';
/** Wrong codes in a row before the authenticator locks, and for how long. */
export const TOTP_MAX_FAILURES = 5;
export const TOTP_LOCK_MINUTES = 15;

const keyOf = (secret: string): TotpKey => ({ totp: deriveKey(secret, 'member-totp:v1') });

type TotpRow = typeof memberTotp.$inferSelect;

async function totpRow(db: Database, memberId: string): Promise<TotpRow | undefined> {
  const [row] = await db.select().from(memberTotp).where(eq(memberTotp.memberId, memberId));
  return row;
}

export async function memberContact(db: Database, memberId: string) {
  const [member] = await db
    .select({ email: members.email, walletAddress: members.walletAddress })
    .from(members)
    .where(eq(members.id, memberId));
  return { email: member?.email ?? null, walletAddress: member?.walletAddress ?? null };
}

/** Whether the member's authenticator is on: asked by the withdraw form and the change of password. */
async function isSecondStepOn(db: Database, memberId: string): Promise<boolean> {
  return Boolean((await totpRow(db, memberId))?.secretSealed);
}

/** `/api/2fa/status`. */
export async function twoStepStatus(context: TwoStepContext, memberId: string): Promise<TTwoStepStatus> {
  const [row, { email }, passkeys] = await Promise.all([
    totpRow(context.db, memberId),
    memberContact(context.db, memberId),
    passkeyCount(context.db, memberId),
  ]);
  const enabled = Boolean(row?.secretSealed);
  return {
    totp: { enabled, enabledAt: enabled && row?.enabledAt ? row.enabledAt.toISOString() : null },
    passkeys: { count: passkeys },
    email: email ? maskEmail(email) : null,
  };
}

/** `/api/2fa/totp/begin`: a new secret to add to the app; nothing changes until a code from it arrives. */
export async function beginTotp(context: TwoStepContext, memberId: string): Promise<TTotpBeginResponse> {
  if (await isSecondStepOn(context.db, memberId)) throw new AppError('TOTP_WRONG_STATE');
  const key = keyOf(context.secret);
  const { sealed, base32 } = newTotpSecret(key);
  const now = context.clock.now();
  await context.db
    .insert(memberTotp)
    .values({ memberId, pendingSealed: sealed, pendingAt: now })
    .onConflictDoUpdate({ target: memberTotp.memberId, set: { pendingSealed: sealed, pendingAt: now } });
  const { email, walletAddress } = await memberContact(context.db, memberId);
  const account = email ?? maskAddress(walletAddress ?? memberId);
  return { secret: base32, uri: totpUri(key, sealed, TOTP_ISSUER, account) };
}

/** Refuses while locked; counts a wrong code (locking at the limit) and throws TOTP_INVALID. */
async function refuseWrongCode(context: CodeCheckContext, memberId: string): Promise<never> {
  const lockUntil = new Date(context.clock.now().getTime() + TOTP_LOCK_MINUTES * 60_000);
  // One statement, so wrong codes sent at once in several processes all count.
  await context.db
    .update(memberTotp)
    .set({
      failures: sql`case when ${memberTotp.failures} + 1 >= ${TOTP_MAX_FAILURES} then 0 else ${memberTotp.failures} + 1 end`,
      lockedUntil: sql`case when ${memberTotp.failures} + 1 >= ${TOTP_MAX_FAILURES} then ${lockUntil.toISOString()}::timestamptz else ${memberTotp.lockedUntil} end`,
    })
    .where(eq(memberTotp.memberId, memberId));
  throw new AppError('TOTP_INVALID');
}

function refuseWhileLocked(context: CodeCheckContext, row: TotpRow) {
  const waitMs = (row.lockedUntil?.getTime() ?? 0) - context.clock.now().getTime();
  if (waitMs > 0) throw new AppError('TOTP_LOCKED', { minutes: Math.ceil(waitMs / 60_000) });
}

/**
 * Accepts `code` for `sealed` once: its time step must be later than the last one used, and the
 * update that records it must still find the last step where it was read (so two requests with one
 * code, in any processes, cannot both pass).
 */
async function useCode(
  context: CodeCheckContext,
  row: TotpRow,
  sealed: string,
  code: string,
  changes: Partial<typeof memberTotp.$inferInsert> = {},
  /** What else the acceptance writes, in its transaction (the security event of a change). */
  also?: (tx: Transaction) => Promise<void>,
): Promise<void> {
  refuseWhileLocked(context, row);
  const step = matchTotp(keyOf(context.secret), sealed, code, context.clock.now(), row.lastStep);
  if (step === null) return refuseWrongCode(context, row.memberId);
  await context.db.transaction(async (tx) => {
    const [used] = await tx
      .update(memberTotp)
      .set({ lastStep: step, failures: 0, ...changes })
      .where(and(eq(memberTotp.memberId, row.memberId), lt(memberTotp.lastStep, step)))
      .returning({ memberId: memberTotp.memberId });
    if (!used) throw new AppError('TOTP_INVALID');
    await also?.(tx);
  });
}

/** `/api/2fa/totp/enable`: the first code from the new secret turns it on. */
export async function enableTotp(
  context: TwoStepContext,
  memberId: string,
  code: string,
  actor: { client: ClientInfo; sessionId: string },
): Promise<TTwoStepStatus> {
  const row = await totpRow(context.db, memberId);
  if (!row?.pendingSealed || row.secretSealed) throw new AppError('TOTP_WRONG_STATE');
  const at = context.clock.now();
  await useCode(
    context,
    row,
    row.pendingSealed,
    code,
    { secretSealed: row.pendingSealed, enabledAt: at, pendingSealed: null, pendingAt: null },
    (tx) => recordSecurityEvent(tx, { memberId, kind: SecurityEventKind.TWO_STEP_ENABLED, at, ...actor }),
  );
  return twoStepStatus(context, memberId);
}

/**
 * What a withdrawal or a security change asks as its second step: nothing while two-step
 * verification is off; while the authenticator is on or the member keeps a passkey, either a
 * passkey's answer (`usePasskey`) or the authenticator's code, each accepted once. Without either:
 * TOTP_REQUIRED for an authenticator alone, SECOND_STEP_REQUIRED once a passkey is there.
 */
export async function requireSecondStep(
  context: CodeCheckContext & Pick<TwoStepContext, 'webauthn'>,
  memberId: string,
  proof: TSecondStepProof,
): Promise<void> {
  const [row, passkeys] = await Promise.all([totpRow(context.db, memberId), passkeyCount(context.db, memberId)]);
  const totpSealed = row?.secretSealed;
  if (!totpSealed && passkeys === 0) return;
  if (proof.passkey && passkeys > 0) return usePasskey(context, memberId, proof.passkey);
  if (proof.totpCode && row && totpSealed) return useCode(context, row, totpSealed, proof.totpCode);
  throw new AppError(passkeys > 0 ? 'SECOND_STEP_REQUIRED' : 'TOTP_REQUIRED');
}

/** `/api/2fa/sendCode`: the code for turning it off goes to the member's own email only. */
export async function sendSecurityCode(context: TwoStepContext, locale: LocaleCode, memberId: string) {
  const { email } = await memberContact(context.db, memberId);
  if (!email) throw new AppError('WITHDRAW_EMAIL_REQUIRED');
  return mailOwnCode(context, locale, email, CodePurpose.SECURITY);
}

/**
 * `/api/2fa/totp/disable`: a change of security settings, so the authenticator's code and, when
 * the account has an email, the emailed code too (checked and used up in one transaction).
 */
export async function disableTotp(
  context: TwoStepContext,
  memberId: string,
  request: TTotpDisableRequest,
  actor: { client: ClientInfo; sessionId: string },
): Promise<TTwoStepStatus> {
  const row = await totpRow(context.db, memberId);
  if (!row?.secretSealed) throw new AppError('TOTP_WRONG_STATE');
  const { email } = await memberContact(context.db, memberId);
  if (email && !request.emailCode) throw new AppError('CODE_INVALID');
  // Its own code, or (for a member who also keeps a passkey) a passkey's answer.
  if (request.passkey) await requireSecondStep(context, memberId, { passkey: request.passkey });
  else if (request.code) await useCode(context, row, row.secretSealed, request.code);
  else throw new AppError('TOTP_REQUIRED');
  const checked = await context.db.transaction(async (tx) => {
    // 'invalid' commits, so the wrong try counts against the emailed code.
    const result = email ? await checkCode(tx, context, email, CodePurpose.SECURITY, request.emailCode!) : 'ok';
    if (result === 'ok') {
      await tx.update(memberTotp).set({ secretSealed: null, enabledAt: null }).where(eq(memberTotp.memberId, memberId));
      const at = context.clock.now();
      await recordSecurityEvent(tx, { memberId, kind: SecurityEventKind.TWO_STEP_DISABLED, at, ...actor });
    }
    return result;
  });
  if (checked !== 'ok') throw new AppError('CODE_INVALID');
  return twoStepStatus(context, memberId);
}
