/**
 * Baseline (b) of the ledger benchmark: a Fastify app whose POST route runs one transaction with a
 * single-row update, `update bench_counter set n = n + 1 where id = $1`, on the same kind of
 * database as the server under test. Run as its own process:
 * - `DATABASE_URL` (PostgreSQL, a `pg` Pool of `DATABASE_POOL_SIZE` connections), or
 * - `DATA_DIR` (a fresh directory for an embedded PGlite database).
 * `/api/bench/update` updates a random row among `BENCH_ROWS`; `/api/bench/update-hot` always row 1.
 */
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';

const rows = Number(process.env.BENCH_ROWS ?? 1000);
const UPDATE = 'update bench_counter set n = n + 1 where id = $1';

interface Store {
  /** Runs the update in its own transaction. */
  update(id: number): Promise<void>;
  close(): Promise<void>;
}

async function openStore(): Promise<Store> {
  const setup = [
    'create table if not exists bench_counter (id integer primary key, n bigint not null default 0)',
    `insert into bench_counter (id) select g from generate_series(1, ${rows}) g on conflict do nothing`,
  ];
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({
      connectionString: process.env.DATABASE_URL,
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    });
    pool.on('error', (error) => console.error(`database connection lost: ${error.message}`));
    for (const statement of setup) await pool.query(statement);
    return {
      async update(id) {
        const client = await pool.connect();
        try {
          await client.query('begin');
          await client.query(UPDATE, [id]);
          await client.query('commit');
        } catch (error) {
          await client.query('rollback').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error('set DATABASE_URL or DATA_DIR');
  const db = new PGlite(dataDir);
  for (const statement of setup) await db.exec(statement);
  return {
    async update(id) {
      await db.transaction(async (tx) => {
        await tx.query(UPDATE, [id]);
      });
    },
    close: () => db.close(),
  };
}

const store = await openStore();
const app = Fastify({ logger: false });
const ok = { code: 200, msg: 'success', data: null };

app.post('/api/bench/update', async () => {
  await store.update(1 + Math.floor(Math.random() * rows));
  return ok;
});
app.post('/api/bench/update-hot', async () => {
  await store.update(1);
  return ok;
});
app.get('/health', async () => ok);

async function shutdown() {
  await app.close();
  await store.close();
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown());
process.once('SIGINT', () => void shutdown());

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
