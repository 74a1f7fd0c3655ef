import { ErrorCode, type TNoticeDetail, type TNoticeListItem } from '@kpc/shared';
import { queryOptions, useQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { NOTICE_QUERY_ROOT, NOTICE_UNREAD_QUERY_ROOT } from '@/lib/api/get-notice-unread.ts';
import type { CursorPage } from '@/lib/cursor-list.ts';
import { useLocale } from '@/lib/i18n.ts';
import { request } from '@/lib/request.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { NOTICE_LIST_QUERY_ROOT } from './get-notice-list.ts';

/**
 * POST /api/notice/detail {id} — one published announcement with its sanitised HTML body; the
 * server marks it read. One that is missing or no longer published answers NOTICE_NOT_FOUND: the
 * page says so itself, so no toast.
 */
export function getNoticeDetail(id: string): Promise<TNoticeDetail> {
  return request<TNoticeDetail>('/notice/detail', { id }, { quietCodes: [ErrorCode.NOTICE_NOT_FOUND] });
}

/** The server has marked `id` read: the lists already loaded show it read, and the unread count is asked again. */
function markRead(client: QueryClient, id: string): void {
  client.setQueriesData<InfiniteData<CursorPage<TNoticeListItem>>>({ queryKey: NOTICE_LIST_QUERY_ROOT }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            list: page.list.map((item) => (item.id === id ? { ...item, read: true } : item)),
          })),
        }
      : data,
  );
  void client.invalidateQueries({ queryKey: NOTICE_UNREAD_QUERY_ROOT });
}

/** Keyed by token, language and id. Operators may edit a notice, so every opening asks again. */
export function noticeDetailQueryOptions(token: string, locale: string, id: string) {
  return queryOptions({
    queryKey: [...NOTICE_QUERY_ROOT, 'detail', token, locale, id] as const,
    queryFn: async ({ client }) => {
      const detail = await getNoticeDetail(id);
      markRead(client, id);
      return detail;
    },
    enabled: token !== '' && id !== '',
    staleTime: 0,
  });
}

export function useNoticeDetail(id: string) {
  const token = useUserStore((state) => state.token);
  const locale = useLocale();
  return useQuery(noticeDetailQueryOptions(token, locale, id));
}
