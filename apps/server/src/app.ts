import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION, AppError } from '@kpc/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import pino, { type DestinationStream } from 'pino';
import { createChainServices, type ChainHealth } from './chain/chain-services.ts';
import { configuredChainRuntime, type ChainRuntime } from './chain/runtime.ts';
import type { Config } from './config/env.ts';
import { configuredSecrets } from './config/secrets.ts';
import type { DatabaseHandle } from './db/client.ts';
import { ensureAppSecret } from './db/seed.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createRedactor, redactingStream } from './lib/redact.ts';
import { createOutboxMailer, createSmtpMailer, createUndeliveredMailer, type Mailer } from './mail/mailer.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { appRoutes } from './modules/app/routes.ts';
import { assetRoutes } from './modules/assets/routes.ts';
import { cardRoutes } from './modules/card/routes.ts';
import { devFaucetRoutes } from './modules/dev/faucet.ts';
import { exchangeRoutes } from './modules/exchange/routes.ts';
import { rechargeRoutes } from './modules/recharge/routes.ts';
import { withdrawRoutes } from './modules/withdraw/routes.ts';
import { devMailboxRoutes } from './modules/dev/mailbox.ts';
import { createAuthHooks } from './plugins/auth.ts';
import { serveMemberApp } from './plugins/member-app.ts';
import { ok, wirePlugin } from './plugins/wire.ts';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** The chains resolved at start (main.ts may start the embedded one); default: the configured chains. */
  chains?: ChainRuntime;
  /** Tests move time to expire codes and sessions. */
  clock?: Clock;
  /** Tests capture the log to prove secrets never reach it. */
  logStream?: DestinationStream;
}

/** Secrets that must never appear in a log line, wherever a serializer puts them. */
const REDACTED_PATHS = [
  'req.headers.token',
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.confirmPassword',
  '*.code',
  '*.token',
  '*.sign',
  '*.hotWalletKey',
  '*.signedTx',
];

/**
 * Builds the server: wire protocol, security headers, rate limits, OpenAPI reference, the
 * account module, the development mailbox and the built member app. Tests call it and `inject`.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;
  const chains = options.chains ?? configuredChainRuntime(config);
  const redact = createRedactor(configuredSecrets(config, chains.chains));
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      stream: redactingStream(options.logStream ?? pino.destination(1), redact),
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 64 * 1024,
    // Never let a client's request id into our logs unchecked.
    requestIdHeader: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mailer: Mailer = config.SMTP_URL
    ? createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM, logger: app.log })
    : config.isMailboxEnabled
      ? createOutboxMailer({ db: database.db, logger: app.log })
      : createUndeliveredMailer({ logger: app.log });
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 1 })
    : undefined;
  app.addHook('onClose', async () => {
    mailer.close();
    await redis?.quit();
  });

  await app.register(wirePlugin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${config.REDIS_KEY_PREFIX}rate-limit:` } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'KPC API',
        version: APP_VERSION,
        description:
          'Every call is `POST /api/<module>/<action>` with a JSON body and answers `{code, msg, data}`: `code` 200 is success; 401, 403 and 5000 mean the session is gone; other codes are business errors with `msg` localised by the `language` header (en_US, zh_CN, hi_IN, ja_JP, ko_KR, ru_RU, vi_VN). Logged-in calls send the `token` header.',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  const sessionPolicy = { idleSeconds: config.SESSION_IDLE_SECONDS, maxAgeSeconds: config.SESSION_MAX_AGE_SECONDS };
  const auth = createAuthHooks({ db: database.db, clock, policy: sessionPolicy });
  const secret = await ensureAppSecret(database.db, config.APP_SECRET);
  await app.register(accountRoutes, {
    context: { db: database.db, clock, mailer, logger: app.log, secret, sessionPolicy, publicUrl: config.publicUrl },
    wallet: {
      db: database.db,
      clock,
      sessionPolicy,
      domains: config.siweDomains,
      allowedChainIds: chains.allowedChainIds,
    },
    auth,
    limits: {
      login: config.RATE_LIMIT_LOGIN_MAX,
      account: config.RATE_LIMIT_ACCOUNT_MAX,
      code: config.RATE_LIMIT_CODE_MAX,
      windowMs: config.RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
  });

  await app.register(appRoutes, { chains });
  await app.register(cardRoutes, { db: database.db, clock });
  await app.register(assetRoutes, { db: database.db, clock, auth, chains });
  await app.register(exchangeRoutes, {
    context: { db: database.db, clock, secret, quoteSeconds: config.EXCHANGE_QUOTE_SECONDS },
    auth,
  });
  if (config.isFaucetEnabled) await app.register(devFaucetRoutes, { db: database.db, auth });

  const chainServices = await createChainServices({ db: database.db, runtime: chains, config, logger: app.log });
  app.addHook('onReady', async () => chainServices.start());
  app.addHook('onClose', async () => chainServices.stop());
  const windowMs = config.RATE_LIMIT_WINDOW_SECONDS * 1000;
  await app.register(rechargeRoutes, {
    context: { db: database.db, chains, watchers: chainServices.watchers, network: chainServices.monitor },
    auth,
    accelerateLimit: { max: config.RATE_LIMIT_CODE_MAX, timeWindow: windowMs },
  });
  await app.register(withdrawRoutes, {
    context: {
      db: database.db,
      clock,
      mailer,
      logger: app.log,
      secret,
      chains,
      network: chainServices.monitor,
      terms: {
        feeRate: config.WITHDRAW_FEE_RATE,
        minFee: config.WITHDRAW_MIN_FEE,
        autoApproveDaily: config.WITHDRAW_AUTO_APPROVE_DAILY,
      },
    },
    auth,
    codeLimit: { max: config.RATE_LIMIT_CODE_MAX, timeWindow: windowMs },
  });

  /**
   * Health for load balancers and operators: 503 only when the database does not answer (this
   * process can do nothing). A chain whose node is down or not verified makes it `degraded`, with
   * each chain's node state, head and its watcher's lag in blocks.
   */
  app.get('/health', { schema: { hide: true } }, async (_request, reply) => {
    let chainStates: ChainHealth[];
    try {
      chainStates = await chainServices.health();
    } catch (error) {
      app.log.error({ err: error }, 'health check failed');
      return reply.status(503).send({ code: 503, msg: 'database unavailable', data: null });
    }
    const status = chainStates.every((chain) => chain.node === 'up') ? 'ok' : 'degraded';
    return ok({ status, database: database.kind, version: APP_VERSION, chains: chainStates });
  });

  if (config.isMailboxEnabled && mailer.kind === 'outbox') {
    await app.register(devMailboxRoutes, { db: database.db });
  }

  await serveMemberApp(app, config.WEB_DIST_DIR);
  return app;
}
