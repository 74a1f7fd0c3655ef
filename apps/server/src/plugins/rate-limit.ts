import { createRequire } from 'node:module';
import rateLimit, { type FastifyRateLimitStore, type RateLimitPluginOptions } from '@fastify/rate-limit';
import { AppError } from '@kpc/shared';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

// The plugin's own stores (CommonJS, no types of their own): the shared one over Redis and the
// in-process one. Reusing them keeps the counting rules (windows, TTLs) the plugin's.
const require = createRequire(import.meta.url);
type StoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => Store;
/** The plugin's store, with the `read` (a look without counting) its own stores have. */
type Store = Omit<FastifyRateLimitStore, 'child'> & {
  read: FastifyRateLimitStore['incr'];
  child: (routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) => Store;
};
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreCtor;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreCtor;

type Callback = Parameters<Store['incr']>[1];
type ChildOptions = Parameters<Store['child']>[0];

/**
 * Counts in Redis, so every process shares the limits; while Redis does not answer (down,
 * restarting, unreachable) each process counts alone instead (Step 10 §2): the limits still hold,
 * per process, and no request fails because the counter is away. Redis is used again as soon as
 * it is back.
 */
function sharedWithFallback(redis: Redis, nameSpace: string, log: FastifyBaseLogger) {
  let fellBack = false;
  /** Logs the first fallback of an outage; `why` is the error, or Redis's connection status. */
  const fallBack = (why: unknown) => {
    if (fellBack) return;
    fellBack = true;
    log.warn(
      why instanceof Error ? { err: why } : { redisStatus: why },
      'rate limits: Redis does not answer, each process counts alone',
    );
  };
  redis.on('ready', () => {
    if (fellBack) log.info('rate limits: Redis is back, limits are shared again');
    fellBack = false;
  });

  class SharedWithFallback implements Store {
    private readonly shared: Store;
    private readonly local: Store;

    constructor(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }, stores?: [Store, Store]) {
      const continueExceeding = params.continueExceeding ?? false;
      const exponentialBackoff = params.exponentialBackoff ?? false;
      [this.shared, this.local] = stores ?? [
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
      ];
    }

    private either(method: 'incr' | 'read', key: string, callback: Callback, timeWindow: number, max: number) {
      // Not connected: count here at once rather than wait for a reconnection.
      if (redis.status !== 'ready') {
        fallBack(redis.status);
        this.local[method](key, callback, timeWindow, max);
        return;
      }
      this.shared[method](
        key,
        (error, result) => {
          if (!error) return callback(null, result);
          fallBack(error);
          this.local[method](key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number) {
      this.either('incr', key, callback, timeWindow, max);
    }

    read(key: string, callback: Callback, timeWindow: number, max: number) {
      this.either('read', key, callback, timeWindow, max);
    }

    child(routeOptions: ChildOptions): Store {
      return new SharedWithFallback({}, [this.shared.child(routeOptions), this.local.child(routeOptions)]);
    }
  }
  return SharedWithFallback;
}

/**
 * Rate limits, per route (`config.rateLimit`): counted in Redis when there is one, so every
 * process shares them, else (or while Redis is away) in this process. Going over answers
 * RATE_LIMITED with the wait.
 */
export const rateLimits = fp<{ redis: Redis | undefined; keyPrefix: string }>(async (app, { redis, keyPrefix }) => {
  const options: RateLimitPluginOptions = {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  };
  if (redis) options.store = sharedWithFallback(redis, `${keyPrefix}rate-limit:`, app.log);
  await app.register(rateLimit, options);
});
