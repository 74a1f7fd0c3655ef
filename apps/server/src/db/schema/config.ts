import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, serialId } from './columns.ts';

/**
 * Versioned configuration (Step 8b §2): every change of a term members see, one row per version of
 * one subject (`withdrawal`/`terms`, `exchange`/`KPC-USDT`, `plan`/<product id>). Append-only like
 * the audit log: who, when, before, after, reason and from when it applies. Terms kept as rows of
 * their own table (pairs, products, tiers) are written there in the same transaction; terms that
 * were constants in code (withdrawal fees, levels, airdrop rates) are read from here: the newest
 * version of a subject whose `effective_from` has come.
 */
export const configChanges = pgTable(
  'config_changes',
  {
    id: serialId(),
    domain: text('domain').notNull(),
    subject: text('subject').notNull(),
    /** 1, 2, … per (domain, subject): two operators saving at once cannot both write version n. */
    version: integer('version').notNull(),
    before: jsonb('before'),
    after: jsonb('after').notNull(),
    reason: text('reason').notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    actorType: text('actor_type').notNull(),
    actorId: text('actor_id'),
    actorName: text('actor_name').notNull(),
    role: text('role'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('config_changes_version_key').on(t.domain, t.subject, t.version),
    index('config_changes_effective_idx').on(t.domain, t.subject, t.effectiveFrom),
    check('config_changes_version_positive', sql`${t.version} > 0`),
  ],
);
