import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * An operator's switch for one payment channel (SPEC §4, §8): `paused` shows "The current channel
 * is temporarily unavailable.", `not_open` the not-open-yet text. Without a row a channel is open
 * when its chain has what it needs configured. Operators set it in Step 8.
 */
export const paymentChannels = pgTable(
  'payment_channels',
  {
    /** `deposit` or `withdraw`. */
    direction: text('direction', { enum: ['deposit', 'withdraw'] }).notNull(),
    chainId: integer('chain_id').notNull(),
    /** Deposits: `wallet` or `transfer`; withdrawals: `transfer`. */
    method: text('method').notNull(),
    status: text('status', { enum: ['open', 'paused', 'not_open'] }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_channels_key').on(t.direction, t.chainId, t.method)],
);
