import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, money, serialId } from './columns.ts';

/**
 * Co-branded cards (Step 6, SPEC §2 "Card pages", §3 "Card", §9 card fees and limits). The card
 * issuer (modules/card/issuer) holds the cards themselves; these tables hold the programme's side:
 * what a product costs, who applied and how they paid, which card is whose, the top-ups paid from
 * the ledger, and which issuer events were applied (each once).
 */

/** A product and its terms (seeded by migration 0011, docs/modules/cards.md). All amounts in USDT. */
export const cardProducts = pgTable(
  'card_products',
  {
    code: text('code').primaryKey(),
    /** The networks it is offered on (`mastercard`, `visa`). */
    networks: text('networks').array().notNull(),
    issuanceFee: money('issuance_fee').notNull(),
    kycFee: money('kyc_fee').notNull(),
    /** Loaded onto the card when it is issued; paid with the application. */
    initialTopUp: money('initial_top_up').notNull(),
    monthlyFee: money('monthly_fee').notNull(),
    /** max(amount x rate, minimum), on top of the amount. */
    topUpFeeRate: money('top_up_fee_rate').notNull(),
    topUpMinFee: money('top_up_min_fee').notNull(),
    singleLimit: money('single_limit').notNull(),
    dailyLimit: money('daily_limit').notNull(),
    monthlyLimit: money('monthly_limit').notNull(),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    check(
      'card_products_fees',
      sql`${t.issuanceFee} >= 0 and ${t.kycFee} >= 0 and ${t.initialTopUp} >= 0 and ${t.monthlyFee} >= 0
        and ${t.topUpFeeRate} >= 0 and ${t.topUpFeeRate} < 1 and ${t.topUpMinFee} >= 0`,
    ),
    check(
      'card_products_limits',
      sql`${t.singleLimit} > 0 and ${t.dailyLimit} >= ${t.singleLimit} and ${t.monthlyLimit} >= ${t.dailyLimit}`,
    ),
  ],
);

/**
 * `submitting` (paid; the issuer not yet known to have it) -> `submitted` -> `kyc_approved` |
 * `kyc_rejected` (refunded / code returned, once); `kyc_approved` -> `issued`. A row is never
 * deleted: a crash or a lost answer leaves `submitting`, which the retry job resubmits by
 * reference (the issuer is idempotent by it); only a definite refusal refunds.
 *
 * The holder's KYC details are kept only sealed (AES-256-GCM, key derived from APP_SECRET, which
 * never lives in the database in production): in full while `submitting` (a resubmission needs
 * them), then only what operators need to recognise the application (name, nationality, document
 * type, last 4 of the document number). Never the full document number or date of birth once sent.
 */
