import { z } from 'zod';
import { ZShownAmount } from './assets.ts';
import { ZRecordId, ZRequestId } from './common.ts';

/**
 * KLK broker privilege packages (Step 6, SPEC §1 "Buy a broker privilege package, which gives a
 * card activation code", §6 "KLK broker level (with agent and partner privileges)"). Tiers are
 * configuration rows ordered by rank; buying a higher tier than the one held pays the difference
 * of their prices and issues the difference of their codes (docs/modules/broker.md).
 */

/** One tier of `/api/klk/packages`, with what buying it costs this member now. */
export const ZKlkTier = z.object({
  id: z.string(),
  /** `agent`, `partner`, ...: also the KLK level it grants. */
  level: z.string(),
  /** Ascending: a higher rank is a bigger package. */
  rank: z.number().int(),
  /** USDT, the full price. */
  price: z.string(),
  /** Card activation codes the full package gives. */
  codeCount: z.number().int(),
  /** The member holds this tier now. */
  held: z.boolean(),
  /** What buying it costs now (the difference from the tier held), or null when it cannot be bought (held or lower). */
  payNow: z.string().nullable(),
  /** Codes buying it now issues, or null when it cannot be bought. */
  codesNow: z.number().int().nullable(),
});
export type TKlkTier = z.infer<typeof ZKlkTier>;

/** POST /api/klk/packages */
export const ZKlkPackagesResponse = z.object({
  /** The member's KLK broker level, or null before a first package. */
  level: z.string().nullable(),
  asset: z.string(),
  tiers: z.array(ZKlkTier),
});
export type TKlkPackagesResponse = z.infer<typeof ZKlkPackagesResponse>;

/**
 * POST /api/klk/buy: retry-safe by requestId (the same id answers the same purchase). `amount` is
 * what the member's review showed the purchase pays now (the tier's `payNow`: the difference on an
 * upgrade); any other amount is refused with PRICE_CHANGED and nothing is charged.
 */
export const ZKlkBuyRequest = z.object({ tierId: ZRecordId, amount: ZShownAmount, requestId: ZRequestId });
export type TKlkBuyRequest = z.input<typeof ZKlkBuyRequest>;
export const ZKlkPurchase = z.object({
  id: z.string(),
  tierId: z.string(),
  /** The KLK level the member holds after it. */
  level: z.string(),
  /** The level held before, or null. */
  fromLevel: z.string().nullable(),
  /** USDT paid: the full price, or the difference on an upgrade. */
  paid: z.string(),
  asset: z.string(),
  /** Activation codes issued by this purchase. */
  codeCount: z.number().int(),
  createdAt: z.string(),
});
export type TKlkPurchase = z.infer<typeof ZKlkPurchase>;
