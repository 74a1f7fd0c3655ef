import { sql } from 'drizzle-orm';
import { bigint, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { members } from './account.ts';
import { createdAt } from './columns.ts';

/**
 * A member's authenticator app (Step 11 §2, modules/two-step): the TOTP secret sealed under a key
 * derived from APP_SECRET (never in this database), the pending one while they enrol, the last time
 * step used (no code is accepted twice, in any process), and a lock after repeated wrong codes.
 */
export const memberTotp = pgTable('member_totp', {
  memberId: uuid('member_id')
    .primaryKey()
    .references(() => members.id),
  /** Sealed secret of the enabled authenticator; null while none is on. */
  secretSealed: text('secret_sealed'),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** Sealed secret shown for enrolment, until a code from it turns it on. */
  pendingSealed: text('pending_sealed'),
  pendingAt: timestamp('pending_at', { withTimezone: true }),
  /** The last TOTP time step accepted: a code of it or an earlier step is refused. */
  lastStep: bigint('last_step', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  /** Wrong codes in a row; at the limit the authenticator is locked until `lockedUntil`. */
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  createdAt: createdAt(),
});
