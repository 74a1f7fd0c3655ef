import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, money, serialId } from './columns.ts';

/**
 * Global node and shareholder applications (Step 6, SPEC §4 "Global node", §6). Every operator
 * decision keeps the operator's name (from OPERATOR_KEYS) and its time.
 */

/** `applied` -> `approved` | `rejected`; `approved` -> `paid` | `refused`; `paid` -> `authorized` | `refused`. */
export const nodeApplications = pgTable(
  'node_applications',
  {
    id: serialId(),
    memberId: uuid('member_id').notNull(),
    status: text('status').notNull().default('applied'),
    name: text('name').notNull(),
    contact: text('contact').notNull(),
    region: text('region').notNull(),
    note: text('note'),
    reviewNote: text('review_note'),
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** USDT paid and the member's request id of the payment (a retry answers the same). */
    paid: money('paid'),
    payRequestId: uuid('pay_request_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The operator's authorization or refusal. */
    decisionNote: text('decision_note'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // One open (or granted) node per member; a rejected or refused one may be followed by another.
    uniqueIndex('node_applications_open_key')
      .on(t.memberId)
      .where(sql`${t.status} in ('applied', 'approved', 'paid', 'authorized')`),
    index('node_applications_member_idx').on(t.memberId, t.id),
    index('node_applications_status_idx').on(t.status, t.id),
    check(
      'node_applications_status',
      sql`${t.status} in ('applied', 'approved', 'rejected', 'paid', 'authorized', 'refused')`,
    ),
    check('node_applications_paid', sql`(${t.paid} is null) = (${t.paidAt} is null)`),
  ],
);

export const stockholderApplications = pgTable(
  'stockholder_applications',
  {
    id: serialId(),
    memberId: uuid('member_id').notNull(),
    status: text('status').notNull().default('pending'),
    name: text('name').notNull(),
    contact: text('contact').notNull(),
    /** USDT the member means to contribute; nothing is paid through the app. */
    contribution: money('contribution').notNull(),
    note: text('note'),
    reviewNote: text('review_note'),
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stockholder_applications_open_key')
      .on(t.memberId)
      .where(sql`${t.status} = 'pending'`),
    index('stockholder_applications_member_idx').on(t.memberId, t.id),
    index('stockholder_applications_status_idx').on(t.status, t.id),
    check('stockholder_applications_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('stockholder_applications_contribution', sql`${t.contribution} > 0`),
  ],
);
