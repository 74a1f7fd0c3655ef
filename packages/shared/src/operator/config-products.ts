import { z } from 'zod';
import { ZRecordId } from '../schemas/common.ts';
import { ZConfigReason, ZConfigDecimal } from './config.ts';

/**
 * Configuration of the product domains (Step 8b §2): investment products and their phase tables,
 * ESOP terms, pledge terms, broker package tiers, card products. Each domain has
 * `/api/operator/config/<domain>/list` (the rows, each with its configuration version),
 * `/save` (create a row or change its terms: money, so config.manage + config.money + step-up) and
 * `/status` (offer or withdraw a row, its order: config.manage). A change applies to new orders
 * only: orders copy the terms they were made with. `version` is the row's version the operator
 * edited (0: never changed): a save over a newer one is refused (CONFIG_CONFLICT), never lost.
 */

const ZVersion = z.number({ error: 'validation.invalid' }).int('validation.invalid').min(0, 'validation.invalid');
const ZSmallInt = z.number({ error: 'validation.invalid' }).int('validation.invalid').min(-32768).max(32767);
export const ZProductStatus = z.enum(['active', 'closed'], { error: 'validation.invalid' });
export type TProductStatus = z.infer<typeof ZProductStatus>;

/** What every save and status change carries: the version edited and why. */
const ZChangeBase = { version: ZVersion, reason: ZConfigReason };

// --- Investment products (plan_products) ---------------------------------------------------------

export const ZPlanProductRow = z.object({
  id: z.string(),
  nameKey: z.string(),
  minAmount: z.string(),
  maxAmount: z.string(),
  coefficient: z.string(),
  /** Phase k's daily release ratio (a phase is 30 days; the last one runs until the quota is released). */
  phaseRatios: z.array(z.string()),
  status: ZProductStatus,
  sortOrder: z.number().int(),
  version: z.number().int(),
});
export type TPlanProductRow = z.infer<typeof ZPlanProductRow>;
export const ZPlanProductSaveRequest = z.object({
  id: ZRecordId.optional(),
  nameKey: z
    .string({ error: 'validation.invalid' })
    .trim()
    .regex(/^[a-z][a-zA-Z0-9_.-]{0,79}$/, 'validation.invalid'),
  minAmount: ZConfigDecimal,
  maxAmount: ZConfigDecimal,
  coefficient: ZConfigDecimal,
  /** Checked by the server (CONFIG_PHASES_INVALID names a gap or a ratio out of range). */
  phaseRatios: z.array(z.string({ error: 'validation.invalid' }).trim().max(40, 'validation.invalid')).max(200),
  ...ZChangeBase,
});
export type TPlanProductSaveRequest = z.input<typeof ZPlanProductSaveRequest>;

// --- ESOP terms (esop_terms) ----------------------------------------------------------------------

export const ZEsopTermsRow = z.object({
  id: z.string(),
  lockMonths: z.number().int(),
  /** Release months = phases: one phase of 1/releaseMonths every 30 days after the lock-up. */
  releaseMonths: z.number().int(),
  minUsdt: z.string(),
  maxUsdt: z.string(),
  status: ZProductStatus,
  version: z.number().int(),
});
export type TEsopTermsRow = z.infer<typeof ZEsopTermsRow>;
export const ZEsopTermsSaveRequest = z.object({
  id: ZRecordId.optional(),
  lockMonths: ZSmallInt,
  releaseMonths: ZSmallInt,
  minUsdt: ZConfigDecimal,
  maxUsdt: ZConfigDecimal,
  ...ZChangeBase,
});
export type TEsopTermsSaveRequest = z.input<typeof ZEsopTermsSaveRequest>;

// --- Pledge terms (pledge_terms) ------------------------------------------------------------------

export const ZPledgeTermsRow = z.object({
  id: z.string(),
  days: z.number().int(),
  dailyRate: z.string(),
  minAmount: z.string(),
  earlyPenaltyRate: z.string(),
  status: ZProductStatus,
  sortOrder: z.number().int(),
  version: z.number().int(),
});
export type TPledgeTermsRow = z.infer<typeof ZPledgeTermsRow>;
export const ZPledgeTermsSaveRequest = z.object({
  id: ZRecordId.optional(),
  days: ZSmallInt,
  dailyRate: ZConfigDecimal,
  minAmount: ZConfigDecimal,
  earlyPenaltyRate: ZConfigDecimal,
  ...ZChangeBase,
});
export type TPledgeTermsSaveRequest = z.input<typeof ZPledgeTermsSaveRequest>;

