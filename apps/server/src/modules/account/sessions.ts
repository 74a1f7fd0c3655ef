import { AppError } from '@kpc/shared';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { members, sessions } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { createToken, hashToken } from '../../lib/crypto.ts';

export interface SessionPolicy {
  idleSeconds: number;
  maxAgeSeconds: number;
}

/**
 * Touching last_seen_at on every call would write on every read, so it is refreshed at most once a
 * minute — and more often for short idle times: a session can then end at most a tenth of its idle
 * time early (never late), so steady use keeps even a session of a few seconds alive.
 */
function touchIntervalMs(idleSeconds: number): number {
  return Math.min(60_000, (idleSeconds * 1000) / 10);
}

/** Starts a session and returns its token; only the token's hash is stored. */
export async function createSession(
  db: Executor,
  clock: Clock,
  policy: SessionPolicy,
  memberId: string,
  loginType: number,
): Promise<string> {
  const token = createToken();
  const now = clock.now();
  await db.insert(sessions).values({
    memberId,
    tokenHash: hashToken(token),
    loginType,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + policy.maxAgeSeconds * 1000),
  });
  return token;
}

export interface AuthenticatedSession {
  sessionId: string;
  memberId: string;
  loginType: number;
}

/**
 * Resolves a `token` header to its session. Unknown or expired (idle or absolute) tokens answer
 * 401, revoked ones 5000, disabled members 403 — all of which end the session on the client.
 */
export async function authenticateToken(
  db: Executor,
  clock: Clock,
  policy: SessionPolicy,
  token: string | undefined,
): Promise<AuthenticatedSession> {
  if (!token || token.length > 200) throw new AppError('UNAUTHORIZED');
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
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) throw new AppError('UNAUTHORIZED');
  if (row.revokedAt) throw new AppError('SESSION_REVOKED');
  const now = clock.now().getTime();
  if (now >= row.expiresAt.getTime() || now - row.lastSeenAt.getTime() >= policy.idleSeconds * 1000) {
    throw new AppError('UNAUTHORIZED');
  }
  if (row.status !== 'active') throw new AppError('FORBIDDEN');
  if (now - row.lastSeenAt.getTime() >= touchIntervalMs(policy.idleSeconds)) {
    await db.update(sessions).set({ lastSeenAt: clock.now() }).where(eq(sessions.id, row.sessionId));
  }
  return { sessionId: row.sessionId, memberId: row.memberId, loginType: row.loginType };
}

/** Ends one session (logout). */
export async function revokeSession(db: Executor, clock: Clock, sessionId: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: clock.now(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a member except `keepSessionId` (password change). */
export async function revokeMemberSessions(
  db: Executor,
  clock: Clock,
  memberId: string,
  reason: string,
  keepSessionId?: string,
): Promise<void> {
  const conditions = [eq(sessions.memberId, memberId), isNull(sessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: clock.now(), revokedReason: reason })
    .where(and(...conditions));
}
