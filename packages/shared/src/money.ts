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

/** Ledger amounts, rates and prices are NUMERIC(38,18) in the database: bigints scaled by 10^18 in code. */
export const LEDGER_SCALE = 18;
/**
 * Integer digits an amount may have: NUMERIC(38,18) holds 20, and balances and house accounts sum
 * many amounts, so one amount stays five digits below that (a quadrillion, beyond any real balance).
 */
export const MAX_AMOUNT_INTEGER_DIGITS = 15;
const LEDGER_UNIT = 10n ** BigInt(LEDGER_SCALE);
/**
 * USDT's precision in the ledger (its `assets` row): what USDT amounts and USDT values are cut to.
 * Not a chain token's decimals (USDT has 6 on Ethereum and Polygon, 18 on BSC): the chain edge
 * converts between the two.
 */
export const USDT_DECIMALS = 6;
/** KPC's precision in the ledger (its `assets` row): 18, the ledger's own scale. */
export const KPC_DECIMALS = 18;

/** `a * b / c` rounded toward zero (payouts: never pay out more than owed). Inputs must be non-negative. */
export function mulDivDown(a: bigint, b: bigint, c: bigint): bigint {
  return (a * b) / c;
}

/** `a * b / c` rounded up (fees: the house never undercharges by rounding). Inputs must be non-negative. */
export function mulDivUp(a: bigint, b: bigint, c: bigint): bigint {
  const product = a * b;
  return (product + c - 1n) / c;
}

/** Multiplies two ledger-scaled values (e.g. an amount by a rate), rounding down. */
export function mulLedger(a: bigint, b: bigint): bigint {
  return mulDivDown(a, b, LEDGER_UNIT);
}

/** Rounds a ledger-scaled value down to `decimals` places (an asset's precision). */
export function floorToDecimals(units: bigint, decimals: number): bigint {
  const step = 10n ** BigInt(LEDGER_SCALE - decimals);
  return (units / step) * step;
}

/** Rounds a ledger-scaled, non-negative value up to `decimals` places. */
export function ceilToDecimals(units: bigint, decimals: number): bigint {
  const step = 10n ** BigInt(LEDGER_SCALE - decimals);
  return ((units + step - 1n) / step) * step;
}

/** Parses a ledger decimal string (as NUMERIC(38,18) comes back from the database) into 10^18 units. */
export function toLedgerUnits(value: string): bigint {
  return parseDecimal(value, LEDGER_SCALE);
}

/** Formats 10^18 units as a plain decimal string without trailing zeros. */
export function fromLedgerUnits(units: bigint): string {
  return formatDecimal(units, LEDGER_SCALE);
}
