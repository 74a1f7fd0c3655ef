import type { THistoryItem, THistoryRequest, THistoryResponse, TRecordKind } from '@kpc/shared';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ASSET_QUERY_ROOT } from '@/lib/api/get-asset-list.ts';
import { CURSOR_PAGE_SIZE, type CursorListSource, type CursorPage } from '@/lib/cursor-list.ts';
import { request } from '@/lib/request.ts';
import { hasWithdrawalInFlight } from '@/features/assets/utils/labels.ts';

/** POST /api/ass/history {kind?, cursor?, limit?} — financial records (deposits, withdrawals, exchanges, transfers). */
export function getAssetHistory(params: THistoryRequest): Promise<THistoryResponse> {
  return request<THistoryResponse>('/ass/history', params);
}

/** The financial records of one kind ('' for all), for CursorList. */
export function assetHistorySource(token: string, kind: TRecordKind | ''): CursorListSource<THistoryItem> {
  return {
    queryKey: [...ASSET_QUERY_ROOT, 'history', token, kind] as const,
    fetchPage: (cursor) =>
      getAssetHistory({ ...(kind ? { kind } : {}), ...(cursor ? { cursor } : {}), limit: CURSOR_PAGE_SIZE }),
  };
}

/** How often the records are asked again while a withdrawal on screen is in flight (as the detail page). */
export const HISTORY_POLL_MS = 3_000;

/**
 * Asks the loaded records again every 3 s while one of them is a withdrawal in flight, so its
 * status and transaction hash change on screen without a reload; stops once none is. A failed
 * refresh pauses it (one toast, not one every 3 s) until the next successful load, e.g. pull to refresh.
 */
export function useRefreshWhileWithdrawalsInFlight(queryKey: readonly unknown[]): void {
  const queryClient = useQueryClient();
  // The key by value: the page builds a new array on every render.
  const keyText = JSON.stringify(queryKey);
  useEffect(() => {
    const key = JSON.parse(keyText) as unknown[];
    const timer = setInterval(() => {
      const state = queryClient.getQueryState<InfiniteData<CursorPage<THistoryItem>>>(key);
      if (!state?.data || state.status === 'error' || state.fetchStatus !== 'idle') return;
      if (!hasWithdrawalInFlight(state.data.pages.flatMap((page) => page.list))) return;
      void queryClient.refetchQueries({ queryKey: key, exact: true, type: 'active' });
    }, HISTORY_POLL_MS);
    return () => clearInterval(timer);
  }, [queryClient, keyText]);
}
