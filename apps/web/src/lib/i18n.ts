import { DEFAULT_LOCALE, LOCALE_CODES, localeAlias, type LocaleAlias, type LocaleCode } from '@kpc/shared';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/config/storage.ts';
import en from '@/locales/en.json';
import hi from '@/locales/hi.json';
import ja from '@/locales/ja.json';
import ko from '@/locales/ko.json';
import ru from '@/locales/ru.json';
import vi from '@/locales/vi.json';
import zhHans from '@/locales/zh-Hans.json';

const resources = {
  en: { translation: en },
  'zh-Hans': { translation: zhHans },
  hi: { translation: hi },
  ja: { translation: ja },
  ko: { translation: ko },
  ru: { translation: ru },
  vi: { translation: vi },
} satisfies Record<LocaleCode, { translation: typeof en }>;

function isLocaleCode(value: string | null): value is LocaleCode {
  return value !== null && (LOCALE_CODES as string[]).includes(value);
}

function readStoredLocale(): LocaleCode {
  const stored = readStorage(STORAGE_KEYS.language);
  return isLocaleCode(stored) ? stored : DEFAULT_LOCALE;
}

export const i18n = i18next.createInstance();

// Keep `<html lang>` in step with the interface language (screen readers, fonts, hyphenation).
i18n.on('languageChanged', (code) => {
  document.documentElement.lang = code;
});

// Resources are bundled, so initialisation is synchronous: `t` works as soon as this module loads.
void i18n.use(initReactI18next).init({
  resources,
  lng: readStoredLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: LOCALE_CODES,
  interpolation: { escapeValue: false }, // React escapes already.
  returnNull: false,
  initAsync: false,
});

function toLocaleCode(language: string | undefined): LocaleCode {
  return language !== undefined && isLocaleCode(language) ? language : DEFAULT_LOCALE;
}

export function getLocale(): LocaleCode {
  return toLocaleCode(i18n.resolvedLanguage ?? i18n.language);
}

/** The current locale code; re-renders the caller when the language changes. */
export function useLocale(): LocaleCode {
  const { i18n: instance } = useTranslation();
  return toLocaleCode(instance.resolvedLanguage ?? instance.language);
}

/** The `language` header value (SPEC §3, §7), e.g. `zh_CN`. */
export function getLanguageAlias(): LocaleAlias {
  return localeAlias(getLocale());
}

/** Switches the interface language and remembers the choice under `kpc:language`. */
export async function changeLocale(code: LocaleCode): Promise<void> {
  writeStorage(STORAGE_KEYS.language, code);
  await i18n.changeLanguage(code);
}

/**
 * Translates a message key that arrives as data, such as a schema's `validation.emailRequired`;
 * a key the locale files lack shows the generic validation message rather than the raw key.
 */
export function translateKey(key: string): string {
  return i18n.t(key, i18n.t('validation.invalid'));
}
