import {
  AppError,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_MAX_ATTEMPTS,
  VERIFICATION_CODE_RESEND_SECONDS,
  VERIFICATION_CODE_TTL_SECONDS,
  type LocaleCode,
  type TCodePurpose,
} from '@kpc/shared';
import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { verificationCodes } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { createDigits, equalHashes, hashWithSecret } from '../../lib/crypto.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { renderCodeMail } from '../../mail/templates.ts';

export interface CodeContext {
  db: Database;
  clock: Clock;
  secret: string;
}

function hashCode(secret: string, email: string, purpose: TCodePurpose, code: string): string {
  // Binding email and purpose into the hash means a code can only ever work where it was sent.
  return hashWithSecret(secret, `${purpose}:${email}:${code}`);
}

/**
 * Creates a fresh code for `email` and `purpose` and returns it for mailing. Earlier unused codes
 * stop working. Asking again within the resend cooldown fails with CODE_COOLDOWN.
 */
export async function issueCode(
  { db, clock, secret }: CodeContext,
  email: string,
  purpose: TCodePurpose,
): Promise<string> {
  return db.transaction(async (tx) => {
    // Two simultaneous requests for one address must not both pass the cooldown check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`code:${purpose}:${email}`}, 0))`);
    const now = clock.now();
    const [latest] = await tx
      .select({ createdAt: verificationCodes.createdAt })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.email, email), eq(verificationCodes.purpose, purpose)))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    if (latest) {
      const waitMs = latest.createdAt.getTime() + VERIFICATION_CODE_RESEND_SECONDS * 1000 - now.getTime();
      if (waitMs > 0) throw new AppError('CODE_COOLDOWN', { seconds: Math.ceil(waitMs / 1000) });
    }
    await tx
      .update(verificationCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(verificationCodes.email, email),
          eq(verificationCodes.purpose, purpose),
          isNull(verificationCodes.usedAt),
        ),
      );
    const code = createDigits(VERIFICATION_CODE_LENGTH);
    await tx.insert(verificationCodes).values({
      email,
      purpose,
      codeHash: hashCode(secret, email, purpose, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + VERIFICATION_CODE_TTL_SECONDS * 1000),
    });
    return code;
  });
}

/**
 * Checks the code inside the caller's transaction and marks it used when right: succeeds once
 * for the right code within its lifetime. A wrong code counts a try (the 5th wrong try burns it).
 * Locks the code's row, so a second request with the same code waits and then finds it used.
 * The caller must commit on 'invalid' too, or the wrong try is not counted.
 */
export async function checkCode(
  tx: Transaction,
  { clock, secret }: Omit<CodeContext, 'db'>,
  email: string,
  purpose: TCodePurpose,
  code: string,
): Promise<'ok' | 'invalid'> {
  const now = clock.now();
  const [row] = await tx
    .select()
    .from(verificationCodes)
    .where(
      and(eq(verificationCodes.email, email), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.usedAt)),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1)
    .for('update');
  if (!row || row.expiresAt <= now || row.attempts >= VERIFICATION_CODE_MAX_ATTEMPTS) return 'invalid';
  if (!equalHashes(row.codeHash, hashCode(secret, email, purpose, code))) {
    await tx
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, row.id));
    return 'invalid';
  }
  await tx.update(verificationCodes).set({ usedAt: now }).where(eq(verificationCodes.id, row.id));
  return 'ok';
}

/** Uses up the code in its own transaction; wrong, expired, used or burnt codes fail with CODE_INVALID. */
export async function consumeCode(
  context: CodeContext,
  email: string,
  purpose: TCodePurpose,
  code: string,
): Promise<void> {
  const outcome = await context.db.transaction((tx) => checkCode(tx, context, email, purpose, code));
  if (outcome !== 'ok') throw new AppError('CODE_INVALID');
}

/**
 * Mails a fresh code for `purpose` to a logged-in member's own address (a withdrawal, a security
 * change): saying the mail failed reveals nothing, as the address is theirs; the code made stays unused.
 */
export async function mailOwnCode(
  context: CodeContext & { mailer: Mailer; logger: FastifyBaseLogger },
  locale: LocaleCode,
  email: string,
  purpose: TCodePurpose,
): Promise<{ cooldownSeconds: number }> {
  if (!context.mailer.isAvailable()) throw new AppError('MAIL_UNAVAILABLE');
  const code = await issueCode(context, email, purpose);
  try {
    await context.mailer.send(renderCodeMail(locale, email, purpose, code));
  } catch (error) {
    context.logger.error({ err: error }, `${purpose} code mail failed`);
    throw new AppError('MAIL_UNAVAILABLE');
  }
  return { cooldownSeconds: VERIFICATION_CODE_RESEND_SECONDS };
}
