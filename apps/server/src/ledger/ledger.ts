import { AppError, fromLedgerUnits, toLedgerUnits, type TBucket, type TEntryType } from '@kpc/shared';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor, Transaction } from '../db/client.ts';
import { ledgerAccounts, ledgerEntries } from '../db/schema.ts';

/**
 * The one place where money moves (ARCHITECTURE "Money"). Every balance change is an entry of
 * postings that sum to zero per asset, written in the caller's transaction (the same one as the
 * business record that causes it) under a unique idempotency key. No other code writes
 * `ledger_accounts`, `ledger_entries` or `ledger_postings`.
 *
 * Amounts are bigints in ledger units (10^18, see `toLedgerUnits`). A member bucket can never go
 * below zero: the database refuses it (`ledger_accounts_balance_non_negative`), and the refusal
 * surfaces as INSUFFICIENT_BALANCE, rolling back the caller's transaction.
 */

/** House accounts: the programme's side of every entry. Their balance is the sum of their postings. */
export const HouseAccount = {
  /** On-chain funds held for members: debited when deposits are credited, credited by withdrawals. */
  TREASURY: 'treasury',
  FEES: 'fees',
  /** The house's side of quick exchanges. */
  EXCHANGE: 'exchange',
  AIRDROP: 'airdrop',
  BURN: 'burn',
  /** Test funds of the development faucet. */
  FAUCET: 'faucet',
} as const;
export type THouseAccount = (typeof HouseAccount)[keyof typeof HouseAccount];

export type AccountRef = { memberId: string; bucket: TBucket } | { house: THouseAccount };

export interface Posting {
  account: AccountRef;
  asset: string;
  /** Signed ledger units: positive adds to the account, negative takes from it. Never zero. */
  amount: bigint;
}

export interface EntryInput {
  type: TEntryType;
  /** Unique per effect: the same key posts once, however often it is retried. */
  idempotencyKey: string;
  /** The member the entry concerns, for the asset flow and audits. */
  memberId?: string;
  /** The business record behind the entry, e.g. `exchange:12`. */
  reference?: string;
  postings: Posting[];
}

export interface PostedEntry {
  entryId: bigint;
  /** True when the key had been posted before: nothing was applied this time. */
  replayed: boolean;
}

function accountKey(account: AccountRef, asset: string): string {
  return 'house' in account
    ? `house:${account.house}:${asset}`
    : `member:${account.memberId}:${asset}:${account.bucket}`;
}

/** Refuses entries that could not be right: unbalanced, empty lines, or one account twice. */
export function assertBalanced(postings: readonly Posting[]): void {
  if (postings.length < 2) throw new Error('a ledger entry needs at least two postings');
  const sums = new Map<string, bigint>();
  const seen = new Set<string>();
  for (const posting of postings) {
    if (posting.amount === 0n) throw new Error('a posting of zero');
    const key = accountKey(posting.account, posting.asset);
    if (seen.has(key)) throw new Error(`account ${key} appears twice in one entry`);
    seen.add(key);
    sums.set(posting.asset, (sums.get(posting.asset) ?? 0n) + posting.amount);
  }
  for (const [asset, sum] of sums) {
    if (sum !== 0n) throw new Error(`ledger entry does not balance: ${asset} sums to ${fromLedgerUnits(sum)}`);
  }
}

function isBalanceViolation(error: unknown): boolean {
  for (let cause = error; typeof cause === 'object' && cause !== null; cause = (cause as { cause?: unknown }).cause) {
    const pgError = cause as { code?: string; constraint?: string };
    if (pgError.code === '23514' && pgError.constraint === 'ledger_accounts_balance_non_negative') return true;
  }
  return false;
}

