import {
  AppError,
  DEFAULT_PAGE_SIZE,
  SecurityEventKind,
  type TEndOtherSessionsResponse,
  type TMemberSessionsResponse,
  type TSecurityEventKind,
  type TSecurityEventsRequest,
  type TSecurityEventsResponse,
} from '@kpc/shared';
import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { memberSecurityEvents, sessions } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { toPage } from '../../lib/paging.ts';
import { recordSecurityEvent, type ClientInfo } from './security-events.ts';
import { revokeMemberSessions, revokeOtherSession, revokeSession, type SessionPolicy } from './sessions.ts';

/**
 * The member's security activity (Step 11 §2): the events of its account and its active sessions,
 * any other one of which it may end. Ending a session is announced to every server process and
 * confirmed before the answer (sessions.ts, session-cache.ts): the ended token fails at once.
 */

export interface SecurityContext {
  db: Database;
  clock: Clock;
  sessionPolicy: SessionPolicy;
}

/** The session that asks: its member, and itself (`current`). */
interface Caller {
  sessionId: string;
  memberId: string;
}

/** More sessions than anyone keeps open on purpose; the list stops there. */
const MAX_SESSIONS_LISTED = 100;

/** The member's security events, newest first (one index range), `cursor` the previous page's `nextCursor`. */
export async function listSecurityEvents(
  db: Database,
  caller: Caller,
  { cursor, limit = DEFAULT_PAGE_SIZE }: TSecurityEventsRequest,
): Promise<TSecurityEventsResponse> {
  const rows = await db
    .select()
    .from(memberSecurityEvents)
    .where(
      and(
        eq(memberSecurityEvents.memberId, caller.memberId),
        cursor === undefined ? undefined : lt(memberSecurityEvents.id, BigInt(cursor)),
      ),
    )
    .orderBy(desc(memberSecurityEvents.id))
    .limit(limit + 1);
  return toPage(rows, limit, (row) => ({
    id: row.id.toString(),
    kind: row.kind as TSecurityEventKind,
    device: row.device,
    ip: row.ip,
    detail: row.detail,
    current: row.sessionId === caller.sessionId,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * The member's active sessions (not ended, inside both expiries), the asking one first, then by
 * last use; device and address from each session's sign-in event.
 */
export async function listActiveSessions(context: SecurityContext, caller: Caller): Promise<TMemberSessionsResponse> {
  const now = context.clock.now();
  const idleSince = new Date(now.getTime() - context.sessionPolicy.idleSeconds * 1000);
  const rows = await context.db
    .select({
      id: sessions.id,
      loginType: sessions.loginType,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      device: memberSecurityEvents.device,
      ip: memberSecurityEvents.ip,
    })
    .from(sessions)
    .leftJoin(
      memberSecurityEvents,
      and(eq(memberSecurityEvents.sessionId, sessions.id), eq(memberSecurityEvents.kind, SecurityEventKind.SIGN_IN)),
    )
    .where(
      and(
        eq(sessions.memberId, caller.memberId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, idleSince),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
    .limit(MAX_SESSIONS_LISTED);
  const list = rows.map((row) => ({
    id: row.id,
    device: row.device,
    ip: row.ip,
    loginType: row.loginType,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === caller.sessionId,
  }));
  return { list: [...list.filter((row) => row.current), ...list.filter((row) => !row.current)] };
}

/**
 * Ends one other session of the member. Another member's session, an ended one and the asking one
 * answer alike (SESSION_NOT_FOUND) and change nothing.
 */
export async function endOtherSession(
  context: SecurityContext,
  caller: Caller,
  client: ClientInfo,
  sessionId: string,
): Promise<void> {
  await context.db.transaction(async (tx) => {
    const ended = await revokeOtherSession(
      tx,
      context.clock,
      caller.memberId,
      caller.sessionId,
      sessionId,
      'ended-by-member',
    );
    if (!ended) throw new AppError('SESSION_NOT_FOUND');
    await recordSecurityEvent(tx, {
      memberId: caller.memberId,
      kind: SecurityEventKind.SESSION_ENDED,
      at: context.clock.now(),
      client,
      sessionId: caller.sessionId,
    });
  });
}

/** Ends every session of the member but the asking one; an event only when some ended. */
export async function endOtherSessions(
  context: SecurityContext,
  caller: Caller,
  client: ClientInfo,
): Promise<TEndOtherSessionsResponse> {
  return context.db.transaction(async (tx) => {
    const ended = await revokeMemberSessions(tx, context.clock, caller.memberId, 'ended-by-member', caller.sessionId);
    if (ended > 0) {
      await recordSecurityEvent(tx, {
        memberId: caller.memberId,
        kind: SecurityEventKind.OTHER_SESSIONS_ENDED,
        at: context.clock.now(),
        client,
        sessionId: caller.sessionId,
        detail: String(ended),
      });
    }
    return { ended };
  });
}

/** Logout: ends the asking session, recorded as a sign-out. */
export async function signOut(context: SecurityContext, caller: Caller, client: ClientInfo): Promise<void> {
  await context.db.transaction(async (tx) => {
    await revokeSession(tx, context.clock, caller.sessionId, 'logout');
    await recordSecurityEvent(tx, {
      memberId: caller.memberId,
      kind: SecurityEventKind.SIGN_OUT,
      at: context.clock.now(),
      client,
      sessionId: caller.sessionId,
    });
  });
}
