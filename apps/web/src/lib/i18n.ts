import { DEFAULT_LOCALE, LOCALE_CODES, localeAlias, type LocaleAlias, type LocaleCode } from '@kpc/shared';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { STORAGE_KEYS, writeStorage } from '@/config/storage.ts';
import { isLocaleCode, MESSAGE_LOADERS, readStoredLocale } from './locale-messages.ts';

const NAMESPACE = 'translation';

export const i18n = i18next.createInstance();

// Keep `<html lang>` in step with the interface language (screen readers, fonts, hyphenation).
i18n.on('languageChanged', (code) => {
  document.documentElement.lang = code;
});

// No messages yet: `applyLocale` adds a language's messages before switching to it.
void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: readStoredLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: LOCALE_CODES,
  interpolation: { escapeValue: false }, // React escapes already.
  returnNull: false,
  initAsync: false,
});

async function loadMessages(code: LocaleCode): Promise<void> {
  if (i18n.hasResourceBundle(code, NAMESPACE)) return;
  const { default: messages } = await MESSAGE_LOADERS[code]();
  i18n.addResourceBundle(code, NAMESPACE, messages);
}

/** Loads what one language needs before it is shown; more can be added with `addLocaleResources`. */
type LocaleResourceLoader = (code: LocaleCode) => Promise<void>;

// English is the fallback for any message a language lacks, so it is always loaded too.
const resourceLoaders: LocaleResourceLoader[] = [
  async (code) => {
    await Promise.all([loadMessages(code), loadMessages(DEFAULT_LOCALE)]);
  },
];

/** Registers more per-language resources (a component library's own texts) to load before a language is shown. */
export function addLocaleResources(loader: LocaleResourceLoader): void {
  resourceLoaders.push(loader);
}

let requestedLocale: LocaleCode | null = null;

async function applyLocale(code: LocaleCode): Promise<void> {
  requestedLocale = code;
  await Promise.all(resourceLoaders.map((load) => load(code)));
  // Two quick switches: the language chosen last wins, even if the earlier one loads later.
  if (requestedLocale === code) await i18n.changeLanguage(code);
}

/**
 * Loads the remembered language (or English) and switches to it. The app renders only after this
 * resolves, so `t` never shows a raw message key; the files are a few kilobytes each.
 */
export function loadInitialLocale(): Promise<void> {
  return applyLocale(readStoredLocale());
}

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

/** Switches the interface language, loading it first, and remembers the choice under `kpc:language`. */
export async function changeLocale(code: LocaleCode): Promise<void> {
  writeStorage(STORAGE_KEYS.language, code);
  await applyLocale(code);
}

/**
 * Translates a message key that arrives as data, such as a schema's `validation.emailRequired`;
 * a key the locale files lack shows the generic validation message rather than the raw key.
 */
export function translateKey(key: string): string {
  return i18n.t(key, i18n.t('validation.invalid'));
}
