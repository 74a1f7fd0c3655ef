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
