import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { connectChainNodes } from './chain/nodes.ts';
import { configuredChainRuntime, type ChainRuntime } from './chain/runtime.ts';
import type { Config } from './config/env.ts';
import { openChangeFeed } from './db/change-feed.ts';
import type { DatabaseHandle } from './db/client.ts';
import { ensureAppSecret } from './db/seed.ts';
import { listBackgroundJobs } from './jobs/index.ts';
import { createScheduler } from './jobs/scheduler.ts';
import { createReferenceData } from './ledger/reference-data.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createSessionCache } from './modules/account/session-cache.ts';
import type { CardIssuer } from './modules/card/issuer/issuer.ts';
import { createCardIssuer, type CardIssuerDependencies } from './modules/card/issuer/registry.ts';
import { databaseSandboxStore } from './modules/card/sandbox-db-store.ts';
import type { CardContext } from './modules/card/context.ts';
import { applyCardIssuerEvent } from './modules/card/issuer-events.ts';
import { cardKeysOf } from './modules/card/keys.ts';
import { reconcileCardApplications } from './modules/card/recovery.ts';
import { registerModules, type ServerContext } from './modules/index.ts';
import { SYSTEM_ACTOR } from './modules/audit/service.ts';
import { DEVELOPMENT_ADMINISTRATOR, ensureDevelopmentAdministrator } from './modules/operators/accounts.ts';
import { operatorPolicyOf, type OperatorContext } from './modules/operators/context.ts';
import { secondFactorKeysOf } from './modules/operators/second-factor.ts';
import { createDepositWatchers } from './modules/recharge/deposit-watcher.ts';
import { createWithdrawalSenders } from './modules/withdraw/withdrawal-sender.ts';
import { createBackgroundWork } from './plugins/background-work.ts';
import { apiReference } from './plugins/api-reference.ts';
import { createAuthHooks } from './plugins/auth.ts';
import { healthRoute } from './plugins/health.ts';
import { createMetrics, httpMetrics } from './plugins/metrics.ts';
import { createLoggerOptions } from './plugins/logger.ts';
import { createConfiguredMailer } from './plugins/mailer.ts';
import { serveMemberApp } from './plugins/member-app.ts';
import { serveOperatorConsole } from './plugins/operator-console.ts';
import { rateLimits } from './plugins/rate-limit.ts';
import { connectRedis } from './plugins/redis.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { wirePlugin } from './plugins/wire.ts';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** The chains resolved at start (main.ts may start the embedded one); default: the configured chains. */
  chains?: ChainRuntime;
  /** Tests move time to expire codes and sessions. */
  clock?: Clock;
  /** Tests capture the log to prove secrets never reach it. */
  logStream?: DestinationStream;
  /** Tests drive the card issuer on their own clock; default: the adapter CARD_ISSUER names. */
  cardIssuer?: (dependencies: CardIssuerDependencies) => CardIssuer;
  /** main.ts: filled once the app is ready with what the start-up banner shows (development). */
  developmentAccess?: DevelopmentAccess;
}

/** What development start-up made for a newcomer: the administrator to enrol (lib/startup-banner.ts). */
export interface DevelopmentAccess {
  administrator?: { email: string; enrolmentUrl: string | null };
}

