import {
  AppError,
  ChannelStatus,
  DepositMethod,
  MIN_RECHARGE_USDT,
  MIN_WITHDRAW_USDT,
  REQUIRED_CONFIRMATIONS,
  type TChannelStatus,
  type TDepositChannel,
  type TWithdrawChannel,
} from '@kpc/shared';
import type { TOperatorChannel } from '@kpc/shared/operator';
import type { ChainSettings } from '../config/chains.ts';
import type { Database } from '../db/client.ts';
import { paymentChannels } from '../db/schema/index.ts';
import { getAsset } from '../ledger/reference-data.ts';
import type { ChainMonitor } from './chain-monitor.ts';
import type { ChainRuntime } from './runtime.ts';

/** Whether a chain's node answers (chain-monitor.ts). */
type Network = Pick<ChainMonitor, 'isAvailable'>;

type Direction = 'deposit' | 'withdraw';
/** Withdrawals have one method: an ERC-20 transfer from the hot wallet. */
export const WITHDRAW_METHOD = 'transfer';

/** The operators' switches (`payment_channels`), by `direction:chainId:method`. */
async function readSwitches(db: Database): Promise<Map<string, TChannelStatus>> {
  const rows = await db.select().from(paymentChannels);
  return new Map(rows.map((row) => [`${row.direction}:${row.chainId}:${row.method}`, row.status]));
}

/** A channel works only when configured; an operator's switch can pause it or mark it not open yet. */
function switchedStatus(
  switches: Map<string, TChannelStatus>,
  direction: Direction,
  chainId: number,
  method: string,
  configured: boolean,
): TChannelStatus {
  if (!configured) return ChannelStatus.NOT_OPEN;
  return switches.get(`${direction}:${chainId}:${method}`) ?? ChannelStatus.OPEN;
}

/** What a member sees: an open channel whose chain's node does not answer is temporarily unavailable (paused). */
function statusOf(
  switches: Map<string, TChannelStatus>,
  direction: Direction,
  chainId: number,
  method: string,
  configured: boolean,
  network: Network,
): TChannelStatus {
  const status = switchedStatus(switches, direction, chainId, method, configured);
  return status === ChannelStatus.OPEN && !network.isAvailable(chainId) ? ChannelStatus.PAUSED : status;
}

/** Channels that work (open or paused) before those not open yet; otherwise the chains' order. */
function openFirst(a: { status: TChannelStatus }, b: { status: TChannelStatus }): number {
  const rank = (status: TChannelStatus) => (status === ChannelStatus.NOT_OPEN ? 1 : 0);
  return rank(a.status) - rank(b.status);
}

/** Whether the server has what each deposit method of `chain` needs. */
function depositConfigured(chain: ChainSettings) {
  return {
    wallet: Boolean(chain.rpcUrl && chain.usdt && chain.recharge),
    transfer: Boolean(chain.rpcUrl && chain.usdt && chain.depositAddress),
  };
}

function depositMethods(chain: ChainSettings): { method: TDepositChannel['method']; configured: boolean }[] {
  const { wallet, transfer } = depositConfigured(chain);
  // A chain with nothing configured still appears, as "not open yet" (SPEC §8).
  if (!wallet && !transfer) return [{ method: DepositMethod.WALLET, configured: false }];
  return [
    ...(wallet ? [{ method: DepositMethod.WALLET, configured: true }] : []),
    ...(transfer ? [{ method: DepositMethod.TRANSFER, configured: true }] : []),
  ];
}

/** `/api/recharge/channels`: every allowed chain's deposit channels, configured ones first. */
export async function listDepositChannels(
  db: Database,
  runtime: ChainRuntime,
  network: Network,
): Promise<TDepositChannel[]> {
  const switches = await readSwitches(db);
  const channels = runtime.chains.flatMap((chain) =>
    depositMethods(chain).map(({ method, configured }) => ({
      id: `${chain.chainId}-${method}`,
      chainId: chain.chainId,
      network: chain.name,
      asset: 'USDT',
      method,
      status: statusOf(switches, 'deposit', chain.chainId, method, configured, network),
      token: chain.usdt,
      contract: method === DepositMethod.WALLET ? chain.recharge : null,
      address: method === DepositMethod.TRANSFER ? chain.depositAddress : null,
      minimum: MIN_RECHARGE_USDT,
      confirmations: REQUIRED_CONFIRMATIONS,
      approveQuantity: runtime.usdtQuantity,
      // The wallet approves and deposits in the token's own units (USDT: 6 or 18 decimals by chain).
      tokenDecimals: chain.usdtDecimals ?? 0,
    })),
  );
  return channels.sort(openFirst);
}

