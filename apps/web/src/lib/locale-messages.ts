import { DEFAULT_LOCALE, LOCALE_CODES, type LocaleCode } from '@kpc/shared';
import { readStorage, STORAGE_KEYS } from '@/config/storage.ts';
import type en from '@/locales/en.json';

/**
 * Each language's messages are their own chunk, fetched when it is first shown: a member downloads
 * their language (and English, the fallback), not all seven. `satisfies` keeps every file checked
 * against the English one at compile time.
 */
export const MESSAGE_LOADERS = {
  en: () => import('@/locales/en.json'),
  'zh-Hans': () => import('@/locales/zh-Hans.json'),
  hi: () => import('@/locales/hi.json'),
  ja: () => import('@/locales/ja.json'),
  ko: () => import('@/locales/ko.json'),
  ru: () => import('@/locales/ru.json'),
  vi: () => import('@/locales/vi.json'),
} satisfies Record<LocaleCode, () => Promise<{ default: typeof en }>>;

export function isLocaleCode(value: string | null): value is LocaleCode {
  return value !== null && (LOCALE_CODES as string[]).includes(value);
}

/** The language the member chose (`kpc:language`), or English. */
export function readStoredLocale(): LocaleCode {
  const stored = readStorage(STORAGE_KEYS.language);
  return isLocaleCode(stored) ? stored : DEFAULT_LOCALE;
}
