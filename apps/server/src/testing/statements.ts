import type { DatabaseHandle } from '../db/client.ts';

/** The statements a database's client has sent since counting began: what a request costs in round trips. */
export interface StatementLog {
  /** How many statements have been sent so far. */
  count(): number;
  /** Their SQL, in order (the statements since `from`). */
  texts(from?: number): string[];
}

/**
 * Starts logging the statements a Drizzle database sends through its client (a pg Pool or PGlite).
 * On PostgreSQL a transaction's statements go through a client checked out of the pool and are not
 * logged: a write moved into a transaction shows none, so a test expecting its one statement fails.
 */
export function logStatements(database: DatabaseHandle): StatementLog {
  const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const query = client.query.bind(client);
  const texts: string[] = [];
  client.query = (...args: unknown[]) => {
    const statement = args[0];
    texts.push(typeof statement === 'string' ? statement : String((statement as { text?: string }).text));
    return query(...args);
  };
  return { count: () => texts.length, texts: (from = 0) => texts.slice(from) };
}
