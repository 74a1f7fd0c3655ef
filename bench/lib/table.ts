/** A plain-text table: `numeric[i]` right-aligns column i. */
export function formatTable(headers: string[], rows: string[][], numeric: boolean[] = []): string {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (numeric[i] ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

/** A count or rate, rounded, with thousands separators. */
export const whole = (value: number) => Math.round(value).toLocaleString('en-US');

/** autocannon's latencies are whole milliseconds: 0 means under 1 ms. */
export const ms = (value: number) => (value === 0 ? '<1' : Number.isInteger(value) ? String(value) : value.toFixed(1));
