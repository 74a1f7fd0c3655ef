import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { members } from './account.ts';
import { createdAt, money, serialId } from './columns.ts';

/** A value of the proof of liabilities: an integer in the ledger's units (10^-18), up to 78 digits. */
const units = (name: string) => numeric(name, { precision: 78, scale: 0 });

/**
 * Proof of liabilities (Step 11 §1): one row per snapshot, kept for ever. A daily snapshot claims
 * its day (one per day, whichever process gets there first); an operator may take more. While
 * `building`, `claimed_until` is the builder's lease: past it another process may take over.
 */
export const liabilitySnapshots = pgTable(
  'liability_snapshots',
  {
    id: serialId(),
    kind: text('kind').notNull(),
    /** The daily snapshot's day (UTC); null for one taken on demand. */
    day: date('day'),
    status: text('status').notNull(),
    claimToken: uuid('claim_token').notNull(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }).notNull(),
    /** When the balances were read (the snapshot's time). */
    takenAt: timestamp('taken_at', { withTimezone: true }),
    /** The assets, in the order of every node's sums. */
    assets: text('assets').array(),
    rootHash: text('root_hash'),
    totals: units('totals').array(),
    leafCount: integer('leaf_count'),
    /**
     * When the tree's nodes and leaves were deleted (older than the newest LIABILITY_TREES_KEPT
     * published ones): members prove against the latest; the root and totals stay for ever.
     */
    treePrunedAt: timestamp('tree_pruned_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('liability_snapshots_kind', sql`${t.kind} in ('daily', 'on_demand')`),
    check('liability_snapshots_status', sql`${t.status} in ('building', 'published')`),
    check('liability_snapshots_day', sql`(${t.kind} = 'daily') = (${t.day} is not null)`),
    check(
      'liability_snapshots_published',
      sql`${t.status} = 'building' or (${t.takenAt} is not null and ${t.rootHash} is not null and ${t.totals} is not null and ${t.leafCount} is not null)`,
    ),
    uniqueIndex('liability_snapshots_day_key').on(t.day),
    index('liability_snapshots_published_idx').on(t.status, t.id),
  ],
);

/** Every node of a snapshot's tree: level 0 holds the leaves; `position` counts from the left. */
export const liabilityNodes = pgTable(
  'liability_nodes',
  {
    snapshotId: bigint('snapshot_id', { mode: 'bigint' })
      .notNull()
      .references(() => liabilitySnapshots.id),
    level: smallint('level').notNull(),
    position: integer('position').notNull(),
    hash: text('hash').notNull(),
    sums: units('sums').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.level, t.position] })],
);

/** Which leaf is whose: a member finds their path from here. */
export const liabilityLeaves = pgTable(
  'liability_leaves',
  {
    snapshotId: bigint('snapshot_id', { mode: 'bigint' })
      .notNull()
      .references(() => liabilitySnapshots.id),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.memberId] })],
);

/**
 * The reserves beside a published snapshot: per chain, the head block when they were read and the
 * USDT of the programme's addresses at that block (the Recharge treasury, the deposit address, the
 * hot wallet; null where a chain has none). Read after the snapshot's transaction, never inside it:
 * a read that fails keeps its short `reason` (never a node's URL) and no block, and a later job
 * pass fills the row in.
 */
export const liabilityReserves = pgTable(
  'liability_reserves',
  {
    snapshotId: bigint('snapshot_id', { mode: 'bigint' })
      .notNull()
      .references(() => liabilitySnapshots.id),
    chainId: integer('chain_id').notNull(),
    network: text('network').notNull(),
    /** The head when read: every balance of the row is at this block. Null while the read failed. */
    blockNumber: bigint('block_number', { mode: 'bigint' }),
    treasuryAddress: text('treasury_address'),
    treasuryUsdt: money('treasury_usdt'),
    depositAddress: text('deposit_address'),
    depositUsdt: money('deposit_usdt'),
    hotWalletAddress: text('hot_wallet_address'),
    hotWalletUsdt: money('hot_wallet_usdt'),
    /** Why the read failed; null once read. */
    reason: text('reason'),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.snapshotId, t.chainId] }),
    check('liability_reserves_read', sql`(${t.blockNumber} is null) = (${t.reason} is not null)`),
  ],
);
