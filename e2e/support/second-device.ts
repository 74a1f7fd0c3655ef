import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { loginThroughUi } from './account.ts';
import { useLanguage } from './language.ts';

/** The other device of the security journeys: a phone, so its session reads differently from the desktop's. */
export const PHONE_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/**
 * The same member signed in on a phone: another browser context (its own storage, its own
 * session) at 390x844, logged in through the login screen. The caller closes `context`.
 */
export async function signInOnPhone(
  browser: Browser,
  baseURL: string | undefined,
  language: string,
  email: string,
): Promise<{ context: BrowserContext; phone: Page }> {
  const context = await browser.newContext({
    ...(baseURL ? { baseURL } : {}),
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    hasTouch: true,
    colorScheme: 'dark',
    userAgent: PHONE_USER_AGENT,
  });
  try {
    const phone = await context.newPage();
    await useLanguage(phone, language);
    await phone.goto('/#/pages/login/index');
    await loginThroughUi(phone, email);
    await expect(phone.getByTestId('home-page')).toBeVisible();
    return { context, phone };
  } catch (error) {
    await context.close();
    throw error;
  }
}
