import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import { AppError, ErrorCode } from '@kpc/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OperatorKey } from '../config/env.ts';
import { translate } from '../lib/i18n.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on `/api/operator/*` routes by the operator key check: who is acting. */
    operator?: { name: string } | undefined;
  }
}

/** The header an operator call carries its key in. Member `token`s are never read here. */
export const OPERATOR_KEY_HEADER = 'x-operator-key';

export interface OperatorApiOptions {
  /** OPERATOR_KEYS; empty: every call is refused (unless a development key is generated). */
  keys: readonly OperatorKey[];
  /** Development with the faucet on and no OPERATOR_KEYS: generate one key and log it. */
  generateDevelopmentKey: boolean;
  /** Wrong or missing keys per client address and window before RATE_LIMITED. */
  failureLimit: { max: number; timeWindow: number };
  /** The operator route plugins, registered behind the key check. */
  routes: FastifyPluginAsyncZod[];
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The operator API (Step 6): `/api/operator/<module>/<action>`, authorised by `x-operator-key`
 * alone. Keys are compared as SHA-256 digests in constant time, every key each time, so timing
 * tells nothing of any key. A missing or wrong key answers HTTP 401 (body code 401, localised) and
 * counts toward a per-address limit, shared through Redis like the other limits.
 */
export const operatorApi: FastifyPluginAsyncZod<OperatorApiOptions> = async (app, options) => {
  const keys = [...options.keys];
  if (keys.length === 0 && options.generateDevelopmentKey) {
    const secret = randomBytes(24).toString('base64url');
    keys.push({ name: 'dev', secret });
    // Like the genesis invitation code: printed once, so a newcomer can call the operator API.
    app.log.info(
      { operatorKeyName: 'dev' },
      `Development operator key: ${secret} (send it as the ${OPERATOR_KEY_HEADER} header; set OPERATOR_KEYS to choose your own)`,
    );
  }
  const digests = keys.map((key) => ({ name: key.name, digest: digest(key.secret) }));
  const failures = app.createRateLimit({
    ...options.failureLimit,
    keyGenerator: (request) => `operator-key:${normalizeIP(request.ip)}`,
  });

  function operatorFor(given: string | undefined): string | undefined {
    if (!given) return undefined;
    const candidate = digest(given);
    let found: string | undefined;
    for (const key of digests) if (timingSafeEqual(candidate, key.digest) && !found) found = key.name;
    return found;
  }

  app.decorateRequest('operator', undefined);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers[OPERATOR_KEY_HEADER];
    const name = operatorFor(Array.isArray(header) ? header[0] : header);
    if (name) {
      request.operator = { name };
      return;
    }
    const limit = await failures(request);
    if (!limit.isAllowed && limit.isExceeded) {
      const seconds = Math.max(1, limit.ttlInSeconds);
      void reply.header('retry-after', seconds);
      throw new AppError('RATE_LIMITED', { seconds });
    }
    request.log.warn({ operatorKeyGiven: Boolean(header) }, 'operator call refused: missing or wrong key');
    return reply
      .status(401)
      .serializer(JSON.stringify)
      .send({
        code: ErrorCode.UNAUTHORIZED,
        msg: translate(request.locale, 'errors.OPERATOR_UNAUTHORIZED'),
        data: null,
      });
  });
  for (const routes of options.routes) await app.register(routes);
};

/** The operator set by the key check; calling it outside `operatorApi` is a programming error. */
export function operatorOf(request: FastifyRequest): { name: string } {
  if (!request.operator) throw new Error('route is not behind the operator key check');
  return request.operator;
}
