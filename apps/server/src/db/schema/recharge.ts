import {
  bigint,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, money, serialId } from './columns.ts';

/** Where each chain's deposit watcher has scanned to (the next block to read). */
export const chainCursors = pgTable('chain_cursors', {
  chainId: integer('chain_id').primaryKey(),
  nextBlock: bigint('next_block', { mode: 'bigint' }).notNull(),
  /** The chain head the last pass saw: members' confirmations n/20 are counted from it. */
  headBlock: bigint('head_block', { mode: 'bigint' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Deposits seen on chain, each recorded once: keyed by chain, transaction and the log's position
 * within its receipt (a reorged transaction can come back in another block with another block log
 * index). Credited at the required confirmations after re-checking the block is still canonical.
 */
export const deposits = pgTable(
  'deposits',
  {
    id: serialId(),
    chainId: integer('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    /** The log's position among its transaction receipt's logs. */
    receiptLogIndex: integer('receipt_log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    blockHash: text('block_hash').notNull(),
    /** `contract`: through the Recharge contract; `transfer`: sent to the deposit address. */
    method: text('method', { enum: ['contract', 'transfer'] }).notNull(),
    /** Lower-case: the depositing member's wallet (contract) or the sender (transfer). */
    fromAddress: text('from_address').notNull(),
    /** No foreign key: see `ledger_entries.member_id`. Null when no member has this wallet. */
    memberId: uuid('member_id'),
    asset: text('asset').notNull(),
    /**
     * What is credited, in the ledger asset's precision (USDT: 6 decimals): the token amount rounded
     * down. The exact on-chain figure is `token_units` at `token_decimals` (USDT has 6 on Polygon and
     * Ethereum, 18 on BSC).
     */
    amount: money('amount').notNull(),
    tokenUnits: numeric('token_units', { precision: 78, scale: 0 }),
    tokenDecimals: smallint('token_decimals'),
    status: text('status', { enum: ['pending', 'credited', 'below_minimum', 'unattributed', 'reorged'] }).notNull(),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deposits_chain_tx_log_key').on(t.chainId, t.txHash, t.receiptLogIndex),
    index('deposits_pending_idx').on(t.chainId, t.status),
    index('deposits_member_idx').on(t.memberId, t.id),
    // The operators' list (Step 8a): one state across chains, newest first.
    index('deposits_queue_idx').on(t.status, t.id),
  ],
);
