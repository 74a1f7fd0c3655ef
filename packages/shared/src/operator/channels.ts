import { z } from 'zod';
import { ZChainId, ZChannelStatus } from '../schemas/common.ts';
import { DepositMethod } from '../constants.ts';

/** Which way a payment channel moves funds; withdrawals have one method, a transfer from the hot wallet. */
export const ChannelDirection = { DEPOSIT: 'deposit', WITHDRAW: 'withdraw' } as const;
export type TChannelDirection = (typeof ChannelDirection)[keyof typeof ChannelDirection];

/**
 * An operator's switch for one payment channel (`payment_channels`, SPEC §4, §8): `paused` shows
 * "The current channel is temporarily unavailable.", `not_open` the not-open-yet text, `open`
 * lets it work again when its chain is configured.
 */
export const ZSetChannelStatusRequest = z.object({
  direction: z.enum([ChannelDirection.DEPOSIT, ChannelDirection.WITHDRAW], { error: 'validation.invalid' }),
  chainId: ZChainId,
  method: z.enum([DepositMethod.WALLET, DepositMethod.TRANSFER], { error: 'validation.invalid' }),
  status: ZChannelStatus,
});
export type TSetChannelStatusRequest = z.input<typeof ZSetChannelStatusRequest>;

/** One payment channel as operators see it (POST /api/operator/channels/list, payments.read). */
export const ZOperatorChannel = z.object({
  direction: z.enum([ChannelDirection.DEPOSIT, ChannelDirection.WITHDRAW]),
  chainId: z.number().int(),
  network: z.string(),
  method: z.enum([DepositMethod.WALLET, DepositMethod.TRANSFER]),
  /** The server has what the channel needs (node, token, contract or address, hot wallet). */
  configured: z.boolean(),
  /** The operators' switch; null: never set (open once configured). */
  switch: ZChannelStatus.nullable(),
  switchedAt: z.string().nullable(),
  /** What members see now: the switch, `not_open` when not configured, `paused` while the node does not answer. */
  status: ZChannelStatus,
});
export type TOperatorChannel = z.infer<typeof ZOperatorChannel>;
export const ZOperatorChannelListResponse = z.object({ list: z.array(ZOperatorChannel) });
export type TOperatorChannelListResponse = z.infer<typeof ZOperatorChannelListResponse>;
// POST /api/operator/channels/set (channels.manage, audited `channel.set`): ZSetChannelStatusRequest -> ZOperatorChannel.
