import pino from 'pino';
import { buildApp } from './app.ts';
import { startChains } from './chain/start-chains.ts';
import { loadConfig, type Config } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { ensureGenesisInviteCode } from './db/seed.ts';

/** Logs what happens before the app (and its logger) exists. */
function bootLogger(config: Config) {
  return pino({ level: config.LOG_LEVEL });
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
  });
  const { runtime: chains, devChain, banner } = await startChains(config, bootLogger(config));
  const app = await buildApp({ config, database, chains });
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
  // Plain text for the person at the terminal: how to point a browser wallet at the local chain.
  if (banner) console.log(`\n${banner.join('\n')}\n`);
  app.log.info(
    { database: database.kind, mail: config.SMTP_URL ? 'smtp' : 'outbox' },
    `KPC is running: ${config.publicUrl} — API reference ${config.publicUrl}/docs${config.isMailboxEnabled && !config.SMTP_URL ? ` — mailbox ${config.publicUrl}/dev/mailbox` : ''}`,
  );
}

await main();
