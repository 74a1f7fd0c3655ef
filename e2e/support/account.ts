import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { readCodeFromMail } from './mail.ts';

export const PASSWORD = 'journey passphrase 2026';

/** An email no other test (or earlier run against the same server) uses. */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Types into an antd-mobile input found by its test id (the id sits on the <input> itself). */
export async function fill(page: Page, testId: string, value: string): Promise<void> {
  await page.getByTestId(testId).fill(value);
}

/** Registers through the register page, reading the code from the delivered mail. */
export async function registerThroughUi(page: Page, email: string, inviteCode: string | null): Promise<void> {
  await page.goto(inviteCode ? `/#/pages/register/index?inviteCode=${inviteCode}` : '/#/pages/register/index');
  await expect(page.getByTestId('register-page')).toBeVisible();
  await fill(page, 'register-email', email);
  await page.getByTestId('register-code-button').click();
  await expect(page.getByTestId('register-code-button')).toContainText(/\d+/);
  // The mail is in the page's language (English or Chinese in the journeys).
  const code = await readCodeFromMail(email, /registration code|注册验证码/);
  await fill(page, 'register-password', PASSWORD);
  await fill(page, 'register-confirm-password', PASSWORD);
  await fill(page, 'register-code', code);
  await page.getByTestId('register-agreement').click();
  await page.getByTestId('register-submit').click();
}

/** Registers through the API, for tests about what comes after registering. */
export async function registerThroughApi(
  api: APIRequestContext,
  email: string,
  inviteCode: string,
  language = 'en_US',
): Promise<void> {
  const headers = { 'content-type': 'application/json', language };
  await api.post('/api/acc/sendCode', { headers, data: { email, purpose: 'register' } });
  const code = await readCodeFromMail(email, /./);
  const registered = await api.post('/api/acc/register', {
    headers,
    data: { email, password: PASSWORD, confirmPassword: PASSWORD, code, inviteCode, agreed: true },
  });
  expect((await registered.json()).code).toBe(200);
}

/** Fills and submits the login page, which must be showing. */
export async function loginThroughUi(page: Page, email: string, password = PASSWORD): Promise<void> {
  await expect(page.getByTestId('login-page')).toBeVisible();
  await fill(page, 'login-email', email);
  await fill(page, 'login-password', password);
  await page.getByTestId('login-submit').click();
}
