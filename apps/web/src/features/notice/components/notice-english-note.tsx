import type { LocaleCode } from '@kpc/shared';
import { Translate } from '@phosphor-icons/react';
import { useTranslation } from 'react-i18next';
import { useIsShownInEnglish } from '@/components/shown-in-english.tsx';
import { useLocale } from '@/lib/i18n.ts';

/**
 * Over an announcement served in English to a member of another language: why it is in English,
 * in the member's language (marked as such inside the English announcement).
 */
export function NoticeEnglishNote({ language }: { language: LocaleCode }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const isShownInEnglish = useIsShownInEnglish(language);
  if (!isShownInEnglish) return null;
  return (
    <p className="notice-detail__english" lang={locale} data-testid="notice-detail-english">
      <Translate size={16} aria-hidden="true" />
      <span>{t('notice.englishOnly')}</span>
    </p>
  );
}
