import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { authenticateToken, type AuthenticatedSession, type SessionPolicy } from '../modules/account/sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth pre-handler on routes that need a logged-in member. */
    session?: AuthenticatedSession | undefined;
  }
}

function readToken(request: FastifyRequest): string | undefined {
  const header = request.headers.token;
  return Array.isArray(header) ? header[0] : header;
}

/** Pre-handlers for the `token` header (SPEC §7): one that requires a session, one that only reads it. */
export function createAuthHooks(deps: { db: Database; clock: Clock; policy: SessionPolicy }) {
  return {
    requireSession: async (request: FastifyRequest) => {
      request.session = await authenticateToken(deps.db, deps.clock, deps.policy, readToken(request));
    },
    readOptionalSession: async (request: FastifyRequest) => {
      const token = readToken(request);
      if (!token) return;
      request.session = await authenticateToken(deps.db, deps.clock, deps.policy, token).catch(() => undefined);
    },
  };
}

/** The session set by `requireSession`; calling it elsewhere is a programming error. */
export function sessionOf(request: FastifyRequest): AuthenticatedSession {
  if (!request.session) throw new Error('route is missing the requireSession pre-handler');
  return request.session;
}
