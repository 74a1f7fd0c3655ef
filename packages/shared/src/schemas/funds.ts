import { z } from 'zod';
import { ceilToDecimals, formatDecimal, LEDGER_SCALE, mulDivUp, parseDecimal } from '../money.ts';
import { ZVerificationCode } from './account.ts';
import { ZAmount, ZAssetCode, ZRequestId } from './assets.ts';
import { ZWalletAddress } from './wallet.ts';

/**
 * On-chain deposits (recharge) and withdrawals (Step 4, SPEC §2 Recharge and Withdraw, §4, §5, §8, §9).
 * Amounts are decimal strings in the asset's units.
 */

/**
 * A channel's availability (SPEC §4 "Channel recharge can be unavailable", §8): `open`; `paused`
 * ("The current channel is temporarily unavailable."); `not_open` (the not-open-yet text).
 */
export const ChannelStatus = { OPEN: 'open', PAUSED: 'paused', NOT_OPEN: 'not_open' } as const;
export type TChannelStatus = (typeof ChannelStatus)[keyof typeof ChannelStatus];
const ZChannelStatus = z.enum([ChannelStatus.OPEN, ChannelStatus.PAUSED, ChannelStatus.NOT_OPEN]);

/** `wallet`: approve, then the Recharge contract's `deposit`; `transfer`: send USDT to the shown address. */
export const DepositMethod = { WALLET: 'wallet', TRANSFER: 'transfer' } as const;
export type TDepositMethod = (typeof DepositMethod)[keyof typeof DepositMethod];
const ZDepositMethod = z.enum([DepositMethod.WALLET, DepositMethod.TRANSFER]);

/** The largest PostgreSQL int4: chain ids are `integer` columns. */
const PG_INT4_MAX = 2_147_483_647;
const ZChainId = z
  .number({ error: 'validation.invalid' })
  .int('validation.invalid')
  .positive('validation.invalid')
  .max(PG_INT4_MAX, 'validation.invalid');
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

/** One withdrawal network of POST /api/withdraw/channels. */
export const ZWithdrawChannel = z.object({
  chainId: z.number().int(),
  network: z.string(),
  asset: z.string(),
  status: ZChannelStatus,
  /** SPEC §5: 10 USDT. */
  minimum: z.string(),
  /** Fee = max(amount × feeRate, minFee), SPEC §9. */
  feeRate: z.string(),
  minFee: z.string(),
  decimals: z.number().int(),
});
export type TWithdrawChannel = z.infer<typeof ZWithdrawChannel>;
export const ZWithdrawChannelsResponse = z.object({
  list: z.array(ZWithdrawChannel),
  /** Where the withdrawal code is mailed, masked; null: the account has no email, so it cannot withdraw. */
  email: z.string().nullable(),
});
export type TWithdrawChannelsResponse = z.infer<typeof ZWithdrawChannelsResponse>;

/** POST /api/withdraw/sendCode — mails a code to the member's own email. */
export const ZWithdrawCodeResponse = z.object({ cooldownSeconds: z.number().int() });
export type TWithdrawCodeResponse = z.infer<typeof ZWithdrawCodeResponse>;

/** Withdrawal states (Step 4 §3, 4b); rejected and failed released the frozen funds. */
export const WithdrawStatus = {
  SUBMITTED: 'submitted',
  APPROVED: 'approved',
  SENDING: 'sending',
  CONFIRMING: 'confirming',
  COMPLETED: 'completed',
  REJECTED: 'rejected',
  FAILED: 'failed',
  /**
   * The payout's nonce was used on chain but its receipt is not found (a lagging or load-balanced
   * node): the funds stay frozen until the receipt appears or an operator settles it. Never refunded
   * on absence of evidence.
   */
  UNKNOWN: 'unknown',
} as const;
export type TWithdrawStatus = (typeof WithdrawStatus)[keyof typeof WithdrawStatus];

/** POST /api/withdraw/apply (SPEC §2 Withdraw, §5): retry-safe by `requestId`. */
export const ZWithdrawRequest = z.object({
  requestId: ZRequestId,
  chainId: ZChainId,
  asset: ZAssetCode,
  // The zero address burns what it is sent (and USDT refuses it): never a destination.
  address: ZWalletAddress.refine((value) => !/^0x0{40}$/i.test(value), 'validation.addressInvalid'),
  amount: ZAmount,
  code: ZVerificationCode,
});
export type TWithdrawRequest = z.input<typeof ZWithdrawRequest>;
export const ZWithdrawal = z.object({
  id: z.string(),
  chainId: z.number().int(),
  network: z.string(),
  asset: z.string(),
  /** EIP-55 checksummed. */
  address: z.string(),
  amount: z.string(),
  fee: z.string(),
  /** `balance`: the fee came from the remaining available balance; `amount`: from the withdrawal. */
  feeFrom: z.enum(['balance', 'amount']),
  received: z.string(),
  status: z.enum(Object.values(WithdrawStatus) as [TWithdrawStatus, ...TWithdrawStatus[]]),
  txHash: z.string().nullable(),
  createdAt: z.string(),
});
export type TWithdrawal = z.infer<typeof ZWithdrawal>;

export interface WithdrawFeeTerms {
  /** Decimal strings. */
  amount: string;
  available: string;
  feeRate: string;
  minFee: string;
  decimals: number;
}
export interface WithdrawFee {
  fee: string;
  feeFrom: 'balance' | 'amount';
  received: string;
  /** What leaves available: amount, plus the fee when it comes from the balance. */
  total: string;
}

/**
 * SPEC §5, §9: the fee is a percentage with a minimum, rounded up to the asset's decimals; it is
 * taken from what stays available when that covers it, otherwise from the withdrawal amount.
 * One function for the form's preview and the server's charge, so they never disagree.
 */
export function computeWithdrawFee(terms: WithdrawFeeTerms): WithdrawFee {
  const amount = parseDecimal(terms.amount, LEDGER_SCALE);
  const available = parseDecimal(terms.available, LEDGER_SCALE);
  const byRate = ceilToDecimals(
    mulDivUp(amount, parseDecimal(terms.feeRate, LEDGER_SCALE), 10n ** BigInt(LEDGER_SCALE)),
    terms.decimals,
  );
  const minFee = parseDecimal(terms.minFee, LEDGER_SCALE);
  const fee = byRate > minFee ? byRate : minFee;
  const fromBalance = available - amount >= fee;
  const received = fromBalance ? amount : amount - fee;
  return {
    fee: formatDecimal(fee, LEDGER_SCALE),
    feeFrom: fromBalance ? 'balance' : 'amount',
    received: formatDecimal(received > 0n ? received : 0n, LEDGER_SCALE),
    total: formatDecimal(fromBalance ? amount + fee : amount, LEDGER_SCALE),
  };
}
