import { ChannelStatus, ZWithdrawRequest, type TWithdrawChannel } from '@kpc/shared';
import type { AmountLimits } from '@/lib/amount-rules.ts';

/**
 * Rules of the withdraw form (SPEC §2 Withdraw, §5). The address and code use the request's own
 * schema; the amount goes through the app's amount rules with the channel's minimum and the
 * available balance. The server checks everything again.
 */

/** The address and code fields, checked exactly as `/api/withdraw/apply` checks them. */
export const ZWithdrawFields = ZWithdrawRequest.pick({ address: true, code: true });

/** The currencies that can be withdrawn, in the order of the channels. */
export function getWithdrawAssets(channels: readonly TWithdrawChannel[]): string[] {
  return [...new Set(channels.map((channel) => channel.asset))];
}

/** The networks `asset` can be withdrawn on. */
export function getAssetChannels(channels: readonly TWithdrawChannel[], asset: string): TWithdrawChannel[] {
  return channels.filter((channel) => channel.asset === asset);
}

export interface ChannelChoice {
  asset?: string | undefined;
  chainId?: number | undefined;
}

/**
 * The channel to show: the wanted one when it exists, else the first open network of the wanted
 * currency, else its first network, else the first open channel; undefined without channels.
 */
export function chooseChannel(
  channels: readonly TWithdrawChannel[],
  wanted: ChannelChoice,
): TWithdrawChannel | undefined {
  const asset = wanted.asset ?? channels.find(isChannelOpen)?.asset ?? channels[0]?.asset;
  const candidates = asset === undefined ? [] : getAssetChannels(channels, asset);
  return (
    candidates.find((channel) => channel.chainId === wanted.chainId) ??
    candidates.find(isChannelOpen) ??
    candidates[0] ??
    channels.find(isChannelOpen) ??
    channels[0]
  );
}

export function isChannelOpen(channel: Pick<TWithdrawChannel, 'status'>): boolean {
  return channel.status === ChannelStatus.OPEN;
}

/** SPEC §8 channel messages: why a channel takes no withdrawals now, or null when it is open. */
export function getChannelProblemKey(status: string): 'withdraw.channelPaused' | 'withdraw.channelNotOpen' | null {
  if (status === ChannelStatus.OPEN) return null;
  return status === ChannelStatus.PAUSED ? 'withdraw.channelPaused' : 'withdraw.channelNotOpen';
}

/** The short label of a closed channel beside its network name. */
export function getChannelStatusKey(status: string) {
  if (status === ChannelStatus.OPEN) return null;
  return status === ChannelStatus.PAUSED ? 'withdraw.channelStatuses.paused' : 'withdraw.channelStatuses.not_open';
}

/**
 * SPEC §5: at least the channel's minimum (10 USDT), at most what is available, in the asset's
 * decimals. Without a balance yet, only the format and the minimum are checked.
 */
export function getWithdrawAmountLimits(
  channel: Pick<TWithdrawChannel, 'asset' | 'minimum' | 'decimals'>,
  available: string | undefined,
): AmountLimits {
  return { decimals: channel.decimals, min: channel.minimum, max: available, asset: channel.asset };
}

/** A withdrawal the form has checked: where to, and how much. */
export interface WithdrawSubmission {
  chainId: number;
  asset: string;
  address: string;
  amount: string;
}

/**
 * What identifies one submission, for its request id: trying the same withdrawal again (after a
 * lost answer, or with a corrected code) reuses the id, so it can apply only once.
 */
export function getWithdrawFingerprint(fields: WithdrawSubmission) {
  return [fields.chainId, fields.asset, fields.address.toLowerCase(), fields.amount].join(':');
}
