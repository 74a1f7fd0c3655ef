import { expect, type Page } from '@playwright/test';
import { GENESIS_CODE } from './constants.ts';
import { loginThroughUi, registerThroughApi, uniqueEmail } from './account.ts';

/** Registers a new email member through the API and logs in through the login page. */
export async function loginNewMember(page: Page, label: string): Promise<string> {
  const email = uniqueEmail(label);
  await registerThroughApi(page.request, email, GENESIS_CODE);
  await page.goto('/#/pages/login/index');
  await loginThroughUi(page, email);
  // Logging in lands on Home (Step 4d); Mine is one tab away.
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.getByTestId('tab-mine').click();
  await expect(page.getByTestId('mine-page')).toBeVisible();
  return email;
}

/** The logged-in member's session token, as the app keeps it (SPEC §3 user store under `kpc:user`). */
export async function readToken(page: Page): Promise<string> {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('kpc:user') ?? '{}') as { state?: { token?: string } }).state?.token,
  );
  expect(token, 'the member is logged in').toBeTruthy();
  return token ?? '';
}

/**
 * Credits the logged-in member with test funds through the development faucet (`/api/dev/faucet`,
 * a ledger entry of type dev_faucet; absent in production). Never part of the app itself.
 */
export async function seedFunds(
  page: Page,
  funds: { asset: string; amount: string; bucket: 'available' | 'income' },
): Promise<void> {
  const response = await page.request.post('/api/dev/faucet', {
    headers: { 'content-type': 'application/json', token: await readToken(page), language: 'en_US' },
    data: funds,
  });
  expect(response.status()).toBe(200);
  expect((await response.json()).code).toBe(200);
}
