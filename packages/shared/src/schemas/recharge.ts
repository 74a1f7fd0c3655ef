import { z } from 'zod';
import { ZChainId, ZChannelStatus } from './common.ts';
import { DepositMethod } from '../constants.ts';

/**
 * On-chain deposits (recharge, Step 4, SPEC §2 Recharge, §4, §8, §9): the channels, the member's
 * deposits and Accelerate. Amounts are decimal strings in the asset's units.
 */

const ZDepositMethod = z.enum([DepositMethod.WALLET, DepositMethod.TRANSFER]);

const ZTxHash = z
  .string({ error: 'validation.txHashRequired' })
  .trim()
  .min(1, 'validation.txHashRequired')
  .regex(/^0x[0-9a-fA-F]{64}$/, 'validation.txHashInvalid');

/** One deposit channel of POST /api/recharge/channels. */
export const ZDepositChannel = z.object({
  /** `<chainId>-<method>`, stable: the page's query parameter. */
  id: z.string(),
  chainId: z.number().int(),
  network: z.string(),
  asset: z.string(),
  method: ZDepositMethod,
  status: ZChannelStatus,
  /** The USDT token contract (what a wallet deposit approves and a transfer sends). */
  token: z.string().nullable(),
  /** `wallet`: the Recharge contract that is approved and called. */
  contract: z.string().nullable(),
  /** `transfer`: the address members send USDT to (shown with a QR code). */
  address: z.string().nullable(),
  /** SPEC §9: 5 USDT; smaller deposits are neither credited nor refunded. */
  minimum: z.string(),
  /** SPEC §9: 20. */
  confirmations: z.number().int(),
  /** SPEC §9 USDT quantity: the allowance "authorize" approves. */
  approveQuantity: z.string(),
  tokenDecimals: z.number().int(),
});
export type TDepositChannel = z.infer<typeof ZDepositChannel>;
export const ZDepositChannelsResponse = z.object({ list: z.array(ZDepositChannel) });
export type TDepositChannelsResponse = z.infer<typeof ZDepositChannelsResponse>;

/** A deposit the chain showed, as the member sees it. */
export const DepositStatus = {
  PENDING: 'pending',
  CREDITED: 'credited',
  BELOW_MINIMUM: 'below_minimum',
  REORGED: 'reorged',
} as const;
export const ZDeposit = z.object({
  id: z.string(),
  chainId: z.number().int(),
  network: z.string(),
  txHash: z.string(),
  method: ZDepositMethod,
  asset: z.string(),
  amount: z.string(),
  status: z.enum([DepositStatus.PENDING, DepositStatus.CREDITED, DepositStatus.BELOW_MINIMUM, DepositStatus.REORGED]),
  /** head - block + 1, capped at `required`. */
  confirmations: z.number().int(),
  required: z.number().int(),
  createdAt: z.string(),
});
export type TDeposit = z.infer<typeof ZDeposit>;

/** POST /api/recharge/pending — the member's deposits not yet credited, plus the last credited ones. */
export const ZDepositListRequest = z.object({ chainId: ZChainId.optional() });
export type TDepositListRequest = z.input<typeof ZDepositListRequest>;
export const ZDepositListResponse = z.object({ list: z.array(ZDeposit) });
export type TDepositListResponse = z.infer<typeof ZDepositListResponse>;

/**
 * POST /api/recharge/accelerate — SPEC §9: a deposit that has not arrived within 3 minutes; the
 * member submits its transaction hash and the server reads that transaction at once.
 */
export const ACCELERATE_AFTER_SECONDS = 180;
export const ZAccelerateRequest = z.object({ chainId: ZChainId, txHash: ZTxHash });
export type TAccelerateRequest = z.input<typeof ZAccelerateRequest>;
export const ZAccelerateResponse = z.object({ list: z.array(ZDeposit) });
export type TAccelerateResponse = z.infer<typeof ZAccelerateResponse>;
