import { formatDecimal, formatNumber, isDecimalString, parseDecimal, ZAmount } from '@kpc/shared';

/**
 * Client-side rules of an amount a member types (SPEC §5 "Enter a valid amount"): the shared
 * schema's format, then the asset's decimals, the minimum, the product's maximum and the balance.
 * Amounts stay decimal strings and bigints, never JS numbers. The server checks all of it again.
 */

/** What an amount is checked against; `max`, `min` and `ceiling` are decimal strings (a balance, a pair's minimum). */
export interface AmountLimits {
  /** Fractional digits the asset allows. */
  decimals: number;
  /** The most that may be sent, usually a balance. */
  max?: string | undefined;
  /** The least that may be sent. */
  min?: string | undefined;
  /** The most one order may be, a product's maximum (not the balance, which is `max`). */
  ceiling?: string | undefined;
  /** Asset code, for messages such as "The minimum amount is 10 USDT". */
  asset?: string | undefined;
  /** The message of an empty field when the form has its own (SPEC §5 "Enter deposit (recharge) amount"). */
  requiredKey?: 'validation.depositAmountRequired' | undefined;
}

/** A message key of the web locales with its values. */
export interface AmountProblem {
  key:
    | 'validation.amountRequired'
    | 'validation.depositAmountRequired'
    | 'validation.amountInvalid'
    | 'validation.amountTooPrecise'
    | 'validation.amountBelowMinimum'
    | 'validation.amountAboveMaximum'
    | 'validation.amountExceedsBalance';
  values?: Record<string, string | number>;
}

export type AmountCheck = { ok: true; amount: string } | { ok: false; problem: AmountProblem };

/** Counts the fractional digits of a plain decimal string (`'1.50'` has 2). */
function countDecimals(value: string): number {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}

/** Compares two plain decimal strings exactly: negative, zero or positive like a sort comparator. */
export function compareDecimals(a: string, b: string): number {
  const scale = Math.max(countDecimals(a), countDecimals(b));
  const difference = parseDecimal(a, scale) - parseDecimal(b, scale);
  return difference === 0n ? 0 : difference < 0n ? -1 : 1;
}

/** Adds two plain decimal strings exactly (e.g. a balance and an amount about to arrive). */
export function addDecimals(a: string, b: string): string {
  const scale = Math.max(countDecimals(a), countDecimals(b));
  return formatDecimal(parseDecimal(a, scale) + parseDecimal(b, scale), scale);
}

/** Cuts a decimal string to `decimals` places, never rounding up (an "All" button must not ask for more than there is). */
export function truncateDecimal(value: string, decimals: number): string {
  const text = value.trim();
  if (!isDecimalString(text)) return '';
  const [whole = '0', fraction = ''] = text.split('.');
  const cut = fraction.slice(0, decimals);
  return formatDecimal(parseDecimal(cut ? `${whole}.${cut}` : whole, decimals), decimals);
}

/**
 * Keeps what a member may type into an amount field: digits and one decimal point. A comma is
 * read as the decimal point (Russian and Vietnamese keyboards offer a comma).
 */
export function sanitizeAmountInput(raw: string): string {
  const text = raw.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = text.indexOf('.');
  return dot < 0 ? text : text.slice(0, dot + 1) + text.slice(dot + 1).replace(/\./g, '');
}

/** Checks `value` against the shared format and `limits`; on success returns the trimmed amount. */
export function checkAmount(value: string, limits: AmountLimits): AmountCheck {
  const parsed = ZAmount.safeParse(value);
  if (!parsed.success) {
    const isMissing = parsed.error.issues[0]?.message === 'validation.amountRequired';
    const requiredKey = limits.requiredKey ?? 'validation.amountRequired';
    return { ok: false, problem: { key: isMissing ? requiredKey : 'validation.amountInvalid' } };
  }
  const amount = parsed.data;
  if (countDecimals(amount) > limits.decimals) {
    return { ok: false, problem: { key: 'validation.amountTooPrecise', values: { decimals: limits.decimals } } };
  }
  const { min, ceiling, max } = limits;
  if (min !== undefined && isDecimalString(min) && compareDecimals(amount, min) < 0) {
    return {
      ok: false,
      problem: { key: 'validation.amountBelowMinimum', values: { min: formatNumber(min), asset: limits.asset ?? '' } },
    };
  }
  // Before the balance: no top-up makes an amount above the maximum acceptable, so it says more.
  if (ceiling !== undefined && isDecimalString(ceiling) && compareDecimals(amount, ceiling) > 0) {
    return {
      ok: false,
      problem: {
        key: 'validation.amountAboveMaximum',
        values: { max: formatNumber(ceiling), asset: limits.asset ?? '' },
      },
    };
  }
  if (max !== undefined && isDecimalString(max) && compareDecimals(amount, max) > 0) {
    return { ok: false, problem: { key: 'validation.amountExceedsBalance' } };
  }
  return { ok: true, amount };
}
