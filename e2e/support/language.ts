import type { Page } from '@playwright/test';

/** Opens the app in `language` unless the member already chose one in this browser (a reload keeps their choice). */
export async function useLanguage(page: Page, language: string) {
  await page.addInitScript((code) => {
    if (!localStorage.getItem('kpc:language')) localStorage.setItem('kpc:language', code);
  }, language);
}
