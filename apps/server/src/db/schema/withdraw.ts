import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, money, serialId } from './columns.ts';

/**
 * Withdrawals (Step 4 §3). Amount and fee are frozen when submitted; the state moves
 * submitted -> approved -> sending -> confirming -> completed, or to rejected / failed, which
 * release the frozen funds. `unknown`: the payout's nonce was used but its receipt is not found;
 * the funds stay frozen until the receipt shows or an operator settles it. Every move is a row in `withdrawal_events` written with it.
 * `signed_tx` is the one transaction ever signed for the withdrawal: it is stored before it is
 * broadcast and only ever re-broadcast, so a withdrawal is never paid twice.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serialId(),
    /** No foreign key: see `ledger_entries.member_id`. */
    memberId: uuid('member_id').notNull(),
    requestId: uuid('request_id').notNull(),
    chainId: integer('chain_id').notNull(),
    asset: text('asset').notNull(),
    /** EIP-55 checksummed destination. */
    toAddress: text('to_address').notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    feeFrom: text('fee_from', { enum: ['balance', 'amount'] }).notNull(),
    /** What the destination receives on chain. */
    received: money('received').notNull(),
    status: text('status', {
      enum: ['submitted', 'approved', 'sending', 'confirming', 'completed', 'rejected', 'failed', 'unknown'],
    }).notNull(),
    /** The hot wallet that signed, its nonce, the signed transaction and its hash. */
    fromAddress: text('from_address'),
    nonce: integer('nonce'),
    signedTx: text('signed_tx'),
    txHash: text('tx_hash'),
    blockNumber: bigint('block_number', { mode: 'bigint' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('withdrawals_request_key').on(t.memberId, t.requestId),
    uniqueIndex('withdrawals_tx_hash_key').on(t.txHash),
    uniqueIndex('withdrawals_nonce_key').on(t.chainId, t.fromAddress, t.nonce),
    index('withdrawals_status_idx').on(t.chainId, t.status, t.id),
    // The operators' queue (Step 8a): one state across chains, newest first.
    index('withdrawals_queue_idx').on(t.status, t.id),
    index('withdrawals_member_idx').on(t.memberId, t.createdAt),
  ],
);

/** Every state change of a withdrawal, and notable waits (hot wallet short of funds): never a silent update. */
export const withdrawalEvents = pgTable(
  'withdrawal_events',
  {
    id: serialId(),
    withdrawalId: bigint('withdrawal_id', { mode: 'bigint' }).notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** `member`, `auto`, `sender`, or an operator's id (Step 8). */
    actor: text('actor').notNull(),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [index('withdrawal_events_withdrawal_idx').on(t.withdrawalId, t.id)],
);

/** The next nonce of each hot wallet per chain: kept here so one signer never reuses or skips one. */
export const hotWalletNonces = pgTable(
  'hot_wallet_nonces',
  {
    chainId: integer('chain_id').notNull(),
    address: text('address').notNull(),
    nextNonce: integer('next_nonce').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('hot_wallet_nonces_key').on(t.chainId, t.address)],
);
