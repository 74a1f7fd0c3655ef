import type { TNodeApplication, TNodePayRequest } from '@kpc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ASSET_QUERY_ROOT } from '@/lib/api/get-asset-list.ts';
import { request } from '@/lib/request.ts';
import { NODE_QUERY_ROOT } from './get-node-status.ts';

/**
 * POST /api/node/pay {requestId} — pays the node price from available USDT for the approved
 * application. The same `requestId` pays once.
 */
export function payForNode(payload: TNodePayRequest): Promise<TNodeApplication> {
  return request<TNodeApplication>('/node/pay', payload);
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
