import type { TPlanProductsResponse } from '@kpc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/** POST /api/plan/products (public) — the investment products with their bounds, coefficient and phase table. */
export function getPlanProducts(): Promise<TPlanProductsResponse> {
  return request<TPlanProductsResponse>('/plan/products');
}

/** Operators may change a product: the join form reads the live figures each time it opens. */
export function planProductsQueryOptions() {
  return queryOptions({
    queryKey: ['plan', 'investment', 'products'] as const,
    queryFn: getPlanProducts,
    staleTime: 0,
  });
}

export function usePlanProducts() {
  return useQuery(planProductsQueryOptions());
}
