import type { TPlanProductsResponse } from '@kpc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/** POST /api/plan/products (public) — the plans' live terms; this feature reads `pledgeTerms`. */
export function getPlanProducts(): Promise<TPlanProductsResponse> {
  return request<TPlanProductsResponse>('/plan/products');
}

/** Operators may change the terms at any time, so every visit asks again (last answer shown meanwhile). */
export function planProductsQueryOptions() {
  return queryOptions({ queryKey: ['plan', 'products'] as const, queryFn: getPlanProducts, staleTime: 0 });
}

export function usePlanProducts() {
  return useQuery(planProductsQueryOptions());
}