// --- Broker package tiers (klk_tiers) -------------------------------------------------------------

export const ZKlkTierRow = z.object({
  id: z.string(),
  level: z.string(),
  rank: z.number().int(),
  price: z.string(),
  codeCount: z.number().int(),
  status: ZProductStatus,
  version: z.number().int(),
});
export type TKlkTierRow = z.infer<typeof ZKlkTierRow>;
export const ZKlkTierSaveRequest = z.object({
  id: ZRecordId.optional(),
  level: z
    .string({ error: 'validation.invalid' })
    .trim()
    .regex(/^[a-z][a-z0-9_]{0,31}$/, 'validation.invalid'),
  rank: ZSmallInt,
  price: ZConfigDecimal,
  codeCount: z.number({ error: 'validation.invalid' }).int('validation.invalid').min(-1_000_000).max(1_000_000),
  ...ZChangeBase,
});
export type TKlkTierSaveRequest = z.input<typeof ZKlkTierSaveRequest>;

// --- Card products (card_products) ----------------------------------------------------------------

export const CARD_NETWORKS = ['mastercard', 'visa'] as const;
export const ZCardProductRow = z.object({
  code: z.string(),
  networks: z.array(z.string()),
  issuanceFee: z.string(),
  kycFee: z.string(),
  initialTopUp: z.string(),
  monthlyFee: z.string(),
  topUpFeeRate: z.string(),
  topUpMinFee: z.string(),
  singleLimit: z.string(),
  dailyLimit: z.string(),
  monthlyLimit: z.string(),
  sortOrder: z.number().int(),
  status: ZProductStatus,
  version: z.number().int(),
});
export type TCardProductRow = z.infer<typeof ZCardProductRow>;
export const ZCardProductSaveRequest = z.object({
  /** A new product's code, or the changed one's (`isNew` says which). */
  code: z
    .string({ error: 'validation.invalid' })
    .trim()
    .regex(/^[a-z][a-z0-9_]{0,39}$/, 'validation.invalid'),
  isNew: z.boolean().optional(),
  networks: z.array(z.enum(CARD_NETWORKS, { error: 'validation.invalid' })).min(1, 'validation.invalid'),
  issuanceFee: ZConfigDecimal,
  kycFee: ZConfigDecimal,
  initialTopUp: ZConfigDecimal,
  monthlyFee: ZConfigDecimal,
  topUpFeeRate: ZConfigDecimal,
  topUpMinFee: ZConfigDecimal,
  singleLimit: ZConfigDecimal,
  dailyLimit: ZConfigDecimal,
  monthlyLimit: ZConfigDecimal,
  ...ZChangeBase,
});
export type TCardProductSaveRequest = z.input<typeof ZCardProductSaveRequest>;

// --- Every domain: list, offer or withdraw ---------------------------------------------------------

export const ZPlanProductListResponse = z.object({ list: z.array(ZPlanProductRow) });
export const ZEsopTermsListResponse = z.object({ list: z.array(ZEsopTermsRow) });
export const ZPledgeTermsListResponse = z.object({ list: z.array(ZPledgeTermsRow) });
export const ZKlkTierListResponse = z.object({ list: z.array(ZKlkTierRow) });
export const ZCardProductListResponse = z.object({ list: z.array(ZCardProductRow) });

/** `/status`: offer (`active`) or withdraw (`closed`: no new orders; existing ones run on) a row, and its place. */
export const ZProductStatusRequest = z.object({
  /** The row's id (a card product's code). */
  id: z
    .string({ error: 'validation.invalid' })
    .trim()
    .regex(/^[a-z0-9_]{1,40}$/, 'validation.invalid'),
  status: ZProductStatus,
  sortOrder: ZSmallInt.optional(),
  ...ZChangeBase,
});
export type TProductStatusRequest = z.input<typeof ZProductStatusRequest>;
