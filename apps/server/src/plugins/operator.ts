import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import { AppError, ErrorCode } from '@kpc/shared';
import { OPERATOR_ROLES, roleGranting, type TOperatorRole, type TPermission } from '@kpc/shared/operator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OperatorKey } from '../config/env.ts';
import { translate } from '../lib/i18n.ts';
import type { Actor } from '../modules/audit/service.ts';
import type { OperatorContext } from '../modules/operators/context.ts';
import { authenticateOperator, hasFreshSecondFactor, type SignedInOperator } from '../modules/operators/sessions.ts';

/**
 * What a route under `/api/operator/*` needs (Step 8a §2): `public` (signing in, enrolling),
 * `signed-in` (any operator: who am I, sign out, step-up), or a permission, with `stepUp` for money
 * actions (a second factor given within OPERATOR_STEP_UP_SECONDS). Every operator route says which:
 * one without is refused at start-up.
 */
export type OperatorAccess =
  | 'public'
  | 'signed-in'
  /** Several permissions: the operator's roles must grant every one (a money term: config + money). */
  | { permission: TPermission | readonly TPermission[]; stepUp?: boolean };

declare module 'fastify' {
  interface FastifyContextConfig {
    operator?: OperatorAccess;
  }
  interface FastifyRequest {
    /** Set on `/api/operator/*` routes: who is acting, and as which role. */
    operator?: RequestOperator | undefined;
  }
}

/** An operator (a person, by session) or a service account (by key), for the route at hand. */
export interface RequestOperator {
  kind: 'operator' | 'service';
  /** The operator's id, or the service account's name. */
  id: string;
  name: string;
  roles: TOperatorRole[];
  /** For a person: the session and the operator row. */
  signedIn: SignedInOperator | null;
  /** The audit log's "who": the role is the one that grants this route's permission. */
  actor: Actor;
}

/** The header a service account's key travels in. Member `token`s are never read here. */
export const OPERATOR_KEY_HEADER = 'x-operator-key';
/** The console's session cookie: HttpOnly, SameSite=Strict, only sent to `/api/operator`. */
export const OPERATOR_COOKIE = 'kpc_operator';

export interface OperatorApiOptions {
  /** OPERATOR_KEYS; empty: no service account (unless a development key is generated). */
  keys: readonly OperatorKey[];
  /** Development with the faucet on and no OPERATOR_KEYS: generate one key, with every role, and log it. */
  generateDevelopmentKey: boolean;
  /** Wrong or missing credentials per client address and window before RATE_LIMITED. */
  failureLimit: { max: number; timeWindow: number };
  operators: OperatorContext;
  /** The operator route plugins, registered behind the checks. */
  routes: FastifyPluginAsyncZod[];
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** A service key may also come as `Authorization: Bearer <key>`, as scrapers such as Prometheus send it. */
function bearerOf(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return match?.[1];
}

function cookieToken(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === OPERATOR_COOKIE) return value.join('=');
  }
  return undefined;
}

/** The cookie that carries a session token (an empty one, expired, signs out). */
export function sessionCookie(token: string | null, maxAgeSeconds: number, secure: boolean): string {
  const attributes = ['Path=/api/operator', 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])];
  return token === null
    ? `${OPERATOR_COOKIE}=; Max-Age=0; ${attributes.join('; ')}`
    : `${OPERATOR_COOKIE}=${token}; Max-Age=${maxAgeSeconds}; ${attributes.join('; ')}`;
}

function refuse(request: FastifyRequest, reply: FastifyReply, status: number, code: number, key: string) {
  return reply
    .status(status)
    .serializer(JSON.stringify)
    .send({ code, msg: translate(request.locale, `errors.${key}`), data: null });
}

/**
 * The operator API: `/api/operator/<module>/<action>`, for the console (a person's session cookie)
 * and for automation (a service account's `x-operator-key`). Each route's access is checked on the
 * server for every call: no credentials HTTP 401; a role without the permission, a service account
 * or a stale second factor on a money action HTTP 403 (wire envelope, localised). Keys are compared
 * as SHA-256 digests in constant time. Missing or wrong credentials count toward a per-address
 * limit, shared through Redis like the other limits.
 */
