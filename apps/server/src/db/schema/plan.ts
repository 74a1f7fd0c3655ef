import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, money, serialId } from './columns.ts';

/**
 * Plans (Step 5, SPEC §3-§4): investment products and orders, ESOP terms and orders, pledge terms
 * and pledges, and one table of every release the engine made. Days are UTC day indexes
 * (`floor(epochMs / 86_400_000)`); a month and a phase are 30 days. Member ids carry no foreign
 * key, as on the other money tables (see `ledger_entries.member_id`).
 */

/** A daily ratio of an investment phase, as NUMERIC like every rate. */
const ratioArray = (name: string) => numeric(name, { precision: 38, scale: 18 }).array();

/** Investment plan products (USDT). Rows are configuration; `phase_ratios[k]` is phase k's daily ratio. */
export const planProducts = pgTable(
  'plan_products',
  {
    id: serialId(),
    /** The product's name as a member-app message key, e.g. `plan.product.starter`. */
    nameKey: text('name_key').notNull(),
    minAmount: money('min_amount').notNull(),
    maxAmount: money('max_amount').notNull(),
    /** The order's quota is amount x coefficient. */
    coefficient: money('coefficient').notNull(),
    phaseRatios: ratioArray('phase_ratios').notNull(),
    /** `active` products take orders; `closed` ones keep releasing their orders. */
    status: text('status').notNull().default('active'),
    sortOrder: smallint('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('plan_products_amounts', sql`${t.minAmount} > 0 and ${t.maxAmount} >= ${t.minAmount}`),
    check('plan_products_coefficient', sql`${t.coefficient} >= 1`),
    // SPEC §9: a daily release ratio between 0.35% and 0.5%.
    check(
      'plan_products_ratios',
      sql`cardinality(${t.phaseRatios}) between 1 and 120 and 0.0035 <= all (${t.phaseRatios}) and 0.005 >= all (${t.phaseRatios})`,
    ),
    check('plan_products_status', sql`${t.status} in ('active', 'closed')`),
  ],
);

/** A member's investment order: its terms are copied from the product at join time. */
export const planOrders = pgTable(
  'plan_orders',
  {
    id: serialId(),
    memberId: uuid('member_id').notNull(),
    productId: bigint('product_id', { mode: 'bigint' })
      .notNull()
      .references(() => planProducts.id),
    /** The client's id: the same request answers the same order. */
    requestId: uuid('request_id').notNull(),
    amount: money('amount').notNull(),
    coefficient: money('coefficient').notNull(),
    quota: money('quota').notNull(),
    phaseRatios: ratioArray('phase_ratios').notNull(),
    /** Day index of release day 1: the UTC day after the join day. */
    startDay: integer('start_day').notNull(),
    released: money('released').notNull().default('0'),
    releasedDays: integer('released_days').notNull().default(0),
    /** `active` until the quota is released, then `completed`. */
    status: text('status').notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('plan_orders_request_key').on(t.memberId, t.requestId),
    index('plan_orders_member_idx').on(t.memberId, t.id),
    // The engine's scan: active orders in id order. Not keyed by the next due day on purpose: the
    // engine advances every active order daily, and with no indexed column changing (and free room
    // on the page, fillfactor in 0008) that update is HOT, one heap write instead of five.
    index('plan_orders_due_idx')
      .on(t.id)
      .where(sql`${t.status} = 'active'`),
    check('plan_orders_released', sql`${t.released} >= 0 and ${t.released} <= ${t.quota}`),
    check('plan_orders_status', sql`${t.status} in ('active', 'completed')`),
  ],
);

/** ESOP / KPC plan terms. Rows are configuration; the newest active row takes orders. */
export const esopTerms = pgTable(
  'esop_terms',
  {
    id: serialId(),
    lockMonths: smallint('lock_months').notNull(),
    releaseMonths: smallint('release_months').notNull(),
    minUsdt: money('min_usdt').notNull(),
    maxUsdt: money('max_usdt').notNull(),
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
  },
  (t) => [
    check('esop_terms_months', sql`${t.lockMonths} >= 0 and ${t.releaseMonths} between 1 and 120`),
    check('esop_terms_amounts', sql`${t.minUsdt} > 0 and ${t.maxUsdt} >= ${t.minUsdt}`),
    check('esop_terms_status', sql`${t.status} in ('active', 'closed')`),
  ],
);

/** A member's ESOP order: USDT paid at the price of the moment, KPC held locked then released by phase. */
export const esopOrders = pgTable(
  'esop_orders',
  {
    id: serialId(),
    memberId: uuid('member_id').notNull(),
    termsId: bigint('terms_id', { mode: 'bigint' })
      .notNull()
      .references(() => esopTerms.id),
    requestId: uuid('request_id').notNull(),
    usdtPaid: money('usdt_paid').notNull(),
    price: money('price').notNull(),
    kpcAllocated: money('kpc_allocated').notNull(),
    lockMonths: smallint('lock_months').notNull(),
    releaseMonths: smallint('release_months').notNull(),
    /** createdAt + lockMonths x 30 days; phase k falls due at lockEndAt + k x 30 days. */
    lockEndAt: timestamp('lock_end_at', { withTimezone: true }).notNull(),
    /** When the next phase falls due (kept by the engine, so its scan is one index range). */
    nextDueAt: timestamp('next_due_at', { withTimezone: true }).notNull(),
    released: money('released').notNull().default('0'),
    releasedPhases: smallint('released_phases').notNull().default(0),
    status: text('status').notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('esop_orders_request_key').on(t.memberId, t.requestId),
    index('esop_orders_member_idx').on(t.memberId, t.id),
    index('esop_orders_due_idx')
      .on(t.nextDueAt)
      .where(sql`${t.status} = 'active'`),
    check('esop_orders_released', sql`${t.released} >= 0 and ${t.released} <= ${t.kpcAllocated}`),
    check('esop_orders_status', sql`${t.status} in ('active', 'completed')`),
  ],
);

/** Pledge (staking) terms. Rows are configuration. */
export const pledgeTerms = pgTable(
  'pledge_terms',
  {
    id: serialId(),
    days: smallint('days').notNull(),
    dailyRate: money('daily_rate').notNull(),
    minAmount: money('min_amount').notNull(),
    /** Share of the principal burned on early redemption. */
    earlyPenaltyRate: money('early_penalty_rate').notNull(),
    status: text('status').notNull().default('active'),
    sortOrder: smallint('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('pledge_terms_days', sql`${t.days} between 1 and 3650`),
    check('pledge_terms_rates', sql`${t.dailyRate} > 0 and ${t.dailyRate} < 0.1`),
    check('pledge_terms_min', sql`${t.minAmount} > 0`),
    check('pledge_terms_penalty', sql`${t.earlyPenaltyRate} >= 0 and ${t.earlyPenaltyRate} < 1`),
    check('pledge_terms_status', sql`${t.status} in ('active', 'closed')`),
  ],
);

/** A member's pledge of KPC: staked, rewarded daily, returned at maturity (or redeemed early). */
export const pledges = pgTable(
  'pledges',
  {
    id: serialId(),
    memberId: uuid('member_id').notNull(),
    termsId: bigint('terms_id', { mode: 'bigint' })
      .notNull()
      .references(() => pledgeTerms.id),
    requestId: uuid('request_id').notNull(),
    amount: money('amount').notNull(),
    days: smallint('days').notNull(),
    dailyRate: money('daily_rate').notNull(),
    earlyPenaltyRate: money('early_penalty_rate').notNull(),
    /** Day index of reward day 1 (the UTC day after the pledge day); maturity is reward day `days`. */
    startDay: integer('start_day').notNull(),
    rewardedDays: smallint('rewarded_days').notNull().default(0),
    rewarded: money('rewarded').notNull().default('0'),
    /** `active`, `matured` (principal returned) or `redeemed` (early, penalty burned). */
    status: text('status').notNull().default('active'),
    penalty: money('penalty'),
    /** The redemption's client id (retry-safe). */
    redeemRequestId: uuid('redeem_request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('pledges_request_key').on(t.memberId, t.requestId),
    index('pledges_member_idx').on(t.memberId, t.id),
    // As `plan_orders_due_idx`: rewarded daily, so nothing the engine changes is indexed.
    index('pledges_due_idx')
      .on(t.id)
      .where(sql`${t.status} = 'active'`),
    check('pledges_status', sql`${t.status} in ('active', 'matured', 'redeemed')`),
  ],
);

/**
 * Every release the engine made, one row per ledger entry: the entry (keyed
 * `plan:<kind>:<source>:<period>`, unique in the ledger) is what makes a release happen once, and
 * this row, written in the same statement, is its detail for the plan logs. Kinds: `investment`
 * (period = day n), `esop` (phase k), `pledge_reward` (day n), `pledge_maturity` (period = the
 * term's days). Only the indexes the logs read: every one is written once per release.
 */
export const planReleases = pgTable(
  'plan_releases',
  {
    entryId: bigint('entry_id', { mode: 'bigint' }).primaryKey(),
    kind: text('kind').notNull(),
    sourceId: bigint('source_id', { mode: 'bigint' }).notNull(),
    period: integer('period').notNull(),
    memberId: uuid('member_id').notNull(),
    asset: text('asset').notNull(),
    amount: money('amount').notNull(),
    /** Investment: the phase and its daily ratio. */
    phase: integer('phase'),
    ratio: money('ratio'),
    /** The UTC day index the release was due. */
    dueDay: integer('due_day').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // The plan logs: a member's releases of one kind, newest first (entry ids grow with time).
    index('plan_releases_member_idx').on(t.memberId, t.kind, t.entryId),
    check('plan_releases_amount', sql`${t.amount} > 0`),
  ],
);
