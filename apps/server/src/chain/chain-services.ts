import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { chainCursors } from '../db/schema.ts';
import { createChainMonitor, type NodeState } from './chain-monitor.ts';
import { createChainClient } from './client.ts';
import { createDepositWatcher } from './deposit-watcher.ts';
import { createPoller } from './poller.ts';
import type { ChainRuntime } from './runtime.ts';
import { createWithdrawalSender } from './withdrawal-sender.ts';

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

/**
 * Everything of the chains that runs in a server process: one client per chain with a node, shared
 * by the monitor, the deposit watcher, the withdrawal sender and accelerate. The monitor checks each
 * chain against its settings here (a contradiction stops start-up, Step 4b) and keeps asking for
 * its head; the workers run their passes only while their chain is up.
 */
export async function createChainServices(options: {
  db: Database;
  runtime: ChainRuntime;
  config: Pick<
    Config,
    | 'RPC_TIMEOUT_SECONDS'
    | 'RPC_PROBE_SECONDS'
    | 'RUN_CHAIN_WORKERS'
    | 'WATCHER_POLL_SECONDS'
    | 'WATCHER_BLOCK_RANGE'
    | 'SENDER_POLL_SECONDS'
    | 'WITHDRAW_CONFIRMATIONS'
  >;
  logger: FastifyBaseLogger;
}) {
  const { db, config, logger } = options;
  const nodeChains = options.runtime.chains.filter((chain) => chain.rpcUrl);
  const clients = new Map(
    nodeChains.map((chain) => [chain.chainId, createChainClient(chain, config.RPC_TIMEOUT_SECONDS * 1000)]),
  );
  const monitor = createChainMonitor({ chains: nodeChains, clients, logger });
  await monitor.verifyAtStart();

  // One deposit watcher per chain with something to watch (Step 4 §2), one withdrawal sender per
  // chain with a hot wallet (Step 4 §3).
  const watchers = new Map(
    nodeChains
      .filter((chain) => chain.recharge || (chain.usdt && chain.depositAddress))
      .map((chain) => [
        chain.chainId,
        createDepositWatcher({
          db,
          chain,
          logger,
          blockRange: config.WATCHER_BLOCK_RANGE,
          client: clients.get(chain.chainId)!,
        }),
      ]),
  );
  const senders = new Map(
    nodeChains
      .filter((chain) => chain.usdt && chain.hotWalletKey)
      .map((chain) => [
        chain.chainId,
        createWithdrawalSender({
          db,
          chain,
          logger,
          confirmations: config.WITHDRAW_CONFIRMATIONS,
          client: clients.get(chain.chainId)!,
        }),
      ]),
  );

  /** A worker's passes run only while its chain is up (the probe brings a chain back), and tell the monitor how the node did. */
  const chainWorker = (chainId: number, name: string, pass: () => Promise<unknown>) =>
    createPoller(
      async () => {
        if (!monitor.isAvailable(chainId)) return;
        try {
          const head = await pass();
          if (typeof head === 'bigint') monitor.markAnswered(chainId, head);
        } catch (error) {
          monitor.markFailed(chainId, error);
          throw error;
        }
      },
      (error) => logger.error({ err: error, chainId }, `${name} pass failed`),
    );
  const workers = [
    ...[...watchers].map(([chainId, watcher]) => ({
      poller: chainWorker(chainId, 'deposit watcher', watcher.scanOnce),
      seconds: config.WATCHER_POLL_SECONDS,
    })),
    ...[...senders].map(([chainId, sender]) => ({
      poller: chainWorker(chainId, 'withdrawal sender', sender.sendOnce),
      seconds: config.SENDER_POLL_SECONDS,
    })),
  ];

  return {
    monitor,
    watchers,
    /** The monitor always; the workers unless this is an API-only process (RUN_CHAIN_WORKERS=false). */
    start(): void {
      monitor.start(config.RPC_PROBE_SECONDS);
      if (config.RUN_CHAIN_WORKERS) for (const { poller, seconds } of workers) poller.start(seconds);
    },
    /** Waits for passes in progress. */
    async stop(): Promise<void> {
      await Promise.all([monitor.stop(), ...workers.map(({ poller }) => poller.stop())]);
    },
    /** Each chain's node state and its watcher's lag; throws when the database does not answer. */
    async health(): Promise<ChainHealth[]> {
      const cursors = await db.select().from(chainCursors);
      const cursorOf = new Map(cursors.map((cursor) => [cursor.chainId, cursor]));
      return monitor.list().map((status) => {
        const cursor = cursorOf.get(status.chainId);
        const scanned = cursor ? cursor.nextBlock - 1n : null;
        return {
          chainId: status.chainId,
          network: status.network,
          node: status.state,
          head: status.head === null ? null : Number(status.head),
          answeredAt: status.answeredAt?.toISOString() ?? null,
          problem: status.problem,
          watcher: watchers.has(status.chainId)
            ? {
                scannedBlock: scanned === null ? null : Number(scanned),
                lagBlocks: status.head === null || scanned === null ? null : Math.max(0, Number(status.head - scanned)),
                updatedAt: cursor?.updatedAt.toISOString() ?? null,
              }
            : null,
        };
      });
    },
  };
}
