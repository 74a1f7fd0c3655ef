import { normalizeIP } from '@fastify/rate-limit';
import { AppError } from '@kpc/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hashWithSecret } from '../../lib/crypto.ts';

export interface CredentialLimitSettings {
  /** Attempts per client address and window, over every credential call together. */
  perClient: number;
  /** Attempts per account (an email or a wallet address) and window, from any number of clients. */
  perAccount: number;
  windowMs: number;
  /** Keys the account buckets, so the rate-limit store (Redis) never holds an email or an address. */
  secret: string;
}

type RateLimitCheck = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * Counts credential attempts — email login, register, password reset, wallet login and wallet
 * binding — in two buckets: one per client address shared by all of those calls (so spreading
 * tries over them gains nothing), and one per account they name (so many addresses together
 * cannot try one account's password or code more often). Both live in the rate-limit plugin's
 * store, shared between server processes through Redis when it is configured. The account bucket
 * is counted for every email, registered or not, so being limited tells nothing about an account.
 */
export function createCredentialLimits(app: FastifyInstance, settings: CredentialLimitSettings) {
  // The account key is computed from the validated body, after the limiter was created.
  const accountKeys = new WeakMap<FastifyRequest, string>();
  const clientBucket = app.createRateLimit({
    max: settings.perClient,
    timeWindow: settings.windowMs,
    keyGenerator: (request) => `credential-client:${normalizeIP(request.ip)}`,
  });
  const accountBucket = app.createRateLimit({
    max: settings.perAccount,
    timeWindow: settings.windowMs,
    keyGenerator: (request) => `credential-account:${accountKeys.get(request) ?? ''}`,
  });

  async function countAttempt(check: RateLimitCheck, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const limit = await check(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    const seconds = Math.max(1, limit.ttlInSeconds);
    void reply.header('retry-after', seconds);
    throw new AppError('RATE_LIMITED', { seconds });
  }

  return {
    /**
     * An `onRequest` hook: one attempt in the client's bucket, before the body is read, so
     * malformed tries count too.
     */
    countClientAttempt: (request: FastifyRequest, reply: FastifyReply) => countAttempt(clientBucket, request, reply),
    /** One attempt on `account` (an email or a wallet address, any case), before it is checked. */
    countAccountAttempt: (request: FastifyRequest, reply: FastifyReply, account: string) => {
      accountKeys.set(request, hashWithSecret(settings.secret, account.trim().toLowerCase()));
      return countAttempt(accountBucket, request, reply);
    },
  };
}
