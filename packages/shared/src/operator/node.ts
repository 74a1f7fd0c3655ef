import { z } from 'zod';
import { ZCursor, ZLimit, ZRecordId } from '../schemas/common.ts';
import { NodeStatus, ZNodeApplication, type TNodeStatus } from '../schemas/node.ts';
import { StockholderStatus, ZStockholderApplication } from '../schemas/stockholder.ts';

/**
 * What operators do to global node and shareholder applications (Step 6), under
 * `/api/operator/<module>/<action>` with the `x-operator-key` header. Each decision keeps the
 * operator's name and time.
 */

/** A reason an operator gives; shown to the member. */
export const ZOperatorDecisionNote = z
  .string({ error: 'validation.invalid' })
  .trim()
  .min(1, 'validation.invalid')
  .max(500, 'validation.invalid');

/** POST /api/operator/node/list and /api/operator/stockholder/list: newest first. */
const ZListRequest = <S extends string>(statuses: [S, ...S[]]) =>
  z.object({
    status: z.enum(statuses, { error: 'validation.invalid' }).optional(),
    cursor: ZCursor.optional(),
    limit: ZLimit.optional(),
  });

export const ZOperatorNodeListRequest = ZListRequest(Object.values(NodeStatus) as [TNodeStatus, ...TNodeStatus[]]);
export type TOperatorNodeListRequest = z.input<typeof ZOperatorNodeListRequest>;
export const ZOperatorNodeApplication = ZNodeApplication.extend({
  memberId: z.string(),
  reviewedBy: z.string().nullable(),
  decidedBy: z.string().nullable(),
  refundedAt: z.string().nullable(),
  /** Step 8b: the member's email, in lists (null: a wallet-only member). */
  memberEmail: z.string().nullable().optional(),
});
export type TOperatorNodeApplication = z.infer<typeof ZOperatorNodeApplication>;
export const ZOperatorNodeListResponse = z.object({
  list: z.array(ZOperatorNodeApplication),
  nextCursor: z.string().nullable(),
});

/** POST /api/operator/node/review: `applied` -> `approved` (awaiting payment) or `rejected`. */
export const ZOperatorNodeReviewRequest = z.object({
  id: ZRecordId,
  approve: z.boolean({ error: 'validation.invalid' }),
  note: ZOperatorDecisionNote.optional(),
});
export type TOperatorNodeReviewRequest = z.input<typeof ZOperatorNodeReviewRequest>;
/** POST /api/operator/node/authorize: `paid` -> `authorized`. */
export const ZOperatorNodeAuthorizeRequest = z.object({ id: ZRecordId, note: ZOperatorDecisionNote.optional() });
export type TOperatorNodeAuthorizeRequest = z.input<typeof ZOperatorNodeAuthorizeRequest>;
/** POST /api/operator/node/refuse: `approved` or `paid` -> `refused`; a payment is refunded once. */
export const ZOperatorNodeRefuseRequest = z.object({ id: ZRecordId, note: ZOperatorDecisionNote });
export type TOperatorNodeRefuseRequest = z.input<typeof ZOperatorNodeRefuseRequest>;

export const ZOperatorStockholderListRequest = ZListRequest([
  StockholderStatus.PENDING,
  StockholderStatus.APPROVED,
  StockholderStatus.REJECTED,
]);
export type TOperatorStockholderListRequest = z.input<typeof ZOperatorStockholderListRequest>;
export const ZOperatorStockholderApplication = ZStockholderApplication.extend({
  memberId: z.string(),
  reviewedBy: z.string().nullable(),
  /** Step 8b: the member's email, in lists (null: a wallet-only member). */
  memberEmail: z.string().nullable().optional(),
});
export type TOperatorStockholderApplication = z.infer<typeof ZOperatorStockholderApplication>;
export const ZOperatorStockholderListResponse = z.object({
  list: z.array(ZOperatorStockholderApplication),
  nextCursor: z.string().nullable(),
});

/** POST /api/operator/stockholder/review: `pending` -> `approved` or `rejected`, with a note the member sees. */
export const ZOperatorStockholderReviewRequest = z.object({
  id: ZRecordId,
  approve: z.boolean({ error: 'validation.invalid' }),
  note: ZOperatorDecisionNote.optional(),
});
export type TOperatorStockholderReviewRequest = z.input<typeof ZOperatorStockholderReviewRequest>;
