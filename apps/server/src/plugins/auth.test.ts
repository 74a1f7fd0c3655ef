import { AppError } from '@kpc/shared';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { SessionCache } from '../modules/account/session-cache.ts';
import { createAuthHooks } from './auth.ts';
import { wirePlugin } from './wire.ts';

/** A server with one route that reads an optional session, over sessions that answer `authenticate` so. */
async function serverWhoseSessions(authenticate: SessionCache['authenticate']) {
  const sessions = { authenticate, hasUnconfirmedRevocations: () => false } as unknown as SessionCache;
  const auth = createAuthHooks(sessions);
  const app = Fastify();
  await app.register(wirePlugin);
  app.post('/optional', { preHandler: auth.readOptionalSession }, (request) => ({
    loggedIn: request.session !== undefined,
  }));
  return app;
}

describe('readOptionalSession', () => {
  it('reads a token that does not sign in as no session', async () => {
    const app = await serverWhoseSessions(() => Promise.reject(new AppError('SESSION_REVOKED')));
    const response = await app.inject({ method: 'POST', url: '/optional', headers: { token: 'x'.repeat(43) } });
    expect(response.json()).toEqual({ loggedIn: false });
    await app.close();
  });

  it('does not act logged out when the session cannot be read: the call answers "busy, try again"', async () => {
    const lost = new Error('Connection terminated unexpectedly');
    const app = await serverWhoseSessions(() => Promise.reject(lost));
    const response = await app.inject({ method: 'POST', url: '/optional', headers: { token: 'x'.repeat(43) } });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 1002 });
    await app.close();
  });
});
