import { z } from 'zod';
import { ZShownAmount } from './assets.ts';
import { ZRequestId } from './common.ts';

/**
 * The global node (Step 6, SPEC §2 `/pages/node/global`, §4 "Global node: apply, then applied;
 * pay; authorized"). A member applies; an operator approves (awaiting payment) or rejects; the
 * member pays the node price from available USDT; an operator authorizes the node, or refuses it
 * and the payment is refunded once.
 */

export const NodeStatus = {
  APPLIED: 'applied',
  APPROVED: 'approved',
  REJECTED: 'rejected',
  PAID: 'paid',
  AUTHORIZED: 'authorized',
  REFUSED: 'refused',
} as const;
export type TNodeStatus = (typeof NodeStatus)[keyof typeof NodeStatus];
/** An application in one of these blocks another: one open (or granted) node per member. */
export const NODE_OPEN_STATUSES: readonly TNodeStatus[] = [
  NodeStatus.APPLIED,
  NodeStatus.APPROVED,
  NodeStatus.PAID,
  NodeStatus.AUTHORIZED,
];

/** A required text field: empty (or blank) says so, the form showing it beside every other error. */
const ZText = (max: number) =>
  z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(max, 'validation.invalid');

/** POST /api/node/apply */
export const ZNodeApplyRequest = z.object({
  /** The applicant's or organisation's name. */
  name: ZText(100),
  /** How the programme reaches the applicant (phone, Telegram, email...). */
  contact: ZText(200),
  /** Where the node would operate. */
  region: ZText(100),
  note: z.string({ error: 'validation.invalid' }).trim().max(500, 'validation.invalid').optional(),
});
export type TNodeApplyRequest = z.input<typeof ZNodeApplyRequest>;

export const ZNodeApplication = z.object({
  id: z.string(),
  status: z.enum(Object.values(NodeStatus) as [TNodeStatus, ...TNodeStatus[]]),
  name: z.string(),
  contact: z.string(),
  region: z.string(),
  note: z.string().nullable(),
  /** USDT paid, once paid. */
  paid: z.string().nullable(),
  /** The operator's note on the review, or on a refusal. */
  reviewNote: z.string().nullable(),
  decisionNote: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type TNodeApplication = z.infer<typeof ZNodeApplication>;

/** POST /api/node/status: the node price and the member's latest application (null if none). */
export const ZNodeStatusResponse = z.object({
  price: z.string(),
  asset: z.string(),
  application: ZNodeApplication.nullable(),
});
export type TNodeStatusResponse = z.infer<typeof ZNodeStatusResponse>;

/**
 * POST /api/node/pay: pays the node price for the member's approved application; retry-safe by
 * requestId. `amount` is the price the member's review showed: any other price is refused with
 * PRICE_CHANGED and nothing is charged.
 */
export const ZNodePayRequest = z.object({ amount: ZShownAmount, requestId: ZRequestId });
export type TNodePayRequest = z.input<typeof ZNodePayRequest>;
