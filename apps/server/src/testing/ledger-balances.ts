import { fromLedgerUnits, toLedgerUnits } from '@kpc/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

/** A member bucket's balance as a plain decimal (`'0'` for an account never used). */
export async function memberBalance(db: Executor, memberId: string, asset: string, bucket = 'available') {
  const result: unknown = await db.execute(sql`
    select balance::text as balance from ledger_accounts
    where member_id = ${memberId} and asset = ${asset} and bucket = ${bucket}`);
  const [row] = (result as { rows: { balance: string }[] }).rows;
  return fromLedgerUnits(toLedgerUnits(row?.balance ?? '0'));
}

/** A house account's balance, the sum of its postings, as a plain decimal. */
export async function houseBalance(db: Executor, house: string, asset: string) {
  const result: unknown = await db.execute(sql`
    select coalesce(sum(p.amount), 0)::text as total from ledger_postings p
    join ledger_accounts a on a.id = p.account_id where a.house_account = ${house} and a.asset = ${asset}`);
  return fromLedgerUnits(toLedgerUnits((result as { rows: { total: string }[] }).rows[0]!.total));
}
