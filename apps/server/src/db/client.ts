import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or an open transaction: what query helpers accept. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
/** Any constant: serialises migrations when several server processes start at once. */
const MIGRATION_LOCK_ID = 4_242_001;

/**
 * Opens the database and applies pending migrations: PostgreSQL when `databaseUrl` is given,
 * otherwise embedded PGlite in `dataDir` (or in memory when `dataDir` is 'memory://').
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const lockClient = new pg.Client({ connectionString: options.databaseUrl });
    await lockClient.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder });
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
      await lockClient.end();
    }
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection dropped by the server (restart, failover, a forced drop) must not crash the
    // process: the pool replaces it on next use. Without a listener, pg rethrows it as uncaught.
    pool.on('error', (error) => console.error(`database connection lost: ${error.message}`));
    return { db: drizzlePg(pool, { schema }) as unknown as Database, kind: 'postgres', close: () => pool.end() };
  }
  if (options.dataDir !== 'memory://') mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite(options.dataDir === 'memory://' ? undefined : options.dataDir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
}
