import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

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

/** Default of `connectTimeoutSeconds`: how long a request may wait for a connection. */
export const DEFAULT_CONNECT_TIMEOUT_SECONDS = 5;

/** Logs a dropped connection: the driver's message only (it names no password nor query). */
function logConnectionLost(error: Error): void {
  console.warn(`database connection lost: ${error.message}`);
}

/**
 * The pool of PostgreSQL connections, safe when PostgreSQL drops them (restart, failover,
 * pg_terminate_backend, network). pg emits `error` on a client whose connection dies; pg-pool
 * listens only while the client is idle, so one that dies while checked out (inside a transaction,
 * or between its queries) would throw from the socket as an uncaught exception and end the process.
 * Every client therefore gets a listener of its own for its whole life; when its connection dies
 * while it is checked out, it goes back to the pool at once with the error (`release(err)`), which
 * closes it and lets a new connection take its place: its holder's next query fails with "not
 * queryable", and a holder that never releases it (Drizzle's `transaction()` when its BEGIN fails)
 * can no longer leak the pool's capacity.
 */
function createPool(options: { connectionString: string; max: number; connectTimeoutSeconds: number }): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max,
    // Ask for a connection (a new one, or a turn when all are busy) for at most this long, so
    // requests fail with "try again" instead of hanging while PostgreSQL is down or restarting.
    connectionTimeoutMillis: options.connectTimeoutSeconds * 1000,
    // TCP keep-alive: a connection whose server vanished without closing it (a failover, a
    // network cut) is found dead instead of waiting forever.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  const checkedOut = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      // An idle client is pg-pool's own: it removes it and emits the pool's `error` below.
      if (!checkedOut.has(client)) return;
      logConnectionLost(error);
      client.release(error);
      // The holder still calls release() when done (pool.query, Drizzle's transaction): a second
      // release would throw, from inside this very event for pool.query.
      client.release = () => undefined;
    });
  });
  pool.on('error', logConnectionLost);
  keepConnectionOnStatementError(pool);
  return pool;
}

/**
 * pg-pool's own `pool.query` closes the connection whenever its statement fails, even for a refusal
 * that leaves the connection healthy (an overdraft refused by a CHECK, a unique violation). A single
 * statement outside a transaction is how a money write takes one round trip (`postWithCause`), and
 * its refusals are everyday answers: closing a connection for each one made every refused request pay
 * a new connection. This `query` keeps the connection when PostgreSQL refused the statement with
 * severity ERROR (the session lives on, and outside a transaction nothing is left open); anything
 * else (FATAL or PANIC, as when an operator terminates the backend, a socket error, a timeout) closes
 * it as pg-pool does.
 */
function keepConnectionOnStatementError(pool: pg.Pool): void {
  const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const query = async (...args: unknown[]) => {
    const client = await pool.connect();
    let failure: Error | undefined;
    try {
      return await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
    } catch (error) {
      const sessionLivesOn = error instanceof pg.DatabaseError && error.severity === 'ERROR';
      if (!sessionLivesOn) failure = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      client.release(failure);
    }
  };
  (pool as { query: unknown }).query = (...args: unknown[]) =>
    // The callback form (not used by Drizzle) keeps pg-pool's behaviour.
    typeof args[args.length - 1] === 'function' ? poolQuery(...args) : query(...args);
}

/**
 * Opens the database and applies pending migrations: PostgreSQL when `databaseUrl` is given,
 * otherwise embedded PGlite in `dataDir` (or in memory when `dataDir` is 'memory://').
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number;
  /** PostgreSQL only: how long a request may wait for a connection before it is answered "busy". */
  connectTimeoutSeconds?: number;
  /** In-memory PGlite only: its options (the tests' compiled engine and migrated data directory). */
  pglite?: PGliteOptions;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const connectTimeoutSeconds = options.connectTimeoutSeconds ?? DEFAULT_CONNECT_TIMEOUT_SECONDS;
    const lockClient = new pg.Client({
      connectionString: options.databaseUrl,
      connectionTimeoutMillis: connectTimeoutSeconds * 1000,
    });
    // A connection lost during migrations fails the query in progress (and start-up) instead of
    // throwing from the socket.
    lockClient.on('error', logConnectionLost);
    await lockClient.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder });
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
      await lockClient.end();
    }
    const pool = createPool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectTimeoutSeconds,
    });
    return { db: drizzlePg(pool, { schema }) as unknown as Database, kind: 'postgres', close: () => pool.end() };
  }
  if (options.dataDir !== 'memory://') mkdirSync(options.dataDir, { recursive: true });
  const client = options.dataDir === 'memory://' ? new PGlite(options.pglite ?? {}) : new PGlite(options.dataDir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
}

/** A migrated, empty in-memory PGlite's data directory, as a tarball `loadDataDir` starts from (tests). */
export async function dumpMigratedPglite(options: PGliteOptions): Promise<Blob> {
  const client = new PGlite(options);
  try {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}
