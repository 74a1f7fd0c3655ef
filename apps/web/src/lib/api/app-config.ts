import type { TAppConfig } from '@kpc/shared';
import { queryOptions } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client.ts';
import { request } from '@/lib/request.ts';

/** POST /api/app/config (no login) — allowed chains and contracts (SPEC §3 configuration keys). */
export function fetchAppConfig(): Promise<TAppConfig> {
  return request<TAppConfig>('/app/config');
}

/** The configuration changes only with a deployment, so it is read once per page load. */
export function appConfigQueryOptions() {
  return queryOptions({
    queryKey: ['app', 'config'] as const,
    queryFn: fetchAppConfig,
    staleTime: Infinity,
  });
}

/** The configuration for code outside React (the wallet); served from the cache after the first call. */
export function getAppConfig(): Promise<TAppConfig> {
  return queryClient.fetchQuery(appConfigQueryOptions());
}
