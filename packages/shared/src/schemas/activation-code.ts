import { z } from 'zod';
import { ZCursor, ZLimit, ZRecordId, ZRequestId } from './common.ts';

/**
 * Card activation codes (Step 6, SPEC §2 `/pages/card/sdk`, §4 "Card activation code: unused or
 * used"). A member sees and copies their unused codes, gives one to another member, and spends one
 * on a card application.
 */

/** `voided` (Step 8b): an operator voided the unused code; it can never be used or given. */
export const ActivationCodeStatus = { UNUSED: 'unused', USED: 'used', VOIDED: 'voided' } as const;
export type TActivationCodeStatus = (typeof ActivationCodeStatus)[keyof typeof ActivationCodeStatus];
export const ZActivationCodeStatus = z.enum(
  [ActivationCodeStatus.UNUSED, ActivationCodeStatus.USED, ActivationCodeStatus.VOIDED],
  { error: 'validation.invalid' },
);

/** Where the member got the code: a KLK package they bought, or another member. */
export const ActivationCodeSource = { PURCHASE: 'purchase', GIFT: 'gift' } as const;

/** Codes are 16 characters of these 32 (no 0/O, 1/I): 80 random bits, shown in groups of four. */
export const ACTIVATION_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const ACTIVATION_CODE_LENGTH = 16;

/** POST /api/card/codes */
export const ZActivationCodesRequest = z.object({
  status: ZActivationCodeStatus.optional(),
  cursor: ZCursor.optional(),
  limit: ZLimit.optional(),
});
export type TActivationCodesRequest = z.input<typeof ZActivationCodesRequest>;
export const ZActivationCode = z.object({
  id: z.string(),
  /** The whole code (`XXXX-XXXX-XXXX-XXXX`) while unused; null once used. */
  code: z.string().nullable(),
  /** Its first and last four characters, always shown. */
  hint: z.string(),
  status: ZActivationCodeStatus,
  source: z.enum([ActivationCodeSource.PURCHASE, ActivationCodeSource.GIFT]),
  createdAt: z.string(),
  /** When and for what (e.g. `card_application:12`) it was used. */
  usedAt: z.string().nullable(),
  usedFor: z.string().nullable(),
});
export type TActivationCode = z.infer<typeof ZActivationCode>;
export const ZActivationCodesResponse = z.object({
  list: z.array(ZActivationCode),
  nextCursor: z.string().nullable(),
  /** Counts over all the member's codes. */
  unused: z.number().int(),
  used: z.number().int(),
});
export type TActivationCodesResponse = z.infer<typeof ZActivationCodesResponse>;

/** POST /api/card/codes/give: `to` is the recipient's invitation code or email. Retry-safe by requestId. */
export const ZActivationCodeGiveRequest = z.object({
  codeId: ZRecordId,
  to: z.string({ error: 'validation.invalid' }).trim().min(1, 'validation.invalid').max(254, 'validation.invalid'),
  requestId: ZRequestId,
});
export type TActivationCodeGiveRequest = z.input<typeof ZActivationCodeGiveRequest>;
export const ZActivationCodeGiveResponse = z.object({ id: z.string(), codeId: z.string(), createdAt: z.string() });
export type TActivationCodeGiveResponse = z.infer<typeof ZActivationCodeGiveResponse>;