export interface WithdrawTerms {
  feeRate: string;
  minFee: string;
}

/** What a withdrawal amount may carry: the ledger's precision, or the token's if it has fewer decimals. */
export function withdrawDecimals(assetDecimals: number, chain: ChainSettings): number {
  return Math.min(assetDecimals, chain.usdtDecimals ?? assetDecimals);
}

function canPay(chain: ChainSettings): boolean {
  return Boolean(chain.rpcUrl && chain.usdt && chain.hotWalletKey);
}

/** `/api/withdraw/channels`: every allowed chain, open where a hot wallet pays. */
export async function listWithdrawChannels(
  db: Database,
  runtime: ChainRuntime,
  network: Network,
  terms: WithdrawTerms,
): Promise<TWithdrawChannel[]> {
  const [switches, usdt] = await Promise.all([readSwitches(db), getAsset(db, 'USDT')]);
  const channels = runtime.chains.map((chain) => ({
    chainId: chain.chainId,
    network: chain.name,
    asset: 'USDT',
    status: statusOf(switches, 'withdraw', chain.chainId, WITHDRAW_METHOD, canPay(chain), network),
    minimum: MIN_WITHDRAW_USDT,
    feeRate: terms.feeRate,
    minFee: terms.minFee,
    decimals: withdrawDecimals(usdt.decimals, chain),
  }));
  return channels.sort(openFirst);
}

/**
 * The chain a withdrawal goes out on, if its channel is open (SPEC §8 channel messages otherwise)
 * and its node answers ("network temporarily unavailable" otherwise: nothing is frozen for a
 * payout that cannot be sent).
 */
export async function requireWithdrawChain(db: Database, runtime: ChainRuntime, network: Network, chainId: number) {
  const chain = runtime.chains.find((candidate) => candidate.chainId === chainId);
  if (!chain) throw new AppError('CHANNEL_NOT_OPEN');
  const switches = await readSwitches(db);
  const status = switchedStatus(switches, 'withdraw', chainId, WITHDRAW_METHOD, canPay(chain));
  if (status === ChannelStatus.PAUSED) throw new AppError('CHANNEL_UNAVAILABLE');
  if (status === ChannelStatus.NOT_OPEN) throw new AppError('CHANNEL_NOT_OPEN');
  if (!network.isAvailable(chainId)) throw new AppError('NETWORK_UNAVAILABLE', { network: chain.name });
  return chain;
}

/**
 * Every channel of every allowed chain as operators see it (Step 8a): each deposit method and the
 * withdrawal, whether it is configured, the operators' switch, and what members see.
 */
export async function listOperatorChannels(
  db: Database,
  runtime: ChainRuntime,
  network: Network,
): Promise<TOperatorChannel[]> {
  const rows = await db.select().from(paymentChannels);
  const switches = new Map(rows.map((row) => [`${row.direction}:${row.chainId}:${row.method}`, row]));
  return runtime.chains.flatMap((chain) => {
    const deposit = depositConfigured(chain);
    const channels: { direction: Direction; method: TOperatorChannel['method']; configured: boolean }[] = [
      { direction: 'deposit', method: DepositMethod.WALLET, configured: deposit.wallet },
      { direction: 'deposit', method: DepositMethod.TRANSFER, configured: deposit.transfer },
      { direction: 'withdraw', method: WITHDRAW_METHOD, configured: canPay(chain) },
    ];
    return channels.map(({ direction, method, configured }) => {
      const row = switches.get(`${direction}:${chain.chainId}:${method}`);
      return {
        direction,
        chainId: chain.chainId,
        network: chain.name,
        method,
        configured,
        switch: row?.status ?? null,
        switchedAt: row?.updatedAt.toISOString() ?? null,
        status: statusOf(
          new Map(row ? [[`${direction}:${chain.chainId}:${method}`, row.status]] : []),
          direction,
          chain.chainId,
          method,
          configured,
          network,
        ),
      };
    });
  });
}

/** Whether operators may switch this channel: an allowed chain, and a method the direction has. */
export function isKnownChannel(runtime: ChainRuntime, direction: Direction, chainId: number, method: string): boolean {
  if (!runtime.allowedChainIds.includes(chainId)) return false;
  return direction === 'withdraw' ? method === WITHDRAW_METHOD : method === 'wallet' || method === 'transfer';
}
