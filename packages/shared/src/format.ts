import { DISPLAY_DECIMALS } from './constants.ts';
import { formatDecimal, isDecimalString, LEDGER_SCALE, parseDecimal } from './money.ts';

/**
 * Formats an amount for display (SPEC §9): at most `decimals` fractional digits (cut, never rounded
 * up, so a balance is never shown larger than it is), thousand separators, trailing zeros trimmed.
 * Takes decimal strings or bigints only: amounts never pass through a JS `number`. Anything that is
 * not a plain decimal shows `0`.
 */
export function formatNumber(value: string | bigint | null | undefined, decimals = DISPLAY_DECIMALS): string {
  const text = toPlainDecimal(value);
  if (text === null) return '0';
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const kept = fraction.slice(0, decimals).replace(/0+$/, '');
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const isZero = /^0*$/.test(whole) && kept === '';
  return `${negative && !isZero ? '-' : ''}${grouped}${kept ? `.${kept}` : ''}`;
}

function toPlainDecimal(value: string | bigint | null | undefined): string | null {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string' && isDecimalString(value.trim())) return value.trim();
  return null;
}

/** Masks an address for display (SPEC §9): first 4 and last 4 characters, e.g. `0x12...cdef`. */
export function maskAddress(address: string | null | undefined): string {
  if (!address) return '';
  return address.length <= 8 ? address : `${address.slice(0, 4)}...${address.slice(-4)}`;
}

/** Masks an email for display, keeping its first character and domain: `a***@example.com`. */
export function maskEmail(email: string | null | undefined): string {
  if (!email) return '';
  const at = email.indexOf('@');
  if (at < 1) return email;
  return `${email[0]}***${email.slice(at)}`;
}

/**
 * Shows a fee rate (a fraction such as `0.003`) as a percentage, `0.3%`: exact, through decimal
 * strings, never a JS number. Anything that is not a rate the ledger can hold shows `—`.
 */
export function formatFeeRate(feeRate: string): string {
  try {
    return `${formatNumber(formatDecimal(parseDecimal(feeRate, LEDGER_SCALE) * 100n, LEDGER_SCALE))}%`;
  } catch {
    return '—';
  }
}
