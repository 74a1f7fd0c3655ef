import { z } from 'zod';
import { ZActivationCodeStatus } from '../schemas/activation-code.ts';
import { ZCursor, ZLimit, ZRecordId } from '../schemas/common.ts';
import { ZOperatorReason } from './auth.ts';

/**
 * Activation codes for operators (Step 8b §1, cards.manage): look a code up by its visible part or
 * by its owner, see who gave it to whom, void an unused one with a reason. Operators never see a
 * whole code: only its first and last four characters.
 */

/**
 * POST /api/operator/codes/lookup. `query` is a whole code (any case, dashes allowed), its visible
 * part (`ABCD…WXYZ`, `ABCD...WXYZ`, `ABCD-WXYZ` or `ABCDWXYZ`), the owner's member id or email.
 */
export const ZOperatorCodeLookupRequest = z.object({
  query: z.string({ error: 'validation.invalid' }).trim().min(1, 'validation.invalid').max(254, 'validation.invalid'),
  status: ZActivationCodeStatus.optional(),
  cursor: ZCursor.optional(),
  limit: ZLimit.optional(),
});
export type TOperatorCodeLookupRequest = z.input<typeof ZOperatorCodeLookupRequest>;

/** One gift of the code, oldest first. */
export const ZOperatorCodeTransfer = z.object({
  fromMemberId: z.string(),
  fromEmail: z.string().nullable(),
  toMemberId: z.string(),
  toEmail: z.string().nullable(),
  at: z.string(),
});
export type TOperatorCodeTransfer = z.infer<typeof ZOperatorCodeTransfer>;

export const ZOperatorActivationCode = z.object({
  id: z.string(),
  /** First and last four characters. */
  hint: z.string(),
  status: ZActivationCodeStatus,
  ownerId: z.string(),
  ownerEmail: z.string().nullable(),
  /** The KLK purchase that issued it, and its buyer. */
  purchaseId: z.string(),
  buyerId: z.string().nullable(),
  buyerEmail: z.string().nullable(),
  createdAt: z.string(),
  usedAt: z.string().nullable(),
  /** What used it, e.g. `card_application:12`. */
  usedFor: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidedReason: z.string().nullable(),
  voidedBy: z.string().nullable(),
  transfers: z.array(ZOperatorCodeTransfer),
});
export type TOperatorActivationCode = z.infer<typeof ZOperatorActivationCode>;
export const ZOperatorCodeLookupResponse = z.object({
  list: z.array(ZOperatorActivationCode),
  nextCursor: z.string().nullable(),
});
export type TOperatorCodeLookupResponse = z.infer<typeof ZOperatorCodeLookupResponse>;

/** POST /api/operator/codes/void: an unused code, with the reason (audited). */
export const ZOperatorCodeVoidRequest = z.object({ id: ZRecordId, reason: ZOperatorReason });
export type TOperatorCodeVoidRequest = z.input<typeof ZOperatorCodeVoidRequest>;
