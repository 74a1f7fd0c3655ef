import type { TPlanProductsResponse } from '@kpc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/**
 * POST /api/plan/products (public) — every figure of the plans: the ESOP terms and KPC's current
 * price, the investment products and the pledge terms. The KPC plan page and the rules page read
 * it; nothing they show about the plans is written into the app.
 */
export function getPlanProducts(): Promise<TPlanProductsResponse> {
  return request<TPlanProductsResponse>('/plan/products');
}

export function planProductsQueryOptions() {
  // The price moves: a page that subscribes at it asks again whenever it opens.
  return queryOptions({ queryKey: ['esop', 'products'] as const, queryFn: getPlanProducts, staleTime: 0 });
}

export function usePlanProducts() {
  return useQuery(planProductsQueryOptions());
}
