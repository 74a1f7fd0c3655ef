import { formatNumber } from '@kpc/shared';
import { getLocale } from './i18n.ts';

const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
};

/** A time in the operator's time zone, e.g. `2026/05/03 14:07:09`; '—' for none. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(getLocale(), DATE_TIME);
}

/**
 * A decimal string with thousands separators, keeping every significant digit the server sent
 * (amounts are exact decimals, never floats; operators reconcile them to the last unit).
 */
export function formatAmount(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) return value;
  const [, sign, whole = '', fraction = ''] = match;
  const kept = fraction.replace(/0+$/, '');
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${kept ? `.${kept}` : ''}`;
}

/** A gas balance: watched to be enough, not reconciled, so six decimals (cut, never rounded up). */
export function formatGas(value: string | null | undefined): string {
  return value === null || value === undefined ? '—' : formatNumber(value, 6);
}

/** `0x1234…abcd`: an address or hash short enough for a table cell (the full one goes in a tooltip). */
export function shortenHex(value: string | null | undefined, keep = 6): string {
  if (!value) return '—';
  return value.length <= keep * 2 + 3 ? value : `${value.slice(0, keep + 2)}…${value.slice(-keep)}`;
}

/** A UUID's first block (`89fd27ac…`), enough to tell records apart in a list; other ids as they are. */
export function shortenId(id: string): string {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(id) ? `${id.slice(0, 8)}…` : id;
}

/** `mm:ss` (or `h:mm:ss`) of a number of seconds, never negative. */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
