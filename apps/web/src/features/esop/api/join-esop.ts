import { ErrorCode, type TEsopJoinRequest, type TEsopOrder } from '@kpc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ASSET_QUERY_ROOT } from '@/lib/api/get-asset-list.ts';
import { request, RequestError } from '@/lib/request.ts';
import { ESOP_ORDERS_QUERY_ROOT } from './get-esop-orders.ts';

/**
 * POST /api/plan/esop/join {amount, price, requestId} — pays `amount` USDT from available at KPC's
 * current price; the KPC bought is locked. `price` is the one the review showed: another price in
 * effect is refused with PRICE_CHANGED, nothing charged (kept quiet: the review shows the new price).
 * The same `requestId` subscribes once, so a retry after a lost answer cannot pay twice.
 */
export function joinEsop(payload: TEsopJoinRequest): Promise<TEsopOrder> {
  return request<TEsopOrder>('/plan/esop/join', payload, { quietCodes: [ErrorCode.PRICE_CHANGED] });
}

/** The server refused the subscription because KPC's price is no longer the one shown; nothing was charged. */
export function isPriceChanged(error: unknown): error is RequestError {
  return error instanceof RequestError && error.code === ErrorCode.PRICE_CHANGED;
}

/** Subscribes, then refreshes the balances and the orders (the new one appears at the top). */
export function useJoinEsop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinEsop,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ASSET_QUERY_ROOT }),
        queryClient.invalidateQueries({ queryKey: ESOP_ORDERS_QUERY_ROOT }),
      ]),
  });
}
