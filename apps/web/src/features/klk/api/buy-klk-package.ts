import { ErrorCode, type TKlkBuyRequest, type TKlkPurchase } from '@kpc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ASSET_QUERY_ROOT } from '@/lib/api/get-asset-list.ts';
import { request, RequestError } from '@/lib/request.ts';
import { KLK_QUERY_ROOT } from './get-klk-packages.ts';

/**
 * POST /api/klk/buy {tierId, amount, requestId} — buys a tier, or upgrades to it paying the
 * difference. `amount` is what the review showed it pays now: another amount is refused with
 * PRICE_CHANGED (kept quiet: the page shows the new amount in the review). The same `requestId`
 * buys once, so a retry after a lost answer cannot pay twice.
 */
export function buyKlkPackage(payload: TKlkBuyRequest): Promise<TKlkPurchase> {
  return request<TKlkPurchase>('/klk/buy', payload, { quietCodes: [ErrorCode.PRICE_CHANGED] });
}

/** The server refused the purchase because the tier no longer costs what was shown; nothing was charged. */
export function isPriceChanged(error: unknown): error is RequestError {
  return error instanceof RequestError && error.code === ErrorCode.PRICE_CHANGED;
}

/** Buys, then refreshes the level and prices and the balances (the codes page asks again when it opens). */
export function useBuyKlkPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyKlkPackage,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: KLK_QUERY_ROOT }),
        queryClient.invalidateQueries({ queryKey: ASSET_QUERY_ROOT }),
      ]),
  });
}
