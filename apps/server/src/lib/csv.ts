import { Readable } from 'node:stream';

/**
 * CSV exports of operator lists (Step 8a/8b "export as the operator filtered it"), streamed page by
 * page: a million rows never sit in memory, only one page does. RFC 4180 quoting; a cell that a
 * spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) is prefixed with `'`.
 */

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | bigint | boolean | null | undefined;
}

export function csvCell(value: string | number | bigint | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: ReadonlyArray<string | number | bigint | boolean | null | undefined>): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * A stream of the header line, then every row that `nextPage` hands out, page after page, until it
 * answers an empty page. `nextPage` keeps its own cursor (keyset paging).
 */
export function csvStream<Row>(columns: ReadonlyArray<CsvColumn<Row>>, nextPage: () => Promise<Row[]>): Readable {
  async function* lines() {
    // A byte order mark, so spreadsheet programs read UTF-8 names as written.
    yield `\uFEFF${csvLine(columns.map((column) => column.header))}`;
    for (let rows = await nextPage(); rows.length > 0; rows = await nextPage()) {
      yield rows.map((row) => csvLine(columns.map((column) => column.value(row)))).join('');
    }
  }
  // Pulled one page at a time: the next page is read only when the client has taken the last.
  return Readable.from(lines(), { objectMode: false });
}
