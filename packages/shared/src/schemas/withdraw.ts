import { z } from 'zod';
import { ceilToDecimals, formatDecimal, LEDGER_SCALE, mulDivUp, parseDecimal } from '../money.ts';
import { ZVerificationCode } from './account.ts';
import { ZAmount, ZAssetCode } from './assets.ts';
import { ZChainId, ZChannelStatus, ZRequestId } from './common.ts';
import { ZWalletAddress } from './wallet.ts';

/**
 * On-chain withdrawals (Step 4, SPEC §2 Withdraw, §5, §8, §9): the networks, the code, the
 * withdrawal and its fee. Amounts are decimal strings in the asset's units.
 */

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
