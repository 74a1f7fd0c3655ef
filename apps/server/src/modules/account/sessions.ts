import { randomUUID } from 'node:crypto';
import { AppError, SecurityEventKind, type TSignInMethod } from '@kpc/shared';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { members, sessions } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { createToken, hashToken } from '../../lib/crypto.ts';
import { recordSecurityEvent, type ClientInfo } from './security-events.ts';

export interface SessionPolicy {
  idleSeconds: number;
  maxAgeSeconds: number;
}

/**
 * Touching last_seen_at on every call would write on every read, so it is refreshed at most once a
 * minute — and more often for short idle times: a session can then end at most a tenth of its idle
 * time early (never late), so steady use keeps even a session of a few seconds alive.
 */
export function touchIntervalMs(idleSeconds: number): number {
  return Math.min(60_000, (idleSeconds * 1000) / 10);
}

/**
 * Starts a session and returns its token; only the token's hash is stored. The sign-in is recorded
 * in the member's security activity with the client (`signIn`): call it inside a transaction.
 */
export async function createSession(
  db: Executor,
  clock: Clock,
  policy: SessionPolicy,
  memberId: string,
  loginType: number,
  signIn: { client: ClientInfo; method: TSignInMethod },
): Promise<string> {
  const token = createToken();
  const now = clock.now();
  const [session] = await db
    .insert(sessions)
    .values({
      memberId,
      tokenHash: hashToken(token),
      loginType,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + policy.maxAgeSeconds * 1000),
    })
    .returning({ id: sessions.id });
  if (!session) throw new Error('session insert returned nothing');
  await recordSecurityEvent(db, {
    memberId,
    kind: SecurityEventKind.SIGN_IN,
    at: now,
    client: signIn.client,
    sessionId: session.id,
    detail: signIn.method,
  });
  return token;
}

export interface AuthenticatedSession {
  sessionId: string;
  memberId: string;
  loginType: number;
}

/** A session as the database has it, with the times (epoch ms) that end it: what session-cache.ts keeps. */
export interface SessionRecord {
  session: AuthenticatedSession;
  /** After this call's touch, if it touched. */
  lastSeenAt: number;
  expiresAt: number;
}

/** Longer values are never our tokens: refused before hashing. */
export function isPlausibleToken(token: string | undefined): token is string {
  return token !== undefined && token.length > 0 && token.length <= 200;
}

/**
 * Reads the session of a token's hash from the database (one query, plus a touch at most once per
 * `touchIntervalMs`). Unknown or expired (idle or absolute) tokens answer 401, revoked ones 5000,
 * disabled members 403 — all of which end the session on the client.
 */
export async function loadSession(
  db: Executor,
  clock: Clock,
  policy: SessionPolicy,
  tokenHash: string,
): Promise<SessionRecord> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      memberId: sessions.memberId,
      loginType: sessions.loginType,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      status: members.status,
    })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  if (!row) throw new AppError('UNAUTHORIZED');
  if (row.revokedAt) throw new AppError('SESSION_REVOKED');
  const now = clock.now().getTime();
  let lastSeenAt = row.lastSeenAt.getTime();
  if (now >= row.expiresAt.getTime() || now - lastSeenAt >= policy.idleSeconds * 1000) {
    throw new AppError('UNAUTHORIZED');
  }
  if (row.status !== 'active') throw new AppError('FORBIDDEN');
  if (now - lastSeenAt >= touchIntervalMs(policy.idleSeconds)) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, row.sessionId));
    lastSeenAt = now;
  }
  return {
    session: { sessionId: row.sessionId, memberId: row.memberId, loginType: row.loginType },
    lastSeenAt,
    expiresAt: row.expiresAt.getTime(),
  };
}

/** The channel on which a member's cached sessions are dropped (drizzle/0006_change_notifications.sql). */
export const SESSION_CHANNEL = 'kpc_sessions';

/**
 * Revocations this process sent whose arrival in every server process is not confirmed yet, by
 * nonce; session-cache.ts confirms them before the revoking request answers.
 */
export const unconfirmedRevocations = new Set<string>();

/**
 * Tells every process, at commit, to drop the members' cached sessions. The trigger on `sessions`
 * does that too; this notification carries a nonce that every process acknowledges, so the
 * revoking request can wait until no process would still accept the token.
 */
async function announceRevocation(db: Executor, memberIds: string[]): Promise<void> {
  for (const memberId of new Set(memberIds)) {
    const nonce = randomUUID();
    unconfirmedRevocations.add(nonce);
    await db.execute(sql`select pg_notify(${SESSION_CHANNEL}, ${`${memberId} ${nonce}`})`);
  }
}

/** Ends one session (logout). */
export async function revokeSession(db: Executor, clock: Clock, sessionId: string, reason: string): Promise<void> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: clock.now(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ memberId: sessions.memberId });
  await announceRevocation(
    db,
    revoked.map((row) => row.memberId),
  );
}

/**
 * Ends one session of the member other than `keepSessionId` (the member's own choice on the
 * security activity page). False, and nothing changed, when the member has no such session open.
 */
export async function revokeOtherSession(
  db: Executor,
  clock: Clock,
  memberId: string,
  keepSessionId: string,
  sessionId: string,
  reason: string,
): Promise<boolean> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: clock.now(), revokedReason: reason })
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.memberId, memberId),
        ne(sessions.id, keepSessionId),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ memberId: sessions.memberId });
  await announceRevocation(
    db,
    revoked.map((row) => row.memberId),
  );
  return revoked.length > 0;
}

/** Ends every session of a member except `keepSessionId` (password change); returns how many ended. */
export async function revokeMemberSessions(
  db: Executor,
  clock: Clock,
  memberId: string,
  reason: string,
  keepSessionId?: string,
): Promise<number> {
  const conditions = [eq(sessions.memberId, memberId), isNull(sessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: clock.now(), revokedReason: reason })
    .where(and(...conditions))
    .returning({ memberId: sessions.memberId });
  await announceRevocation(
    db,
    revoked.map((row) => row.memberId),
  );
  return revoked.length;
}
