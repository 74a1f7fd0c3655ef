import { fromLedgerUnits, toLedgerUnits } from '@kpc/shared';
import {
  LEDGER_CHECK_EXAMPLES,
  LedgerProblem,
  type TLedgerCheckResponse,
  type TLedgerProblem,
} from '@kpc/shared/operator';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

/**
 * The ledger check (ARCHITECTURE "Money"; the dashboard's red light, Step 8a §4): the rows that
 * break an invariant, found in SQL over the whole ledger. Every list is empty when the ledger is
 * sound. Each query answers its rows (at most `limit`) with the total count beside them.
 */

interface ProblemRow {
  id: string;
  asset: string;
  member_id: string | null;
  /** Unbalanced: the postings' sum; drifted: the postings' sum; stale: the last balance-after; negative: the balance. */
  found: string;
  /** The stored balance (null for an unbalanced entry). */
  stored: string | null;
  total: string | number;
}

const QUERIES: Record<TLedgerProblem, SQL> = {
  /** Entries whose postings do not sum to zero for an asset. */
  [LedgerProblem.UNBALANCED_ENTRY]: sql`
    select p.entry_id::text as id, p.asset, e.member_id::text as member_id, sum(p.amount)::text as found,
      null::text as stored, count(*) over () as total
    from ledger_postings p left join ledger_entries e on e.id = p.entry_id
    group by p.entry_id, p.asset, e.member_id having sum(p.amount) <> 0`,
  /** Member accounts whose stored balance is not the sum of their postings. */
  [LedgerProblem.DRIFTED_ACCOUNT]: sql`
    select a.id::text as id, a.asset, a.member_id::text as member_id, coalesce(p.total, 0)::text as found,
      a.balance::text as stored, count(*) over () as total
    from ledger_accounts a
    left join (select account_id, sum(amount) as total from ledger_postings group by account_id) p on p.account_id = a.id
    where a.member_id is not null and a.balance <> coalesce(p.total, 0)`,
  /** Member accounts whose last posting's balance-after is not the stored balance. */
  [LedgerProblem.STALE_ACCOUNT]: sql`
    select a.id::text as id, a.asset, a.member_id::text as member_id, last.balance_after::text as found,
      a.balance::text as stored, count(*) over () as total
    from ledger_accounts a
    join lateral (select balance_after from ledger_postings where account_id = a.id order by id desc limit 1) last
      on true
    where a.member_id is not null and last.balance_after <> a.balance`,
  /** Accounts below zero (the database refuses it for member accounts: this finds a constraint dropped). */
  [LedgerProblem.NEGATIVE_ACCOUNT]: sql`
    select id::text as id, asset, member_id::text as member_id, balance::text as found, balance::text as stored,
      count(*) over () as total
    from ledger_accounts where balance < 0`,
};

export interface LedgerProblems {
  problem: TLedgerProblem;
  count: number;
  rows: ProblemRow[];
}

/** Every kind of problem with its count and at most `limit` of its rows (ordered by id). */
export async function findLedgerProblems(db: Executor, limit: number): Promise<LedgerProblems[]> {
  const found: LedgerProblems[] = [];
  for (const [problem, query] of Object.entries(QUERIES) as [TLedgerProblem, SQL][]) {
    const result: unknown = await db.execute(sql`select * from (${query}) found order by id limit ${limit}`);
    const rows = (result as { rows: ProblemRow[] }).rows;
    found.push({ problem, count: Number(rows[0]?.total ?? 0), rows });
  }
  return found;
}

const decimal = (value: string | null) => (value === null ? '?' : fromLedgerUnits(toLedgerUnits(value)));

function describe(problem: TLedgerProblem, row: ProblemRow): string {
  switch (problem) {
    case LedgerProblem.UNBALANCED_ENTRY:
      return `postings sum to ${decimal(row.found)}`;
    case LedgerProblem.DRIFTED_ACCOUNT:
      return `balance ${decimal(row.stored)}, postings sum to ${decimal(row.found)}`;
    case LedgerProblem.STALE_ACCOUNT:
      return `balance ${decimal(row.stored)}, last balance-after ${decimal(row.found)}`;
    case LedgerProblem.NEGATIVE_ACCOUNT:
      return `balance ${decimal(row.stored)}`;
  }
}

/** `/api/operator/dashboard/ledger-check`: counts per problem and the first examples. */
export async function checkLedger(db: Executor, now: Date): Promise<TLedgerCheckResponse> {
  const found = await findLedgerProblems(db, LEDGER_CHECK_EXAMPLES);
  const count = (problem: TLedgerProblem) => found.find((entry) => entry.problem === problem)?.count ?? 0;
  const examples = found
    .flatMap(({ problem, rows }) =>
      rows.map((row) => ({
        problem,
        id: row.id,
        asset: row.asset,
        memberId: row.member_id,
        detail: describe(problem, row),
      })),
    )
    .slice(0, LEDGER_CHECK_EXAMPLES);
  return {
    ok: found.every((entry) => entry.count === 0),
    checkedAt: now.toISOString(),
    unbalancedEntries: count(LedgerProblem.UNBALANCED_ENTRY),
    driftedAccounts: count(LedgerProblem.DRIFTED_ACCOUNT),
    staleAccounts: count(LedgerProblem.STALE_ACCOUNT),
    negativeAccounts: count(LedgerProblem.NEGATIVE_ACCOUNT),
    examples,
  };
}
