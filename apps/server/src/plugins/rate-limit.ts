import rateLimit from '@fastify/rate-limit';
import { AppError } from '@kpc/shared';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

/**
 * Rate limits, per route (`config.rateLimit`): counted in Redis when there is one, so every
 * process shares them, else in this process. Going over answers RATE_LIMITED with the wait.
 */
export const rateLimits = fp<{ redis: Redis | undefined; keyPrefix: string }>(async (app, { redis, keyPrefix }) => {
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${keyPrefix}rate-limit:` } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });
});
