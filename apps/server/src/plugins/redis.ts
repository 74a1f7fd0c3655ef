import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config/env.ts';

/** How long start-up waits for Redis: past it (Redis down) the process starts and counts alone. */
const REDIS_READY_WAIT_MS = 3000;

/**
 * The process's Redis connection when REDIS_URL is set (what several processes share: rate limits),
 * closed with the app; undefined without one.
 */
export function connectRedis(app: FastifyInstance, config: Pick<Config, 'REDIS_URL'>): Redis | undefined {
  if (!config.REDIS_URL) return undefined;
  const redis = new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 1 });
  // ioredis reconnects on its own; say once per outage that it is away (what falls back, and how,
  // is said by its users: plugins/rate-limit.ts).
  let away = false;
  redis.on('error', (error: Error) => {
    if (!away) app.log.warn({ err: error }, 'Redis does not answer; reconnecting');
    away = true;
  });
  redis.on('ready', () => {
    away = false;
  });
  // A process starting up counts in Redis from its first request: it waits (a little) for the
  // connection, which opens in the background, rather than count its first requests alone.
  app.addHook('onReady', async () => {
    if (redis.status === 'ready') return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => redis.once('ready', () => resolve())),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, REDIS_READY_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
  });
  app.addHook('onClose', async () => {
    await redis.quit();
  });
  return redis;
}
