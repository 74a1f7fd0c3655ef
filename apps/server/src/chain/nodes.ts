import type { FastifyBaseLogger } from 'fastify';
import type { PublicClient } from 'viem';
import type { ChainSettings } from '../config/chains.ts';
import { createChainMonitor, type ChainMonitor } from './chain-monitor.ts';
import { createChainClient } from './client.ts';
import type { ChainRuntime } from './runtime.ts';

/** The chains this process talks to: one client per chain with a node, and the monitor of those nodes. */
export interface ChainNodes {
  /** The chains with an RPC URL. */
  chains: ChainSettings[];
  /** The one client of a chain's node, shared by its deposit watcher, withdrawal sender, monitor and accelerate. */
  clientOf(chainId: number): PublicClient;
  monitor: ChainMonitor;
}

/**
 * Connects to every configured node and checks each chain against its settings (Step 4b): a
 * contradiction stops start-up; a node that does not answer leaves its chain closed until it does.
 */
export async function connectChainNodes(options: {
  runtime: ChainRuntime;
  timeoutSeconds: number;
  logger: FastifyBaseLogger;
}): Promise<ChainNodes> {
  const chains = options.runtime.chains.filter((chain) => chain.rpcUrl);
  const clients = new Map(
    chains.map((chain) => [chain.chainId, createChainClient(chain, options.timeoutSeconds * 1000)]),
  );
  const monitor = createChainMonitor({ chains, clients, logger: options.logger });
  await monitor.verifyAtStart();
  return {
    chains,
    clientOf(chainId) {
      const client = clients.get(chainId);
      if (!client) throw new Error(`chain ${chainId} has no node configured`);
      return client;
    },
    monitor,
  };
}
