import type { TAssetLogItem, TAssetLogRequest, TAssetLogResponse, TEntryType } from '@kpc/shared';
import { ASSET_QUERY_ROOT } from '@/lib/api/get-asset-list.ts';
import { CURSOR_PAGE_SIZE, type CursorListSource } from '@/lib/cursor-list.ts';
import { request } from '@/lib/request.ts';

/** POST /api/ass/log {asset?, type?, cursor?, limit?} — the asset flow, newest first. */
export function getAssetLog(params: TAssetLogRequest): Promise<TAssetLogResponse> {
  return request<TAssetLogResponse>('/ass/log', params);
}

export interface AssetLogFilters {
  /** An asset code, or '' for every asset. */
  asset: string;
  /** An entry type, or '' for every type. */
  type: TEntryType | '';
}

/** The asset flow of one filter choice, for CursorList (empty filters are dropped from the call). */
export function assetLogSource(token: string, filters: AssetLogFilters): CursorListSource<TAssetLogItem> {
  return {
    queryKey: [...ASSET_QUERY_ROOT, 'log', token, filters] as const,
    fetchPage: (cursor) =>
      getAssetLog({
        ...(filters.asset ? { asset: filters.asset } : {}),
        ...(filters.type ? { type: filters.type } : {}),
        ...(cursor ? { cursor } : {}),
        limit: CURSOR_PAGE_SIZE,
      }),
  };
}
