import type { TChainOperatorStatus } from '@kpc/shared/operator';
import { getAddress } from 'viem';
import { readNode, readOnChainBalance, unavailableReason } from '../../chain/balances.ts';
import type { ChainNodes } from '../../chain/nodes.ts';
import type { ChainRuntime } from '../../chain/runtime.ts';
import type { ChainSettings } from '../../config/chains.ts';
import type { Database } from '../../db/client.ts';
import { pendingDepositCounts, watcherCursors } from '../recharge/reads.ts';
import { storedHotWalletNonce, withdrawalCounts } from '../withdraw/reads.ts';

/**
 * The chains as operators watch them (Step 8a §4, `/api/operator/chains/status`): per allowed chain
 * its node as this process sees it, the deposit watcher's cursor and lag, the withdrawal sender's
 * hot wallet (balance and nonce, read live from the node; null with a reason when it does not
 * answer) and the withdrawals still moving.
 */

export interface ChainStatusContext {
  db: Database;
  chains: ChainRuntime;
  nodes: Pick<ChainNodes, 'clientOf' | 'monitor'>;
  /** The chains with a deposit watcher. */
  watchedChainIds: ReadonlySet<number>;
  /** The hot wallet of each chain with a withdrawal sender. */
  hotWallets: ReadonlyMap<number, string>;
}

const MOVING = ['submitted', 'approved', 'sending', 'confirming', 'unknown'] as const;

async function senderStatus(
  context: ChainStatusContext,
  chain: ChainSettings,
  hotWallet: string,
): Promise<NonNullable<TChainOperatorStatus['sender']>> {
  const address = getAddress(hotWallet);
  const storedNonce = await storedHotWalletNonce(context.db, chain.chainId, address.toLowerCase());
  const skipReason = unavailableReason(context.nodes.monitor, chain.chainId);
  const client = skipReason ? null : context.nodes.clientOf(chain.chainId);
  const nonces = client
    ? await readNode(() =>
        Promise.all([
          client.getTransactionCount({ address, blockTag: 'latest' }),
          client.getTransactionCount({ address, blockTag: 'pending' }),
        ]),
      )
    : null;
  return {
    hotWallet: client
      ? await readOnChainBalance(client, chain, address)
      : {
          address,
          usdt: null,
          gas: null,
          gasSymbol: chain.nativeCurrency.symbol,
          reason: skipReason,
        },
    databaseNonce: storedNonce,
    chainNonce: nonces && 'value' in nonces ? { latest: nonces.value[0], pending: nonces.value[1] } : null,
  };
}

/** `/api/operator/chains/status`: every allowed chain, in the configuration's order. */
export async function chainsStatus(context: ChainStatusContext): Promise<TChainOperatorStatus[]> {
  const { db } = context;
  const [cursors, pending, moving] = await Promise.all([
    watcherCursors(db),
    pendingDepositCounts(db),
    withdrawalCounts(db, MOVING),
  ]);
  const nodeOf = new Map(context.nodes.monitor.list().map((status) => [status.chainId, status]));
  return Promise.all(
    context.chains.chains.map(async (chain): Promise<TChainOperatorStatus> => {
      const node = nodeOf.get(chain.chainId);
      const cursor = cursors.find((row) => row.chainId === chain.chainId);
      const head = node?.head ?? cursor?.headBlock ?? null;
      const scanned = cursor ? cursor.nextBlock - 1n : null;
      const hotWallet = context.hotWallets.get(chain.chainId);
      const waiting = Object.fromEntries(
        MOVING.map((status) => [
          status,
          moving.find((row) => row.chainId === chain.chainId && row.status === status)?.count ?? 0,
        ]),
      ) as TChainOperatorStatus['withdrawals'];
      return {
        chainId: chain.chainId,
        network: chain.name,
        isDevelopment: chain.isDevelopment,
        node: {
          state: node?.state ?? 'not_configured',
          head: node?.head?.toString() ?? null,
          answeredAt: node?.answeredAt?.toISOString() ?? null,
          reason: node ? node.problem : 'no node configured',
        },
        watcher: context.watchedChainIds.has(chain.chainId)
          ? {
              nextBlock: cursor?.nextBlock.toString() ?? null,
              headBlock: cursor?.headBlock?.toString() ?? null,
              lagBlocks: head === null || scanned === null ? null : Math.max(0, Number(head - scanned)),
              updatedAt: cursor?.updatedAt.toISOString() ?? null,
              pendingDeposits: pending.find((row) => row.chainId === chain.chainId)?.count ?? 0,
            }
          : null,
        sender: hotWallet ? await senderStatus(context, chain, hotWallet) : null,
        withdrawals: waiting,
      };
    }),
  );
}
