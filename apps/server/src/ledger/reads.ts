import { toLedgerUnits, type TBucket, type TEntryType } from '@kpc/shared';
import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor, Transaction } from '../db/client.ts';
import { ledgerAccounts, ledgerEntries, ledgerPostings } from '../db/schema/index.ts';
import type { THouseAccount } from './ledger.ts';

/**
 * What other modules may ask of the ledger's tables (`ledger_accounts`, `ledger_entries`,
 * `ledger_postings`): only the ledger reads them (module-boundaries.test.ts keeps it so), and
 * only `ledger.ts` writes them.
 */

/**
 * A member bucket's balance, its row locked until the transaction ends (0 when the account was
 * never used): what a debit decided in this transaction is checked against, one decision at a time.
 */
export async function lockMemberBalance(
  tx: Transaction,
  account: { memberId: string; asset: string; bucket: TBucket },
): Promise<bigint> {
  const [row] = await tx
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.memberId, account.memberId),
        eq(ledgerAccounts.asset, account.asset),
        eq(ledgerAccounts.bucket, account.bucket),
      ),
    )
    .for('update');
  return toLedgerUnits(row?.balance ?? '0');
}

/** Every stored balance of a member as stored (decimal text), by asset then bucket. */
export async function memberBalanceRows(
  db: Executor,
  memberId: string,
): Promise<{ asset: string; bucket: string | null; balance: string | null }[]> {
  return db
    .select({ asset: ledgerAccounts.asset, bucket: ledgerAccounts.bucket, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.memberId, memberId))
    .orderBy(asc(ledgerAccounts.asset), asc(ledgerAccounts.bucket));
}

/** Which of `houses` keep `asset` (have an account in it). */
export async function houseAccountsKeeping(db: Executor, houses: readonly string[], asset: string): Promise<string[]> {
  const rows = await db
    .select({ house: ledgerAccounts.houseAccount })
    .from(ledgerAccounts)
    .where(and(inArray(ledgerAccounts.houseAccount, [...houses]), eq(ledgerAccounts.asset, asset)));
  return rows.map((row) => row.house!);
}

/** A house account's balance in `asset` as decimal text: the sum of its postings (house accounts store none). */
export async function houseBalance(db: Executor, house: THouseAccount, asset: string): Promise<string> {
  const result: unknown = await db.execute(sql`
    select coalesce(sum(p.amount), 0)::text as balance
    from ledger_postings p join ledger_accounts a on a.id = p.account_id
    where a.house_account = ${house} and a.asset = ${asset}`);
  const [row] = (result as { rows: { balance: string }[] }).rows;
  return row?.balance ?? '0';
}

/** Every house account's balance per asset as decimal text (the sum of its postings), by account then asset. */
export async function houseBalances(db: Executor): Promise<{ account: string; asset: string; balance: string }[]> {
  const result: unknown = await db.execute(sql`
    select a.house_account as account, a.asset, coalesce(sum(p.amount), 0)::text as balance
    from ledger_accounts a left join ledger_postings p on p.account_id = a.id
    where a.house_account is not null
    group by a.house_account, a.asset
    order by a.house_account, a.asset`);
  return (result as { rows: { account: string; asset: string; balance: string }[] }).rows;
}

/** Whether the member was ever party to an entry of `type` (e.g. dev faucet funds). */
export async function memberHasEntryOfType(db: Executor, memberId: string, type: TEntryType): Promise<boolean> {
  const [entry] = await db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.memberId, memberId), eq(ledgerEntries.type, type)))
    .limit(1);
  return entry !== undefined;
}

/** Which of a member's postings `memberPostings` reads: newest first, before `cursor` (a posting id). */
export interface MemberPostingsQuery {
  asset?: string | undefined;
  type?: string | undefined;
  cursor?: bigint | undefined;
  /** Posted at or after this instant (a history export's first day). */
  createdFrom?: Date | undefined;
  /** Posted before this instant (the day after a history export's last day). */
  createdBefore?: Date | undefined;
  limit: number;
}

/**
 * The member's postings with their entry's type, newest first. `note` adds a column over the entry's
 * `type` and `reference` (e.g. an adjustment's public reason, from the module that keeps it).
 */
export function memberPostings(
  db: Executor,
  memberId: string,
  query: MemberPostingsQuery,
  note: (entry: { type: typeof ledgerEntries.type; reference: typeof ledgerEntries.reference }) => SQL<string | null>,
) {
  const conditions: SQL[] = [eq(ledgerAccounts.memberId, memberId)];
  if (query.asset) conditions.push(eq(ledgerPostings.asset, query.asset));
  if (query.type) conditions.push(eq(ledgerEntries.type, query.type));
  if (query.cursor !== undefined) conditions.push(lt(ledgerPostings.id, query.cursor));
  if (query.createdFrom) conditions.push(gte(ledgerPostings.createdAt, query.createdFrom));
  if (query.createdBefore) conditions.push(lt(ledgerPostings.createdAt, query.createdBefore));
  return db
    .select({
      id: ledgerPostings.id,
      type: ledgerEntries.type,
      asset: ledgerPostings.asset,
      bucket: ledgerAccounts.bucket,
      amount: ledgerPostings.amount,
      balanceAfter: ledgerPostings.balanceAfter,
      createdAt: ledgerPostings.createdAt,
      note: note({ type: ledgerEntries.type, reference: ledgerEntries.reference }),
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
    .where(and(...conditions))
    .orderBy(desc(ledgerPostings.id))
    .limit(query.limit);
}

/**
 * What the programme owes each member, per asset: every bucket of every member account summed, in
 * integer ledger units (10^-18) as text, ordered by member (the proof of liabilities' leaves).
 */
export async function memberLiabilityUnits(
  db: Executor,
): Promise<{ memberId: string; asset: string; units: string }[]> {
  const result: unknown = await db.execute(sql`
    select member_id::text as "memberId", asset, (sum(balance) * 1000000000000000000)::numeric(78, 0)::text as units
    from ledger_accounts
    where member_id is not null
    group by member_id, asset
    order by member_id, asset`);
  return (result as { rows: { memberId: string; asset: string; units: string }[] }).rows;
}