/**
 * Builds the server: infrastructure (plugins/), the shared context, every module (modules/index.ts),
 * the background jobs (jobs/index.ts), health and the built member app. Tests call it and `inject`.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const db = database.db;
  const clock = options.clock ?? systemClock;
  const chains = options.chains ?? configuredChainRuntime(config);
  const app = Fastify({
    logger: createLoggerOptions({ config, chains, stream: options.logStream }),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 64 * 1024,
    // Never let a client's request id into our logs unchecked.
    requestIdHeader: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Infrastructure, before any route.
  const mailer = createConfiguredMailer(app, config, db);
  const redis = connectRedis(app, config);
  await app.register(wirePlugin);
  const metrics = createMetrics();
  await app.register(httpMetrics, { metrics });
  await app.register(securityHeaders);
  await app.register(rateLimits, { redis, keyPrefix: config.REDIS_KEY_PREFIX });
  await app.register(apiReference);

  // What modules and jobs share.
  const sessionPolicy = { idleSeconds: config.SESSION_IDLE_SECONDS, maxAgeSeconds: config.SESSION_MAX_AGE_SECONDS };
  const secret = await ensureAppSecret(db, config.APP_SECRET);
  const nodes = await connectChainNodes({
    runtime: chains,
    timeoutSeconds: config.RPC_TIMEOUT_SECONDS,
    logger: app.log,
  });
  // In-process caches of sessions and reference data, dropped on change in every process.
  const changes = await openChangeFeed(database, app.log);
  app.addHook('onClose', async () => changes.close());
  const sessionCache = await createSessionCache({ db, clock, policy: sessionPolicy, changes, logger: app.log });
  const auth = createAuthHooks(sessionCache);
  app.addHook('onSend', auth.confirmRevocations);
  // One card issuer per process, its events applied by the card module (each once).
  const onCardError = (error: unknown, where: string) => app.log.error({ err: error }, `card issuer: ${where}`);
  const cardKeys = cardKeysOf(secret);
  const issuerDependencies: CardIssuerDependencies = {
    clock,
    store: databaseSandboxStore(db, cardKeys.sandboxStore),
    numberDigest: cardKeys.numberDigest,
    onError: onCardError,
  };
  const cardIssuer = options.cardIssuer
    ? options.cardIssuer(issuerDependencies)
    : createCardIssuer(config.CARD_ISSUER, issuerDependencies);
  const cards: CardContext = { db, clock, secret, keys: cardKeys, issuer: cardIssuer, onError: onCardError };
  cardIssuer.onEvent((event) => applyCardIssuerEvent(cards, event));
  let recovery: Promise<void> = Promise.resolve();
  app.addHook('onReady', async () => {
    await cardIssuer.start();
    // Events missed while stopped are read back from the issuer (in the background: start-up does not wait).
    recovery = reconcileCardApplications(cards).catch((error: unknown) => onCardError(error, 'recovery'));
  });
  app.addHook('onClose', async () => {
    await cardIssuer.stop();
    await recovery;
  });
  const operators: OperatorContext = {
    db,
    clock,
    keys: secondFactorKeysOf(secret),
    publicUrl: config.publicUrl,
    policy: operatorPolicyOf(config),
  };
  // Development: an administrator to sign in with, printed like the genesis invitation code.
  if (config.isFaucetEnabled && config.NODE_ENV === 'development') {
    app.addHook('onReady', async () => {
      const link = await ensureDevelopmentAdministrator(operators, { ...SYSTEM_ACTOR, name: 'development' });
      if (options.developmentAccess) {
        options.developmentAccess.administrator = { email: DEVELOPMENT_ADMINISTRATOR, enrolmentUrl: link };
      }
      if (link) {
        app.log.info(`Development administrator admin@kpc.local: enrol (password and authenticator) at ${link}`);
      }
    });
  }
  const context: ServerContext = {
    config,
    db,
    clock,
    mailer,
    logger: app.log,
    secret,
    chains,
    nodes,
    sessionPolicy,
    auth,
    referenceData: await createReferenceData(db, changes),
    depositWatchers: createDepositWatchers({ db, nodes, logger: app.log, blockRange: config.WATCHER_BLOCK_RANGE }),
    withdrawalSenders: createWithdrawalSenders({
      db,
      nodes,
      logger: app.log,
      confirmations: config.WITHDRAW_CONFIRMATIONS,
    }),
    cards,
    operators,
    metrics,
  };
  metrics.watch({ database, nodes, watchedChainIds: new Set(context.depositWatchers.keys()) });

  // What a request starts and does not wait for (an on-demand snapshot): closing waits for it.
  app.decorate('backgroundWork', createBackgroundWork());
  app.addHook('onClose', async () => app.backgroundWork.settled());
  await registerModules(app, context);

  const scheduler = createScheduler(app.log, metrics.observeJob);
  for (const job of listBackgroundJobs(context)) scheduler.add(job);
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => scheduler.stop());

  await app.register(healthRoute, { database, nodes, watchedChainIds: new Set(context.depositWatchers.keys()) });
  await serveOperatorConsole(app, config.ADMIN_DIST_DIR);
  await serveMemberApp(app, config.WEB_DIST_DIR);
  return app;
}
