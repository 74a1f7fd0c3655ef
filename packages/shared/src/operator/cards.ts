import { z } from 'zod';
import { isCardId, isCardNumber, normalizeCardId, normalizeCardNumber } from '../card.ts';
import {
  ZCardApplication,
  ZCardApplicationStatus,
  ZCardListItem,
  ZCardRejectReason,
  ZCardTopUpResponse,
  ZCardTransaction,
} from '../schemas/card.ts';
import { ZCursor, ZLimit, ZRecordId } from '../schemas/common.ts';
import { ZOperatorReason } from './auth.ts';

/**
 * Cards in the console (Step 8b §1): the applications queue and one application with its KYC
 * details (every view audited), the decisions, issuing through the issuer adapter or importing a
 * card issued outside, and a card's page with an operator's freeze. The member app never imports
 * this entry point.
 */

const ZMemberFilter = z.uuid({ error: 'validation.invalid' }).optional();

/** POST /api/operator/card/applications (applications.read): newest first, by state and member. */
export const ZOperatorCardApplicationsRequest = z.object({
  status: ZCardApplicationStatus.optional(),
  memberId: ZMemberFilter,
  cursor: ZCursor.optional(),
  limit: ZLimit.optional(),
});
export type TOperatorCardApplicationsRequest = z.input<typeof ZOperatorCardApplicationsRequest>;

/** The holder as the programme keeps it once the application reached the issuer (sealed at rest). */
export const ZOperatorCardKyc = z.object({
  holderName: z.string(),
  nationality: z.string(),
  documentType: z.string(),
  /** The last 4 characters of the document number: all the programme keeps of it. */
  documentLast4: z.string(),
});
export type TOperatorCardKyc = z.infer<typeof ZOperatorCardKyc>;

export const ZOperatorCardApplication = ZCardApplication.extend({
  /** Operators see `submitting` (paid, not yet known to the issuer) apart from `submitted`. */
  status: ZCardApplicationStatus,
  memberId: z.string(),
  memberEmail: z.string().nullable(),
  /**
   * KYC details, only in `/api/operator/card/application` (each view is audited); null in lists and
   * in the answers of actions, and when not kept.
   */
  holderName: z.string().nullable(),
  nationality: z.string().nullable(),
  documentType: z.string().nullable(),
  documentLast4: z.string().nullable(),
  issuerRef: z.string().nullable(),
  /** An operator's KYC decision, recorded before the issuer applies it. */
  decision: z.enum(['approve', 'reject']).nullable(),
  decidedBy: z.string().nullable(),
  issuedBy: z.string().nullable(),
  refundedAt: z.string().nullable(),
  /** The issued card's initial top-up: pending until the issuer loads it, failed when returned. */
  initialTopUp: z.object({ amount: z.string(), status: z.enum(['pending', 'completed', 'failed']) }).nullable(),
});
export type TOperatorCardApplication = z.infer<typeof ZOperatorCardApplication>;
export const ZOperatorCardApplicationsResponse = z.object({
  list: z.array(ZOperatorCardApplication),
  nextCursor: z.string().nullable(),
});
export type TOperatorCardApplicationsResponse = z.infer<typeof ZOperatorCardApplicationsResponse>;

/** An application's or a card's record id. */
export const ZOperatorCardIdRequest = z.object({ id: ZRecordId });

/** POST /api/operator/card/reject (applications.decide): the member reads `reason`; `note` is the audit log's. */
export const ZOperatorCardRejectRequest = z.object({
  id: ZRecordId,
  reason: ZCardRejectReason.optional(),
  note: ZOperatorReason.optional(),
});

/** A card number as typed (spaces and dashes allowed): 16 Luhn-valid digits. */
const ZTypedCardNumber = z
  .string({ error: 'validation.invalid' })
  .transform(normalizeCardNumber)
  .pipe(z.string().refine(isCardNumber, 'validation.invalid'));

/**
 * POST /api/operator/card/import (cards.manage, fresh second factor): a card issued outside the
 * issuer adapter, for an approved application. Only its last 4 digits and a keyed hash are kept.
 */
export const ZOperatorCardImportRequest = z.object({
  /** The application's record id. */
  id: ZRecordId,
  cardNumber: ZTypedCardNumber,
  cardId: z
    .string({ error: 'validation.invalid' })
    .transform(normalizeCardId)
    .pipe(z.string().refine(isCardId, 'validation.invalid')),
  label: z.string({ error: 'validation.invalid' }).trim().min(1, 'validation.invalid').max(40, 'validation.invalid'),
  /** ISO 3166-1 alpha-2, read case-blind. */
  region: z
    .string({ error: 'validation.invalid' })
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}$/, 'validation.invalid')),
});
export type TOperatorCardImportRequest = z.input<typeof ZOperatorCardImportRequest>;

/** POST /api/operator/card/list (applications.read): cards, newest first, by state and member. */
export const ZOperatorCardListRequest = z.object({
  status: z.enum(['active', 'frozen'], { error: 'validation.invalid' }).optional(),
  memberId: ZMemberFilter,
  cursor: ZCursor.optional(),
  limit: ZLimit.optional(),
});
export type TOperatorCardListRequest = z.input<typeof ZOperatorCardListRequest>;

/** A card as operators see it: the member's view (balance null in lists) plus whose it is and who froze it. */
export const ZOperatorCard = ZCardListItem.extend({
  memberId: z.string(),
  memberEmail: z.string().nullable(),
  applicationId: z.string(),
  memberFrozen: z.boolean(),
  feeFrozen: z.boolean(),
  operatorFrozen: z.boolean(),
  /** The operator's reason (operators only; the member reads that the programme froze it). */
  operatorFrozenReason: z.string().nullable(),
  importedBy: z.string().nullable(),
  monthlyFee: z.string(),
  monthlyFeesCharged: z.number().int(),
});
export type TOperatorCard = z.infer<typeof ZOperatorCard>;
export const ZOperatorCardListResponse = z.object({ list: z.array(ZOperatorCard), nextCursor: z.string().nullable() });
export type TOperatorCardListResponse = z.infer<typeof ZOperatorCardListResponse>;

export const ZOperatorCardTopUp = ZCardTopUpResponse.extend({
  kind: z.enum(['top_up', 'initial']),
  failure: z.string().nullable(),
});
export type TOperatorCardTopUp = z.infer<typeof ZOperatorCardTopUp>;

/**
 * POST /api/operator/card/detail (applications.read): the card, its balance, its latest top-ups and
 * transactions at the issuer. `issuerAnswered` false: the issuer did not answer (balance and
 * transactions unknown, never shown as 0).
 */
export const ZOperatorCardDetail = z.object({
  card: ZOperatorCard,
  issuerAnswered: z.boolean(),
  topUps: z.array(ZOperatorCardTopUp),
  transactions: z.array(ZCardTransaction),
});
export type TOperatorCardDetail = z.infer<typeof ZOperatorCardDetail>;

/** POST /api/operator/card/freeze and /unfreeze (cards.manage, fresh second factor). */
export const ZOperatorCardFreezeRequest = z.object({ id: ZRecordId, reason: ZOperatorReason });
