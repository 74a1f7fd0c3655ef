import { parseDecimal, type TDepositChannel } from '@kpc/shared';

/** The two steps of SPEC §4 "Deposit from wallet": authorize (then authorized), then deposit. */
export type WalletDepositStep = 'authorize' | 'deposit';

/** A decimal string in the token's units, or null when it is not a usable amount. */
export function toTokenUnits(amount: string | null, decimals: number): bigint | null {
  if (amount === null) return null;
  try {
    return parseDecimal(amount, decimals);
  } catch {
    return null;
  }
}

/**
 * Authorize while the allowance does not cover the amount (or the minimum, before an amount is
 * typed); deposit once it does.
 */
export function getWalletDepositStep(
  allowance: bigint,
  amountUnits: bigint | null,
  channel: Pick<TDepositChannel, 'minimum' | 'tokenDecimals'>,
): WalletDepositStep {
  const needed = amountUnits ?? toTokenUnits(channel.minimum, channel.tokenDecimals) ?? 0n;
  return allowance >= needed && allowance > 0n ? 'deposit' : 'authorize';
}

/**
 * What Authorize approves: SPEC §9's USDT quantity (150000), so later deposits need no new
 * approval, or the amount itself when one deposit is larger than that.
 */
export function getApproveUnits(
  amountUnits: bigint | null,
  channel: Pick<TDepositChannel, 'approveQuantity' | 'tokenDecimals'>,
): bigint {
  const quantity = toTokenUnits(channel.approveQuantity, channel.tokenDecimals) ?? 0n;
  return amountUnits !== null && amountUnits > quantity ? amountUnits : quantity;
}

/** Whether the connected wallet is the member's bound one (deposits are credited by the sender's address). */
export function isBoundWallet(account: string | null, boundAddress: string): boolean {
  return account !== null && boundAddress !== '' && account.toLowerCase() === boundAddress.toLowerCase();
}