export const cardApplications = pgTable(
  'card_applications',
  {
    id: serialId(),
    memberId: uuid('member_id').notNull(),
    requestId: uuid('request_id').notNull(),
    product: text('product').notNull(),
    network: text('network').notNull(),
    status: text('status').notNull().default('submitting'),
    /** Sealed JSON: the full holder while submitting, then its summary (null: before Step 7b). */
    holderSealed: text('holder_sealed'),
    /** `code` or `balance`. */
    payment: text('payment').notNull(),
    /** USDT taken from available (issuance + KYC + initial top-up; 0 with a code). */
    paid: money('paid').notNull(),
    /** The fees as charged (kept: the product's terms may change later). */
    issuanceFee: money('issuance_fee').notNull(),
    kycFee: money('kyc_fee').notNull(),
    initialTopUp: money('initial_top_up').notNull(),
    /** The monthly fee the member was shown when applying: the card keeps it (null: before Step 8b, the product's). */
    monthlyFee: money('monthly_fee'),
    activationCodeId: bigint('activation_code_id', { mode: 'bigint' }),
    issuerRef: text('issuer_ref'),
    rejectReason: text('reject_reason'),
    /**
     * An operator's KYC decision (`approve`, `reject` with `decision_reason`), claimed here before the
     * issuer is told, so exactly one of simultaneous decisions wins; the retry job re-sends a claimed
     * decision the issuer has not applied yet.
     */
    decision: text('decision'),
    decisionReason: text('decision_reason'),
    /** The operator who decided or issued by hand (null: the issuer on its own). */
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    issuedBy: text('issued_by'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('card_applications_request_key').on(t.memberId, t.requestId),
    uniqueIndex('card_applications_issuer_ref_key').on(t.issuerRef),
    index('card_applications_member_idx').on(t.memberId, t.id),
    index('card_applications_status_idx').on(t.status, t.id),
    check(
      'card_applications_status',
      sql`${t.status} in ('submitting', 'submitted', 'kyc_approved', 'kyc_rejected', 'issued')`,
    ),
    check('card_applications_decision', sql`${t.decision} is null or ${t.decision} in ('approve', 'reject')`),
    // The retry job reads only these (few) rows.
    index('card_applications_open_idx')
      .on(t.id)
      .where(sql`${t.status} = 'submitting' or (${t.status} = 'submitted' and ${t.decision} is not null)`),
    check('card_applications_payment', sql`${t.payment} in ('code', 'balance')`),
    check(
      'card_applications_paid',
      sql`(${t.payment} = 'code' and ${t.paid} = 0) or (${t.payment} = 'balance' and ${t.paid} >= 0 and ${t.activationCodeId} is null)`,
    ),
  ],
);

/**
 * An issued card. Of its number only the last 4 digits are kept, and `number_hash` (HMAC-SHA256
 * with a key derived from APP_SECRET, never stored in the database in production) lets binding
 * compare a typed number: a copy of the database alone cannot recover a number.
 */
export const cards = pgTable(
  'cards',
  {
    id: serialId(),
    memberId: uuid('member_id').notNull(),
    applicationId: bigint('application_id', { mode: 'bigint' }).notNull(),
    issuerRef: text('issuer_ref').notNull(),
    product: text('product').notNull(),
    network: text('network').notNull(),
    last4: text('last4').notNull(),
    numberHash: text('number_hash').notNull(),
    /** The ID printed with the number (upper case). */
    cardId: text('card_id').notNull(),
    label: text('label').notNull(),
    region: text('region').notNull(),
    /** The issuer's state (`active`, `frozen`), as its last answer or `card.status` event said. */
    status: text('status').notNull().default('active'),
    /** The member froze it (`/api/card/freeze`): only the member's unfreeze lifts this. */
    memberFrozen: boolean('member_frozen').notNull().default(false),
    /** The programme froze it for a monthly fee it could not take (`fee_due`): paying lifts this. */
    feeFrozen: boolean('fee_frozen').notNull().default(false),
    /**
     * Step 8b: an operator froze it (with `operator_frozen_reason`): no top-up, spending or member
     * unfreeze until an operator unfreezes it.
     */
    operatorFrozen: boolean('operator_frozen').notNull().default(false),
    operatorFrozenReason: text('operator_frozen_reason'),
    /** Step 8b: issued outside the issuer adapter and imported by this operator (null: issued through it). */
    importedBy: text('imported_by'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    boundAt: timestamp('bound_at', { withTimezone: true }),
    /** When the application's initial top-up reached the card (null: none yet, or none due). */
    initialTopUpAt: timestamp('initial_top_up_at', { withTimezone: true }),
    /** The product's monthly fee when the card was issued (kept: a later price change leaves it). */
    monthlyFee: money('monthly_fee').notNull(),
    /**
     * The issue time on the card module's clock (the plans' clock, which the development clock
     * moves; the issuer's `issued_at` elsewhere): month n's fee falls due n calendar months later.
     */
    monthlyFeeFrom: timestamp('monthly_fee_from', { withTimezone: true }).notNull(),
    /** Monthly fees charged so far: the next is month `monthly_fees_charged + 1`. */
    monthlyFeesCharged: integer('monthly_fees_charged').notNull().default(0),
    /** When the next monthly fee falls due (null: a fee of 0, never charged). The job sweeps by it. */
    monthlyFeeNextAt: timestamp('monthly_fee_next_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cards_application_key').on(t.applicationId),
    uniqueIndex('cards_issuer_ref_key').on(t.issuerRef),
    uniqueIndex('cards_number_hash_key').on(t.numberHash),
    index('cards_member_idx').on(t.memberId, t.id),
    check('cards_status', sql`${t.status} in ('active', 'frozen')`),
    check('cards_operator_frozen', sql`${t.operatorFrozen} = (${t.operatorFrozenReason} is not null)`),
    check('cards_monthly_fee', sql`${t.monthlyFee} >= 0 and ${t.monthlyFeesCharged} >= 0`),
    index('cards_monthly_fee_due_idx').on(t.monthlyFeeNextAt, t.id),
  ],
);

/**
 * A top-up: `pending` (money in `card_float`, the issuer not yet known to have loaded it) ->
 * `completed` (loaded) | `failed` (the issuer refused: the money back to `payer`), exactly once, like
 * a pending transfer posted or voided. `kind` `initial` is an application's initial top-up, paid
 * with the application (by the member) or by the programme (an activation code). `issuer_key` is
 * the one key the issuer knows it by, whoever settles it (the member's retry, the job, recovery or
 * an operator). Limits count `pending` and `completed` ones.
 */
export const cardTopUps = pgTable(
  'card_top_ups',
  {
    id: serialId(),
    memberId: uuid('member_id').notNull(),
    cardRecordId: bigint('card_record_id', { mode: 'bigint' }).notNull(),
    requestId: uuid('request_id').notNull(),
    kind: text('kind').notNull().default('top_up'),
    /** Who paid it and gets it back on a refusal: `member` (available USDT) or `programme` (`card_fees`). */
    payer: text('payer').notNull().default('member'),
    issuerKey: text('issuer_key').notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    status: text('status').notNull().default('pending'),
    issuerTransactionRef: text('issuer_transaction_ref'),
    balanceAfter: money('balance_after'),
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('card_top_ups_request_key').on(t.memberId, t.requestId),
    uniqueIndex('card_top_ups_issuer_key').on(t.issuerKey),
    index('card_top_ups_card_idx').on(t.cardRecordId, t.createdAt),
    // The job that settles top-ups the issuer left unanswered reads only these (few) rows.
    index('card_top_ups_pending_idx')
      .on(t.id)
      .where(sql`${t.status} = 'pending'`),
    check('card_top_ups_status', sql`${t.status} in ('pending', 'completed', 'failed')`),
    check('card_top_ups_amount', sql`${t.amount} > 0 and ${t.fee} >= 0`),
    check('card_top_ups_kind', sql`${t.kind} in ('top_up', 'initial') and ${t.payer} in ('member', 'programme')`),
  ],
);

/** Issuer events already applied: an event delivered twice is applied once. */
export const cardIssuerEvents = pgTable('card_issuer_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sandbox issuer's own state (modules/card/issuer/sandbox-store.ts), so a restart resumes it.
 * Values are sealed (card numbers and KYC details inside); keys never hold a number in the clear.
 */
export const cardSandboxStore = pgTable('card_sandbox_store', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
