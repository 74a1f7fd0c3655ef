import { COUNTRY_CODES } from '@kpc/shared';

export interface Country {
  code: string;
  name: string;
}

/**
 * The name of an ISO 3166-1 alpha-2 region in the interface language (the browser's own CLDR data,
 * no table to translate by hand); the code itself where the browser has no name for it.
 */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Every assigned country, by name in the interface language, for a nationality or an address. */
export function sortedCountries(locale: string): Country[] {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(locale);
  return [...COUNTRY_CODES]
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => collator.compare(a.name, b.name));
}
