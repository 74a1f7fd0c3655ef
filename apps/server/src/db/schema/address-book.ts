import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { members } from './account.ts';
import { createdAt, serialId } from './columns.ts';

/**
 * The withdrawal address book (Step 11 §2, modules/address-book): a member's named addresses per
 * network. A new one receives withdrawals only from `usable_at` (added + WITHDRAW_ADDRESS_LOCK_HOURS);
 * the mail announcing it carries a link whose token only the mail holds (here its SHA-256), which
 * removes it. Removed rows stay (removed_at, removed_by) so a link clicked twice says "already".
 */
export const withdrawalAddresses = pgTable(
  'withdrawal_addresses',
  {
    id: serialId(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    /** The withdrawal network (`/api/withdraw/channels` chainId). */
    chainId: integer('chain_id').notNull(),
    /** EIP-55 checksummed, as withdrawals store their destination. */
    address: text('address').notNull(),
    label: text('label').notNull(),
    createdAt: createdAt(),
    usableAt: timestamp('usable_at', { withTimezone: true }).notNull(),
    /** SHA-256 (hex) of the cancel link's token; the token itself is only in the mail. */
    cancelTokenHash: text('cancel_token_hash').notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: text('removed_by', { enum: ['member', 'email-link'] }),
  },
  (t) => [
    // One active entry per member, network and address (two adds at once make one).
    uniqueIndex('withdrawal_addresses_active_key')
      .on(t.memberId, t.chainId, t.address)
      .where(sql`${t.removedAt} is null`),
    uniqueIndex('withdrawal_addresses_cancel_key').on(t.cancelTokenHash),
    index('withdrawal_addresses_member_idx').on(t.memberId, t.id),
  ],
);

/**
 * A member's address-book settings: "address book only" (withdrawals to usable saved addresses
 * alone). The row is also what an add locks, so a member's adds decide one at a time (the cap).
 */
export const withdrawalAddressSettings = pgTable('withdrawal_address_settings', {
  memberId: uuid('member_id')
    .primaryKey()
    .references(() => members.id),
  addressBookOnly: boolean('address_book_only').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
