import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, money, serialId } from './columns.ts';
import { operators } from './operators.ts';

/**
 * Two-person ledger adjustments (Step 8b §3). A proposal keeps the postings it will make (built
 * when proposed, written through the ledger only when the last required approval lands, under the
 * key `adjustment:<id>`). The approvals table makes the four-eyes rule the database's own: it
 * refuses an approval by the proposer (CHECK on a copy of the proposer's id that a composite
 * foreign key ties to the adjustment) and a second approval by the same operator (UNIQUE).
 */
export const ledgerAdjustments = pgTable(
  'ledger_adjustments',
  {
    id: serialId(),
    /** member_credit, member_debit, house_move (`AdjustmentKind`). */
    kind: text('kind').notNull(),
    /** No foreign key, like the other money tables (ledger_entries.member_id). */
    memberId: uuid('member_id'),
    /** available, frozen or income, for a member's adjustment. */
    bucket: text('bucket'),
    asset: text('asset').notNull(),
    amount: money('amount').notNull(),
    /** The amount in USDT at proposal (what decided `required_approvals`). */
    valueUsdt: money('value_usdt').notNull(),
    /** [{ memberId, bucket, house, asset, amount }] with signed decimal amounts: exactly what the ledger gets. */
    postings: jsonb('postings').notNull(),
    /** Shown to the member in the asset flow. */
    publicReason: text('public_reason').notNull(),
    /** For operators and the audit log. */
    internalReason: text('internal_reason').notNull(),
    proposerId: uuid('proposer_id')
      .notNull()
      .references(() => operators.id),
    requiredApprovals: integer('required_approvals').notNull(),
    /** pending, accepted, rejected, expired (`AdjustmentStatus`). */
    status: text('status').notNull().default('pending'),
    /** Who rejected it (an operator's id), and why. */
    decidedBy: uuid('decided_by'),
    decisionReason: text('decision_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_adjustments_status_idx').on(t.status, t.id),
    // The target of the approvals' composite key: an approval names the adjustment's real proposer.
    unique('ledger_adjustments_id_proposer_key').on(t.id, t.proposerId),
    check('ledger_adjustments_amount_positive', sql`${t.amount} > 0`),
    check('ledger_adjustments_required_approvals', sql`${t.requiredApprovals} between 1 and 2`),
    check('ledger_adjustments_status', sql`${t.status} in ('pending', 'accepted', 'rejected', 'expired')`),
    check(
      'ledger_adjustments_kind',
      sql`(${t.kind} in ('member_credit', 'member_debit') and ${t.memberId} is not null and ${t.bucket} is not null)
        or (${t.kind} = 'house_move' and ${t.memberId} is null and ${t.bucket} is null)`,
    ),
  ],
);

/** One approval of an adjustment by an operator other than its proposer. */
export const ledgerAdjustmentApprovals = pgTable(
  'ledger_adjustment_approvals',
  {
    id: serialId(),
    adjustmentId: bigint('adjustment_id', { mode: 'bigint' }).notNull(),
    approverId: uuid('approver_id')
      .notNull()
      .references(() => operators.id),
    /** A copy of the adjustment's proposer (the foreign key below keeps it true), for the CHECK. */
    proposerId: uuid('proposer_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'ledger_adjustment_approvals_adjustment_fk',
      columns: [t.adjustmentId, t.proposerId],
      foreignColumns: [ledgerAdjustments.id, ledgerAdjustments.proposerId],
    }),
    uniqueIndex('ledger_adjustment_approvals_once').on(t.adjustmentId, t.approverId),
    check('ledger_adjustment_approvals_not_proposer', sql`${t.approverId} <> ${t.proposerId}`),
  ],
);
