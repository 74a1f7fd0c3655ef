import {
  computeWithdrawFee,
  formatDecimal,
  formatNumber,
  LEDGER_SCALE,
  parseDecimal,
  type TWithdrawChannel,
  type WithdrawFee,
} from '@kpc/shared';

/**
 * The fee, the amount received and where the fee comes from, for an amount that passed the form's
 * rules; null while there is none or the balance is loading. The same `computeWithdrawFee` as the
 * server's, so the preview is what will be charged.
 */
export function previewWithdrawFee(
  amount: string | null,
  available: string | undefined,
  channel: Pick<TWithdrawChannel, 'feeRate' | 'minFee' | 'decimals'>,
): WithdrawFee | null {
  if (amount === null || available === undefined) return null;
  try {
    return computeWithdrawFee({
      amount,
      available,
      feeRate: channel.feeRate,
      minFee: channel.minFee,
      decimals: channel.decimals,
    });
  } catch {
    // A balance or term the ledger scale cannot hold: no preview rather than a wrong one.
    return null;
  }
}

/** Shows a fee rate such as `0.01` as `1%` (exact: decimal strings, no JS numbers). */
export function formatFeeRate(feeRate: string): string {
  try {
    return `${formatNumber(formatDecimal(parseDecimal(feeRate, LEDGER_SCALE) * 100n, LEDGER_SCALE))}%`;
  } catch {
    return '—';
  }
}
