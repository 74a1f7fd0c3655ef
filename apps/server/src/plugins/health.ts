import { APP_VERSION } from '@kpc/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { NodeState } from '../chain/chain-monitor.ts';
import type { ChainNodes } from '../chain/nodes.ts';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { watcherCursors } from '../modules/recharge/reads.ts';
import { ok } from './wire.ts';

/** One chain in `/health`. */
export interface ChainHealth {
  chainId: number;
  network: string;
  node: NodeState;
  head: number | null;
  answeredAt: string | null;
  problem: string | null;
  /** How far the deposit watcher has read, and how many blocks it trails the node's head. */
  watcher: { scannedBlock: number | null; lagBlocks: number | null; updatedAt: string | null } | null;
}

/** Each chain's node state and its watcher's lag; throws when the database does not answer. */
export async function readChainHealth(
  db: Database,
  nodes: ChainNodes,
  watchedChainIds: Set<number>,
): Promise<ChainHealth[]> {
  const cursors = await watcherCursors(db);
  const cursorOf = new Map(cursors.map((cursor) => [cursor.chainId, cursor]));
  return nodes.monitor.list().map((status) => {
    const cursor = cursorOf.get(status.chainId);
    const scanned = cursor ? cursor.nextBlock - 1n : null;
    return {
      chainId: status.chainId,
      network: status.network,
      node: status.state,
      head: status.head === null ? null : Number(status.head),
      answeredAt: status.answeredAt?.toISOString() ?? null,
      problem: status.problem,
      watcher: watchedChainIds.has(status.chainId)
        ? {
            scannedBlock: scanned === null ? null : Number(scanned),
            lagBlocks: status.head === null || scanned === null ? null : Math.max(0, Number(status.head - scanned)),
            updatedAt: cursor?.updatedAt.toISOString() ?? null,
          }
        : null,
    };
  });
}

/**
 * Health for load balancers and operators: 503 only when the database does not answer (this
 * process can do nothing). A chain whose node is down or not verified makes it `degraded`, with
 * each chain's node state, head and its watcher's lag in blocks.
 */
export const healthRoute: FastifyPluginAsync<{
  database: DatabaseHandle;
  nodes: ChainNodes;
  /** The chains with a deposit watcher: their lag is shown. */
  watchedChainIds: Set<number>;
}> = async (app, { database, nodes, watchedChainIds }) => {
  app.get('/health', { schema: { hide: true } }, async (_request, reply) => {
    let chainStates: ChainHealth[];
    try {
      chainStates = await readChainHealth(database.db, nodes, watchedChainIds);
    } catch (error) {
      app.log.error({ err: error }, 'health check failed');
      return reply.status(503).send({ code: 503, msg: 'database unavailable', data: null });
    }
    const status = chainStates.every((chain) => chain.node === 'up') ? 'ok' : 'degraded';
    return ok({ status, database: database.kind, version: APP_VERSION, chains: chainStates });
  });
};
