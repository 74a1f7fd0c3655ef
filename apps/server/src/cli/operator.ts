/**
 * Creates an operator from the command line and prints a one-time enrolment link (Step 8a §2):
 * how the first administrator of a deployment comes to be.
 *
 *   npm run operator -- create --email ada@example.com --name "Ada Lovelace" --role admin
 *
 * Roles: admin, finance, compliance, support, content (`--role` once or more, or `--role a,b`).
 * It reads the server's configuration (the same variables and refusals; APP_SECRET seals the
 * authenticator secret, so it must be the server's). On the embedded PGlite database, stop the
 * server first: only one process may open it. The link opens the console's enrolment page, where
 * the operator sets a password, adds the authenticator and receives ten recovery codes.
 */
import { parseArgs } from 'node:util';
import { OPERATOR_ROLES, ZInviteOperatorRequest } from '@kpc/shared/operator';
import { loadConfig } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import { ensureAppSecret } from '../db/seed.ts';
import { systemClock } from '../lib/clock.ts';
import { inviteOperator } from '../modules/operators/accounts.ts';
import { operatorPolicyOf } from '../modules/operators/context.ts';
import { AppError } from '@kpc/shared';
import { translate } from '../lib/i18n.ts';
import { secondFactorKeysOf } from '../modules/operators/second-factor.ts';

const USAGE = `usage: npm run operator -- create --email <email> --name <name> --role <${OPERATOR_ROLES.join('|')}> [--role …]`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string', multiple: true } },
});
if (positionals[0] !== 'create') fail(USAGE);
const parsed = ZInviteOperatorRequest.safeParse({
  email: values.email,
  name: values.name,
  roles: (values.role ?? []).flatMap((role) => role.split(',')).map((role) => role.trim()),
});
if (!parsed.success)
  fail(`${USAGE}\n${parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n')}`);

let config;
try {
  config = loadConfig();
} catch (error) {
  fail((error as Error).message);
}
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  poolSize: 2,
  connectTimeoutSeconds: config.DATABASE_CONNECT_SECONDS,
});
try {
  const secret = await ensureAppSecret(database.db, config.APP_SECRET);
  const link = await inviteOperator(
    {
      db: database.db,
      clock: systemClock,
      keys: secondFactorKeysOf(secret),
      publicUrl: config.publicUrl,
      policy: operatorPolicyOf(config),
    },
    { type: 'system', id: null, name: 'cli', role: null, ip: null },
    parsed.data,
  );
  console.log(
    `Operator ${link.operator.email} (${link.operator.roles.join(', ')}) created.\n` +
      `Enrolment link, usable once until ${link.expiresAt}:\n  ${link.enrolmentUrl}`,
  );
} catch (error) {
  fail(
    `operator not created: ${error instanceof AppError ? translate('en', `errors.${error.key}`) : (error as Error).message}`,
  );
} finally {
  await database.close();
}
