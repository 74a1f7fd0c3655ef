import type { LocaleCode } from '@kpc/shared';

/** Each language by its own name (what a writer of it recognises, whatever the console's language). */
const NAMES: Record<LocaleCode, string> = {
  en: 'English',
  'zh-Hans': '简体中文',
  hi: 'हिन्दी',
  ja: '日本語',
  ko: '한국어',
  ru: 'Русский',
  vi: 'Tiếng Việt',
};

export const languageName = (language: LocaleCode) => NAMES[language];
