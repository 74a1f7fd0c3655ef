import { BaseError, type PublicClient } from 'viem';
import type { FastifyBaseLogger } from 'fastify';
import type { ChainSettings } from '../config/chains.ts';
import { isNodeError } from './client.ts';
import { findChainMismatches } from './verify-chain.ts';

/**
 * `up`: the node answers and the settings checked out. `down`: it stopped answering. `unverified`:
 * it has not answered since start, so nothing of the chain is trusted yet. `misconfigured`: the
 * chain contradicts the settings; it stays closed until an operator fixes them and restarts.
 */
export type NodeState = 'up' | 'down' | 'unverified' | 'misconfigured';

export interface ChainStatus {
  chainId: number;
  network: string;
  state: NodeState;
  /** The newest head the node reported. */
  head: bigint | null;
  /** When the node last answered. */
  answeredAt: Date | null;
  /** Why it is not up: a short reason, never the node's URL. */
  problem: string | null;
}

/** A reason fit for /health and the log's message: viem's short message carries no URL. */
function reasonOf(error: unknown): string {
  return error instanceof BaseError ? error.shortMessage : 'unexpected error';
}

/**
 * Every server process's view of each chain's node (Step 4b §8): checked at start (a mismatch
 * stops start-up), then asked for its head every few seconds (`probeOnce`, a background job), and
 * told by the workers and accelerate when a call fails. Deposits and withdrawals on a chain that
 * is not `up` answer "network temporarily unavailable"; its channels show "temporarily unavailable".
 */
export function createChainMonitor(options: {
  chains: ChainSettings[];
  /** One client per chain with a node. */
  clients: Map<number, PublicClient>;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}) {
  const { logger } = options;
  const watched = options.chains.filter((chain) => options.clients.has(chain.chainId));
  const statuses = new Map<number, ChainStatus>(
    watched.map((chain) => [
      chain.chainId,
      { chainId: chain.chainId, network: chain.name, state: 'unverified', head: null, answeredAt: null, problem: null },
    ]),
  );

  function markAnswered(chainId: number, head: bigint): void {
    const status = statuses.get(chainId);
    if (!status || status.state === 'misconfigured' || status.state === 'unverified') return;
    if (status.state === 'down') logger.info({ chainId }, 'chain node answers again');
    Object.assign(status, {
      state: 'up',
      head: head > (status.head ?? -1n) ? head : status.head,
      answeredAt: new Date(),
      problem: null,
    });
  }

  function markFailed(chainId: number, error: unknown): void {
    const status = statuses.get(chainId);
    if (!status || !isNodeError(error) || status.state === 'misconfigured') return;
    status.problem = reasonOf(error);
    if (status.state !== 'up') return;
    status.state = 'down';
    logger.warn({ chainId, err: error }, 'chain node not answering');
  }

  /** Checks the settings against the chain: the mismatches, none when they hold (the chain is then up). */
  async function verify(chain: ChainSettings, client: PublicClient): Promise<string[]> {
    const status = statuses.get(chain.chainId)!;
    const problems = await findChainMismatches(client, chain);
    if (problems.length > 0) {
      Object.assign(status, { state: 'misconfigured', problem: problems.join('; ') });
      logger.error({ chainId: chain.chainId, problems }, 'chain contradicts its settings: it stays closed');
      return problems;
    }
    const head = await client.getBlockNumber({ cacheTime: 0 });
    Object.assign(status, { state: 'up', head, answeredAt: new Date(), problem: null });
    return [];
  }

  /** One look at every node: verify those not verified yet, ask the others for their head. */
  async function probeOnce(): Promise<void> {
    await Promise.all(
      watched.map(async (chain) => {
        const client = options.clients.get(chain.chainId)!;
        const status = statuses.get(chain.chainId)!;
        if (status.state === 'misconfigured') return;
        try {
          if (status.state === 'unverified') await verify(chain, client);
          else markAnswered(chain.chainId, await client.getBlockNumber({ cacheTime: 0 }));
        } catch (error) {
          if (!isNodeError(error)) throw error;
          markFailed(chain.chainId, error);
        }
      }),
    );
  }

  /**
   * The start-up check: a chain that contradicts its settings stops start-up (the error names the
   * settings); a node that does not answer leaves its chain closed until it does.
   */
  async function verifyAtStart(): Promise<void> {
    const problems = (
      await Promise.all(
        watched.map(async (chain) => {
          try {
            return await verify(chain, options.clients.get(chain.chainId)!);
          } catch (error) {
            if (!isNodeError(error)) throw error;
            markFailed(chain.chainId, error);
            logger.warn(
              { chainId: chain.chainId, err: error },
              'chain node not answering at start: the chain opens once it answers and its settings check out',
            );
            return [];
          }
        }),
      )
    ).flat();
    if (problems.length > 0)
      throw new Error(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  }

  return {
    verifyAtStart,
    probeOnce,
    /** Deposits and withdrawals may use the chain. */
    isAvailable: (chainId: number) => statuses.get(chainId)?.state === 'up',
    list: () => [...statuses.values()],
    markAnswered,
    markFailed,
  };
}

export type ChainMonitor = ReturnType<typeof createChainMonitor>;
