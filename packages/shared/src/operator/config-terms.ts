import { z } from 'zod';
import { ZConfigReason, ZEffectiveFrom, ZConfigDecimal } from './config.ts';

/**
 * The configuration pages of terms (Step 8b §2): withdrawal, exchange pairs, the KPC price, levels
 * and airdrop. Every figure is a decimal string; a sign or an out-of-range value passes the schema
 * and is refused by the server with CONFIG_INVALID and the rule it breaks (shown on screen).
 */

/** Withdrawal terms (SPEC §9): fee = max(amount × feeRate, minFee); auto-approval up to a daily total. */
export const ZWithdrawalTerms = z.object({
  feeRate: ZConfigDecimal,
  minFee: ZConfigDecimal,
  /** A member's withdrawals within 24 hours up to this many USDT are approved automatically (0: none). */
  autoApproveDaily: ZConfigDecimal,
});
export type TWithdrawalTerms = z.infer<typeof ZWithdrawalTerms>;

/** One exchange pair's terms (the rate itself follows the KPC price). */
export const ZExchangePairTerms = z.object({
  feeRate: ZConfigDecimal,
  minAmount: ZConfigDecimal,
  enabled: z.boolean(),
});
export type TExchangePairTerms = z.infer<typeof ZExchangePairTerms>;

/** The KPC price in USDT. */
export const ZKpcPriceTerms = z.object({ price: ZConfigDecimal });
export type TKpcPriceTerms = z.infer<typeof ZKpcPriceTerms>;

const ZCount = z.number({ error: 'validation.invalid' }).int('validation.invalid');
const ZSteps = z.array(ZConfigDecimal).min(1, 'validation.invalid').max(20, 'validation.invalid');

/** Level thresholds (SPEC §3 Team). */
export const ZLevelTerms = z.object({
  /** Ambassador: this many direct invitees (or a broker package of one's own). */
  ambassadorDirect: ZCount,
  /** VIP: all three at once. */
  vipDirect: ZCount,
  vipTeam: ZCount,
  vipVolume: ZConfigDecimal,
  /** KPC team level n: the n-th step of team volume (USDT), increasing. */
  kpcSteps: ZSteps,
  /** ESOP team level n: the n-th step of the team's ESOP subscriptions (USDT), increasing. */
  esopSteps: ZSteps,
});
export type TLevelTerms = z.infer<typeof ZLevelTerms>;

/** Airdrop rates (SPEC §9): shares of a purchase by depth, fixed USDT per card by depth, the handling fee. */
export const ZAirdropTerms = z.object({
  /** The handling fee, a share of the gross airdrop (0.2 = 20 %), at most 4 decimals. */
  feeRate: ZConfigDecimal,
  /** Shares of a purchase's USDT value by depth above the buyer (0.05 = 5 %), at most 4 decimals. */
  purchaseRates: z.array(ZConfigDecimal).max(10, 'validation.invalid'),
  /** Fixed USDT per card issued, by depth above the cardholder. */
  cardAmounts: z.array(ZConfigDecimal).max(10, 'validation.invalid'),
});
export type TAirdropTerms = z.infer<typeof ZAirdropTerms>;

/** The domains of this page group and the terms each saves. */
export const TERMS_DOMAINS = ['withdrawal', 'exchange', 'assets', 'levels', 'airdrop'] as const;
export type TTermsDomain = (typeof TERMS_DOMAINS)[number];

/** What `/api/operator/config/<domain>/get` answers: the terms in effect, their version, any scheduled change. */
const ZTermsState = <T extends z.ZodType>(terms: T) =>
  z.object({
    current: terms,
    /** 0: the defaults (never changed). */
    version: z.number().int(),
    /** A saved change not in effect yet, with its time. */
    scheduled: z.object({ terms, effectiveFrom: z.string() }).nullable(),
  });

/** A set: the new terms, why, from when (now when omitted; never in the past), the version it replaces. */
const ZTermsSet = <T extends z.ZodType>(terms: T) =>
  z.object({
    terms,
    reason: ZConfigReason,
    effectiveFrom: ZEffectiveFrom.optional(),
    /** The version the operator saw: another change in between is answered CONFIG_CONFLICT. */
    version: z.number().int().min(0).optional(),
  });

export const ZWithdrawalTermsState = ZTermsState(ZWithdrawalTerms);
export type TWithdrawalTermsState = z.infer<typeof ZWithdrawalTermsState>;
export const ZSetWithdrawalTermsRequest = ZTermsSet(ZWithdrawalTerms);
export type TSetWithdrawalTermsRequest = z.input<typeof ZSetWithdrawalTermsRequest>;

export const ZLevelTermsState = ZTermsState(ZLevelTerms);
export type TLevelTermsState = z.infer<typeof ZLevelTermsState>;
export const ZSetLevelTermsRequest = ZTermsSet(ZLevelTerms);
export type TSetLevelTermsRequest = z.input<typeof ZSetLevelTermsRequest>;

export const ZAirdropTermsState = ZTermsState(ZAirdropTerms);
export type TAirdropTermsState = z.infer<typeof ZAirdropTermsState>;
export const ZSetAirdropTermsRequest = ZTermsSet(ZAirdropTerms);
export type TSetAirdropTermsRequest = z.input<typeof ZSetAirdropTermsRequest>;

export const ZKpcPriceState = ZTermsState(ZKpcPriceTerms);
export type TKpcPriceState = z.infer<typeof ZKpcPriceState>;
export const ZSetKpcPriceRequest = ZTermsSet(ZKpcPriceTerms);
export type TSetKpcPriceRequest = z.input<typeof ZSetKpcPriceRequest>;

/** The exchange page: every pair with its terms and version; the assets page: the assets too. */
export const ZExchangePair = z.object({
  fromAsset: z.string(),
  toAsset: z.string(),
  terms: ZExchangePairTerms,
  version: z.number().int(),
});
export type TExchangePair = z.infer<typeof ZExchangePair>;
export const ZExchangeTermsState = z.object({ pairs: z.array(ZExchangePair) });
export type TExchangeTermsState = z.infer<typeof ZExchangeTermsState>;
/** A pair's change applies at once (pairs have no effective time of their own). */
export const ZSetExchangePairRequest = ZTermsSet(ZExchangePairTerms).extend({
  fromAsset: z.string().trim().min(1).max(16),
  toAsset: z.string().trim().min(1).max(16),
});
export type TSetExchangePairRequest = z.input<typeof ZSetExchangePairRequest>;

export const ZAssetInfo = z.object({ code: z.string(), decimals: z.number().int(), enabled: z.boolean() });
export const ZAssetsTermsState = ZKpcPriceState.extend({ assets: z.array(ZAssetInfo) });
export type TAssetsTermsState = z.infer<typeof ZAssetsTermsState>;

/** A set's answer: the version written. */
export const ZConfigSetResponse = z.object({ version: z.number().int() });
export type TConfigSetResponse = z.infer<typeof ZConfigSetResponse>;
