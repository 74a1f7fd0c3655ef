import type { Executor } from '../db/client.ts';
import { findLedgerProblems } from '../ledger/ledger-check.ts';

/**
 * The rows that break an invariant of ARCHITECTURE "Money", checked in SQL over the whole ledger
 * by the production ledger check (ledger/ledger-check.ts): every list is empty when the ledger is sound.
 */
export async function findLedgerViolations(db: Executor) {
  const found = await findLedgerProblems(db, 1000);
  const rowsOf = (problem: string) => found.find((entry) => entry.problem === problem)?.rows ?? [];
  return {
    /** Entries whose postings do not sum to zero for an asset. */
    unbalanced: rowsOf('unbalanced_entry'),
    /** Member accounts whose stored balance is not the sum of their postings. */
    drifted: rowsOf('drifted_account'),
    /** Member accounts whose last posting's balance-after is not the stored balance. */
    staleAfter: rowsOf('stale_account'),
    /** Accounts below zero. */
    negative: rowsOf('negative_account'),
  };
}
