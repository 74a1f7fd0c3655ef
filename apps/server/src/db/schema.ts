import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

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
    level: text('level', { enum: ['member', 'ambassador'] })
      .notNull()
      .default('member'),
    status: text('status', { enum: ['active', 'disabled', 'system'] })
      .notNull()
      .default('active'),
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

/** Mails kept by the outbox transport (no SMTP configured), for the development mailbox page. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

/** Small server-wide values that must survive restarts and be shared by every process. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

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

/** NUMERIC(38,18): every amount, rate and price (ARCHITECTURE "Money"); strings in TypeScript. */
const money = (name: string) => numeric(name, { precision: 38, scale: 18 });
const serialId = () => bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity();

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

/** KPC's price in USDT over time; the current price is the latest one in effect. */
export const kpcPrices = pgTable(
  'kpc_prices',
  {
    id: serialId(),
    price: money('price').notNull(),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull().defaultNow(),
    source: text('source').notNull().default('operator'),
    createdAt: createdAt(),
  },
  (t) => [index('kpc_prices_effective_idx').on(t.effectiveAt), check('kpc_prices_positive', sql`${t.price} > 0`)],
);

/** Exchange pairs members may use, with their fee rate and minimum. Rows are configuration. */
export const exchangePairs = pgTable(
  'exchange_pairs',
  {
    fromAsset: text('from_asset')
      .notNull()
      .references(() => assets.code),
    toAsset: text('to_asset')
      .notNull()
      .references(() => assets.code),
    feeRate: money('fee_rate').notNull(),
    minAmount: money('min_amount').notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    uniqueIndex('exchange_pairs_key').on(t.fromAsset, t.toAsset),
    check('exchange_pairs_fee_rate_range', sql`${t.feeRate} >= 0 and ${t.feeRate} < 1`),
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
  ],
);

/**
 * An operator's switch for one payment channel (SPEC §4, §8): `paused` shows "The current channel
 * is temporarily unavailable.", `not_open` the not-open-yet text. Without a row a channel is open
 * when its chain has what it needs configured. Operators set it in Step 8.
 */
export const paymentChannels = pgTable(
  'payment_channels',
  {
    /** `deposit` or `withdraw`. */
    direction: text('direction', { enum: ['deposit', 'withdraw'] }).notNull(),
    chainId: integer('chain_id').notNull(),
    /** Deposits: `wallet` or `transfer`; withdrawals: `transfer`. */
    method: text('method').notNull(),
    status: text('status', { enum: ['open', 'paused', 'not_open'] }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_channels_key').on(t.direction, t.chainId, t.method)],
);

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
