import { DEFAULT_LOCALE, type LocaleCode } from '@kpc/shared';
import en from '../locales/en.json' with { type: 'json' };
import hi from '../locales/hi.json' with { type: 'json' };
import ja from '../locales/ja.json' with { type: 'json' };
import ko from '../locales/ko.json' with { type: 'json' };
import ru from '../locales/ru.json' with { type: 'json' };
import vi from '../locales/vi.json' with { type: 'json' };
import zhHans from '../locales/zh-Hans.json' with { type: 'json' };

type Messages = Record<string, unknown>;
const catalogs: Record<LocaleCode, Messages> = { en, 'zh-Hans': zhHans, hi, ja, ko, ru, vi };

function lookup(messages: Messages, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Messages)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * Translates a message key (`errors.CODE_INVALID`, `validation.emailRequired`, `mail.…`) into
 * `locale`, falling back to English, then to the key itself; `{{name}}` takes `params.name`.
 */
export function translate(locale: LocaleCode, key: string, params: Record<string, string | number> = {}): string {
  const template = lookup(catalogs[locale], key) ?? lookup(catalogs[DEFAULT_LOCALE], key) ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export function hasMessage(key: string): boolean {
  return lookup(catalogs[DEFAULT_LOCALE], key) !== undefined;
}
