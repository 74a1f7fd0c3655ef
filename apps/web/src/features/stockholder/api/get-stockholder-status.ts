import { ErrorCode, StockholderStatus, type TStockholderStatusResponse } from '@kpc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClientErrorCode, request } from '@/lib/request.ts';
import { useUserStore } from '@/lib/user-store.ts';

/** Every failure a refresh keeps quiet: the application stays on screen. */
const ALL_CODES: readonly number[] = [...Object.values(ErrorCode), ...Object.values(ClientErrorCode)];

/** POST /api/stockholder/status — the member's latest shareholder application, or null. */
export function getStockholderStatus(isRefresh = false): Promise<TStockholderStatusResponse> {
  return request<TStockholderStatusResponse>('/stockholder/status', {}, isRefresh ? { quietCodes: ALL_CODES } : {});
}

export const STOCKHOLDER_QUERY_ROOT = ['stockholder'] as const;

/** A pending application is asked again now and then, so the operator's decision shows without a reload. */
export const STOCKHOLDER_POLL_MS = 10_000;

export function stockholderStatusQueryOptions(token: string) {
  return queryOptions({
    queryKey: [...STOCKHOLDER_QUERY_ROOT, 'status', token] as const,
    queryFn: ({ client, queryKey }) => getStockholderStatus(client.getQueryData(queryKey) !== undefined),
    enabled: token !== '',
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.application?.status === StockholderStatus.PENDING ? STOCKHOLDER_POLL_MS : false,
  });
}

export function useStockholderStatus() {
  const token = useUserStore((state) => state.token);
  return useQuery(stockholderStatusQueryOptions(token));
}
