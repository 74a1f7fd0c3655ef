import { ErrorCode, type TNodeApplication, type TNodePayRequest } from '@kpc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ASSET_QUERY_ROOT } from '@/lib/api/get-asset-list.ts';
import { request, RequestError } from '@/lib/request.ts';
import { NODE_QUERY_ROOT } from './get-node-status.ts';

/**
 * POST /api/node/pay {amount, requestId} — pays the node price from available USDT for the
 * approved application. `amount` is the price the review showed: another price is refused with
 * PRICE_CHANGED (kept quiet: the page shows the new price in the review). The same `requestId` pays once.
 */
export function payForNode(payload: TNodePayRequest): Promise<TNodeApplication> {
  return request<TNodeApplication>('/node/pay', payload, { quietCodes: [ErrorCode.PRICE_CHANGED] });
}

/** The server refused the payment because the node price is no longer the one shown; nothing was charged. */
export function isPriceChanged(error: unknown): error is RequestError {
  return error instanceof RequestError && error.code === ErrorCode.PRICE_CHANGED;
}

/** Pays, then refreshes the application and the balances. */
export function usePayForNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payForNode,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: NODE_QUERY_ROOT }),
        queryClient.invalidateQueries({ queryKey: ASSET_QUERY_ROOT }),
      ]),
  });
}
