import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money, serialId } from './columns.ts';
import { assets } from './ledger.ts';

/** KPC's price in USDT over time; the current price is the latest one in effect. */
export const kpcPrices = pgTable(
  'kpc_prices',
  {
    id: serialId(),
    price: money('price').notNull(),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull().defaultNow(),
    source: text('source').notNull().default('operator'),
    createdAt: createdAt(),
  },
  (t) => [index('kpc_prices_effective_idx').on(t.effectiveAt), check('kpc_prices_positive', sql`${t.price} > 0`)],
);

/** Exchange pairs members may use, with their fee rate and minimum. Rows are configuration. */
export const exchangePairs = pgTable(
  'exchange_pairs',
  {
    fromAsset: text('from_asset')
      .notNull()
      .references(() => assets.code),
    toAsset: text('to_asset')
      .notNull()
      .references(() => assets.code),
    feeRate: money('fee_rate').notNull(),
    minAmount: money('min_amount').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** The fee goes to the `burn` house account ("KPC burned") instead of `fees`: only a KPC fee. */
    burnFee: boolean('burn_fee').notNull().default(false),
  },
  (t) => [
    uniqueIndex('exchange_pairs_key').on(t.fromAsset, t.toAsset),
    check('exchange_pairs_fee_rate_range', sql`${t.feeRate} >= 0 and ${t.feeRate} < 1`),
    check('exchange_pairs_burn_kpc', sql`not ${t.burnFee} or ${t.fromAsset} = 'KPC'`),
  ],
);
