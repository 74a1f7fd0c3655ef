import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALE_CODES } from './locales.ts';

// Every visible string exists in all seven languages: each app's locale files share one key set.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const localeDirs = ['apps/web/src/locales', 'apps/server/src/locales'];

function flattenKeys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => flattenKeys(child, prefix ? `${prefix}.${key}` : key));
}

describe.each(localeDirs)('%s', (dir) => {
  const read = (code: string) => JSON.parse(readFileSync(join(root, dir, `${code}.json`), 'utf8')) as unknown;

  it('has a file for each of the seven languages and nothing else', () => {
    expect(readdirSync(join(root, dir)).sort()).toEqual(LOCALE_CODES.map((code) => `${code}.json`).sort());
  });

  it.each(LOCALE_CODES)('%s has exactly the English keys, none left empty', (code) => {
    const english = flattenKeys(read('en')).sort();
    const keys = flattenKeys(read(code)).sort();
    expect(keys).toEqual(english);
    const values = JSON.stringify(read(code));
    expect(values).not.toMatch(/:\s*""/);
  });

  it.each(LOCALE_CODES.filter((code) => code !== 'en'))('%s is translated, not an English copy', (code) => {
    expect(JSON.stringify(read(code))).not.toBe(JSON.stringify(read('en')));
  });
});

describe('validation messages of the shared schemas', () => {
  const schemaSource = readdirSync(join(root, 'packages/shared/src/schemas'))
    .filter((file) => file.endsWith('.ts'))
    .map((file) => readFileSync(join(root, 'packages/shared/src/schemas', file), 'utf8'))
    .join('\n');
  const keys = [...new Set(schemaSource.match(/validation\.\w+/g) ?? [])];

  it('are found', () => {
    expect(keys.length).toBeGreaterThan(5);
  });

  it.each(localeDirs)('all have an English message in %s', (dir) => {
    const english = new Set(flattenKeys(JSON.parse(readFileSync(join(root, dir, 'en.json'), 'utf8'))));
    expect(keys.filter((key) => !english.has(key))).toEqual([]);
  });
});
