import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

/**
 * "No row changed": each table's row count and a digest of all its rows, so any insert, update or
 * delete between two snapshots shows (the approach of api-nul-fuzz.test.ts, shared).
 */
export async function tableDigests(db: Database): Promise<Map<string, string>> {
  const rowsOf = async <Row>(query: SQL) => ((await db.execute(query)) as { rows: Row[] }).rows;
  const tables = await rowsOf<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const parts = tables.map(
    ({ name }) =>
      `select '${name}' as name, count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as digest from "${name}" x`,
  );
  const digests = await rowsOf<{ name: string; digest: string }>(sql.raw(parts.join(' union all ')));
  return new Map(digests.map((row) => [row.name, row.digest]));
}

/** The tables whose digest differs between two snapshots (or that appeared). */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([name, digest]) => before.get(name) !== digest).map(([name]) => name);
}