export const operatorApi: FastifyPluginAsyncZod<OperatorApiOptions> = async (app, options) => {
  const keys = [...options.keys];
  if (keys.length === 0 && options.generateDevelopmentKey) {
    const secret = randomBytes(24).toString('base64url');
    keys.push({ name: 'dev', roles: [...OPERATOR_ROLES], secret });
    // Like the genesis invitation code: printed once, so a newcomer can call the operator API.
    app.log.info(
      { operatorKeyName: 'dev' },
      `Development operator key: ${secret} (every role; send it as the ${OPERATOR_KEY_HEADER} header; set OPERATOR_KEYS to choose your own)`,
    );
  }
  const services = keys.map((key) => ({ name: key.name, roles: key.roles, digest: digest(key.secret) }));
  const failures = app.createRateLimit({
    ...options.failureLimit,
    keyGenerator: (request) => `operator-key:${normalizeIP(request.ip)}`,
  });

  function serviceFor(given: string | undefined) {
    if (!given) return undefined;
    const candidate = digest(given);
    let found: (typeof services)[number] | undefined;
    for (const service of services) if (timingSafeEqual(candidate, service.digest) && !found) found = service;
    return found;
  }

  app.addHook('onRoute', (route) => {
    if (route.config?.operator === undefined) {
      throw new Error(`operator route ${route.url} does not say who may call it (config.operator)`);
    }
  });
  app.decorateRequest('operator', undefined);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const access = request.routeOptions.config.operator;
    if (access === undefined || access === 'public') return;
    // The console is same-origin: a request another site's page sent is refused outright.
    const origin = request.headers.origin;
    if (origin && origin !== 'null' && new URL(origin).host !== request.headers.host) {
      return refuse(request, reply, 403, ErrorCode.OPERATOR_FORBIDDEN, 'OPERATOR_FORBIDDEN');
    }
    const signedIn = await authenticateOperator(options.operators, cookieToken(request));
    const header = request.headers[OPERATOR_KEY_HEADER] ?? bearerOf(request.headers.authorization);
    const service = signedIn ? undefined : serviceFor(Array.isArray(header) ? header[0] : header);
    if (!signedIn && !service) {
      const limit = await failures(request);
      if (!limit.isAllowed && limit.isExceeded) {
        const seconds = Math.max(1, limit.ttlInSeconds);
        void reply.header('retry-after', seconds);
        throw new AppError('RATE_LIMITED', { seconds });
      }
      request.log.warn({ operatorKeyGiven: Boolean(header) }, 'operator call refused: no session or key');
      return refuse(request, reply, 401, ErrorCode.UNAUTHORIZED, 'OPERATOR_UNAUTHORIZED');
    }
    const roles = (signedIn ? signedIn.operator.roles : service!.roles) as TOperatorRole[];
    let role: string | null = null;
    if (access !== 'signed-in') {
      const needed: readonly TPermission[] =
        typeof access.permission === 'string' ? [access.permission] : access.permission;
      const granting = needed.map((permission) => roleGranting(roles, permission));
      if (granting.some((granted) => granted === null)) {
        return refuse(request, reply, 403, ErrorCode.OPERATOR_FORBIDDEN, 'OPERATOR_FORBIDDEN');
      }
      role = [...new Set(granting)].join('+');
      if (access.stepUp) {
        // A service account has no second factor: money actions are for people.
        if (!signedIn) return refuse(request, reply, 403, ErrorCode.OPERATOR_FORBIDDEN, 'OPERATOR_FORBIDDEN');
        if (!hasFreshSecondFactor(options.operators, signedIn.session)) {
          return refuse(request, reply, 403, ErrorCode.OPERATOR_STEP_UP_REQUIRED, 'OPERATOR_STEP_UP_REQUIRED');
        }
      }
    }
    const ip = normalizeIP(request.ip);
    request.operator = signedIn
      ? {
          kind: 'operator',
          id: signedIn.operator.id,
          name: signedIn.operator.name,
          roles,
          signedIn,
          actor: { type: 'operator', id: signedIn.operator.id, name: signedIn.operator.name, role, ip },
        }
      : {
          kind: 'service',
          id: service!.name,
          name: service!.name,
          roles,
          signedIn: null,
          actor: { type: 'service', id: service!.name, name: service!.name, role, ip },
        };
  });
  for (const routes of options.routes) await app.register(routes);
};

/** The operator set by the checks; calling it outside `operatorApi`'s signed-in routes is a programming error. */
export function operatorOf(request: FastifyRequest): RequestOperator {
  if (!request.operator) throw new Error('route is not behind the operator checks');
  return request.operator;
}

/** The person signed in (routes for the console's own session: me, step-up, sign-out). */
export function signedInOf(request: FastifyRequest): SignedInOperator {
  const signedIn = operatorOf(request).signedIn;
  if (!signedIn) throw new AppError('OPERATOR_FORBIDDEN');
  return signedIn;
}
