import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '@kpc/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashToken } from '../../lib/crypto.ts';
import {
  isPlausibleToken,
  loadSession,
  SESSION_CHANNEL,
  touchIntervalMs,
  unconfirmedRevocations,
  type AuthenticatedSession,
  type SessionPolicy,
  type SessionRecord,
} from './sessions.ts';

/** Processes acknowledge a revocation nonce here: payload `<instanceId> <nonce>`. */
const ACK_CHANNEL = 'kpc_session_acks';
/** How long a revoking request waits for every process's acknowledgement before it answers anyway. */
const CONFIRM_TIMEOUT_MS = 2000;
const DEFAULT_MAX_ENTRIES = 50_000;

export interface SessionCache {
  /** The token's session: from memory when fresh, otherwise from the database (`loadSession`). */
  authenticate(token: string | undefined): Promise<AuthenticatedSession>;
  /** True while revocations sent by this process may not have reached every process yet. */
  hasUnconfirmedRevocations(): boolean;
  /** Waits until every listening process has dropped the sessions this process revoked (bounded). */
  confirmRevocations(): Promise<void>;
}

/**
 * Sessions kept in memory so an authenticated read costs no session query. An entry serves only
 * until the session's next touch is due (`touchIntervalMs`: at most a minute, a tenth of the idle
 * time), so idle and absolute expiry and the sliding touch behave exactly as without the cache,
 * and is dropped in every process when the member's sessions change (logout, password change,
 * an operator's revocation or disabling: triggers notify `kpc_sessions`). While the change feed
 * is not listening, every request reads the database, and reconnecting empties the cache.
 *
 * A revocation made by this process is confirmed before its request answers: every process
 * listening on the database acknowledges the revocation's nonce after dropping the member's
 * sessions, so a logged-out token fails in every process once logout has answered. A process that
 * does not acknowledge within 2 s (stalled) is logged; on PGlite (one process) there is nobody to wait for.
 */
export async function createSessionCache(deps: {
  db: Database;
  clock: Clock;
  policy: SessionPolicy;
  changes: ChangeFeed;
  logger: FastifyBaseLogger;
  maxEntries?: number;
}): Promise<SessionCache> {
  const { db, clock, policy, changes, logger } = deps;
  const maxEntries = deps.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const servesForMs = touchIntervalMs(policy.idleSeconds);
  const entries = new Map<string, SessionRecord>();
  const loading = new Map<string, Promise<SessionRecord>>();
  /** Bumped by every drop: a load that started before it must not store what it read. */
  let generation = 0;
  /** Acknowledgements received, by nonce of a revocation this process waits for. */
  const acks = new Map<string, Set<string>>();
  const ackWaiters = new Set<() => void>();

  const dropAll = () => {
    generation += 1;
    entries.clear();
  };
  const dropMember = (memberId: string) => {
    generation += 1;
    for (const [tokenHash, record] of entries) {
      if (record.session.memberId === memberId) entries.delete(tokenHash);
    }
  };

  changes.onReset(dropAll);
  await changes.subscribe(SESSION_CHANNEL, (payload) => {
    const [memberId = '', nonce] = payload.split(' ');
    dropMember(memberId);
    if (nonce && !changes.synchronous) {
      changes.notify(ACK_CHANNEL, `${changes.instanceId} ${nonce}`).catch((error: Error) => {
        logger.warn({ err: error.message }, 'could not acknowledge a session revocation');
      });
    }
  });
  await changes.subscribe(ACK_CHANNEL, (payload) => {
    const [instanceId = '', nonce = ''] = payload.split(' ');
    if (!unconfirmedRevocations.has(nonce)) return;
    const seen = acks.get(nonce) ?? new Set<string>();
    seen.add(instanceId);
    acks.set(nonce, seen);
    for (const wake of ackWaiters) wake();
  });

  const isFresh = (record: SessionRecord, now: number) =>
    now >= record.lastSeenAt && now - record.lastSeenAt < servesForMs && now < record.expiresAt;

  const load = (tokenHash: string): Promise<SessionRecord> => {
    const pending = loading.get(tokenHash);
    if (pending) return pending;
    const startedAt = generation;
    const promise = loadSession(db, clock, policy, tokenHash)
      .then((record) => {
        if (changes.healthy && generation === startedAt) {
          if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
          entries.set(tokenHash, record);
        }
        return record;
      })
      .catch((error: unknown) => {
        entries.delete(tokenHash);
        throw error;
      })
      .finally(() => loading.delete(tokenHash));
    loading.set(tokenHash, promise);
    return promise;
  };

  /** Resolves when every nonce has an acknowledgement from every instance in `live`, or after the timeout. */
  const acknowledged = async (nonces: string[], live: string[]): Promise<boolean> => {
    const done = () => nonces.every((nonce) => live.every((id) => acks.get(nonce)?.has(id)));
    if (done()) return true;
    const deadline = sleep(CONFIRM_TIMEOUT_MS, false, { ref: false });
    let wake: () => void = () => undefined;
    const confirmed = new Promise<boolean>((resolve) => {
      wake = () => {
        if (done()) resolve(true);
      };
      ackWaiters.add(wake);
    });
    try {
      return await Promise.race([confirmed, deadline]);
    } finally {
      ackWaiters.delete(wake);
    }
  };

  return {
    async authenticate(token) {
      if (!isPlausibleToken(token)) throw new AppError('UNAUTHORIZED');
      const tokenHash = hashToken(token);
      const cached = changes.healthy ? entries.get(tokenHash) : undefined;
      if (cached && isFresh(cached, clock.now().getTime())) return cached.session;
      return (await load(tokenHash)).session;
    },
    hasUnconfirmedRevocations: () => unconfirmedRevocations.size > 0,
    async confirmRevocations() {
      const nonces = [...unconfirmedRevocations];
      if (nonces.length === 0) return;
      if (!changes.synchronous && !changes.healthy) {
        logger.warn('session revocation not confirmed: the change feed is down (other processes may serve it briefly)');
      } else if (!changes.synchronous) {
        const live = await changes.liveInstances();
        if (!(await acknowledged(nonces, live))) {
          const missing = live.filter((id) => !nonces.every((nonce) => acks.get(nonce)?.has(id)));
          logger.warn({ instances: missing }, 'session revocation not acknowledged in time by every process');
        }
      }
      for (const nonce of nonces) {
        unconfirmedRevocations.delete(nonce);
        acks.delete(nonce);
      }
    },
  };
}
