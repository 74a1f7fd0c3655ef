import { rechargeAbi } from '@kpc/contracts';
import type { TOnChainBalance } from '@kpc/shared/operator';
import { BaseError, erc20Abi, formatUnits, getAddress, type Address, type PublicClient } from 'viem';
import type { ChainSettings } from '../config/chains.ts';
import type { ChainMonitor } from './chain-monitor.ts';
import { isNodeError } from './client.ts';

/**
 * The programme's on-chain balances for operators (Step 8a: the dashboard's house balances, the
 * chains' senders): an address's USDT and gas at one block. A node that does not answer gives
 * nulls and a short reason (never its URL), so one chain down never fails the whole screen.
 */

/** Why a read failed, fit for an operator's screen. */
export function nodeReason(error: unknown): string {
  return error instanceof BaseError ? error.shortMessage : 'unexpected error';
}

/** Runs a node read; a node failure answers `{ failed: reason }`, anything else is thrown. */
export async function readNode<T>(read: () => Promise<T>): Promise<{ value: T } | { failed: string }> {
  try {
    return { value: await read() };
  } catch (error) {
    if (!isNodeError(error)) throw error;
    return { failed: nodeReason(error) };
  }
}

/** The reason reads are not even tried: the monitor says the node is not up. */
export function unavailableReason(monitor: Pick<ChainMonitor, 'list'>, chainId: number): string | null {
  const status = monitor.list().find((entry) => entry.chainId === chainId);
  if (!status) return 'no node configured';
  return status.state === 'up' ? null : (status.problem ?? `node ${status.state}`);
}

/** `address`'s USDT and native balance at `blockNumber` (the head when omitted). */
export async function readOnChainBalance(
  client: PublicClient,
  chain: ChainSettings,
  address: string,
  options: { blockNumber?: bigint; skipReason?: string | null } = {},
): Promise<TOnChainBalance> {
  const checksummed = getAddress(address);
  const gasSymbol = chain.nativeCurrency.symbol;
  if (options.skipReason) return { address: checksummed, usdt: null, gas: null, gasSymbol, reason: options.skipReason };
  const at = options.blockNumber === undefined ? {} : { blockNumber: options.blockNumber };
  const usdt = chain.usdt;
  const decimals = chain.usdtDecimals;
  const read = await readNode(() =>
    Promise.all([
      usdt && decimals !== null
        ? client
            .readContract({ address: usdt, abi: erc20Abi, functionName: 'balanceOf', args: [checksummed], ...at })
            .then((units) => formatUnits(units, decimals))
        : Promise.resolve(null),
      client.getBalance({ address: checksummed, ...at }).then((wei) => formatUnits(wei, chain.nativeCurrency.decimals)),
    ]),
  );
  if ('failed' in read) return { address: checksummed, usdt: null, gas: null, gasSymbol, reason: read.failed };
  const [usdtBalance, gas] = read.value;
  return { address: checksummed, usdt: usdtBalance, gas, gasSymbol, reason: null };
}

/** Where the Recharge contract sends contract deposits (its `treasury()`), or null. */
export async function readRechargeTreasury(client: PublicClient, chain: ChainSettings): Promise<Address | null> {
  if (!chain.recharge) return null;
  return client.readContract({ address: chain.recharge, abi: rechargeAbi, functionName: 'treasury' });
}
