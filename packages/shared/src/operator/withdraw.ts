import { z } from 'zod';
import { ZChainId, ZCursor, ZLimit, ZRecordId } from '../schemas/common.ts';
import { WithdrawStatus, ZWithdrawal, type TWithdrawStatus } from '../schemas/withdraw.ts';
import { ZOperatorRecordIds } from './auth.ts';

/**
 * The withdrawals queue (Step 8a §4): list by state, approve or reject one or many (a rejection
 * returns the frozen funds, once), settle an `unknown` one. The member app never imports this
 * entry point: its schemas stay out of the member bundle.
 */

const ZWithdrawStatus = z.enum(Object.values(WithdrawStatus) as [TWithdrawStatus, ...TWithdrawStatus[]], {
  error: 'validation.invalid',
});

/** Evidence or a reason an operator gives; kept in the withdrawal's history and the audit log, never shown to the member. */
const ZOperatorNote = z
  .string({ error: 'validation.reasonRequired' })
  .trim()
  .min(1, 'validation.reasonRequired')
  .max(500, 'validation.invalid');

/** POST /api/operator/withdrawals/list (payments.read): newest first. */
export const ZOperatorWithdrawalListRequest = z.object({
  status: ZWithdrawStatus.optional(),
  chainId: ZChainId.optional(),
  memberId: z.uuid({ error: 'validation.invalid' }).optional(),
  cursor: ZCursor.optional(),
  limit: ZLimit.optional(),
});
export type TOperatorWithdrawalListRequest = z.input<typeof ZOperatorWithdrawalListRequest>;

/** A withdrawal as operators see it: the member's view plus who asked and how it is being paid. Amounts are USDT. */
export const ZOperatorWithdrawal = ZWithdrawal.extend({
  memberId: z.string(),
  memberEmail: z.string().nullable(),
  /** EIP-55 checksummed; null for a member without a wallet. */
  memberWallet: z.string().nullable(),
  /** The hot wallet that signed the payout, its nonce and block, once sent. */
  fromAddress: z.string().nullable(),
  nonce: z.number().int().nullable(),
  blockNumber: z.string().nullable(),
  explorerTxUrl: z.string().nullable(),
  updatedAt: z.string(),
});
export type TOperatorWithdrawal = z.infer<typeof ZOperatorWithdrawal>;
export const ZOperatorWithdrawalListResponse = z.object({
  list: z.array(ZOperatorWithdrawal),
  nextCursor: z.string().nullable(),
});
export type TOperatorWithdrawalListResponse = z.infer<typeof ZOperatorWithdrawalListResponse>;

/** POST /api/operator/withdrawals/detail (payments.read): one withdrawal and every event of it, oldest first. */
export const ZOperatorWithdrawalDetailRequest = z.object({ id: ZRecordId });
export const ZOperatorWithdrawalEvent = z.object({
  /** Null for the submission. */
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  /** `member`, `auto`, `sender`, `operator:<id>` or `service:<name>`. */
  actor: z.string(),
  detail: z.string().nullable(),
  at: z.string(),
});
export type TOperatorWithdrawalEvent = z.infer<typeof ZOperatorWithdrawalEvent>;
export const ZOperatorWithdrawalDetail = ZOperatorWithdrawal.extend({ events: z.array(ZOperatorWithdrawalEvent) });
export type TOperatorWithdrawalDetail = z.infer<typeof ZOperatorWithdrawalDetail>;

/**
 * POST /api/operator/withdrawals/review (withdrawals.review, fresh second factor): approves or
 * rejects `submitted` withdrawals, each in its own transaction with its audit entry. A rejection
 * needs `detail` (the reason) and returns the frozen amount and fee. Duplicated ids count once.
 */
export const ZReviewWithdrawalsRequest = z
  .object({
    ids: ZOperatorRecordIds,
    decision: z.enum([WithdrawStatus.APPROVED, WithdrawStatus.REJECTED], { error: 'validation.invalid' }),
    detail: ZOperatorNote.optional(),
  })
  .refine((request) => request.decision !== WithdrawStatus.REJECTED || request.detail !== undefined, {
    message: 'validation.reasonRequired',
    path: ['detail'],
  });
export type TReviewWithdrawalsRequest = z.input<typeof ZReviewWithdrawalsRequest>;

/**
 * What became of each id: `approved` / `rejected` by this call; `already_decided` when it was not
 * `submitted` any more (another operator, the automatic limit, an earlier call: `status` says
 * where it is); `member_frozen` when an approval met a frozen member (it stays `submitted`: a
 * rejection still works); `not_found`.
 */
export const ReviewOutcome = {
  APPROVED: 'approved',
  REJECTED: 'rejected',
  ALREADY_DECIDED: 'already_decided',
  MEMBER_FROZEN: 'member_frozen',
  NOT_FOUND: 'not_found',
} as const;
export type TReviewOutcome = (typeof ReviewOutcome)[keyof typeof ReviewOutcome];
export const ZReviewWithdrawalsResponse = z.object({
  results: z.array(
    z.object({
      id: z.string(),
      outcome: z.enum(Object.values(ReviewOutcome) as [TReviewOutcome, ...TReviewOutcome[]]),
      /** The withdrawal's state after the call; null when not found. */
      status: ZWithdrawStatus.nullable(),
    }),
  ),
});
export type TReviewWithdrawalsResponse = z.infer<typeof ZReviewWithdrawalsResponse>;

/**
 * POST /api/operator/withdrawals/settle (withdrawals.review, fresh second factor): settles an
 * `unknown` withdrawal on evidence from outside (an explorer, the node operator): `completed` pays
 * it out of the frozen funds, `failed` releases them. Answers the withdrawal (ZOperatorWithdrawal).
 */
export const ZSettleUnknownWithdrawalRequest = z.object({
  id: ZRecordId,
  outcome: z.enum([WithdrawStatus.COMPLETED, WithdrawStatus.FAILED], { error: 'validation.invalid' }),
  detail: ZOperatorNote,
});
export type TSettleUnknownWithdrawalRequest = z.input<typeof ZSettleUnknownWithdrawalRequest>;
