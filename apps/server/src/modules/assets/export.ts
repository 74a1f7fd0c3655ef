import {
  HistoryExportSource,
  historyExportFileName,
  startOfUtcDate,
  type LocaleCode,
  type TAssetLogItem,
  type THistoryExportRequest,
  type THistoryItem,
} from '@kpc/shared';
import type { Readable } from 'node:stream';
import type { ChainRuntime } from '../../chain/runtime.ts';
import type { Database } from '../../db/client.ts';
import { csvStream, type CsvColumn } from '../../lib/csv.ts';
import { keysetPages } from '../../lib/csv-export.ts';
import { translate } from '../../lib/i18n.ts';
import { listAssetLog, listHistory, type HistoryScope } from './service.ts';

/**
 * The member's history export (`/api/ass/export`, Step 11 §2): the asset flow or the financial
 * records of whole UTC days, as CSV, with the same rows, values and order (newest first) as the
 * lists `/api/ass/log` and `/api/ass/history` answer, read page by page as the client takes them
 * (lib/csv.ts), so a long history never sits in memory. Headers are in the member's language;
 * values are the wire's: codes (`deposit`, `completed`), exact decimal amounts and ISO times in UTC.
 */

type Column<Row> = [key: string, value: CsvColumn<Row>['value']];

const ASSET_FLOW_COLUMNS: Column<TAssetLogItem>[] = [
  ['time', (row) => row.createdAt],
  ['type', (row) => row.type],
  ['asset', (row) => row.asset],
  ['bucket', (row) => row.bucket],
  ['amount', (row) => row.amount],
  ['balanceAfter', (row) => row.balanceAfter],
  ['note', (row) => row.note],
  ['id', (row) => row.id],
];

const FINANCIAL_RECORD_COLUMNS: Column<THistoryItem>[] = [
  ['time', (row) => row.createdAt],
  ['kind', (row) => row.kind],
  ['status', (row) => row.status],
  ['asset', (row) => row.asset],
  ['amount', (row) => row.amount],
  ['toAsset', (row) => row.toAsset],
  ['toAmount', (row) => row.toAmount],
  ['fee', (row) => row.fee],
  ['network', (row) => row.network],
  ['txHash', (row) => row.txHash],
  ['address', (row) => row.address],
  ['id', (row) => row.id],
];

/** Rows read from the database per page. */
export const HISTORY_EXPORT_PAGE = 500;

function localized<Row>(columns: Column<Row>[], locale: LocaleCode): CsvColumn<Row>[] {
  return columns.map(([key, value]) => ({ header: translate(locale, `historyExport.${key}`), value }));
}

/** The instants of the request's days: 00:00 UTC of `fromDate` up to 00:00 UTC of the day after `toDate`. */
export function exportScope(request: { fromDate: string; toDate: string }): Required<Omit<HistoryScope, 'asset'>> {
  const before = startOfUtcDate(request.toDate);
  before.setUTCDate(before.getUTCDate() + 1);
  return { createdFrom: startOfUtcDate(request.fromDate), createdBefore: before };
}

/** The file of one export: its name and its lines, streamed. Every row is `memberId`'s. */
export function historyExport(
  context: { db: Database; chains: ChainRuntime },
  memberId: string,
  request: THistoryExportRequest,
  locale: LocaleCode,
  pageSize = HISTORY_EXPORT_PAGE,
): { fileName: string; stream: Readable } {
  const scope = exportScope(request);
  const fileName = historyExportFileName(request);
  if (request.source === HistoryExportSource.ASSET_FLOW) {
    const page = (cursor: string | undefined, limit: number) =>
      listAssetLog(context.db, memberId, { asset: request.asset, cursor, limit }, scope);
    return { fileName, stream: csvStream(localized(ASSET_FLOW_COLUMNS, locale), keysetPages(page, pageSize)) };
  }
  const page = (cursor: string | undefined, limit: number) =>
    listHistory(context.db, memberId, { cursor, limit }, context.chains, { ...scope, asset: request.asset });
  return {
    fileName,
    stream: csvStream(localized(FINANCIAL_RECORD_COLUMNS, locale), keysetPages(page, pageSize)),
  };
}
