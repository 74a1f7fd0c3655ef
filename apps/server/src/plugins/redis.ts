import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config/env.ts';

/**
 * The process's Redis connection when REDIS_URL is set (what several processes share: rate limits),
 * closed with the app; undefined without one.
 */
export function connectRedis(app: FastifyInstance, config: Pick<Config, 'REDIS_URL'>): Redis | undefined {
  if (!config.REDIS_URL) return undefined;
  const redis = new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 1 });
  app.addHook('onClose', async () => {
    await redis.quit();
  });
  return redis;
}
