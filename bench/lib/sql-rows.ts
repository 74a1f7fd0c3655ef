import type { SQL } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';

/** The rows a raw statement answers, on PGlite and PostgreSQL alike. */
export async function rows<Row>(db: Database, statement: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(statement);
  return (result as { rows: Row[] }).rows;
}
