import { z } from 'zod';
import { ZAmount } from './assets.ts';

/**
 * Shareholder applications (Step 6, SPEC §2 `/pages/stockholder/index`, §6 "shareholder
 * applicant"): a member states a contribution in USDT; an operator approves or rejects it with a
 * note the member sees. Nothing is paid through the app.
 */

export const StockholderStatus = { PENDING: 'pending', APPROVED: 'approved', REJECTED: 'rejected' } as const;
export type TStockholderStatus = (typeof StockholderStatus)[keyof typeof StockholderStatus];

/** A required text field: empty (or blank) says so, the form showing it beside every other error. */
const ZText = (max: number) =>
  z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(max, 'validation.invalid');

/** POST /api/stockholder/apply */
export const ZStockholderApplyRequest = z.object({
  name: ZText(100),
  contact: ZText(200),
  /** The intended contribution in USDT (a decimal string). */
  contribution: ZAmount,
  note: z.string({ error: 'validation.invalid' }).trim().max(500, 'validation.invalid').optional(),
});
export type TStockholderApplyRequest = z.input<typeof ZStockholderApplyRequest>;

export const ZStockholderApplication = z.object({
  id: z.string(),
  status: z.enum([StockholderStatus.PENDING, StockholderStatus.APPROVED, StockholderStatus.REJECTED]),
  name: z.string(),
  contact: z.string(),
  contribution: z.string(),
  asset: z.string(),
  note: z.string().nullable(),
  /** The operator's note, shown to the member. */
  reviewNote: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type TStockholderApplication = z.infer<typeof ZStockholderApplication>;

/** POST /api/stockholder/status: the member's latest application, or null. */
export const ZStockholderStatusResponse = z.object({ application: ZStockholderApplication.nullable() });
export type TStockholderStatusResponse = z.infer<typeof ZStockholderStatusResponse>;
