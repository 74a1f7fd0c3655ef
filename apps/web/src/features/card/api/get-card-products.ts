import type { TCardProductsResponse } from '@kpc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { CARD_QUERY_ROOT } from './get-card-list.ts';

/** POST /api/card/products — both products with their networks, fees, limits and what applying costs. */
export function getCardProducts(): Promise<TCardProductsResponse> {
  return request<TCardProductsResponse>('/card/products');
}

/** The products are configuration: read once a session, fresh enough for the form's figures. */
export function cardProductsQueryOptions(token: string) {
  return queryOptions({
    queryKey: [...CARD_QUERY_ROOT, 'products', token] as const,
    queryFn: getCardProducts,
    enabled: token !== '',
    staleTime: 60_000,
  });
}

export function useCardProducts() {
  const token = useUserStore((state) => state.token);
  return useQuery(cardProductsQueryOptions(token));
}
