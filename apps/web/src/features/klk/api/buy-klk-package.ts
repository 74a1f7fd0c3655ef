import type { TKlkBuyRequest, TKlkPurchase } from '@kpc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ASSET_QUERY_ROOT } from '@/lib/api/get-asset-list.ts';
import { request } from '@/lib/request.ts';
import { KLK_QUERY_ROOT } from './get-klk-packages.ts';

/**
 * POST /api/klk/buy {tierId, requestId} — buys a tier, or upgrades to it paying the difference.
 * The same `requestId` buys once, so a retry after a lost answer cannot pay twice.
 */
export function buyKlkPackage(payload: TKlkBuyRequest): Promise<TKlkPurchase> {
  return request<TKlkPurchase>('/klk/buy', payload);
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
