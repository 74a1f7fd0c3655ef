import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { members } from './account.ts';
import { createdAt, money, serialId } from './columns.ts';

/** Assets the ledger keeps (USDT, KPC, …) and their precision. Rows are configuration. */
export const assets = pgTable(
  'assets',
  {
    code: text('code').primaryKey(),
    decimals: smallint('decimals').notNull(),
    sortOrder: smallint('sort_order').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [check('assets_decimals_range', sql`${t.decimals} between 0 and 18`)],
);

/**
 * Ledger accounts. A member account (member, asset, bucket) stores its balance, which the database
 * keeps at or above zero. A house account (treasury, fees, …) stores none: its balance is the sum
 * of its postings, so busy house accounts never make transactions queue on one row.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serialId(),
    memberId: uuid('member_id').references(() => members.id),
    houseAccount: text('house_account'),
    asset: text('asset')
      .notNull()
      .references(() => assets.code),
    /** For member accounts: available, frozen, income, locked, staked. */
    bucket: text('bucket'),
    balance: money('balance'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_member_key').on(t.memberId, t.asset, t.bucket),
    uniqueIndex('ledger_accounts_house_key').on(t.houseAccount, t.asset),
    check(
      'ledger_accounts_owner',
      sql`(${t.memberId} is not null and ${t.bucket} is not null and ${t.balance} is not null and ${t.houseAccount} is null)
        or (${t.memberId} is null and ${t.bucket} is null and ${t.balance} is null and ${t.houseAccount} is not null)`,
    ),
    check('ledger_accounts_balance_non_negative', sql`${t.balance} >= 0`),
  ],
);

/** A balanced set of postings, written once per idempotency key in the transaction of its cause. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serialId(),
    type: text('type').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /**
     * The member the entry concerns, if any. No foreign key on this and the other append-only money
     * tables: each check would share-lock the member's row on every write, making a busy member's
     * requests queue on `members`. Member ids here come only from authenticated sessions.
     */
    memberId: uuid('member_id'),
    /** The business record behind it, e.g. `exchange:12`. */
    reference: text('reference'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_entries_idempotency_key').on(t.idempotencyKey),
    // Finds whether a member ever received faucet test funds (they never leave through a real chain).
    index('ledger_entries_faucet_member_idx')
      .on(t.memberId)
      .where(sql`${t.type} = 'dev_faucet'`),
  ],
);

/** One line of an entry: a signed amount on one account; `balance_after` for member accounts. */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: serialId(),
    /**
     * No foreign keys here: postings are written only by `postEntry`, in one statement, from the
     * entry and accounts that statement itself inserted or locked. A key check per posting would
     * share-lock the house account rows on every entry, the very queue they are built to avoid.
     */
    entryId: bigint('entry_id', { mode: 'bigint' }).notNull(),
    accountId: bigint('account_id', { mode: 'bigint' }).notNull(),
    asset: text('asset').notNull(),
    amount: money('amount').notNull(),
    balanceAfter: money('balance_after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_postings_account_idx').on(t.accountId, t.id),
    index('ledger_postings_entry_idx').on(t.entryId),
    check('ledger_postings_amount_non_zero', sql`${t.amount} <> 0`),
  ],
);

/**
 * The member's financial records (SPEC §2 /pages/asset/history): one row per deposit, withdrawal,
 * exchange or transfer, written with it and kept in step with its status. Exchanges and transfers
 * live here entirely; an exchange's ledger entry has the key `exchange:<quote id>`.
 */
export const financialRecords = pgTable(
  'financial_records',
  {
    id: serialId(),
    /** No foreign key: see `ledger_entries.member_id`. */
    memberId: uuid('member_id').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    /** What makes the request retry-safe: the client's id (transfers), the quote's id (exchanges). */
    requestId: uuid('request_id'),
    asset: text('asset').notNull(),
    amount: money('amount').notNull(),
    toAsset: text('to_asset'),
    toAmount: money('to_amount'),
    fee: money('fee'),
    /** Exchanges: units of `to_asset` per unit of `asset`, and the fee rate applied. */
    rate: money('rate'),
    feeRate: money('fee_rate'),
    /** The business record behind it, e.g. `withdrawal:12`. */
    reference: text('reference'),
    /** Deposits and withdrawals: the chain, its transaction and (withdrawals) the destination. */
    chainId: integer('chain_id'),
    txHash: text('tx_hash'),
    address: text('address'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('financial_records_member_idx').on(t.memberId, t.id),
    // Withdrawal state changes keep their record in step by reference.
    index('financial_records_reference_idx').on(t.reference),
    uniqueIndex('financial_records_request_key').on(t.memberId, t.requestId),
  ],
);