/** Adds `amount` to a member bucket (creating the account on first use) and returns its id and new balance. */
async function applyToMemberAccount(
  tx: Transaction,
  memberId: string,
  asset: string,
  bucket: TBucket,
  amount: bigint,
): Promise<{ id: bigint; balance: string }> {
  const update = () =>
    tx
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${fromLedgerUnits(amount)}::numeric`, updatedAt: sql`now()` })
      .where(
        and(eq(ledgerAccounts.memberId, memberId), eq(ledgerAccounts.asset, asset), eq(ledgerAccounts.bucket, bucket)),
      )
      .returning({ id: ledgerAccounts.id, balance: ledgerAccounts.balance });
  let [row] = await update();
  if (!row) {
    await tx.insert(ledgerAccounts).values({ memberId, asset, bucket, balance: '0' }).onConflictDoNothing();
    [row] = await update();
  }
  if (!row?.balance) throw new Error(`ledger account ${memberId}/${asset}/${bucket} missing`);
  return { id: row.id, balance: row.balance };
}

/**
 * Posts a balanced entry in `tx`. Member postings are applied in a fixed order (member, asset,
 * bucket), so concurrent entries over the same accounts queue instead of deadlocking. A key
 * already posted applies nothing and reports `replayed`.
 */
export async function postEntry(tx: Transaction, entry: EntryInput): Promise<PostedEntry> {
  assertBalanced(entry.postings);
  const [inserted] = await tx
    .insert(ledgerEntries)
    .values({
      type: entry.type,
      idempotencyKey: entry.idempotencyKey,
      memberId: entry.memberId ?? null,
      reference: entry.reference ?? null,
    })
    .onConflictDoNothing({ target: ledgerEntries.idempotencyKey })
    .returning({ id: ledgerEntries.id });
  if (!inserted) {
    const [existing] = await tx
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, entry.idempotencyKey));
    if (!existing) throw new Error(`ledger entry ${entry.idempotencyKey} vanished`);
    return { entryId: existing.id, replayed: true };
  }

  const ordered = [...entry.postings].sort((a, b) =>
    accountKey(a.account, a.asset) < accountKey(b.account, b.asset) ? -1 : 1,
  );
  const rows: SQL[] = [];
  try {
    for (const posting of ordered) {
      const amount = fromLedgerUnits(posting.amount);
      if ('house' in posting.account) {
        const houseId = sql`(select id from ledger_accounts where house_account = ${posting.account.house} and asset = ${posting.asset})`;
        rows.push(sql`(${inserted.id}, ${houseId}, ${posting.asset}, ${amount}::numeric, null::numeric)`);
      } else {
        const { memberId, bucket } = posting.account;
        const applied = await applyToMemberAccount(tx, memberId, posting.asset, bucket, posting.amount);
        rows.push(
          sql`(${inserted.id}, ${applied.id}, ${posting.asset}, ${amount}::numeric, ${applied.balance}::numeric)`,
        );
      }
    }
  } catch (error) {
    if (isBalanceViolation(error)) throw new AppError('INSUFFICIENT_BALANCE');
    throw error;
  }
  await tx.execute(
    sql`insert into ledger_postings (entry_id, account_id, asset, amount, balance_after) values ${sql.join(rows, sql`, `)}`,
  );
  return { entryId: inserted.id, replayed: false };
}

/** Moves `amount` of `asset` between two buckets of one member (transfer, freeze, release, …). */
export function moveBetweenBuckets(
  tx: Transaction,
  move: {
    memberId: string;
    asset: string;
    amount: bigint;
    from: TBucket;
    to: TBucket;
    type: TEntryType;
    idempotencyKey: string;
    reference?: string;
  },
): Promise<PostedEntry> {
  if (move.amount <= 0n) throw new Error('a move needs a positive amount');
  return postEntry(tx, {
    type: move.type,
    idempotencyKey: move.idempotencyKey,
    memberId: move.memberId,
    ...(move.reference ? { reference: move.reference } : {}),
    postings: [
      { account: { memberId: move.memberId, bucket: move.from }, asset: move.asset, amount: -move.amount },
      { account: { memberId: move.memberId, bucket: move.to }, asset: move.asset, amount: move.amount },
    ],
  });
}

/** Freezes spendable funds (e.g. a withdrawal in flight): available -> frozen. */
export function freeze(
  tx: Transaction,
  input: {
    memberId: string;
    asset: string;
    amount: bigint;
    type: TEntryType;
    idempotencyKey: string;
    reference?: string;
  },
): Promise<PostedEntry> {
  return moveBetweenBuckets(tx, { ...input, from: 'available', to: 'frozen' });
}

/** Releases frozen funds back to available (e.g. a rejected withdrawal). */
export function release(
  tx: Transaction,
  input: {
    memberId: string;
    asset: string;
    amount: bigint;
    type: TEntryType;
    idempotencyKey: string;
    reference?: string;
  },
): Promise<PostedEntry> {
  return moveBetweenBuckets(tx, { ...input, from: 'frozen', to: 'available' });
}

export interface MemberBalance {
  asset: string;
  bucket: TBucket;
  balance: bigint;
}

/** Every stored balance of a member (accounts never used are absent: zero). */
export async function getMemberBalances(db: Executor, memberId: string): Promise<MemberBalance[]> {
  const rows = await db
    .select({ asset: ledgerAccounts.asset, bucket: ledgerAccounts.bucket, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.memberId, memberId));
  return rows.map((row) => ({
    asset: row.asset,
    bucket: row.bucket as TBucket,
    balance: toLedgerUnits(row.balance ?? '0'),
  }));
}
