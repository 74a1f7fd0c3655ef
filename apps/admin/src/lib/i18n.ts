import { localeAlias } from '@kpc/shared';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/config/storage.ts';
import { messagesEn, messagesZhHans } from '@/locales/index.ts';

/** The console's languages (Step 8a: English and Chinese); the switcher lists them in this order. */
export const CONSOLE_LOCALES = [
  { code: 'en', label: 'English' },
  { code: 'zh-Hans', label: '中文' },
] as const;
export type ConsoleLocale = (typeof CONSOLE_LOCALES)[number]['code'];

const isConsoleLocale = (value: string | null | undefined): value is ConsoleLocale =>
  CONSOLE_LOCALES.some((locale) => locale.code === value);

/** The language chosen before, else the browser's when it is Chinese, else English. */
export function readStoredLocale(): ConsoleLocale {
  const stored = readStorage(STORAGE_KEYS.language);
  if (isConsoleLocale(stored)) return stored;
  return typeof navigator !== 'undefined' && navigator.language.toLowerCase().startsWith('zh') ? 'zh-Hans' : 'en';
}

export const i18n = i18next.createInstance();

// The page's language and title follow the interface language (screen readers, the browser tab).
i18n.on('languageChanged', (code) => {
  document.documentElement.lang = code;
  document.title = i18n.t('app.name');
});

// Both languages are bundled: a few kilobytes each, and the console shows no raw key while loading.
void i18n.use(initReactI18next).init({
  resources: { en: { translation: messagesEn }, 'zh-Hans': { translation: messagesZhHans } },
  lng: readStoredLocale(),
  fallbackLng: 'en',
  supportedLngs: CONSOLE_LOCALES.map((locale) => locale.code),
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

export function getLocale(): ConsoleLocale {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isConsoleLocale(language) ? language : 'en';
}

/** The current language; re-renders the caller when it changes. */
export function useLocale(): ConsoleLocale {
  const { i18n: instance } = useTranslation();
  const language = instance.resolvedLanguage ?? instance.language;
  return isConsoleLocale(language) ? language : 'en';
}

/** The `language` header of every call (`en_US`, `zh_CN`): the server localises its messages by it. */
export function getLanguageAlias(): string {
  return localeAlias(getLocale());
}

/** Switches the interface language and remembers it. */
export async function changeLocale(code: ConsoleLocale): Promise<void> {
  writeStorage(STORAGE_KEYS.language, code);
  await i18n.changeLanguage(code);
}

/**
 * Translates a key that arrives as data, such as a shared schema's `validation.reasonRequired`; a
 * key the locale files lack shows the generic message rather than the raw key.
 */
export function translateKey(key: string): string {
  return i18n.t(key, i18n.t('validation.invalid'));
}
