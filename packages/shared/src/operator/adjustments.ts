import { z } from 'zod';
import { ZAmount, ZAssetCode } from '../schemas/assets.ts';
import { ZCursor, ZLimit, ZRecordId } from '../schemas/common.ts';
import { ZOperatorReason, ZTotpCode } from './auth.ts';

/**
 * Two-person ledger adjustments (Step 8b §3, role `finance`). One operator proposes a credit or
 * debit of a member's funds, or a move between house accounts, with the postings it will make;
 * it takes effect only when a different operator approves it (two above a threshold), each
 * approval with its own authenticator code. Anchors: peatio adjustments (creator and validator),
 * Fireblocks approval groups (the initiator never counts), BitGo (a different admin, with an OTP).
 */

export const AdjustmentKind = {
  /** Adds to a member's bucket; the house account `adjustments` pays it. */
  MEMBER_CREDIT: 'member_credit',
  /** Takes from a member's bucket into `adjustments`; checked against the balance when approved. */
  MEMBER_DEBIT: 'member_debit',
  /** Moves funds from one house account to another. */
  HOUSE_MOVE: 'house_move',
} as const;
export type TAdjustmentKind = (typeof AdjustmentKind)[keyof typeof AdjustmentKind];

export const AdjustmentStatus = {
  PENDING: 'pending',
  ACCEPTED: 'accepted',
  REJECTED: 'rejected',
  /** Not decided before `expiresAt`: it can no longer be approved. */
  EXPIRED: 'expired',
} as const;
export type TAdjustmentStatus = (typeof AdjustmentStatus)[keyof typeof AdjustmentStatus];

/** The member buckets an adjustment may touch (locked and staked belong to plans and pledges). */
export const ADJUSTMENT_BUCKETS = ['available', 'frozen', 'income'] as const;
export type TAdjustmentBucket = (typeof ADJUSTMENT_BUCKETS)[number];

/** House accounts an operator may move between (the server's `HouseAccount`, less the faucet's test funds). */
export const ADJUSTMENT_HOUSE_ACCOUNTS = [
  'adjustments',
  'treasury',
  'fees',
  'exchange',
  'airdrop',
  'airdrop_fees',
  'burn',
  'plan_funds',
  'plan_payout',
  'klk_sales',
  'node_sales',
  'card_fees',
  'card_float',
] as const;
export type TAdjustmentHouseAccount = (typeof ADJUSTMENT_HOUSE_ACCOUNTS)[number];

const invalid = { error: 'validation.invalid' };
export const ZAdjustmentKind = z.enum(
  Object.values(AdjustmentKind) as [TAdjustmentKind, ...TAdjustmentKind[]],
  invalid,
);
export const ZAdjustmentStatus = z.enum(
  Object.values(AdjustmentStatus) as [TAdjustmentStatus, ...TAdjustmentStatus[]],
  invalid,
);
export const ZAdjustmentBucket = z.enum(ADJUSTMENT_BUCKETS, invalid);
export const ZAdjustmentHouseAccount = z.enum(ADJUSTMENT_HOUSE_ACCOUNTS, invalid);

/** What the member reads in the asset flow: short, plain. */
export const ZAdjustmentPublicReason = ZOperatorReason.refine((value) => value.length <= 200, 'validation.invalid');

/**
 * POST /api/operator/adjustments/propose (adjustments.propose, fresh second factor). A member is
 * named by id or email; the amount is a decimal string of the asset (no more decimals than it has).
 */
export const ZProposeAdjustmentRequest = z
  .object({
    kind: ZAdjustmentKind,
    /** A member's id (uuid) or email, for member_credit and member_debit. */
    member: z.string().trim().max(254, 'validation.invalid').optional(),
    bucket: ZAdjustmentBucket.optional(),
    /** house_move: from and to. */
    fromHouse: ZAdjustmentHouseAccount.optional(),
    toHouse: ZAdjustmentHouseAccount.optional(),
    asset: ZAssetCode,
    amount: ZAmount,
    /** Shown to the member in the asset flow. */
    publicReason: ZAdjustmentPublicReason,
    /** For operators and the audit log only. */
    internalReason: ZOperatorReason,
  })
  .refine(
    (request) =>
      request.kind === AdjustmentKind.HOUSE_MOVE
        ? request.fromHouse !== undefined && request.toHouse !== undefined && request.fromHouse !== request.toHouse
        : Boolean(request.member) && request.bucket !== undefined,
    { message: 'validation.invalid' },
  );
export type TProposeAdjustmentRequest = z.input<typeof ZProposeAdjustmentRequest>;

/** One posting the adjustment makes: a member's bucket or a house account, a signed decimal amount. */
export const ZAdjustmentPosting = z.object({
  memberId: z.string().nullable(),
  bucket: z.string().nullable(),
  house: z.string().nullable(),
  asset: z.string(),
  amount: z.string(),
});
export type TAdjustmentPosting = z.infer<typeof ZAdjustmentPosting>;

export const ZAdjustmentApproval = z.object({
  approverId: z.string(),
  approverName: z.string(),
  at: z.string(),
});
export type TAdjustmentApproval = z.infer<typeof ZAdjustmentApproval>;

export const ZAdjustment = z.object({
  id: z.string(),
  kind: z.string(),
  /** `pending` past its expiry reads `expired`. */
  status: ZAdjustmentStatus,
  memberId: z.string().nullable(),
  memberEmail: z.string().nullable(),
  bucket: z.string().nullable(),
  asset: z.string(),
  amount: z.string(),
  /** The amount valued in USDT at proposal: what decides whether two approvers are needed. */
  valueUsdt: z.string(),
  postings: z.array(ZAdjustmentPosting),
  publicReason: z.string(),
  internalReason: z.string(),
  proposerId: z.string(),
  proposerName: z.string(),
  requiredApprovals: z.number().int(),
  approvals: z.array(ZAdjustmentApproval),
  decidedBy: z.string().nullable(),
  decisionReason: z.string().nullable(),
  expiresAt: z.string(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TAdjustment = z.infer<typeof ZAdjustment>;

/** POST /api/operator/adjustments/list (adjustments.propose or approve): newest first. */
export const ZAdjustmentListRequest = z.object({
  status: ZAdjustmentStatus.optional(),
  cursor: ZCursor.optional(),
  limit: ZLimit.optional(),
});
export type TAdjustmentListRequest = z.input<typeof ZAdjustmentListRequest>;
export const ZAdjustmentListResponse = z.object({ list: z.array(ZAdjustment), nextCursor: z.string().nullable() });
export type TAdjustmentListResponse = z.infer<typeof ZAdjustmentListResponse>;

export const ZAdjustmentGetRequest = z.object({ id: ZRecordId });

/**
 * POST /api/operator/adjustments/approve (adjustments.approve): the approver's authenticator code
 * travels with each approval and is used up (its time step never counts again), so every approval
 * is its own fresh second factor. Never the proposer; one approval per operator.
 */
export const ZApproveAdjustmentRequest = z.object({ id: ZRecordId, code: ZTotpCode });
export type TApproveAdjustmentRequest = z.input<typeof ZApproveAdjustmentRequest>;

/** POST /api/operator/adjustments/reject (adjustments.approve, fresh second factor): with a reason. */
export const ZRejectAdjustmentRequest = z.object({ id: ZRecordId, reason: ZOperatorReason });
export type TRejectAdjustmentRequest = z.input<typeof ZRejectAdjustmentRequest>;
