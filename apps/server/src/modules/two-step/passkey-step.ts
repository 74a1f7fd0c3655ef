import { AppError, type TPasskeyAssertion, type TPasskeyRequestOptions } from '@kpc/shared';
import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server';
import { decodeClientDataJSON } from '@simplewebauthn/server/helpers';
import type { AuthenticationResponseJSON, AuthenticatorTransportFuture } from '@simplewebauthn/server';
import { and, asc, count, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { WebAuthnSettings } from '../../config/webauthn.ts';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { memberPasskeys, webauthnChallenges } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashToken } from '../../lib/crypto.ts';

/**
 * Passkeys as a second step (Step 11 §2): the challenges of WebAuthn ceremonies and the check of a
 * passkey's answer. Challenges live in the database (`webauthn_challenges`, hashed), so any process
 * can finish a ceremony another began; each is used once, by a conditional update in the
 * transaction that also raises the passkey's counter, so a replayed answer is refused.
 *
 * User verification is `preferred`, not required: the passkey is the "something you have" beside
 * the session and the emailed code, as the authenticator app is, and a security key without a PIN
 * still works. Presence (a touch) is always required.
 */

export interface PasskeyContext {
  db: Database;
  clock: Clock;
  /** WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS (config/webauthn.ts). */
  webauthn: WebAuthnSettings;
}

/** How long a ceremony may take, from its options to the browser's answer. */
export const CHALLENGE_MINUTES = 5;
export const CEREMONY_TIMEOUT_MS = CHALLENGE_MINUTES * 60_000;

export type ChallengePurpose = 'register' | 'authenticate';

export type PasskeyRow = typeof memberPasskeys.$inferSelect;

/** The member's passkeys in use, oldest first. */
export function activePasskeys(db: Executor, memberId: string): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(memberPasskeys)
    .where(and(eq(memberPasskeys.memberId, memberId), isNull(memberPasskeys.removedAt)))
    .orderBy(asc(memberPasskeys.createdAt), asc(memberPasskeys.id));
}

export async function passkeyCount(db: Executor, memberId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memberPasskeys)
    .where(and(eq(memberPasskeys.memberId, memberId), isNull(memberPasskeys.removedAt)));
  return row?.n ?? 0;
}

/** Known transports only: what the browser is given back as a hint. */
export function transportsOf(row: PasskeyRow): AuthenticatorTransportFuture[] {
  return row.transports as AuthenticatorTransportFuture[];
}

/** Keeps the (base64url) challenge of options just made; the member's spent and stale ones go. */
export async function storeChallenge(
  db: Executor,
  clock: Clock,
  memberId: string,
  purpose: ChallengePurpose,
  challenge: string,
): Promise<void> {
  const now = clock.now();
  await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.memberId, memberId),
        or(isNotNull(webauthnChallenges.usedAt), lt(webauthnChallenges.expiresAt, now)),
      ),
    );
  await db.insert(webauthnChallenges).values({
    memberId,
    purpose,
    challengeHash: hashToken(challenge),
    expiresAt: new Date(now.getTime() + CEREMONY_TIMEOUT_MS),
  });
}

/**
 * The live challenge an answer signed (read from its clientDataJSON), of this member and purpose:
 * PASSKEY_CHALLENGE_EXPIRED when there is none (unknown, another member's, used or expired).
 */
export async function liveChallenge(
  context: Pick<PasskeyContext, 'db' | 'clock'>,
  memberId: string,
  purpose: ChallengePurpose,
  clientDataJSON: string,
): Promise<{ id: string; challenge: string }> {
  let challenge: unknown;
  try {
    challenge = decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    throw new AppError('PASSKEY_INVALID');
  }
  if (typeof challenge !== 'string' || challenge.length === 0 || challenge.length > 256) {
    throw new AppError('PASSKEY_INVALID');
  }
  const [row] = await context.db
    .select({ id: webauthnChallenges.id })
    .from(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.memberId, memberId),
        eq(webauthnChallenges.purpose, purpose),
        eq(webauthnChallenges.challengeHash, hashToken(challenge)),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, context.clock.now()),
      ),
    );
  if (!row) throw new AppError('PASSKEY_CHALLENGE_EXPIRED');
  return { id: row.id, challenge };
}

