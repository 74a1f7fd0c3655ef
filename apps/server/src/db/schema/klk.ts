import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, money, serialId } from './columns.ts';

/**
 * KLK broker packages and card activation codes (Step 6, SPEC §1, §4). Member ids carry no foreign
 * key, as on the other money tables.
 */

/** Package tiers: configuration rows, ordered by rank (docs/modules/broker.md). */
export const klkTiers = pgTable(
  'klk_tiers',
  {
    id: serialId(),
    /** The KLK level the tier grants (`agent`, `partner`). */
    level: text('level').notNull(),
    rank: smallint('rank').notNull(),
    /** USDT. */
    price: money('price').notNull(),
    codeCount: integer('code_count').notNull(),
    /** `active` tiers are sold; `closed` ones stay held. */
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('klk_tiers_level_key').on(t.level),
    uniqueIndex('klk_tiers_rank_key').on(t.rank),
    check('klk_tiers_price', sql`${t.price} > 0`),
    check('klk_tiers_code_count', sql`${t.codeCount} >= 0`),
    check('klk_tiers_status', sql`${t.status} in ('active', 'closed')`),
  ],
);

/** A member's KLK level: one row per member, locked by every purchase so they queue. */
export const klkMemberships = pgTable('klk_memberships', {
  memberId: uuid('member_id').primaryKey(),
  /** Null until the first purchase (the row exists to be locked). */
  tierId: bigint('tier_id', { mode: 'bigint' }).references(() => klkTiers.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const klkPurchases = pgTable(
  'klk_purchases',
  {
    id: serialId(),
    memberId: uuid('member_id').notNull(),
    /** The client's id: the same request answers the same purchase. */
    requestId: uuid('request_id').notNull(),
    tierId: bigint('tier_id', { mode: 'bigint' })
      .notNull()
      .references(() => klkTiers.id),
    /** The tier held before: an upgrade pays the difference. */
    fromTierId: bigint('from_tier_id', { mode: 'bigint' }).references(() => klkTiers.id),
    /** USDT paid (0 when the prices left no difference). */
    paid: money('paid').notNull(),
    codeCount: integer('code_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('klk_purchases_request_key').on(t.memberId, t.requestId),
    index('klk_purchases_member_idx').on(t.memberId, t.id),
  ],
);

/**
 * Card activation codes. `code_hash` (HMAC with the server secret) finds a typed code; the code
 * itself is kept sealed (AES-256-GCM under a key derived from the same secret) so its owner can
 * see and copy it, while a copy of the table alone reveals no usable code (docs/modules/broker.md).
 */
export const activationCodes = pgTable(
  'activation_codes',
  {
    id: serialId(),
    /** The current owner: the buyer, or whoever it was given to. */
    ownerId: uuid('owner_id').notNull(),
    codeHash: text('code_hash').notNull(),
    codeSealed: text('code_sealed').notNull(),
    /** First and last four characters, for lists and support. */
    hint: text('hint').notNull(),
    purchaseId: bigint('purchase_id', { mode: 'bigint' })
      .notNull()
      .references(() => klkPurchases.id),
    /**
     * `unused`, `used` or `voided`; a rejected card application returns its code to `unused`. An
     * operator voids an unused code (Step 8b): it can then never be used or given.
     */
    status: text('status').notNull().default('unused'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** What used it, e.g. `card_application:12` (the card module's record). */
    usedByReference: text('used_by_reference'),
    /** Set when the code last changed hands. */
    receivedAt: timestamp('received_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Step 8b: when, why and by which operator (name) the code was voided. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedReason: text('voided_reason'),
    voidedBy: text('voided_by'),
  },
  (t) => [
    uniqueIndex('activation_codes_hash_key').on(t.codeHash),
    index('activation_codes_owner_idx').on(t.ownerId, t.status, t.id),
    /** Step 8b: operators look a code up by its visible part. */
    index('activation_codes_hint_idx').on(t.hint),
    uniqueIndex('activation_codes_used_by_key').on(t.usedByReference),
    check('activation_codes_status', sql`${t.status} in ('unused', 'used', 'voided')`),
    check(
      'activation_codes_voided',
      sql`(${t.status} = 'voided') = (${t.voidedAt} is not null and ${t.voidedReason} is not null)`,
    ),
    check(
      'activation_codes_used',
      sql`(${t.status} = 'used') = (${t.usedAt} is not null and ${t.usedByReference} is not null)`,
    ),
  ],
);

/** Every gift of a code from one member to another. */
export const activationCodeTransfers = pgTable(
  'activation_code_transfers',
  {
    id: serialId(),
    codeId: bigint('code_id', { mode: 'bigint' })
      .notNull()
      .references(() => activationCodes.id),
    fromMemberId: uuid('from_member_id').notNull(),
    toMemberId: uuid('to_member_id').notNull(),
    requestId: uuid('request_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('activation_code_transfers_request_key').on(t.fromMemberId, t.requestId),
    index('activation_code_transfers_code_idx').on(t.codeId, t.id),
  ],
);
