import { AppError, fromLedgerUnits, toLedgerUnits, type TBucket, type TEntryType } from '@kpc/shared';
import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../db/client.ts';
import { ledgerAccounts } from '../db/schema/index.ts';

/**
 * The one place where money moves (ARCHITECTURE "Money"). Every balance change is an entry of
 * postings that sum to zero per asset, written in the caller's transaction (the same one as the
 * business record that causes it) under a unique idempotency key. No other code writes
 * `ledger_accounts`, `ledger_entries` or `ledger_postings`.
 *
 * Amounts are bigints in ledger units (10^18, see `toLedgerUnits`). A member bucket can never go
 * below zero: the database refuses it (`ledger_accounts_balance_non_negative`), and the refusal
 * surfaces as INSUFFICIENT_BALANCE. That error (like MEMBER_FROZEN) is raised by the database, so it
 * ends the caller's transaction: let it propagate out of `db.transaction`.
 */

/** House accounts: the programme's side of every entry. Their balance is the sum of their postings. */
export const HouseAccount = {
  /** On-chain funds held for members: debited when deposits are credited, credited by withdrawals. */
  TREASURY: 'treasury',
  FEES: 'fees',
  /** The house's side of quick exchanges. */
  EXCHANGE: 'exchange',
  /** Pays every airdrop gross (Step 7, `modules/team/airdrop.ts`): its balance is what airdrops cost. */
  AIRDROP: 'airdrop',
  /** Keeps the airdrops' handling fee (SPEC §9: 20 % of the airdrop portion). */
  AIRDROP_FEES: 'airdrop_fees',
  BURN: 'burn',
  /** Test funds of the development faucet. */
  FAUCET: 'faucet',
  /** What members pay into plans (investment and ESOP joins). */
  PLAN_FUNDS: 'plan_funds',
  /** Pays every plan release and ESOP allocation: its balance is what the plans have cost. */
  PLAN_PAYOUT: 'plan_payout',
  /** What members pay for KLK broker packages (Step 6). */
  KLK_SALES: 'klk_sales',
  /** Global node payments (Step 6); a refused node is refunded from it. */
  NODE_SALES: 'node_sales',
  /** Card issuance and KYC fees and top-up fees (Step 6); a rejected application is refunded from it. */
  CARD_FEES: 'card_fees',
  /** USDT loaded (or about to be loaded) onto members' cards at the issuer (Step 6). */
  CARD_FLOAT: 'card_float',
  /** Step 8b: the programme's side of two-person adjustments of members' funds (modules/adjustments). */
  ADJUSTMENTS: 'adjustments',
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

/** The SQLSTATE (and constraint) of a database error, however the driver wrapped it. */
function databaseError(error: unknown): { code: string; constraint?: unknown } | undefined {
  for (let cause = error; typeof cause === 'object' && cause !== null; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return { code, constraint };
  }
  return undefined;
}

/** The refusals the database raises for the ledger, as the errors callers rely on. */
function toLedgerError(error: unknown): unknown {
  const pgError = databaseError(error);
  if (pgError?.code === '23514' && pgError.constraint === 'ledger_accounts_balance_non_negative') {
    return new AppError('INSUFFICIENT_BALANCE');
  }
  // Raised by `kpc_post_entry` (migration 0027) for a frozen member's own spending.
  if (pgError?.code === 'KP001') return new AppError('MEMBER_FROZEN');
  return error;
}

async function executeLedger<Row>(db: Executor, statement: SQL): Promise<Row[]> {
  try {
    const result: unknown = await db.execute(statement);
    return (result as { rows: Row[] }).rows;
  } catch (error) {
    throw toLedgerError(error);
  }
}

/**
 * What a member's own call spends (Step 8a: refused while the member is frozen): these types when
 * they take from the member's available or income funds. What the programme does to a frozen
 * member's money (a deposit credited, a release, a payout already on its way, a fee) goes on.
 */
const MEMBER_SPENDING: ReadonlySet<TEntryType> = new Set<TEntryType>([
  'exchange',
  'transfer',
  'withdraw',
  'plan_join',
  'esop_join',
  'pledge',
  'pledge_redeem',
  'klk_purchase',
  'node_payment',
  'card_fee',
  'card_topup',
]);

function spendsFromMember(entry: Pick<EntryInput, 'type' | 'memberId' | 'postings'>): boolean {
  return (
    entry.memberId !== undefined &&
    MEMBER_SPENDING.has(entry.type) &&
    entry.postings.some(
      (posting) =>
        !('house' in posting.account) &&
        posting.account.memberId === entry.memberId &&
        (posting.account.bucket === 'available' || posting.account.bucket === 'income') &&
        posting.amount < 0n,
    )
  );
}

/** An entry whose key and reference are SQL expressions (e.g. over the record of the same statement). */
type EntryCall = Omit<EntryInput, 'idempotencyKey' | 'reference'> & { idempotencyKey: SQL; reference: SQL };

/**
 * The call of `kpc_post_entry` (migration 0027) for `entry`. Lines go in a fixed account order (the order the function locks member accounts in, so
 * concurrent entries over the same accounts queue instead of deadlocking).
 */
function postEntryCall(entry: EntryCall): SQL {
  assertBalanced(entry.postings);
  const ordered = [...entry.postings].sort((a, b) =>
    accountKey(a.account, a.asset) < accountKey(b.account, b.asset) ? -1 : 1,
  );
  // Each column is one array parameter (pg sends a JS array as an array literal): the statement's
  // text is then the same for any number of lines, and building it costs five parameters, not five per line.
  const members: (string | null)[] = [];
  const buckets: (string | null)[] = [];
  const houses: (string | null)[] = [];
  const assets: string[] = [];
  const amounts: string[] = [];
  for (const posting of ordered) {
    const house = 'house' in posting.account ? posting.account.house : null;
    const member = 'house' in posting.account ? null : posting.account;
    members.push(member?.memberId ?? null);
    buckets.push(member?.bucket ?? null);
    houses.push(house);
    assets.push(posting.asset);
    amounts.push(fromLedgerUnits(posting.amount));
  }
  const array = (items: readonly unknown[], type: string) => sql`${sql.param(items)}::${sql.raw(type)}[]`;
  // A frozen member's own spending (Step 8a) is refused by the function, so no call can forget
  // it; a retry of an entry posted before the freeze still answers as posted.
  return sql`kpc_post_entry(${entry.type}::text, (${entry.idempotencyKey})::text, ${entry.memberId ?? null}::uuid,
    (${entry.reference})::text, ${spendsFromMember(entry)}::boolean, ${array(members, 'uuid')}, ${array(buckets, 'text')},
    ${array(houses, 'text')}, ${array(assets, 'text')}, ${array(amounts, 'numeric')})`;
}

interface PostedRow {
  entry_id: string | number;
  replayed: boolean;
}

function toPostedEntry(row: PostedRow): PostedEntry {
  return { entryId: BigInt(row.entry_id), replayed: row.replayed };
}

/**
 * Posts a balanced entry in `tx`, in one statement: the server-side function `kpc_post_entry`
 * writes the entry row (nothing when the key was posted before: the earlier entry answers),
 * changes each member account (created on first credit; rows taken in a fixed order) and writes
 * the postings with each member account's balance after. One round trip keeps row locks short,
 * and the function keeps its plans per connection.
 */
export async function postEntry(tx: Transaction, entry: EntryInput): Promise<PostedEntry> {
  const call = postEntryCall({
    ...entry,
    idempotencyKey: sql`${entry.idempotencyKey}`,
    reference: sql`${entry.reference ?? null}`,
  });
  const [row] = await executeLedger<PostedRow>(tx, sql`select entry_id, replayed from ${call}`);
  if (!row) throw new Error(`ledger entry ${entry.idempotencyKey} returned nothing`);
  return toPostedEntry(row);
}

/**
 * Writes a business record and posts its entry in ONE statement: on the database itself (one round
 * trip: the statement is its own transaction) or in the caller's transaction `db`. The record and
 * its entry commit together or not at all, and every refusal of `kpc_post_entry` raises, so nothing
 * half-written survives the statement. (Outside a transaction the statement runs on a pooled
 * connection that stays open when the statement is refused: see `db/client.ts`.)
 * `cause` is an `insert … returning …` of at most one row; none (the record was written before:
 * a retry) posts nothing and answers undefined. The entry's key and reference may be SQL
 * expressions over the CTE `cause`, e.g. sql`'financial_record:' || cause.id`.
 */
export async function postWithCause<Row extends Record<string, unknown>>(
  db: Executor,
  cause: SQL,
  entry: Omit<EntryCall, 'idempotencyKey'> & { idempotencyKey: string | SQL },
): Promise<(Row & { entry: PostedEntry }) | undefined> {
  const key = entry.idempotencyKey;
  const call = postEntryCall({ ...entry, idempotencyKey: typeof key === 'string' ? sql`${key}` : key });
  const [row] = await executeLedger<Row & PostedRow>(
    db,
    sql`with cause as (${cause})
      select cause.*, posted.entry_id, posted.replayed from cause cross join lateral ${call} as posted`,
  );
  if (!row) return undefined;
  const { entry_id, replayed, ...rest } = row;
  return { ...(rest as unknown as Row), entry: toPostedEntry({ entry_id, replayed }) };
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

/** A move whose buckets the helper decides (freeze, release). */
export type BucketMoveInput = Omit<Parameters<typeof moveBetweenBuckets>[1], 'from' | 'to'>;

/** Freezes spendable funds (e.g. a withdrawal in flight): available -> frozen. */
export function freeze(tx: Transaction, input: BucketMoveInput): Promise<PostedEntry> {
  return moveBetweenBuckets(tx, { ...input, from: 'available', to: 'frozen' });
}

/** Releases frozen funds back to available (e.g. a rejected withdrawal). */
export function release(tx: Transaction, input: BucketMoveInput): Promise<PostedEntry> {
  return moveBetweenBuckets(tx, { ...input, from: 'frozen', to: 'available' });
}

export interface MemberBalance {
  asset: string;
  bucket: TBucket;
  balance: bigint;
}

/** The one query of a member's balances, for both the plain and the prepared read, so they cannot drift. */
function memberBalancesQuery(db: Executor, memberId: string | Placeholder) {
  return db
    .select({ asset: ledgerAccounts.asset, bucket: ledgerAccounts.bucket, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.memberId, memberId));
}

function toMemberBalance(row: { asset: string; bucket: string | null; balance: string | null }): MemberBalance {
  return { asset: row.asset, bucket: row.bucket as TBucket, balance: toLedgerUnits(row.balance ?? '0') };
}

/** Every stored balance of a member (accounts never used are absent: zero). */
export async function getMemberBalances(db: Executor, memberId: string): Promise<MemberBalance[]> {
  return (await memberBalancesQuery(db, memberId)).map(toMemberBalance);
}

/**
 * `getMemberBalances` built once as a prepared statement: the hottest read skips query building,
 * and PostgreSQL parses and plans it once per connection.
 */
export function prepareMemberBalances(db: Database): (memberId: string) => Promise<MemberBalance[]> {
  const query = memberBalancesQuery(db, sql.placeholder('memberId')).prepare('member_balances');
  return async (memberId) => (await query.execute({ memberId })).map(toMemberBalance);
}

/** The id of each new entry of a transfer batch: taken in the batch's own source query (see `TransferBatch`). */
export const NEXT_ENTRY_ID = sql`nextval('ledger_entries_id_seq')`;

/**
 * A batch of two-line transfers for `postTransferBatch`, as SQL fragments over common table
 * expressions the caller names (e.g. the engine's `due` orders).
 */
export interface TransferBatch {
  /** CTEs that select, and lock with `FOR UPDATE`, the rows behind the batch. Run by both statements. */
  source: SQL;
  /** A select from `source` of `member_id, asset, bucket`: every member account the batch touches. */
  accounts: SQL;
  /**
   * A select from `source`, one row per transfer: `entry_id` (`NEXT_ENTRY_ID`), `idempotency_key`,
   * `type`, `member_id`, `reference`, `asset`, `amount` (positive) and, for each side, a member
   * bucket or a house account: `from_bucket, from_house, to_bucket, to_house` (member buckets are
   * the row's member's). Extra columns are the caller's. It becomes the CTE `transfers`.
   */
  transfers: SQL;
  /** CTEs run after the posting in the same statement, reading `transfers` (e.g. advance the orders). */
  then?: SQL;
}

/**
 * Set-based `postEntry` for batches of two-line transfers (the plan release engine): two
 * statements, whatever the batch size. The first locks the batch's source rows, creates the member
 * accounts not used before and locks the others in a fixed order (source rows first, accounts
 * second, as in every member request, so concurrent entries queue instead of deadlocking). The
 * second selects the same rows again (locked now, so the same set), writes one entry per transfer
 * under its pre-assigned id (a key posted before is a unique violation: the caller's own state must
 * say what is due), adds each member account's net in one hash-joined UPDATE, writes the postings
 * with each account's running balance after, in entry order, and runs `then`. The same invariants
 * as `postEntry`: every entry balances per asset (two lines of one amount), one key posts once,
 * and a member bucket below zero is refused by the database (INSUFFICIENT_BALANCE, which must end
 * the caller's transaction). Returns how many entries were written, and `result`.
 */
export async function postTransferBatch(
  tx: Transaction,
  batch: TransferBatch,
  /** An aggregate over `transfers` to return with the count, e.g. `max(source_id)` to continue after. */
  result?: SQL,
): Promise<{ entries: number; result: string | null }> {
  await tx.execute(sql`
    with ${batch.source},
    ledger_keys as (${batch.accounts}),
    ledger_created as (
      insert into ledger_accounts (member_id, asset, bucket, balance)
      select member_id, asset, bucket, 0 from ledger_keys order by member_id, asset, bucket
      on conflict (member_id, asset, bucket) do nothing
      returning id
    ),
    ledger_locked as (
      select account.id from ledger_accounts account
      join ledger_keys keys on keys.member_id = account.member_id and keys.asset = account.asset
        and keys.bucket = account.bucket
      order by account.member_id, account.asset, account.bucket
      for update of account
    )
    select (select count(*) from ledger_created)::int as created, (select count(*) from ledger_locked)::int as locked`);
  const statement = sql`
    with ${batch.source},
    transfers as materialized (${batch.transfers}),
    ledger_entry as (
      insert into ledger_entries (id, type, idempotency_key, member_id, reference) overriding system value
      select entry_id, type, idempotency_key, member_id, reference from transfers
      returning 1
    ),
    ledger_lines as (
      select entry_id, 0 as leg, member_id, asset, from_bucket as bucket, from_house as house, -amount as amount
        from transfers
      union all
      select entry_id, 1, member_id, asset, to_bucket, to_house, amount from transfers
    ),
    ledger_net as (
      select member_id, asset, bucket, sum(amount) as net from ledger_lines where bucket is not null
      group by member_id, asset, bucket
    ),
    ledger_applied as (
      update ledger_accounts account set balance = account.balance + n.net, updated_at = now()
      from ledger_net n
      where account.member_id = n.member_id and account.asset = n.asset and account.bucket = n.bucket
      returning account.id, account.member_id, account.asset, account.bucket, account.balance
    ),
    ledger_posted as (
      insert into ledger_postings (entry_id, account_id, asset, amount, balance_after)
      select entry_id, account_id, asset, amount, balance_after from (
        select line.entry_id, line.leg, applied.id as account_id, line.asset, line.amount,
          applied.balance - coalesce(sum(line.amount) over (
            partition by applied.id order by line.entry_id, line.leg
            rows between 1 following and unbounded following), 0) as balance_after
          from ledger_lines line
          join ledger_applied applied on applied.member_id = line.member_id and applied.asset = line.asset
            and applied.bucket = line.bucket
        union all
        select line.entry_id, line.leg, house.id, line.asset, line.amount, null
          from ledger_lines line
          join ledger_accounts house on house.house_account = line.house and house.asset = line.asset
          where line.bucket is null
      ) p order by entry_id, leg
      returning 1
    )${batch.then ? sql`, ${batch.then}` : sql``}
    select (select count(*) from ledger_entry)::int as entries, (select count(*) from ledger_posted)::int as postings,
      ${result ? sql`(select (${result})::text from transfers)` : sql`null::text`} as result`;
  type Row = { entries: number; postings: number; result: string | null };
  const [summary] = await executeLedger<Row>(tx, statement);
  if (!summary) throw new Error('postTransferBatch returned no summary');
  // A missing house account, an account the first statement did not create, or a line naming
  // neither a bucket nor a house would drop a line: the whole batch is refused.
  if (summary.postings !== summary.entries * 2) {
    throw new Error(`postTransferBatch wrote ${summary.postings} postings for ${summary.entries} entries`);
  }
  return { entries: summary.entries, result: summary.result };
}
