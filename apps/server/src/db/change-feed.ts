import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { DatabaseHandle } from './client.ts';

/**
 * The database's change notifications (LISTEN/NOTIFY) for this process's caches. Triggers
 * (drizzle/0006_change_notifications.sql) notify at commit whoever wrote: the server or an
 * operator's SQL. On PostgreSQL one dedicated connection listens; while it is down the feed is
 * not `healthy` and caches must read the database instead. On PGlite (one process by nature)
 * listeners are called before the writing query returns.
 */
export interface ChangeFeed {
  /** Names this process among the listeners of the database (`application_name` kpc-cache:<id>). */
  readonly instanceId: string;
  /** True when every notification sent from now on will arrive; caches may serve only then. */
  readonly healthy: boolean;
  /** PGlite: listeners have run when the writing query returns, so nobody needs to wait for them. */
  readonly synchronous: boolean;
  /** Calls `onNotify` for each notification on `channel`, in commit order. */
  subscribe(channel: string, onNotify: (payload: string) => void): Promise<void>;
  /** Called when delivery stopped or resumed: notifications may have been missed, so caches start over. */
  onReset(listener: () => void): void;
  /** Sends a notification at once (outside any transaction). */
  notify(channel: string, payload: string): Promise<void>;
  /** PostgreSQL: the instance ids of every process listening on this database now, this one included. */
  liveInstances(): Promise<string[]>;
  close(): Promise<void>;
}

const APPLICATION_PREFIX = 'kpc-cache:';
const RECONNECT_MS = { first: 500, max: 10_000 };

/** Opens the feed of `database`; on PostgreSQL a failed first connection is retried in the background. */
export async function openChangeFeed(database: DatabaseHandle, logger: FastifyBaseLogger): Promise<ChangeFeed> {
  const client = (database.db as unknown as { $client: unknown }).$client;
  return database.kind === 'pglite' ? pgliteFeed(client as PGlite) : postgresFeed((client as pg.Pool).options, logger);
}

function pgliteFeed(client: PGlite): ChangeFeed {
  const stops: (() => Promise<void>)[] = [];
  return {
    instanceId: randomUUID(),
    healthy: true,
    synchronous: true,
    async subscribe(channel, onNotify) {
      stops.push(await client.listen(channel, onNotify));
    },
    onReset: () => undefined,
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    liveInstances: async () => [],
    async close() {
      // The database may be closed first (tests close it with the app): nothing left to unlisten.
      if (!client.closed) await Promise.all(stops.map((stop) => stop()));
    },
  };
}

async function postgresFeed(config: pg.ClientConfig, logger: FastifyBaseLogger): Promise<ChangeFeed> {
  const instanceId = randomUUID();
  const handlers = new Map<string, ((payload: string) => void)[]>();
  const resetListeners: (() => void)[] = [];
  let client: pg.Client | undefined;
  let healthy = false;
  let closed = false;
  let retryMs = RECONNECT_MS.first;
  let retryTimer: NodeJS.Timeout | undefined;

  const setHealthy = (value: boolean) => {
    if (healthy === value) return;
    healthy = value;
    for (const listener of resetListeners) listener();
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, RECONNECT_MS.max);
  };

  const lost = (connection: pg.Client, error?: Error) => {
    if (client !== connection) return;
    client = undefined;
    setHealthy(false);
    if (!closed) {
      logger.warn({ err: error?.message }, 'change feed connection lost: caches read the database until it is back');
      connection.end().catch(() => undefined);
      scheduleReconnect();
    }
  };

  async function connect(): Promise<void> {
    const connection = new pg.Client({ ...config, application_name: 'kpc-cache-starting' });
    connection.on('error', (error) => lost(connection, error));
    connection.on('end', () => lost(connection));
    connection.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    try {
      await connection.connect();
      client = connection;
      for (const channel of handlers.keys()) await connection.query(`listen ${pg.escapeIdentifier(channel)}`);
      // Named only once it listens: whoever waits for this process's acknowledgement finds it here.
      await connection.query(`set application_name = ${pg.escapeLiteral(APPLICATION_PREFIX + instanceId)}`);
      retryMs = RECONNECT_MS.first;
      setHealthy(true);
    } catch (error) {
      if (client === connection) lost(connection, error as Error);
      else {
        connection.end().catch(() => undefined);
        logger.warn({ err: (error as Error).message }, 'change feed cannot connect: caches read the database');
        scheduleReconnect();
      }
    }
  }

  await connect();
  return {
    instanceId,
    get healthy() {
      return healthy;
    },
    synchronous: false,
    async subscribe(channel, onNotify) {
      const known = handlers.get(channel);
      if (known) {
        known.push(onNotify);
        return;
      }
      handlers.set(channel, [onNotify]);
      // Not listening yet means not healthy: the next connection listens to every channel.
      if (client) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    },
    onReset(listener) {
      resetListeners.push(listener);
    },
    async notify(channel, payload) {
      if (!client) throw new Error('change feed is not connected');
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async liveInstances() {
      if (!client) return [];
      const { rows } = await client.query<{ name: string }>(
        `select application_name as name from pg_stat_activity
          where datname = current_database() and application_name like $1`,
        [`${APPLICATION_PREFIX}%`],
      );
      return rows.map((row) => row.name.slice(APPLICATION_PREFIX.length));
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const connection = client;
      client = undefined;
      healthy = false;
      await connection?.end().catch(() => undefined);
    },
  };
}
