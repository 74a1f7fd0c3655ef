import type { TCardApplication, TCardApplyRequest } from '@kpc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ASSET_QUERY_ROOT } from '@/lib/api/get-asset-list.ts';
import { request } from '@/lib/request.ts';
import { CARD_QUERY_ROOT } from './get-card-list.ts';

/**
 * POST /api/card/apply {requestId, product, network, holder, payment} — applies, paying with an
 * activation code or the application total from USDT available. The same `requestId` applies once,
 * so a retry after a lost answer cannot pay twice.
 */
export function applyForCard(payload: TCardApplyRequest): Promise<TCardApplication> {
  return request<TCardApplication>('/card/apply', payload);
}

/** Applies, then refreshes the applications and codes (under `['card']`) and the balances. */
export function useApplyForCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyForCard,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CARD_QUERY_ROOT }),
        queryClient.invalidateQueries({ queryKey: ASSET_QUERY_ROOT }),
      ]),
  });
}
