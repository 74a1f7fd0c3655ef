import { describe, expect, it } from 'vitest';
import { LOCALES, localeAlias, resolveLocale } from './locales.ts';

describe('locales (SPEC §1, §3)', () => {
  it('lists seven languages with Chinese first', () => {
    expect(LOCALES.map((l) => l.code)).toEqual(['zh-Hans', 'en', 'hi', 'ja', 'ko', 'ru', 'vi']);
  });

  it('maps codes to the aliases sent as the language header', () => {
    expect(localeAlias('zh-Hans')).toBe('zh_CN');
    expect(localeAlias('vi')).toBe('vi_VN');
  });

  it('reads aliases, codes and bare languages, falling back to English', () => {
    expect(resolveLocale('zh_CN')).toBe('zh-Hans');
    expect(resolveLocale('ja_JP')).toBe('ja');
    expect(resolveLocale('ko')).toBe('ko');
    expect(resolveLocale('RU_ru')).toBe('ru');
    expect(resolveLocale('zh-Hans')).toBe('zh-Hans');
    expect(resolveLocale('fr_FR')).toBe('en');
    expect(resolveLocale(undefined)).toBe('en');
  });
});
