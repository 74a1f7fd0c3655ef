/**
 * One whole KPC server in a process of its own, for multi-process tests (not a test itself):
 *
 *   DATABASE_URL=postgres://… PORT=… KPC_TEST_CHAIN='<DevDeployment JSON>' node --import tsx server-process.ts
 *
 * The server is main.ts's, with its background jobs (deposit watcher, withdrawal sender, release
 * engine, card jobs), on an existing PostgreSQL database and on the local chain the test started
 * (testing/local-chain.ts): the same runtime the test's own in-process app uses, so every process
 * watches and pays on one chain. Every other setting comes from the environment as in main.ts.
 * Prints `{"ready":true,"port":…}` once it listens; a SIGKILL is the test's to send.
 */
import { DEV_ACCOUNTS, type DevDeployment } from '@kpc/contracts/dev-chain';
import { buildApp } from '../app.ts';
import { devChainRuntime } from '../chain/runtime.ts';
import { loadConfig } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';

const deploymentJson = process.env.KPC_TEST_CHAIN;
if (!process.env.DATABASE_URL || !deploymentJson) throw new Error('DATABASE_URL and KPC_TEST_CHAIN are required');
const config = loadConfig();
const deployment = JSON.parse(deploymentJson) as DevDeployment;
const chains = devChainRuntime(config, {
  ...deployment,
  depositAddress: DEV_ACCOUNTS.hotWallet.address,
  hotWalletKey: DEV_ACCOUNTS.hotWallet.privateKey,
});
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: 'unused',
  poolSize: config.DATABASE_POOL_SIZE,
  connectTimeoutSeconds: config.DATABASE_CONNECT_SECONDS,
});
const app = await buildApp({ config, database, chains });
await app.listen({ port: config.PORT, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ ready: true, port: config.PORT })}\n`);