/** Uses the challenge up, in the transaction of what it grants: a second request with it is refused. */
export async function spendChallenge(tx: Transaction, id: string, at: Date): Promise<void> {
  const [spent] = await tx
    .update(webauthnChallenges)
    .set({ usedAt: at })
    .where(and(eq(webauthnChallenges.id, id), isNull(webauthnChallenges.usedAt)))
    .returning({ id: webauthnChallenges.id });
  if (!spent) throw new AppError('PASSKEY_CHALLENGE_EXPIRED');
}

/** `/api/2fa/passkey/options`: a challenge for the signed-in member's passkeys (PASSKEY_NOT_FOUND without one). */
export async function authenticationOptions(
  context: PasskeyContext,
  memberId: string,
): Promise<TPasskeyRequestOptions> {
  const keys = await activePasskeys(context.db, memberId);
  if (keys.length === 0) throw new AppError('PASSKEY_NOT_FOUND');
  const options = await generateAuthenticationOptions({
    rpID: context.webauthn.rpId,
    allowCredentials: keys.map((key) => ({ id: key.credentialId, transports: transportsOf(key) })),
    userVerification: 'preferred',
    timeout: CEREMONY_TIMEOUT_MS,
  });
  await storeChallenge(context.db, context.clock, memberId, 'authenticate', options.challenge);
  return options as TPasskeyRequestOptions;
}

/**
 * Accepts a passkey's answer as the member's second step, once: it must sign a live challenge of
 * this member, come from one of their own passkeys, on our site (RP ID and origin), and raise the
 * passkey's counter. The challenge is spent and the counter raised in one transaction, with `also`.
 */
export async function usePasskey(
  context: PasskeyContext,
  memberId: string,
  assertion: TPasskeyAssertion,
  also?: (tx: Transaction) => Promise<void>,
): Promise<void> {
  const challenge = await liveChallenge(context, memberId, 'authenticate', assertion.response.clientDataJSON);
  const [key] = await context.db
    .select()
    .from(memberPasskeys)
    .where(
      and(
        eq(memberPasskeys.memberId, memberId),
        eq(memberPasskeys.credentialId, assertion.id),
        isNull(memberPasskeys.removedAt),
      ),
    );
  if (!key) throw new AppError('PASSKEY_INVALID');
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response: assertion as AuthenticationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: context.webauthn.origins,
      expectedRPID: context.webauthn.rpId,
      credential: {
        id: key.credentialId,
        publicKey: new Uint8Array(key.publicKey),
        counter: key.counter,
        transports: transportsOf(key),
      },
      requireUserVerification: false,
    });
    if (!result.verified) throw new Error('signature');
    newCounter = result.authenticationInfo.newCounter;
  } catch {
    throw new AppError('PASSKEY_INVALID');
  }
  const at = context.clock.now();
  await context.db.transaction(async (tx) => {
    await spendChallenge(tx, challenge.id, at);
    // The counter read above must still be the one in the row (another answer did not raise it meanwhile).
    const [used] = await tx
      .update(memberPasskeys)
      .set({ counter: newCounter, lastUsedAt: at })
      .where(
        and(
          eq(memberPasskeys.id, key.id),
          isNull(memberPasskeys.removedAt),
          newCounter === 0 ? eq(memberPasskeys.counter, 0) : lt(memberPasskeys.counter, newCounter),
        ),
      )
      .returning({ id: memberPasskeys.id });
    if (!used) throw new AppError('PASSKEY_INVALID');
    await also?.(tx);
  });
}
