import type { THistoryItem, THistoryRequest, THistoryResponse, TRecordKind } from '@kpc/shared';
import { ASSET_QUERY_ROOT } from '@/lib/api/get-asset-list.ts';
import { CURSOR_PAGE_SIZE, type CursorListSource } from '@/lib/cursor-list.ts';
import { request } from '@/lib/request.ts';

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
