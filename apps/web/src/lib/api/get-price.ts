import type { TPriceResponse } from '@kpc/shared';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../request.ts';
import { useUserStore } from '../user-store.ts';

/** POST /api/card/getPrice (SPEC §7): KPC's current price in USDT. */
export function getPrice(): Promise<TPriceResponse> {
  return request<TPriceResponse>('/card/getPrice');
}

/** The price, kept in the user store (SPEC §3 `price`). */
export function priceQueryOptions() {
  return queryOptions({
    queryKey: ['card', 'getPrice'] as const,
    queryFn: async () => {
      const answer = await getPrice();
      useUserStore.getState().setPrice(answer.price);
      return answer;
    },
  });
}
