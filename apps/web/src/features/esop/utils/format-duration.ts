/**
 * "6 months", "6 个月", "6 месяцев": a count with its unit in the member's language, plural forms
 * included, from the browser's own data (Intl), so the rules need no plural keys per language.
 */
export function formatDuration(count: number, unit: 'month' | 'day', locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(count);
  } catch {
    return `${count} ${unit}`;
  }
}
