import { useTranslation } from 'react-i18next';
import { CursorList } from '@/components/cursor-list.tsx';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { useLocale } from '@/lib/i18n.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { noticeListSource } from '@/features/notice/api/get-notice-list.ts';
import { NoticeItem } from '@/features/notice/components/notice-item.tsx';
import '@/features/notice/notice.css';

/**
 * /pages/notice/index (login required; SPEC §2 "announcement list") — published announcements,
 * newest first, in the member's language (else English), unread ones marked with a dot; pull to
 * refresh, the next page on reaching the bottom.
 */
export function NoticeListPage() {
  const { t } = useTranslation();
  const token = useUserStore((state) => state.token);
  const locale = useLocale();
  return (
    <div className="page" data-testid="notice-list-page">
      <PageNavBar title={t('notice.title')} />
      <CursorList
        source={noticeListSource(token, locale)}
        renderItem={(notice) => <NoticeItem notice={notice} />}
        emptyText={t('notice.empty')}
        testId="notice-list"
      />
    </div>
  );
}
