import {
  computeCardTopUpFee,
  formatDecimal,
  isDecimalString,
  parseDecimal,
  type CardTopUpFee,
  type TCardProductInfo,
} from '@kpc/shared';
import { compareDecimals, truncateDecimal, type AmountLimits } from '@/lib/amount-rules.ts';

/**
 * Rules of the card top-up form (issue 11 §3, SPEC §9 card fees and limits, docs/modules/cards.md):
 * the fee is max(amount × rate, minimum) on top of the amount, by the same `computeCardTopUpFee` the
 * server charges; what leaves available is amount + fee; one top-up stays within the product's
 * single limit. The daily and monthly limits depend on what the card already moved, which only the
 * server knows: it refuses with what remains (CARD_LIMIT_DAILY / CARD_LIMIT_MONTHLY).
 */

/** The product's top-up terms the form needs. */
export type CardTopUpTerms = Pick<TCardProductInfo, 'fees' | 'limits'>;

/** The fee and total of `amount` (a valid amount), or null while there is none or a term cannot be read. */
export function previewCardTopUpFee(
  amount: string | null,
  terms: CardTopUpTerms | undefined,
  decimals: number,
): CardTopUpFee | null {
  if (amount === null || !terms) return null;
  try {
    return computeCardTopUpFee({
      amount,
      feeRate: terms.fees.topUpFeeRate,
      minFee: terms.fees.topUpMinFee,
      decimals,
    });
  } catch {
    // A term the ledger scale cannot hold: no preview rather than a wrong one.
    return null;
  }
}

/**
 * The most that can be loaded onto the card from `available`: the largest amount (in the asset's
 * decimals) whose amount + fee still fits. amount + fee only grows with the amount, so a binary
 * search over the asset's smallest units finds it exactly, with the server's own fee function.
 * "0" when not even the minimum fee fits; undefined while the balance or the terms are unknown.
 */
export function maxAffordableTopUp(
  available: string | undefined,
  terms: CardTopUpTerms | undefined,
  decimals: number,
): string | undefined {
  if (available === undefined || !terms || !isDecimalString(available)) return undefined;
  // Cut to the asset's decimals: a dust digit beyond them cannot be loaded anyway.
  const cut = truncateDecimal(available, decimals);
  if (cut === '') return undefined;
  const budget = parseDecimal(cut, decimals);
  if (budget <= 0n) return '0';
  const fits = (units: bigint) => {
    const preview = previewCardTopUpFee(formatDecimal(units, decimals), terms, decimals);
    return preview !== null && compareDecimals(preview.total, available) <= 0;
  };
  let low = 0n;
  let high = budget;
  while (low < high) {
    const middle = (low + high + 1n) / 2n;
    if (fits(middle)) low = middle;
    else high = middle - 1n;
  }
  return formatDecimal(low, decimals);
}

/** The smaller of two decimal strings, ignoring an undefined one. */
function smaller(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return compareDecimals(a, b) <= 0 ? a : b;
}

/**
 * What the amount field checks: the asset's decimals, more than zero (the shared format), the
 * product's single limit (`ceiling`, "The maximum amount is 5,000 USDT") and amount + fee within
 * available (`max` is the most the balance covers with its fee: "Insufficient balance").
 */
export function getCardTopUpLimits(
  asset: string,
  decimals: number,
  available: string | undefined,
  terms: CardTopUpTerms | undefined,
): AmountLimits {
  return {
    decimals,
    asset,
    ceiling: terms?.limits.single,
    max: maxAffordableTopUp(available, terms, decimals),
  };
}

/** What the All button fills: the most the balance covers, within the single limit; undefined while unknown. */
export function getCardTopUpAll(limits: AmountLimits): string | undefined {
  if (limits.max === undefined) return undefined;
  return smaller(limits.max, limits.ceiling);
}

/**
 * What identifies one top-up, for its request id: confirming the same card and amount again (after
 * a lost answer) reuses the id, so the server loads the card once.
 */
export function getCardTopUpFingerprint(cardRecordId: string, amount: string): string {
  return `${cardRecordId}:${amount}`;
}
