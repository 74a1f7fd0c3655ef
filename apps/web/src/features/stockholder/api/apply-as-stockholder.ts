import type { TStockholderApplication, TStockholderApplyRequest } from '@kpc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { STOCKHOLDER_QUERY_ROOT } from './get-stockholder-status.ts';

/** POST /api/stockholder/apply {name, contact, contribution, note?} — one pending application per member. */
export function applyAsStockholder(payload: TStockholderApplyRequest): Promise<TStockholderApplication> {
  return request<TStockholderApplication>('/stockholder/apply', payload);
}

export function useApplyAsStockholder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyAsStockholder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STOCKHOLDER_QUERY_ROOT }),
  });
}
