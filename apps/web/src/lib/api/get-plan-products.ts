import type { TPlanProductsResponse } from '@kpc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/**
 * POST /api/plan/products (public) — every live figure of the plans: the investment products, the
 * ESOP terms with KPC's current price, the pledge terms and KPC burned. The investment, ESOP,
 * pledge and rules pages share this one cache entry; nothing they show about the plans is written
 * into the app.
 */
export function getPlanProducts(): Promise<TPlanProductsResponse> {
  return request<TPlanProductsResponse>('/plan/products');
}

/** Operators may change the terms and the price moves: every page that opens asks again (last answer shown meanwhile). */
export function planProductsQueryOptions() {
  return queryOptions({ queryKey: ['plan', 'products'] as const, queryFn: getPlanProducts, staleTime: 0 });
}

export function usePlanProducts() {
  return useQuery(planProductsQueryOptions());
}
