import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';

/** The seven languages of SPEC §1, as the app names them. */
export const LANGUAGES = ['en', 'zh-Hans', 'hi', 'ja', 'ko', 'ru', 'vi'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * One of the app's own messages (apps/web/src/locales), so a journey expects what each language says
 * without a copy of it; `{{name}}` placeholders are filled from `values`.
 */
export function messageIn(language: Language, path: string, values: Record<string, string> = {}): string {
  const messages = JSON.parse(
    readFileSync(new URL(`../../apps/web/src/locales/${language}.json`, import.meta.url), 'utf8'),
  ) as unknown;
  const found = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], messages);
  expect(typeof found, `${language} ${path}`).toBe('string');
  return (found as string).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? `{{${name}}}`);
}
