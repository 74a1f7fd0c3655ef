import { Permission } from '@kpc/shared/operator';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ChainNodes } from '../chain/nodes.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { Job } from '../jobs/scheduler.ts';
import { withdrawalCounts } from '../modules/withdraw/reads.ts';
import { readChainHealth } from './health.ts';

/**
 * Prometheus metrics of one server process (Step 10 §1): requests by route, background job passes,
 * the database pool, each chain's node and deposit watcher, the withdrawal senders' queue, and
 * Node's own (memory, event-loop lag, GC). Served at `/api/operator/metrics` behind the operator
 * API's checks (docs/operations.md, "Metrics"). Each process has its own registry: the figures
 * are per process, and Prometheus adds them up across processes.
 */
export interface Metrics {
  registry: Registry;
  /** Adds the database's, chains' and senders' gauges (once the process has them). */
  watch(sources: MetricSources): void;
  /** Reads the database's and the chains' figures into their gauges; call before each scrape. */
  refresh(): Promise<void>;
  /** Called after every answered request (`httpMetrics`), by route template. */
  observeRequest: (method: string, route: string, status: number, seconds: number) => void;
  /** Called by the scheduler after every pass of a job. */
  observeJob: (job: Pick<Job, 'name' | 'logFields'>, outcome: 'ok' | 'failed', seconds: number) => void;
}

/** The withdrawal states a sender still has to move (the queue of `kpc_withdrawals_moving`). */
const MOVING = ['approved', 'sending', 'confirming', 'unknown'] as const;

/** What the state gauges read: the database, and the chains' nodes and watchers. */
export interface MetricSources {
  database: DatabaseHandle;
  nodes: ChainNodes;
  watchedChainIds: Set<number>;
}

/**
 * The registry with the request and job metrics, which exist from the start (the request hook is
 * registered before any route); `watch` adds the gauges of the database, chains and senders once
 * the process has them.
 */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'kpc_process_' });

  const requests = new Counter({
    name: 'kpc_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'kpc_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route template',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobPasses = new Counter({
    name: 'kpc_job_passes_total',
    help: 'Background job passes, by job, chain (empty for none) and outcome (ok or failed)',
    labelNames: ['job', 'chain', 'outcome'] as const,
    registers: [registry],
  });
  const jobSeconds = new Histogram({
    name: 'kpc_job_pass_duration_seconds',
    help: 'Duration of a background job pass, by job and chain',
    labelNames: ['job', 'chain'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
    registers: [registry],
  });

  let sources: MetricSources | undefined;

  function watch(given: MetricSources): void {
    sources = given;
    const pool = (given.database.db as unknown as { $client?: pg.Pool }).$client;
    if (given.database.kind !== 'postgres' || !pool) return;
    new Gauge({
      name: 'kpc_db_pool_connections',
      help: 'Connections of the PostgreSQL pool: total open, idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  const databaseUp = new Gauge({
    name: 'kpc_database_up',
    help: 'Whether the database answered the last scrape (1) or not (0)',
    registers: [registry],
  });
  const nodeUp = new Gauge({
    name: 'kpc_chain_node_up',
    help: "1 when the chain's RPC node answers and is verified, else 0",
    labelNames: ['chain'] as const,
    registers: [registry],
  });
  const head = new Gauge({
    name: 'kpc_chain_head_block',
    help: "The chain's head block as its node last answered",
    labelNames: ['chain'] as const,
    registers: [registry],
  });
  const watcherLag = new Gauge({
    name: 'kpc_deposit_watcher_lag_blocks',
    help: "Blocks between the chain's head and the last block the deposit watcher read",
    labelNames: ['chain'] as const,
    registers: [registry],
  });
  const moving = new Gauge({
    name: 'kpc_withdrawals_moving',
    help: 'Withdrawals the senders still have to move, by chain and state (approved, sending, confirming, unknown)',
    labelNames: ['chain', 'status'] as const,
    registers: [registry],
  });

  /** Reads what the database and the nodes say now (the same figures as /health) into the gauges. */
  async function refresh(): Promise<void> {
    for (const gauge of [nodeUp, head, watcherLag, moving]) gauge.reset();
    if (!sources) return;
    try {
      const [chains, queue] = await Promise.all([
        readChainHealth(sources.database.db, sources.nodes, sources.watchedChainIds),
        withdrawalCounts(sources.database.db, MOVING),
      ]);
      for (const chain of chains) {
        const label = { chain: String(chain.chainId) };
        nodeUp.set(label, chain.node === 'up' ? 1 : 0);
        if (chain.head !== null) head.set(label, chain.head);
        const lag = chain.watcher?.lagBlocks;
        if (lag !== null && lag !== undefined) watcherLag.set(label, lag);
      }
      for (const row of queue) moving.set({ chain: String(row.chainId), status: row.status }, Number(row.count));
      databaseUp.set(1);
    } catch {
      // The rest (requests, jobs, the pool, the process) is still worth a scrape while the database is away.
      databaseUp.set(0);
    }
  }

  const metrics: Metrics = {
    registry,
    watch,
    refresh,
    observeRequest: (method, route, status, seconds) => {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
    },
    observeJob: (job, outcome, seconds) => {
      // chainJob (jobs/chain-job.ts) names its chain in the log fields.
      const chainId = job.logFields?.chainId;
      const chain = typeof chainId === 'number' || typeof chainId === 'string' ? String(chainId) : '';
      jobPasses.inc({ job: job.name, chain, outcome });
      jobSeconds.observe({ job: job.name, chain }, seconds);
    },
  };
  return metrics;
}

/**
 * Counts every answered request by its route template (`/api/plan/orders`, never the raw URL, so
 * ids and query strings cannot blow up the label set); a URL that matched no route is `unmatched`.
 */
export const httpMetrics = fp<{ metrics: Metrics }>(
  async (app, { metrics }) => {
    app.addHook('onResponse', async (request, reply) => {
      metrics.observeRequest(
        request.method,
        request.routeOptions.url ?? 'unmatched',
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
    });
  },
  { name: 'kpc-http-metrics' },
);

/** `GET /api/operator/metrics`: the Prometheus text format, for any operator or service key with `dashboard.read`. */
export const metricsRoute =
  (metrics: Metrics): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/operator/metrics',
      {
        config: { operator: { permission: Permission.DASHBOARD_READ } },
        schema: { tags: ['operator'], summary: 'This process in the Prometheus text format (scrape every process)' },
      },
      async (_request, reply) => {
        await metrics.refresh();
        const text = await metrics.registry.metrics();
        return reply
          .type(metrics.registry.contentType)
          .serializer((payload) => payload as string)
          .send(text);
      },
    );
  };
