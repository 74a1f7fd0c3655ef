import { z } from 'zod';
import { ZRecordId } from '../schemas/common.ts';
import { WithdrawStatus } from '../schemas/withdraw.ts';

/**
 * What operators do to withdrawals (Step 4b; Step 8's console calls these). The member app never
 * imports this entry point: its schemas stay out of the member bundle.
 */

/** Evidence or a reason an operator gives; kept in the withdrawal's history. */
const ZOperatorNote = z.string({ error: 'validation.invalid' }).trim().min(1, 'validation.invalid').max(500);

/**
 * Settles an `unknown` withdrawal on evidence from outside (an explorer, the node operator):
 * `completed` pays it out of the frozen funds, `failed` releases them (`settleUnknownWithdrawal`).
 */
export const ZSettleUnknownWithdrawalRequest = z.object({
  id: ZRecordId,
  outcome: z.enum([WithdrawStatus.COMPLETED, WithdrawStatus.FAILED], { error: 'validation.invalid' }),
  detail: ZOperatorNote,
});
export type TSettleUnknownWithdrawalRequest = z.input<typeof ZSettleUnknownWithdrawalRequest>;

/** Approves or rejects a submitted withdrawal (`reviewWithdrawal`); a rejection releases the frozen funds. */
export const ZReviewWithdrawalRequest = z.object({
  id: ZRecordId,
  decision: z.enum([WithdrawStatus.APPROVED, WithdrawStatus.REJECTED], { error: 'validation.invalid' }),
  detail: ZOperatorNote.optional(),
});
export type TReviewWithdrawalRequest = z.input<typeof ZReviewWithdrawalRequest>;
