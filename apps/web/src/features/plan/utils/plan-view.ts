import {
  formatDecimal,
  formatNumber,
  investmentQuota,
  investmentReleaseForDay,
  PLAN_PHASE_DAYS,
  InvestmentStatus,
  toLedgerUnits,
  type TInvestmentOrder,
  type TInvestmentProduct,
} from '@kpc/shared';
import type { TFunction } from 'i18next';
import type { AmountLimits } from '@/lib/amount-rules.ts';

/**
 * A product's name. Operators name products by message key (`plan.product.<name>`); a key the app
 * does not know yet shows its last part, capitalised, rather than the raw key.
 */
export function getProductName(t: TFunction, nameKey: string): string {
  const fallback = nameKey.split('.').pop() ?? nameKey;
  // The key comes from the server, so the compiler cannot check it against the locale files.
  return t(nameKey as 'plan.title', { defaultValue: fallback.charAt(0).toUpperCase() + fallback.slice(1) });
}

/** `plan.product.starter` -> `starter`, for test ids that read the same on every server. */
export function getProductSlug(nameKey: string): string {
  return (nameKey.split('.').pop() ?? nameKey).replace(/[^\w-]/g, '-');
}

/** One row of a product's phase table: its release days and daily ratio. */
export interface PhaseRow {
  phase: number;
  firstDay: number;
  lastDay: number;
  ratio: string;
}

export function getPhaseRows(product: TInvestmentProduct): PhaseRow[] {
  return product.phases.map(({ phase, ratio }) => ({
    phase,
    firstDay: (phase - 1) * PLAN_PHASE_DAYS + 1,
    lastDay: phase * PLAN_PHASE_DAYS,
    ratio,
  }));
}

/** Between the product's minimum and maximum, at most what is available, in the asset's decimals. */
export function getPlanAmountLimits(
  product: Pick<TInvestmentProduct, 'minAmount' | 'maxAmount' | 'asset'>,
  decimals: number,
  available: string | undefined,
): AmountLimits {
  return { decimals, min: product.minAmount, ceiling: product.maxAmount, max: available, asset: product.asset };
}

/**
 * What joining with `amount` will give, computed by the same arithmetic as the server (`plans.ts`).
 * When the first release comes is the server's to say (`/api/plan/preview`), not this device's clock.
 */
export interface JoinPreview {
  /** Total income: amount x coefficient. */
  quota: string;
  /** What day 1 (phase 1) releases. */
  firstDailyRelease: string;
}

export function previewJoin(amount: string, product: TInvestmentProduct): JoinPreview {
  const quota = investmentQuota(amount, product.coefficient);
  const first = investmentReleaseForDay({
    amount,
    quota,
    phaseRatios: product.phases.map((phase) => phase.ratio),
    releasedBefore: '0',
    day: 1,
  });
  return { quota, firstDailyRelease: first?.amount ?? '0' };
}

/**
 * The order's phase as a member can follow it on the product's table (issue 24 item 7): "n of N"
 * with N the table's phases the order goes through; past them, the table's final ratio continues
 * until the quota, and the phase number would name a row the table does not have.
 */
export function getPhaseText(
  t: TFunction,
  order: Pick<TInvestmentOrder, 'phase' | 'tablePhaseCount' | 'status'>,
): string {
  if (order.status === InvestmentStatus.COMPLETED) return t('plan.order.done');
  if (order.phase > order.tablePhaseCount) return t('plan.order.phaseFinal');
  return t('plan.order.phaseValue', { phase: order.phase, count: order.tablePhaseCount });
}

/** Release days left until the quota is reached (0 once completed). */
export function getDaysLeft(order: Pick<TInvestmentOrder, 'totalDays' | 'daysReleased'>): number {
  return Math.max(0, order.totalDays - order.daysReleased);
}

/** Share of the quota released, floored to 0.01 %: the text (`0.23%`) and the bar's value (0-100). */
export function getReleasedShare(released: string, quota: string): { text: string; percent: number } {
  const whole = toLedgerUnits(quota);
  const basisPoints = whole > 0n ? (toLedgerUnits(released) * 10_000n) / whole : 0n;
  return { text: `${formatNumber(formatDecimal(basisPoints, 2))}%`, percent: Number(basisPoints) / 100 };
}
