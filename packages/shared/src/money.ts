/**
 * Amounts are decimal strings on the wire and bigint fixed-point in code (ARCHITECTURE "Money").
 * These helpers convert at the edges; they never go through a JS `number`.
 */

const DECIMAL_PATTERN = /^(-)?(\d+)(?:\.(\d+))?$/;

/** True when `value` is a plain decimal string such as `12`, `0.5` or `-3.25` (no exponent, no sign `+`). */
export function isDecimalString(value: string): boolean {
  return DECIMAL_PATTERN.test(value);
}

/**
 * Parses a decimal string into a bigint scaled by 10^scale. Throws when the string is not a plain
 * decimal or carries more fractional digits than `scale` (silent rounding would lose money).
 */
export function parseDecimal(value: string, scale: number): bigint {
  const match = DECIMAL_PATTERN.exec(value.trim());
  if (!match) throw new RangeError(`not a decimal: ${value}`);
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > scale) throw new RangeError(`more than ${scale} decimals: ${value}`);
  const units = BigInt(whole + fraction.padEnd(scale, '0'));
  return sign ? -units : units;
}

/** Formats a bigint scaled by 10^scale as a plain decimal string without trailing zeros. */
export function formatDecimal(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
