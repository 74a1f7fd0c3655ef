import type { LocaleCode, TNoticeListItem, TNoticeListRequest, TNoticeListResponse } from '@kpc/shared';
import { NOTICE_QUERY_ROOT } from '@/lib/api/get-notice-unread.ts';
import { CURSOR_PAGE_SIZE, type CursorListSource } from '@/lib/cursor-list.ts';
import { request } from '@/lib/request.ts';

/** POST /api/notice/list {cursor?, limit?} — published announcements, newest first, read or not. */
export function getNoticeList(params: TNoticeListRequest): Promise<TNoticeListResponse> {
  return request<TNoticeListResponse>('/notice/list', params);
}

/** Every page of the list, whatever the session or language: reading a notice marks it read in all of them. */
export const NOTICE_LIST_QUERY_ROOT = [...NOTICE_QUERY_ROOT, 'list'] as const;

/** Keyed by token and language: titles and summaries are translated. */
export function noticeListSource(token: string, locale: LocaleCode): CursorListSource<TNoticeListItem> {
  return {
    queryKey: [...NOTICE_LIST_QUERY_ROOT, token, locale] as const,
    fetchPage: (cursor) => getNoticeList({ ...(cursor ? { cursor } : {}), limit: CURSOR_PAGE_SIZE }),
  };
}
