import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, serialId } from './columns.ts';

/**
 * Operators of the console (Step 8a §2): people, never members. Signing in takes the password
 * (argon2id) and a second factor (TOTP, or a single-use recovery code); the TOTP secret is kept
 * sealed with a key derived from APP_SECRET (never in the database in production). A first
 * sign-in is an enrolment from a one-time link.
 */
export const operators = pgTable(
  'operators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** `admin`, `finance`, `compliance`, `support`, `content` (@kpc/shared/operator roles). */
    roles: text('roles').array().notNull(),
    /** `invited` (until enrolled), `active`, `disabled`. */
    status: text('status').notNull().default('invited'),
    passwordHash: text('password_hash'),
    totpSealed: text('totp_sealed'),
    /** The last TOTP time step accepted: a code of that step or an earlier one is never accepted again. */
    totpLastStep: bigint('totp_last_step', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Failed sign-ins in a row; reaching the limit locks the account until `locked_until`. */
    failedSignIns: integer('failed_sign_ins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** The operator (or `cli`, `development`) who created it. */
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('operators_email_key').on(t.email),
    check('operators_status', sql`${t.status} in ('invited', 'active', 'disabled')`),
    check('operators_email_lower', sql`${t.email} = lower(${t.email})`),
    check('operators_roles', sql`cardinality(${t.roles}) >= 1`),
  ],
);

/**
 * One-time enrolment links: the token's hash, and the TOTP secret offered to this link (sealed),
 * confirmed by the first code. A new link (a reset) replaces the operator's password and TOTP.
 */
export const operatorEnrolments = pgTable(
  'operator_enrolments',
  {
    id: serialId(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id),
    tokenHash: text('token_hash').notNull(),
    totpSealed: text('totp_sealed').notNull(),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('operator_enrolments_token_key').on(t.tokenHash),
    index('operator_enrolments_operator_idx').on(t.operatorId),
  ],
);

/** Ten per enrolment, each signs in once; only keyed hashes are kept. */
export const operatorRecoveryCodes = pgTable(
  'operator_recovery_codes',
  {
    id: serialId(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('operator_recovery_codes_key').on(t.operatorId, t.codeHash)],
);

/** Console sessions: the cookie's token hash; idle and absolute expiry; the last fresh second factor. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When a second factor was last given in this session (sign-in or step-up). */
    stepUpAt: timestamp('step_up_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
  },
  (t) => [
    uniqueIndex('operator_sessions_token_key').on(t.tokenHash),
    index('operator_sessions_operator_idx').on(t.operatorId),
  ],
);

/**
 * The audit log (Step 8a §3): append-only — a trigger refuses UPDATE, DELETE and TRUNCATE
 * (migration 0019). Written in the transaction of the change it records.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serialId(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** `operator`, `service` (an OPERATOR_KEYS account) or `system`. */
    actorType: text('actor_type').notNull(),
    actorId: text('actor_id'),
    actorName: text('actor_name').notNull(),
    role: text('role'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    ip: text('ip'),
  },
  (t) => [
    check('audit_log_actor_type', sql`${t.actorType} in ('operator', 'service', 'system')`),
    index('audit_log_actor_idx').on(t.actorId, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.id),
  ],
);
