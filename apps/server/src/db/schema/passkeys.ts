import { sql } from 'drizzle-orm';
import { bigint, customType, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { members } from './account.ts';
import { createdAt } from './columns.ts';

/** PostgreSQL `bytea`, read and written as bytes. */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value),
  fromDriver: (value) => new Uint8Array(value),
});

/**
 * A member's passkeys (Step 11 §2, modules/two-step/passkeys.ts): WebAuthn credentials kept as
 * their public key only, so a copy of this table can make no assertion. A removed passkey keeps its
 * row (`removed_at`) for the security activity; its credential id stays taken.
 */
export const memberPasskeys = pgTable(
  'member_passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    /** The authenticator's credential id, base64url, as the browser names it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key the authenticator made at enrolment. */
    publicKey: bytes('public_key').notNull(),
    /** The authenticator's signature counter: an assertion must raise it (or both stay 0). */
    counter: bigint('counter', { mode: 'number' })
      .notNull()
      .default(sql`0`),
    /** How the browser can reach it (`internal`, `hybrid`, `usb`…): passed back in later requests. */
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The member's name for it (by default the device it was added on). */
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('member_passkeys_credential_uq').on(t.credentialId),
    index('member_passkeys_member_idx').on(t.memberId),
  ],
);

/**
 * One WebAuthn ceremony's challenge, kept in the database so any process can finish it: `register`
 * (granted only after the member's codes were checked) or `authenticate` (a second step). Stored as
 * a SHA-256 hash; used once (`used_at`, set by a conditional update), and only until `expires_at`.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    /** `register` or `authenticate`. */
    purpose: text('purpose').notNull(),
    /** SHA-256 (hex) of the base64url challenge the browser signs. */
    challengeHash: text('challenge_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webauthn_challenges_hash_uq').on(t.challengeHash),
    index('webauthn_challenges_member_idx').on(t.memberId),
  ],
);
