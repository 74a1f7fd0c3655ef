import { DEFAULT_LOCALE } from '@kpc/shared';
import { CaretRight, Megaphone } from '@phosphor-icons/react';
import { useTranslation } from 'react-i18next';
import { ShownInEnglishTag, useIsShownInEnglish } from '@/components/shown-in-english.tsx';
import { getNoticeDetailUrl } from '@/config/routes.ts';
import { useNoticeUnread } from '@/lib/api/get-notice-unread.ts';
import { navigateTo } from '@/lib/navigation.ts';
import './home-notice-bar.css';

/**
 * Home's line for the newest announcement the member has not opened (Step 7): tapping it opens the
 * announcement, which marks it read, and the bar then shows the next unread one or goes. Nothing is
 * shown until the answer is known, nor when everything is read or the call failed: it is a hint.
 * An announcement served in English to a member of another language says so under its title, as in the list.
 */
export function HomeNoticeBar() {
  const { t } = useTranslation();
  const { data } = useNoticeUnread();
  const latest = data?.latest;
  const isShownInEnglish = useIsShownInEnglish(latest?.language ?? DEFAULT_LOCALE);
  if (!latest) return null;
  const label = t('notice.latestUnread', { title: latest.title });
  return (
    <button
      type="button"
      className="home-notice"
      onClick={() => navigateTo(getNoticeDetailUrl(latest.id))}
      aria-label={isShownInEnglish ? `${label} (${t('notice.shownInEnglish')})` : label}
      data-testid="home-notice"
      data-id={latest.id}
    >
      <Megaphone className="home-notice__icon" size={20} weight="fill" aria-hidden="true" />
      <span className="home-notice__dot" aria-hidden="true" />
      <span className="home-notice__text">
        <span className="home-notice__title" lang={latest.language} data-testid="home-notice-title">
          {latest.title}
        </span>
        <ShownInEnglishTag language={latest.language} testId="home-notice-english" />
      </span>
      {data.count > 1 && (
        <span className="home-notice__count" data-testid="home-notice-count">
          {t('notice.moreUnread', { count: data.count - 1 })}
        </span>
      )}
      <CaretRight className="home-notice__caret" size={16} aria-hidden="true" />
    </button>
  );
}
