import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { members } from './account.ts';
import { createdAt } from './columns.ts';

/**
 * Email notifications to members (Step 11 §2, modules/notifications): a transactional outbox. A row
 * is written in the transaction of its cause (a deposit credited, a withdrawal sent, a sign-in from
 * a new device…); the sender job mails it afterwards. One row per (kind, event key): however often
 * the cause is replayed, by however many processes, the event gives one mail.
 */
export const memberNotifications = pgTable(
  'member_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** No foreign key: see `ledger_entries.member_id`. */
    memberId: uuid('member_id').notNull(),
    /** A `NotificationKind` of @kpc/shared. */
    kind: text('kind').notNull(),
    /** What the event is, per kind: the deposit's or withdrawal's id, the session's, `<member>:<day>`. */
    eventKey: text('event_key').notNull(),
    /** Only what the mail shows: amounts as decimal strings, asset, network, hash, device. Never a code or secret. */
    payload: jsonb('payload')
      .notNull()
      .default(sql`'{}'::jsonb`),
    status: text('status', { enum: ['pending', 'sent', 'skipped', 'failed'] })
      .notNull()
      .default('pending'),
    /** Delivery attempts that failed so far. */
    attempts: integer('attempts').notNull().default(0),
    /** Not tried again before this (backoff after a failure). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the event happened (the cause's clock). */
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('member_notifications_event_key').on(t.kind, t.eventKey),
    index('member_notifications_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

/**
 * A member's notification settings: the language their mails are written in (the app's language
 * at their latest sign-in or settings change), and the kinds they turned on or off. A kind not in
 * `choices` has its default (`notificationDefault`).
 */
export const memberNotificationSettings = pgTable('member_notification_settings', {
  memberId: uuid('member_id')
    .primaryKey()
    .references(() => members.id),
  /** A locale code of SPEC §1; null: English. */
  locale: text('locale'),
  /** `{kind: boolean}` for the kinds the member chose. */
  choices: jsonb('choices')
    .$type<Record<string, boolean>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
