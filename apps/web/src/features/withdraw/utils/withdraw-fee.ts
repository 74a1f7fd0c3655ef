import { computeWithdrawFee, type TWithdrawChannel, type WithdrawFee } from '@kpc/shared';

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
