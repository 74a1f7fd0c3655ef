import pino from 'pino';
import { buildApp, type DevelopmentAccess } from './app.ts';
import { startChains } from './chain/start-chains.ts';
import { loadConfig, type Config } from './config/env.ts';
import { configuredSecrets } from './config/secrets.ts';
import { createRedactor, redactingStream } from './lib/redact.ts';
import { frameBanner, startupBanner } from './lib/startup-banner.ts';
import { logDestination } from './plugins/logger.ts';
import { openDatabase } from './db/client.ts';
import { ensureGenesisInviteCode } from './db/seed.ts';

/** Logs what happens before the app (and its logger) exists, with the same secrets hidden. */
function bootLogger(config: Config, redact: (text: string) => string) {
  return pino({ level: config.LOG_LEVEL }, redactingStream(logDestination(config), redact));
}

/** Starts the server: config, database with migrations, genesis seed, then listen. */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
    connectTimeoutSeconds: config.DATABASE_CONNECT_SECONDS,
  });
  const redact = createRedactor(configuredSecrets(config, config.chains));
  const { runtime: chains, devChain, banner } = await startChains(config, bootLogger(config, redact));
  let app: Awaited<ReturnType<typeof buildApp>>;
  const developmentAccess: DevelopmentAccess = {};
  try {
    app = await buildApp({ config, database, chains, developmentAccess });
  } catch (error) {
    // A chain that contradicts its settings (chain/verify-chain.ts) stops start-up here, as a bad setting does.
    console.error(redact(error instanceof Error ? error.message : String(error)));
    await database.close();
    await devChain?.stop();
    process.exit(1);
  }
  const genesisCode = await ensureGenesisInviteCode(database.db, config.GENESIS_INVITE_CODE);
  app.log.info(
    { genesisInviteCode: genesisCode },
    `Genesis invitation code: ${genesisCode} (register the first member with it)`,
  );

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    await devChain?.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const production = config.NODE_ENV === 'production';
  const lines = startupBanner({
    production,
    publicUrl: config.publicUrl,
    genesisInviteCode: genesisCode,
    administrator: developmentAccess.administrator ?? null,
    mail: config.SMTP_URL ? 'smtp' : config.isMailboxEnabled ? 'mailbox' : 'outbox',
    devChain: banner ?? null,
  });
  if (production) {
    app.log.info({ database: database.kind, mail: config.SMTP_URL ? 'smtp' : 'outbox' }, lines.join(' '));
  } else {
    // Plain text for the person at the terminal, after every log line of start-up.
    console.log(frameBanner(lines));
  }
}

await main();
