import { ErrorCode, type LocaleCode, type TNoticeUnreadResponse } from '@kpc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale } from '@/lib/i18n.ts';
import { ClientErrorCode, request } from '@/lib/request.ts';
import { useUserStore } from '@/lib/user-store.ts';

/** A hint, not a task: a failure shows no count and no bar rather than a toast on every Home visit. */
const ALL_CODES: readonly number[] = [...Object.values(ErrorCode), ...Object.values(ClientErrorCode)];

/**
 * POST /api/notice/unread — how many published announcements the member has not opened, and the
 * newest of them (its title in the member's language). Home shows the newest, Mine the count; the
 * announcement pages live in features/notice, so the call they share lives here.
 */
export function getNoticeUnread(): Promise<TNoticeUnreadResponse> {
  return request<TNoticeUnreadResponse>('/notice/unread', {}, { quietCodes: ALL_CODES });
}

/** Every query about announcements starts with this key. */
export const NOTICE_QUERY_ROOT = ['notice'] as const;
/** The unread count's key without the session and language: invalidating it refreshes every copy. */
export const NOTICE_UNREAD_QUERY_ROOT = [...NOTICE_QUERY_ROOT, 'unread'] as const;

/**
 * Keyed by token and language (the title is translated). Asked again whenever a page showing it
 * opens and when the app comes back to the foreground, so a notice read elsewhere or published
 * meanwhile shows; reading one invalidates it at once (features/notice).
 */
export function noticeUnreadQueryOptions(token: string, locale: LocaleCode) {
  return queryOptions({
    queryKey: [...NOTICE_UNREAD_QUERY_ROOT, token, locale] as const,
    queryFn: getNoticeUnread,
    enabled: token !== '',
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

export function useNoticeUnread() {
  const token = useUserStore((state) => state.token);
  const locale = useLocale();
  return useQuery(noticeUnreadQueryOptions(token, locale));
}
