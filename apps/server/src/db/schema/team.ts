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
import { members } from './account.ts';
import { createdAt, money, serialId } from './columns.ts';

/**
 * The referral tree (Step 7, SPEC §3 Team): one row per member, written in the same transaction
 * as the member (`modules/team/tree.ts`), never changed afterwards except for its aggregates.
 *
 * `key` is a compact integer handed out at insertion; `path` holds the keys of every ancestor,
 * root first, so the rows above a member are one index lookup of at most `depth` keys, never a
 * walk up the tree. A parent is always inserted before its children, so `parent_key < key`: no
 * member can be its own referrer and no cycle can exist (the check below enforces it).
 *
 * The team aggregates (direct invitees, the whole team below, the team's purchase volume) are
 * kept in `member_team` by one UPDATE over the path when a member joins or a purchase counts, so
 * a team summary is one primary-key read at any size of team. docs/modules/team.md has the
 * measurements behind this choice (against a closure table and a subtree count).
 */
export const memberTree = pgTable(
  'member_tree',
  {
    memberId: uuid('member_id')
      .primaryKey()
      .references(() => members.id),
    key: integer('key').notNull().generatedAlwaysAsIdentity(),
    /** The referrer's key; null for a member without a referrer (the programme's root). */
    parentKey: integer('parent_key').references((): AnyPgColumn => memberTree.key),
    /** Ancestors above this member (0 for a root) = the length of `path`. */
    depth: integer('depth').notNull(),
    /** Keys of the ancestors, root first, the referrer last. */
    path: integer('path').array().notNull(),
  },
  (t) => [
    uniqueIndex('member_tree_key_key').on(t.key),
    // "My invitations": a member's direct invitees, newest first, by key range.
    index('member_tree_parent_idx').on(t.parentKey, t.key),
    check('member_tree_parent_before_child', sql`${t.parentKey} < ${t.key}`),
    check(
      'member_tree_depth_is_path',
      // The referrer is the last key of the path; a root has neither.
      sql`${t.depth} = cardinality(${t.path}) and coalesce(${t.path}[${t.depth}] = ${t.parentKey}, ${t.parentKey} is null and ${t.depth} = 0)`,
    ),
  ],
);

/**
 * A member's team aggregates, one narrow row per tree row (same key), apart from the path: a
 * sign-up or purchase updates one of these per ancestor, and a small row without the path is a
 * small write — the table is filled to 80% (migration) so the updates stay on their page and
 * touch no index. Read by `teamSummary`; written only by `modules/team/tree.ts`.
 */
export const memberTeam = pgTable(
  'member_team',
  {
    key: integer('key')
      .primaryKey()
      .references(() => memberTree.key),
    /** Members this member invited. */
    directCount: integer('direct_count').notNull().default(0),
    /** Every member below this one, direct invitees included. */
    teamCount: integer('team_count').notNull().default(0),
    /** Purchases (plans, ESOP, packages) of every member below this one, in USDT (`addTeamVolume`). */
    teamVolume: money('team_volume').notNull().default('0'),
    /** The ESOP part of `team_volume` (Step 7 levels). */
    esopVolume: money('esop_volume').notNull().default('0'),
    /** KPC team level (0 none): steps of `team_volume - esop_volume` reached (`levels.ts`). */
    kpcLevel: smallint('kpc_level').notNull().default(0),
    /** ESOP team level (0 none): steps of `esop_volume` reached. */
    esopLevel: smallint('esop_level').notNull().default(0),
  },
  (t) => [
    check(
      'member_team_counts',
      sql`${t.directCount} >= 0 and ${t.teamCount} >= ${t.directCount} and ${t.teamVolume} >= 0`,
    ),
    check('member_team_esop_volume', sql`${t.esopVolume} >= 0 and ${t.esopVolume} <= ${t.teamVolume}`),
  ],
);

/**
 * The qualifying events of Step 7 (SPEC §9): a broker package purchase, a card issued, an
 * investment or ESOP plan subscription — one row per event, keyed by the event's own record
 * (`klk_purchase:12`, `card_application:7`, `plan_order:3`, `esop_order:5`), written in the
 * event's transaction by `modules/team/airdrop.ts`. The key makes an event count once: its team
 * volume, its airdrops and their reversal.
 */
export const teamEvents = pgTable('team_events', {
  eventKey: text('event_key').primaryKey(),
  /** `klk_package`, `card`, `plan`, `esop`. */
  kind: text('kind').notNull(),
  /** Who bought. */
  memberId: uuid('member_id')
    .notNull()
    .references(() => members.id),
  /** What the event was worth in USDT (0 for a card: its airdrop is fixed). */
  usdtValue: money('usdt_value').notNull(),
  createdAt: createdAt(),
  /** Set once when the event was refunded and its airdrops reversed. */
  reversedAt: timestamp('reversed_at', { withTimezone: true }),
});

/**
 * Airdrops paid (SPEC §9): one row per (event, receiver depth above the buyer), beside the ledger
 * entry keyed `airdrop:<event key>:<depth>` that paid it. Read by the member's airdrop list.
 */
export const airdrops = pgTable(
  'airdrops',
  {
    id: serialId(),
    eventKey: text('event_key')
      .notNull()
      .references(() => teamEvents.eventKey),
    /** 1 = the buyer's referrer (direct), 2.. = further up (indirect). */
    depth: smallint('depth').notNull(),
    /** `direct`, `indirect` or `card`. */
    kind: text('kind').notNull(),
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => members.id),
    sourceMemberId: uuid('source_member_id')
      .notNull()
      .references(() => members.id),
    asset: text('asset').notNull(),
    gross: money('gross').notNull(),
    fee: money('fee').notNull(),
    net: money('net').notNull(),
    createdAt: createdAt(),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('airdrops_event_depth_key').on(t.eventKey, t.depth),
    index('airdrops_receiver_idx').on(t.receiverId, t.id),
    check(
      'airdrops_amounts',
      sql`${t.gross} > 0 and ${t.fee} >= 0 and ${t.net} >= 0 and ${t.gross} = ${t.fee} + ${t.net}`,
    ),
    check('airdrops_kind', sql`${t.kind} in ('direct', 'indirect', 'card')`),
  ],
);

/** A member's airdrops received, net, by kind (what the team summary shows), kept with each airdrop. */
export const memberAirdropTotals = pgTable('member_airdrop_totals', {
  memberId: uuid('member_id')
    .primaryKey()
    .references(() => members.id),
  direct: money('direct').notNull().default('0'),
  indirect: money('indirect').notNull().default('0'),
  card: money('card').notNull().default('0'),
});
