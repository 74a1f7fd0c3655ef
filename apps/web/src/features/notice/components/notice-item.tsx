import type { TNoticeListItem } from '@kpc/shared';
import { CaretRight } from '@phosphor-icons/react';
import { useTranslation } from 'react-i18next';
import { ShownInEnglishTag } from '@/components/shown-in-english.tsx';
import { getNoticeDetailUrl } from '@/config/routes.ts';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { navigateTo } from '@/lib/navigation.ts';

/**
 * One announcement in the list: a dot while unread, its title, the opening of its text and its date,
 * and "Shown in English" when it is not written in the member's language.
 */
export function NoticeItem({ notice }: { notice: TNoticeListItem }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`notice-item${notice.read ? '' : ' notice-item--unread'}`}
      lang={notice.language}
      onClick={() => navigateTo(getNoticeDetailUrl(notice.id))}
      data-testid="notice-item"
      data-id={notice.id}
      data-read={notice.read}
    >
      <span className="notice-item__head">
        {!notice.read && (
          <span className="notice-dot" role="img" aria-label={t('notice.unread')} data-testid="notice-item-unread" />
        )}
        <span className="notice-item__title" data-testid="notice-item-title">
          {notice.title}
        </span>
        <CaretRight className="notice-item__caret" size={16} aria-hidden="true" />
      </span>
      {notice.summary && <span className="notice-item__summary">{notice.summary}</span>}
      <span className="notice-item__meta">
        <time className="notice-item__date" dateTime={notice.publishedAt}>
          {formatDateTime(notice.publishedAt)}
        </time>
        <ShownInEnglishTag language={notice.language} testId="notice-item-english" />
      </span>
    </button>
  );
}
