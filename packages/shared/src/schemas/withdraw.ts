import { z } from 'zod';
import { ZPasskeyAssertion } from './webauthn.ts';
import { ceilToDecimals, formatDecimal, LEDGER_SCALE, mulDivUp, parseDecimal } from '../money.ts';
import { ZTotpCode, ZVerificationCode } from './account.ts';
import { ZAmount, ZAssetCode } from './assets.ts';
import { ZChainId, ZChannelStatus, ZRecordId, ZRequestId } from './common.ts';
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
  /** The authenticator's code: required when the member turned two-step verification on (Step 11 §2). */
  totpCode: ZTotpCode.optional(),
  /** Or a passkey's answer to the member's challenge (`/api/2fa/passkey/options`), when they have a passkey. */
  passkey: ZPasskeyAssertion.optional(),
  /**
   * The fee terms the form showed (the channel's `feeRate` and `minFee`): when they changed since,
   * the withdrawal is refused with PRICE_CHANGED and nothing is frozen (Step 8b §2).
   */
  feeRate: z
    .string()
    .trim()
    .max(40)
    .regex(/^\d{1,20}(\.\d{1,18})?$/, 'validation.invalid')
    .optional(),
  minFee: z
    .string()
    .trim()
    .max(40)
    .regex(/^\d{1,20}(\.\d{1,18})?$/, 'validation.invalid')
    .optional(),
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

/**
 * What a member follows a withdrawal through (the record detail's timeline): the happy path
 * submitted -> approved -> sending -> confirming -> completed, or an end in rejected / failed.
 * `unknown` is no step of its own: to the member the payout is still confirming (its funds stay
 * frozen, nothing is lost) until the receipt shows or an operator settles it.
 */
export const WithdrawStep = {
  SUBMITTED: 'submitted',
  APPROVED: 'approved',
  SENDING: 'sending',
  CONFIRMING: 'confirming',
  COMPLETED: 'completed',
  REJECTED: 'rejected',
  FAILED: 'failed',
} as const;
export type TWithdrawStep = (typeof WithdrawStep)[keyof typeof WithdrawStep];
/** The steps of a withdrawal that goes through, in order. */
export const WITHDRAW_STEPS: readonly TWithdrawStep[] = [
  WithdrawStep.SUBMITTED,
  WithdrawStep.APPROVED,
  WithdrawStep.SENDING,
  WithdrawStep.CONFIRMING,
  WithdrawStep.COMPLETED,
];

/**
 * Why a withdrawal ended without paying, as the member is told (a message key on the client),
 * never the internal detail behind it: `review_rejected`, an operator did not approve it;
 * `payout_reverted`, the network refused the payout; `payout_failed`, the payout was found not
 * to have been made. Every one of them returned the frozen amount and fee.
 */
export const WithdrawFailReason = {
  REVIEW_REJECTED: 'review_rejected',
  PAYOUT_REVERTED: 'payout_reverted',
  PAYOUT_FAILED: 'payout_failed',
} as const;
export type TWithdrawFailReason = (typeof WithdrawFailReason)[keyof typeof WithdrawFailReason];

/**
 * POST /api/withdraw/detail — one of the member's own withdrawals, by its id (`id`, as
 * /api/withdraw/apply answered it) or by its financial record's id (`recordId`, as
 * /api/ass/history lists it): exactly one of the two.
 */
export const ZWithdrawDetailRequest = z
  .object({ id: ZRecordId.optional(), recordId: ZRecordId.optional() })
  .refine((request) => (request.id === undefined) !== (request.recordId === undefined), 'validation.invalid');
export type TWithdrawDetailRequest = z.input<typeof ZWithdrawDetailRequest>;
export const ZWithdrawTimelineEntry = z.object({
  step: z.enum(Object.values(WithdrawStep) as [TWithdrawStep, ...TWithdrawStep[]]),
  /** When the withdrawal reached the step (ISO 8601). */
  at: z.string(),
});
export type TWithdrawTimelineEntry = z.infer<typeof ZWithdrawTimelineEntry>;
export const ZWithdrawalDetail = ZWithdrawal.extend({
  /** The payout's blocks so far: head - block + 1, capped at `required`; 0 before it is mined. */
  confirmations: z.number().int(),
  /** Blocks the payout needs before the withdrawal completes (the server's WITHDRAW_CONFIRMATIONS). */
  required: z.number().int(),
  /** The payout on the network's explorer; null without a hash or an explorer (the local chain). */
  explorerTxUrl: z.string().nullable(),
  /** The steps reached so far, oldest first, each once. */
  timeline: z.array(ZWithdrawTimelineEntry),
  /** Set when the withdrawal was rejected or failed. */
  reason: z.enum(Object.values(WithdrawFailReason) as [TWithdrawFailReason, ...TWithdrawFailReason[]]).nullable(),
});
export type TWithdrawalDetail = z.infer<typeof ZWithdrawalDetail>;

/** Withdrawal states that may still change: a page showing one refreshes until it ends. */
export function isWithdrawalInFlight(status: string): boolean {
  return (
    status === WithdrawStatus.SUBMITTED ||
    status === WithdrawStatus.APPROVED ||
    status === WithdrawStatus.SENDING ||
    status === WithdrawStatus.CONFIRMING ||
    status === WithdrawStatus.UNKNOWN
  );
}

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
