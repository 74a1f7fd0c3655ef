import { fromLedgerUnits, toLedgerUnits } from '@kpc/shared';
import type { TChainBalances, TDashboardBalancesResponse, THouseBalance } from '@kpc/shared/operator';
import { readNode, readOnChainBalance, readRechargeTreasury, unavailableReason } from '../../chain/balances.ts';
import type { ChainNodes } from '../../chain/nodes.ts';
import type { ChainSettings } from '../../config/chains.ts';
import type { Executor } from '../../db/client.ts';
import { houseBalances as ledgerHouseBalances } from '../../ledger/reads.ts';

/**
 * The dashboard's house balances (Step 8a §4): the ledger's house accounts per asset (treasury,
 * fees, airdrop and card floats, …), and per chain the programme's own addresses with what they
 * hold at the head: the Recharge treasury, the deposit address, the hot wallet.
 */

export interface BalancesContext {
  db: Executor;
  nodes: Pick<ChainNodes, 'chains' | 'clientOf' | 'monitor'>;
  /** The hot wallet of each chain that pays withdrawals. */
  hotWallets: Map<number, string>;
}

/** Every house account's balance: the sum of its postings (house accounts store none). */
export async function houseBalances(db: Executor): Promise<THouseBalance[]> {
  return (await ledgerHouseBalances(db)).map((row) => ({
    account: row.account,
    asset: row.asset,
    balance: fromLedgerUnits(toLedgerUnits(row.balance)),
  }));
}

/**
 * One chain's programme addresses, each balance at the same block (the head when read); the proof
 * of liabilities records them beside a snapshot (modules/proof/reserves.ts).
 */
export async function chainBalances(
  context: Pick<BalancesContext, 'nodes' | 'hotWallets'>,
  chain: ChainSettings,
): Promise<TChainBalances> {
  const client = context.nodes.clientOf(chain.chainId);
  const down = unavailableReason(context.nodes.monitor, chain.chainId);
  const head = down ? null : await readNode(() => client.getBlockNumber({ cacheTime: 0 }));
  const skipReason = down ?? (head && 'failed' in head ? head.failed : null);
  const at = { ...(head && 'value' in head ? { blockNumber: head.value } : {}), skipReason };
  const treasury = skipReason ? null : await readNode(() => readRechargeTreasury(client, chain));
  const treasuryAddress = treasury && 'value' in treasury ? treasury.value : null;
  const hotWallet = context.hotWallets.get(chain.chainId) ?? null;
  return {
    chainId: chain.chainId,
    network: chain.name,
    head: head && 'value' in head ? head.value.toString() : null,
    // The treasury's address is the Recharge contract's to say: unknown while the node does not answer.
    treasury: treasuryAddress ? await readOnChainBalance(client, chain, treasuryAddress, at) : null,
    depositAddress: chain.depositAddress ? await readOnChainBalance(client, chain, chain.depositAddress, at) : null,
    hotWallet: hotWallet ? await readOnChainBalance(client, chain, hotWallet, at) : null,
  };
}

/** `/api/operator/dashboard/balances`. */
export async function dashboardBalances(context: BalancesContext): Promise<TDashboardBalancesResponse> {
  const [house, chains] = await Promise.all([
    houseBalances(context.db),
    Promise.all(context.nodes.chains.map((chain) => chainBalances(context, chain))),
  ]);
  return { house, chains };
}
