import { isDecimalString, type TAssetBalance } from '@kpc/shared';
import { addDecimals } from '@/lib/amount-rules.ts';

/** True when the asset has released income waiting to be transferred. */
export function hasIncome(balance: TAssetBalance): boolean {
  return isDecimalString(balance.income) && !balance.income.startsWith('-') && /[1-9]/.test(balance.income);
}

/** The available balance once `amount` of income has been transferred in (the balance as it is without an amount). */
export function getAvailableAfter(balance: TAssetBalance, amount: string | null): string {
  if (!isDecimalString(balance.available)) return '0';
  return amount === null ? balance.available : addDecimals(balance.available, amount);
}
