import { DEFAULT_LOCALE, type LocaleCode } from '@kpc/shared';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/i18n.ts';
import './shown-in-english.css';

/**
 * An announcement is served in the member's language, or in English when the operator has not
 * written it in theirs (the server says which: `language` on every notice, Step 7). English shown
 * to a member of another language is said to be English (issue 24).
 */
export function useIsShownInEnglish(language: LocaleCode): boolean {
  const locale = useLocale();
  return language === DEFAULT_LOCALE && locale !== DEFAULT_LOCALE;
}

/**
 * "Shown in English", in the member's language (marked as such: it sits inside the announcement's
 * English), beside an announcement served in English instead of it.
 */
export function ShownInEnglishTag({ language, testId }: { language: LocaleCode; testId: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const isShownInEnglish = useIsShownInEnglish(language);
  if (!isShownInEnglish) return null;
  return (
    <span className="shown-in-english" lang={locale} data-testid={testId}>
      {t('notice.shownInEnglish')}
    </span>
  );
}
