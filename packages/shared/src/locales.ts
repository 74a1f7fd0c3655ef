/** The seven languages of SPEC §1/§3. The order is the switcher's: Chinese first. */
export const LOCALES = [
  { code: 'zh-Hans', alias: 'zh_CN', label: '中文' },
  { code: 'en', alias: 'en_US', label: 'English' },
  { code: 'hi', alias: 'hi_IN', label: 'हिन्दी' },
  { code: 'ja', alias: 'ja_JP', label: '日本語' },
  { code: 'ko', alias: 'ko_KR', label: '한국어' },
  { code: 'ru', alias: 'ru_RU', label: 'Русский' },
  { code: 'vi', alias: 'vi_VN', label: 'Tiếng Việt' },
] as const;

export type LocaleCode = (typeof LOCALES)[number]['code'];
export type LocaleAlias = (typeof LOCALES)[number]['alias'];

/** English is the default and the fallback (SPEC §1). */
export const DEFAULT_LOCALE: LocaleCode = 'en';

export const LOCALE_CODES: LocaleCode[] = LOCALES.map((l) => l.code);

/** The alias sent as the `language` header (SPEC §3), e.g. `zh_CN` for `zh-Hans`. */
export function localeAlias(code: LocaleCode): LocaleAlias {
  return LOCALES.find((l) => l.code === code)?.alias ?? 'en_US';
}

/**
 * Reads a `language` header (alias such as `zh_CN`, or a code such as `zh-Hans`, any case)
 * and returns the locale code, or English when it is missing or unknown.
 */
export function resolveLocale(value: string | undefined | null): LocaleCode {
  if (!value) return DEFAULT_LOCALE;
  const wanted = value.trim().toLowerCase().replace('-', '_');
  const match = LOCALES.find(
    (l) => l.alias.toLowerCase() === wanted || l.code.toLowerCase().replace('-', '_') === wanted,
  );
  if (match) return match.code;
  // A bare language such as `zh` or `ja` picks the first locale of that language.
  const language = wanted.split('_')[0];
  return LOCALES.find((l) => l.code.toLowerCase().split('-')[0] === language)?.code ?? DEFAULT_LOCALE;
}
