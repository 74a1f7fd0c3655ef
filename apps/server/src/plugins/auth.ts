import { AppError } from '@kpc/shared';
import type { FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import type { SessionCache } from '../modules/account/session-cache.ts';
import type { AuthenticatedSession } from '../modules/account/sessions.ts';

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

/**
 * Pre-handlers for the `token` header (SPEC §7): one that requires a session, one that only reads
 * it; and the `onSend` hook that holds a revoking answer (logout, password change) until every
 * server process has dropped the revoked sessions (session-cache.ts).
 */
export function createAuthHooks(sessions: SessionCache) {
  const confirmRevocations: onSendHookHandler = (_request: FastifyRequest, _reply: FastifyReply, payload, done) => {
    if (!sessions.hasUnconfirmedRevocations()) {
      done(null, payload);
      return;
    }
    sessions.confirmRevocations().then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
  };
  return {
    requireSession: async (request: FastifyRequest) => {
      request.session = await sessions.authenticate(readToken(request));
    },
    readOptionalSession: async (request: FastifyRequest) => {
      const token = readToken(request);
      if (!token) return;
      // A token that does not sign in (unknown, expired, revoked, a disabled member) is read as none;
      // a database failure is not, so it answers "busy, try again" instead of acting logged out.
      request.session = await sessions.authenticate(token).catch((error: unknown) => {
        if (error instanceof AppError) return undefined;
        throw error;
      });
    },
    confirmRevocations,
  };
}

/** The session set by `requireSession`; calling it elsewhere is a programming error. */
export function sessionOf(request: FastifyRequest): AuthenticatedSession {
  if (!request.session) throw new Error('route is missing the requireSession pre-handler');
  return request.session;
}
