import { eq, inArray } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { operators } from '../../db/schema/index.ts';
import type { OperatorRow } from './context.ts';

/** What other modules may ask of the operator tables. */

/** The operator's row, locked until the transaction ends (so one second-factor code is spent once). */
export async function lockOperator(tx: Transaction, id: string): Promise<OperatorRow | undefined> {
  const [row] = await tx.select().from(operators).where(eq(operators.id, id)).for('update');
  return row;
}

/** The names of the operators `ids` (unknown ids absent). */
export async function operatorNames(db: Executor, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: operators.id, name: operators.name })
    .from(operators)
    .where(inArray(operators.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
}
