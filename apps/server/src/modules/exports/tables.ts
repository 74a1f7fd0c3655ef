import type { TCardsExportRequest, TOrderKind, TOrdersExportRequest } from '@kpc/shared/operator';
import { and, desc, eq, getTableColumns, gte, lt, lte, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cards, esopOrders, klkPurchases, members, planOrders, pledges } from '../../db/schema/index.ts';
import type { CsvColumn } from '../../lib/csv.ts';
import type { ExportPage } from '../../lib/csv-export.ts';

/**
 * Exports read straight from a table (orders of each kind, issued cards): every column but those
 * that only the server needs (request ids, hashes), with the member's email, keyset-paged by id.
 */

type Cell = string | number | boolean | null;
export type TableRow = { id: bigint; values: Record<string, unknown>; email: string | null };

/** Columns never exported: retry keys and secrets' digests. */
const HIDDEN = new Set(['requestId', 'numberHash']);

function cell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(String).join(' ');
  if (typeof value === 'object') return JSON.stringify(value);
  return value as Cell;
}

/** The CSV columns of `table`: its own (named as in the database), then the member's email after member_id. */
export function tableColumns(table: Parameters<typeof getTableColumns>[0]): CsvColumn<TableRow>[] {
  const columns: CsvColumn<TableRow>[] = [];
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (HIDDEN.has(key)) continue;
    columns.push({ header: column.name, value: (row) => cell(row.values[key]) });
    if (key === 'memberId') columns.push({ header: 'member_email', value: (row) => row.email });
  }
  return columns;
}

export const ORDER_TABLES = {
  plan: planOrders,
  esop: esopOrders,
  pledge: pledges,
  klk: klkPurchases,
} as const satisfies Record<TOrderKind, unknown>;

/** A page of one kind of order, newest first, by member and time of ordering. */
export async function ordersPage(
  db: Executor,
  filter: TOrdersExportRequest,
  cursor: string | undefined,
  limit: number,
): Promise<ExportPage<TableRow>> {
  // The four tables share id, member_id and created_at: one query serves them all.
  const table = ORDER_TABLES[filter.kind] as typeof planOrders;
  return page(
    db,
    table,
    and(
      filter.memberId ? eq(table.memberId, filter.memberId) : undefined,
      filter.from ? gte(table.createdAt, new Date(filter.from)) : undefined,
      filter.to ? lte(table.createdAt, new Date(filter.to)) : undefined,
    ),
    cursor,
    limit,
  );
}

/** A page of issued cards, newest first, by state, member and product. */
export function cardsPage(
  db: Executor,
  filter: TCardsExportRequest,
  cursor: string | undefined,
  limit: number,
): Promise<ExportPage<TableRow>> {
  return page(
    db,
    cards as unknown as typeof planOrders,
    and(
      filter.status ? eq(cards.status, filter.status) : undefined,
      filter.memberId ? eq(cards.memberId, filter.memberId) : undefined,
      filter.product ? eq(cards.product, filter.product) : undefined,
    ),
    cursor,
    limit,
  );
}

async function page(
  db: Executor,
  table: typeof planOrders,
  where: SQL | undefined,
  cursor: string | undefined,
  limit: number,
): Promise<ExportPage<TableRow>> {
  const rows = await db
    .select({ values: table, email: members.email })
    .from(table)
    .leftJoin(members, eq(members.id, table.memberId))
    .where(and(where, cursor === undefined ? undefined : lt(table.id, BigInt(cursor))))
    .orderBy(desc(table.id))
    .limit(limit);
  const list = rows.map((row) => ({
    id: row.values.id,
    values: row.values,
    email: row.email,
  }));
  return { list, nextCursor: list.length === limit ? (list.at(-1)?.id.toString() ?? null) : null };
}
