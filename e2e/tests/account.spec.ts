import { expect, test, type Page } from '@playwright/test';
import {
  fill,
  loginThroughUi,
  PASSWORD,
  registerThroughApi,
  registerThroughUi,
  uniqueEmail,
} from '../support/account.ts';
import { GENESIS_CODE } from '../support/constants.ts';
import { readCodeFromMail } from '../support/mail.ts';

/** Fills and submits the register page, which must be showing, with the invitation already filled in. */
async function registerOnThisPage(page: Page, email: string): Promise<void> {
  await expect(page.getByTestId('register-page')).toBeVisible();
  await fill(page, 'register-email', email);
  await page.getByTestId('register-code-button').click();
  const code = await readCodeFromMail(email, /registration code/);
  await fill(page, 'register-password', PASSWORD);
  await fill(page, 'register-confirm-password', PASSWORD);
  await fill(page, 'register-code', code);
  await page.getByTestId('register-agreement').click();
  await page.getByTestId('register-submit').click();
}

/** The member's session token as the app keeps it (SPEC §3 user store under `kpc:user`), or ''. */
async function storedToken(page: Page): Promise<string> {
  return page.evaluate(
    () => (JSON.parse(localStorage.getItem('kpc:user') ?? '{}') as { state?: { token?: string } }).state?.token ?? '',
  );
}

test('an invited newcomer registers, lands logged in on Home, finds Mine, switches to 中文 and back, and logs out', async ({
  page,
}) => {
  const email = uniqueEmail('newcomer');
  await page.goto(`/#/pages/home/index?inviteCode=${GENESIS_CODE}`);
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.getByTestId('home-register').click();

  // The invitation code came with the link and is pre-filled (SPEC §4).
  await expect(page.getByTestId('register-invite-code')).toHaveValue(GENESIS_CODE);
  await registerThroughUi(page, email, null);

  // Registered is logged in: Home, with no password to type again.
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(page).toHaveURL(/#\/pages\/home\/index/);
  await expect(page.getByText('Registration successful. Welcome to KPC!')).toBeVisible();
  expect(await storedToken(page)).not.toBe('');
  await expect(page.getByTestId('home-login')).toHaveCount(0);

  await page.getByTestId('tab-mine').click();
  await expect(page.getByTestId('mine-page')).toBeVisible();
  await expect(page.getByTestId('mine-identity')).toContainText(email.slice(0, 1));
  await expect(page.getByTestId('mine-invite-code')).toContainText(/[A-Z2-9]{8}/);
  await expect(page.getByTestId('mine-level')).toBeVisible();

  await page.getByTestId('mine-switch-language').click();
  await page.getByTestId('language-option-zh-Hans').click();
  await expect(page.getByTestId('mine-logout')).toContainText('退出登录');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
  await page.reload();
  await expect(page.getByTestId('mine-logout')).toContainText('退出登录');

  await page.getByTestId('mine-switch-language').click();
  await page.getByTestId('language-option-en').click();
  await expect(page.getByTestId('mine-logout')).toContainText('Log out');

  await page.getByTestId('mine-logout').click();
  await expect(page.getByText('Are you sure to log out?')).toBeVisible();
  await page.getByTestId('logout-confirm').click();
  await expect(page.getByTestId('home-page')).toBeVisible();
  // Sent home keeping the invitation code (SPEC §4).
  expect(page.url()).toContain(`inviteCode=${GENESIS_CODE}`);

  // The session is really gone: Mine needs a login again.
  await page.goto('/#/pages/mine/index');
  await expect(page.getByTestId('login-page')).toBeVisible();
});

test('a login-required page redirects to login, then back after logging in', async ({ page }) => {
  const email = uniqueEmail('guarded');
  await registerThroughApi(page.request, email, GENESIS_CODE);

  await page.goto('/#/pages/card/list');
  await expect(page).toHaveURL(/#\/pages\/login\/index/);
  await expect(page.getByTestId('login-page')).toBeVisible();
  await loginThroughUi(page, email);
  await expect(page.getByTestId('card-list-page')).toBeVisible();
  await expect(page.getByTestId('card-list-empty')).toBeVisible();
});

test('a registration started from a login-required page lands on that page, logged in', async ({ page }) => {
  await page.goto(`/#/pages/home/index?inviteCode=${GENESIS_CODE}`);
  await page.goto('/#/pages/asset/recharge?channel=transfer');
  await expect(page.getByTestId('login-page')).toBeVisible();
  await page.getByTestId('login-register-link').click();
  // The invitation and the page asked for both come along.
  await expect(page).toHaveURL(/#\/pages\/register\/index\?redirect=%2Fpages%2Fasset%2Frecharge/);
  await expect(page.getByTestId('register-invite-code')).toHaveValue(GENESIS_CODE);
  await registerOnThisPage(page, uniqueEmail('redirected'));

  await expect(page.getByTestId('recharge-page')).toBeVisible();
  await expect(page).toHaveURL(/#\/pages\/asset\/recharge\?channel=transfer$/);
  expect(await storedToken(page)).not.toBe('');
});

test('a failed registration logs nobody in and stays on the form', async ({ page }) => {
  const email = uniqueEmail('failed');
  await page.goto(`/#/pages/register/index?inviteCode=${GENESIS_CODE}`);
  await fill(page, 'register-email', email);
  await fill(page, 'register-password', PASSWORD);
  await fill(page, 'register-confirm-password', PASSWORD);
  await fill(page, 'register-code', '000000');
  await page.getByTestId('register-agreement').click();
  await page.getByTestId('register-submit').click();
  await expect(page.locator('.adm-toast-main')).toContainText('verification code');
  await expect(page.getByTestId('register-page')).toBeVisible();
  expect(await storedToken(page)).toBe('');
});

test('a wrong password shows the message and keeps the member logged out', async ({ page }) => {
  const email = uniqueEmail('wrongpw');
  await registerThroughApi(page.request, email, GENESIS_CODE);
  await page.goto('/#/pages/login/index');
  await loginThroughUi(page, email, 'not the right password');
  await expect(page.getByText('Incorrect email or password.')).toBeVisible();
  await expect(page.getByTestId('login-page')).toBeVisible();
});

test('the register form shows the SPEC §5 messages before calling the server', async ({ page }) => {
  await page.goto('/#/pages/register/index');
  await page.getByTestId('register-submit').click();
  await expect(page.getByText('Please enter email', { exact: true })).toBeVisible();
  await expect(page.getByText('Enter invitation code', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/register/);
});

test('forgot password on the way to a page: the new password logs in and lands on that page', async ({ page }) => {
  const email = uniqueEmail('forgot');
  await registerThroughApi(page.request, email, GENESIS_CODE);
  await page.goto('/#/pages/card/list');
  await expect(page.getByTestId('login-page')).toBeVisible();
  await page.getByTestId('login-forgot-password').click();
  await expect(page.getByTestId('change-password-page')).toBeVisible();
  await fill(page, 'change-password-email', email);
  await page.getByTestId('change-password-code-button').click();
  const code = await readCodeFromMail(email, /password reset code/);
  await fill(page, 'change-password-code', code);
  await fill(page, 'change-password-new', 'the new passphrase');
  await fill(page, 'change-password-confirm', 'the new passphrase');
  await page.getByTestId('change-password-submit').click();
  await expect(page.getByTestId('login-email')).toHaveValue(email);
  await loginThroughUi(page, email, 'the new passphrase');
  await expect(page.getByTestId('card-list-page')).toBeVisible();
});
