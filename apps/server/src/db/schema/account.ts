import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, serialId } from './columns.ts';

/**
 * Members of the programme. The root member (status 'system') holds the genesis invitation code
 * and can never log in; every other member has a referrer, fixed at sign-up.
 */
export const members = pgTable(
  'members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased; null for wallet-only members and the root. */
    email: text('email'),
    passwordHash: text('password_hash'),
    /** Lower-cased 0x address of the bound wallet (Step 2). */
    walletAddress: text('wallet_address'),
    inviteCode: text('invite_code').notNull(),
    referrerId: uuid('referrer_id').references((): AnyPgColumn => members.id),
    level: text('level', { enum: ['member', 'ambassador', 'vip'] })
      .notNull()
      .default('member'),
    status: text('status', { enum: ['active', 'disabled', 'system'] })
      .notNull()
      .default('active'),
    /**
     * Frozen by compliance (Step 8a §4): the member signs in and reads, but no call of theirs moves
     * money (the ledger refuses their entries, ledger.ts). Null: not frozen.
     */
    frozenAt: timestamp('frozen_at', { withTimezone: true }),
    frozenReason: text('frozen_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('members_email_key').on(t.email),
    uniqueIndex('members_wallet_address_key').on(t.walletAddress),
    // Stored lower-case so the unique index compares addresses case-insensitively (EIP-55 is display only).
    check('members_wallet_address_lower', sql`${t.walletAddress} = lower(${t.walletAddress})`),
    uniqueIndex('members_invite_code_key').on(t.inviteCode),
    index('members_referrer_idx').on(t.referrerId),
  ],
);

/** Login sessions. Only the SHA-256 of a token is stored; the token itself is shown once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    tokenHash: text('token_hash').notNull(),
    /** 1 password, 2 email code, -1 wallet (SPEC §3 loginType). */
    loginType: smallint('login_type').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute expiry; the idle expiry is counted from last_seen_at. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_member_idx').on(t.memberId)],
);

/** Emailed verification codes: HMAC-hashed, single use, short-lived, limited tries. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('verification_codes_lookup_idx').on(t.email, t.purpose, t.createdAt)],
);

/**
 * Nonces for wallet messages (`/api/acc/auth`, SPEC §7 `auth`). Only a hash is stored; a nonce is
 * used once, by the first valid signed message that names it, and expires after 5 minutes.
 */
export const walletNonces = pgTable(
  'wallet_nonces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nonceHash: text('nonce_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /**
     * The session that asked for the nonce, when one did: a wallet binding must be signed over a
     * nonce of the very session that submits it, so a signature cannot bind to someone else.
     */
    sessionId: uuid('session_id'),
  },
  (t) => [
    uniqueIndex('wallet_nonces_nonce_hash_key').on(t.nonceHash),
    index('wallet_nonces_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Security activity of members (Step 11 §2): sign-ins, password changes, a wallet bound, sessions
 * ended — written in the transaction of its cause (`recordSecurityEvent`, modules/account/security-events.ts).
 * `kind` is text, not an enum, so a new kind (`SecurityEventKind` in @kpc/shared) needs no migration.
 * The sign-in event of a session also tells the session list its device and address.
 */
export const memberSecurityEvents = pgTable(
  'member_security_events',
  {
    id: serialId(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind').notNull(),
    /** The session the event belongs to: the one started (sign-in) or the one that acted; null for none. */
    sessionId: uuid('session_id').references(() => sessions.id),
    /** The client address as Fastify saw it (behind TRUST_PROXY); null when unknown. */
    ip: text('ip'),
    /** The User-Agent summarised (`Chrome · Android`); null when unrecognised. */
    device: text('device'),
    /** Per kind: the sign-in method, the wallet address bound, the number of sessions ended. */
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [
    index('member_security_events_member_idx').on(t.memberId, t.id),
    uniqueIndex('member_security_events_sign_in_key')
      .on(t.sessionId)
      .where(sql`${t.kind} = 'sign_in'`),
  ],
);
