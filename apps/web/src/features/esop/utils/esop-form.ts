import { esopAllocation, toLedgerUnits, USDT_DECIMALS, type TEsopOrder, type TEsopTerms } from '@kpc/shared';
import type { AmountLimits } from '@/lib/amount-rules.ts';

/**
 * Rules and previews of the KPC plan's subscription (SPEC §4 "Plan release", issue 10 part 2).
 * Amounts stay decimal strings; the arithmetic is the shared `plans.ts`, as on the server, which
 * checks everything again against the live terms, and refuses a price other than the one shown.
 */

/** The asset an ESOP order is paid in. */
export const ESOP_PAY_ASSET = 'USDT';
/** The asset an ESOP order buys. */
export const ESOP_ASSET = 'KPC';

/** Between the plan's minimum and maximum per order, at most what is available, in USDT's decimals. */
export function getEsopAmountLimits(
  terms: Pick<TEsopTerms, 'minAmount' | 'maxAmount'>,
  available: string | undefined,
): AmountLimits {
  return {
    decimals: USDT_DECIMALS,
    min: terms.minAmount,
    ceiling: terms.maxAmount,
    max: available,
    asset: ESOP_PAY_ASSET,
  };
}

/** The KPC `usdt` buys at `price`, as the server allocates it (rounded down); null without a valid amount. */
export function previewKpc(usdt: string | null, price: string): string | null {
  if (usdt === null) return null;
  try {
    return esopAllocation(usdt, price);
  } catch {
    return null;
  }
}

/** Share of an order's KPC released so far, 0-100 (exact to 0.01 %). */
export function releasedPercent(order: Pick<TEsopOrder, 'kpc' | 'released'>): number {
  const total = toLedgerUnits(order.kpc);
  if (total === 0n) return 0;
  return Number((toLedgerUnits(order.released) * 10_000n) / total) / 100;
}

/** What identifies one subscription, for its request id: the same amount at the same price tried again reuses it. */
export function getEsopFingerprint(amount: string, price: string): string {
  return `${ESOP_PAY_ASSET}:${amount}@${price}`;
}
