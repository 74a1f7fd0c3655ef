import { fileURLToPath } from 'node:url';
import { freePort, startNodeProcess, type NodeProcess } from './processes.ts';
import { childEnv } from './setup.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The baseline: a Fastify route that answers without touching a database. */
export async function startBareServer(): Promise<NodeProcess> {
  return startNodeProcess({
    name: 'bare Fastify',
    script: 'bench/ledger/bare-server.ts',
    cwd: ROOT,
    env: childEnv({ NODE_ENV: 'production' }),
    port: await freePort(),
  });
}

/** The real server (apps/server/src/main.ts) on the database `databaseEnv` names; migrations run at start. */
export async function startServer(options: {
  inviteCode: string;
  databaseEnv: Record<string, string>;
  nodeArgs?: string[];
  /** Settings over the defaults below, e.g. the embedded chain for withdrawals. */
  env?: Record<string, string>;
}): Promise<NodeProcess> {
  const port = await freePort();
  return startNodeProcess({
    name: 'server',
    script: 'apps/server/src/main.ts',
    cwd: ROOT,
    port,
    nodeArgs: options.nodeArgs ?? [],
    env: childEnv({
      // Members are funded by the faucet, which production refuses: a development server without
      // the embedded chain (nothing in the request path differs by NODE_ENV).
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      DEV_CHAIN: 'off',
      DEV_FAUCET: 'true',
      DEV_MAILBOX: 'false',
      EXCHANGE_QUOTE_SECONDS: '600',
      RATE_LIMIT_LOGIN_MAX: '100000',
      RATE_LIMIT_ACCOUNT_MAX: '100000',
      RATE_LIMIT_CODE_MAX: '100000',
      GENESIS_INVITE_CODE: options.inviteCode,
      ...options.databaseEnv,
      ...options.env,
    }),
  });
}
