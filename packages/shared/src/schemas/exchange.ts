import { z } from 'zod';
import { ZAmount, ZAssetCode } from './assets.ts';
import { ZCursor, ZLimit } from './common.ts';

/** Quick exchange (Step 3, SPEC §3 "Exchange": send currency, receive currency, rate, fee rate, fee, amount received). */

/** An open pair and its terms, as configured by operators. */
export const ZExchangePair = z.object({
  from: z.string(),
  to: z.string(),
  /** Fraction of the sent amount kept as the fee, e.g. `0.003` for 0.3 %. */
  feeRate: z.string(),
  /** Smallest amount of `from` one exchange may send. */
  minAmount: z.string(),
});
export type TExchangePair = z.infer<typeof ZExchangePair>;

/** POST /api/exchange/pairs — the open pairs and how long a quote holds its rate. */
export const ZExchangePairsResponse = z.object({ pairs: z.array(ZExchangePair), quoteSeconds: z.number().int() });
export type TExchangePairsResponse = z.infer<typeof ZExchangePairsResponse>;

/** POST /api/exchange/quote — locks a rate for `quoteSeconds`. */
export const ZQuoteRequest = z.object({ from: ZAssetCode, to: ZAssetCode, amount: ZAmount });
export type TQuoteRequest = z.input<typeof ZQuoteRequest>;

/**
 * The terms of an exchange. The fee is taken from the sent amount:
 * `received = (amount - fee) * rate`, fee rounded up, received rounded down.
 */
export const ZExchangeTerms = z.object({
  from: z.string(),
  to: z.string(),
  amount: z.string(),
  /** Units of `to` per unit of `from`. */
  rate: z.string(),
  feeRate: z.string(),
  fee: z.string(),
  received: z.string(),
});

/**
 * A signed quote: `quote` is an opaque token carrying the terms; one quote exchanges once.
 * `feeBurned`: the fee goes to "KPC burned" instead of the programme's fees (docs/modules/plans.md "What burns KPC").
 */
export const ZQuote = ZExchangeTerms.extend({ quote: z.string(), expiresAt: z.string(), feeBurned: z.boolean() });
export type TQuote = z.infer<typeof ZQuote>;

/** POST /api/exchange/confirm — exchanges at the quoted terms; an expired quote asks for a new one. */
export const ZConfirmExchangeRequest = z.object({ quote: z.string({ error: 'validation.invalid' }).min(1).max(2000) });
export type TConfirmExchangeRequest = z.input<typeof ZConfirmExchangeRequest>;

export const ZExchangeRecord = ZExchangeTerms.extend({ id: z.string(), createdAt: z.string() });
export type TExchangeRecord = z.infer<typeof ZExchangeRecord>;

/** POST /api/exchange/log — the member's exchanges, newest first. */
export const ZExchangeLogRequest = z.object({ cursor: ZCursor.optional(), limit: ZLimit.optional() });
export type TExchangeLogRequest = z.input<typeof ZExchangeLogRequest>;
export const ZExchangeLogResponse = z.object({ list: z.array(ZExchangeRecord), nextCursor: z.string().nullable() });
export type TExchangeLogResponse = z.infer<typeof ZExchangeLogResponse>;
