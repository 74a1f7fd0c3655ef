import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

async function rows(db: Executor, query: ReturnType<typeof sql>): Promise<unknown[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: unknown[] }).rows;
}

/**
 * The rows that break an invariant of ARCHITECTURE "Money", checked in SQL over the whole ledger:
 * every list is empty when the ledger is sound.
 */
export async function findLedgerViolations(db: Executor) {
  return {
    /** Entries whose postings do not sum to zero for an asset. */
    unbalanced: await rows(
      db,
      sql`select entry_id, asset from ledger_postings group by entry_id, asset having sum(amount) <> 0`,
    ),
    /** Member accounts whose stored balance is not the sum of their postings. */
    drifted: await rows(
      db,
      sql`
        select a.id from ledger_accounts a
        left join (select account_id, sum(amount) as total from ledger_postings group by account_id) p
          on p.account_id = a.id
        where a.member_id is not null and a.balance <> coalesce(p.total, 0)`,
    ),
    /** Member accounts whose last posting's balance-after is not the stored balance. */
    staleAfter: await rows(
      db,
      sql`
        select a.id from ledger_accounts a
        join lateral (select balance_after from ledger_postings where account_id = a.id order by id desc limit 1) last
          on true
        where a.member_id is not null and last.balance_after <> a.balance`,
    ),
    /** Accounts below zero. */
    negative: await rows(db, sql`select id from ledger_accounts where balance < 0`),
  };
}
