import type { TAssetListResponse } from '@kpc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { useUserStore } from '@/lib/user-store.ts';

/** POST /api/ass/lst (SPEC §7): the member's balances per asset, the total in USDT and the KPC price. */
export function getAssetList(): Promise<TAssetListResponse> {
  return request<TAssetListResponse>('/ass/lst');
}

/** Every query about balances and postings starts with this key: invalidating it refreshes them all. */
export const ASSET_QUERY_ROOT = ['ass'] as const;

/**
 * Keyed by token like the member's info. Keeps `allQuantity` and `price` of the user store in step
 * (SPEC §3) with what the server answered, and only then: a pending or failed call leaves them as
 * they were. Balances change on the server (deposits, releases), so every page that shows them
 * asks again when it opens, showing this session's last answer meanwhile.
 */
export function assetListQueryOptions(token: string) {
  return queryOptions({
    queryKey: [...ASSET_QUERY_ROOT, 'lst', token] as const,
    queryFn: async () => {
      const assets = await getAssetList();
      useUserStore.getState().setAssetTotals({ allQuantity: assets.allQuantity, price: assets.price });
      return assets;
    },
    enabled: token !== '',
    staleTime: 0,
  });
}

/** The member's balances, loaded (or refreshed) while the caller is shown. */
export function useAssetList() {
  const token = useUserStore((state) => state.token);
  return useQuery(assetListQueryOptions(token));
}
