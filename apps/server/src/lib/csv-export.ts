import type { FastifyReply } from 'fastify';
import type { Executor } from '../db/client.ts';
import { recordAudit, type Actor } from '../modules/audit/service.ts';
import { csvStream, type CsvColumn } from './csv.ts';

/**
 * One way every operator list is exported (Step 8b §4): the list's own keyset pages, read
 * `EXPORT_PAGE` rows at a time only as the client takes them (lib/csv.ts), so a million rows never
 * sit in memory; the filter is the list's; the export itself is audited (`export.<name>`, the filter
 * kept) before the first byte is sent.
 */

export const EXPORT_PAGE = 1000;

export interface ExportPage<Row> {
  list: Row[];
  /** The cursor of the next page; null after the last. */
  nextCursor: string | null;
}

export interface CsvExport<Row> {
  /** `members`: the file `members-2026-11-27.csv`, the audit action `export.members`. */
  name: string;
  columns: ReadonlyArray<CsvColumn<Row>>;
  /** The list's page after `cursor` (undefined: the first), at most `limit` rows. */
  page: (cursor: string | undefined, limit: number) => Promise<ExportPage<Row>>;
}

/** Pages of `page`, one after another until the last: the `nextPage` csvStream pulls. */
export function keysetPages<Row>(page: CsvExport<Row>['page'], limit = EXPORT_PAGE): () => Promise<Row[]> {
  let cursor: string | undefined;
  let done = false;
  return async () => {
    if (done) return [];
    const next = await page(cursor, limit);
    if (next.nextCursor === null || next.list.length === 0) done = true;
    else cursor = next.nextCursor;
    return next.list;
  };
}

/** Audits the export, then answers it as a streamed CSV download. */
export async function sendCsvExport<Row>(
  reply: FastifyReply,
  audit: { db: Executor; actor: Actor; filter: object },
  spec: CsvExport<Row>,
): Promise<FastifyReply> {
  await recordAudit(audit.db, audit.actor, {
    action: `export.${spec.name}`,
    targetType: 'export',
    targetId: spec.name,
    after: { filter: audit.filter },
  });
  const stream = csvStream(spec.columns, keysetPages(spec.page));
  return reply
    .type('text/csv; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${spec.name}-${new Date().toISOString().slice(0, 10)}.csv"`)
    .send(stream);
}
