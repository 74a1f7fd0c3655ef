/**
 * The dates of a history export (`/api/ass/export`): `YYYY-MM-DD` calendar days that the server reads
 * as UTC days, and the local `Date`s the date picker shows them as.
 */

/** How far back the sheet starts: the 30 days before today, and today (UTC). */
export const DEFAULT_EXPORT_DAYS_BACK = 30;

const pad = (value: number) => String(value).padStart(2, '0');

/** The UTC day `at` falls on, `YYYY-MM-DD`. */
export function utcDateOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** `date` moved by whole days (negative: earlier). */
export function shiftDate(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return utcDateOf(new Date(Date.UTC(year!, month! - 1, day! + days)));
}

/** The range the sheet opens on: the last 30 days up to today, in UTC. */
export function defaultExportRange(now: Date): { fromDate: string; toDate: string } {
  const toDate = utcDateOf(now);
  return { fromDate: shiftDate(toDate, -DEFAULT_EXPORT_DAYS_BACK), toDate };
}

/** The picker's value for a day: a local `Date` on the same calendar day (the picker reads local fields). */
export function pickerDateOf(date: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year!, month! - 1, day);
}

/** The calendar day the picker chose, `YYYY-MM-DD`. */
export function dateOfPicked(picked: Date): string {
  return `${picked.getFullYear()}-${pad(picked.getMonth() + 1)}-${pad(picked.getDate())}`;
}
