import type { TKlkPackagesResponse } from '@kpc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { useUserStore } from '@/lib/user-store.ts';

/** POST /api/klk/packages — the tiers, the member's KLK level and what each tier costs them now. */
export function getKlkPackages(): Promise<TKlkPackagesResponse> {
  return request<TKlkPackagesResponse>('/klk/packages');
}

/** Every query about the member's broker package starts with this key. */
export const KLK_QUERY_ROOT = ['klk'] as const;

/** Keyed by token: a new session never sees the previous member's level or upgrade prices. */
export function klkPackagesQueryOptions(token: string) {
  return queryOptions({
    queryKey: [...KLK_QUERY_ROOT, 'packages', token] as const,
    queryFn: getKlkPackages,
    enabled: token !== '',
    staleTime: 0,
  });
}

export function useKlkPackages() {
  const token = useUserStore((state) => state.token);
  return useQuery(klkPackagesQueryOptions(token));
}
