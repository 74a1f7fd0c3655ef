import { expect, test } from '@playwright/test';
import { fill, loginThroughUi, PASSWORD, registerThroughUi, uniqueEmail } from '../support/account.ts';
import { GENESIS_CODE } from '../support/constants.ts';
import { readCodeFromMail } from '../support/mail.ts';

test('an invited newcomer registers, logs in, finds Mine, switches to 中文 and back, and logs out', async ({
  page,
}) => {
  const email = uniqueEmail('newcomer');
  await page.goto(`/#/pages/home/index?inviteCode=${GENESIS_CODE}`);
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.getByTestId('home-register').click();

  // The invitation code came with the link and is pre-filled (SPEC §4).
  await expect(page.getByTestId('register-invite-code')).toHaveValue(GENESIS_CODE);
  await registerThroughUi(page, email, null);

  // Registered: on to login with the email filled in.
  await expect(page.getByTestId('login-page')).toBeVisible();
  await expect(page.getByTestId('login-email')).toHaveValue(email);
  await fill(page, 'login-password', PASSWORD);
  await page.getByTestId('login-submit').click();

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
  await registerThroughUi(page, email, GENESIS_CODE);
  await expect(page.getByTestId('login-page')).toBeVisible();

  await page.goto('/#/pages/card/list');
  await expect(page).toHaveURL(/#\/pages\/login\/index/);
  await expect(page.getByTestId('login-page')).toBeVisible();
  await loginThroughUi(page, email);
  await expect(page.getByTestId('card-list-page')).toBeVisible();
  await expect(page.getByTestId('card-list-empty')).toBeVisible();
});

test('a wrong password shows the message and keeps the member logged out', async ({ page }) => {
  const email = uniqueEmail('wrongpw');
  await registerThroughUi(page, email, GENESIS_CODE);
  await expect(page.getByTestId('login-page')).toBeVisible();
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

test('forgot password: a code from the mail sets a new password that logs in', async ({ page }) => {
  const email = uniqueEmail('forgot');
  await registerThroughUi(page, email, GENESIS_CODE);
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
  await loginThroughUi(page, email, 'the new passphrase');
  await expect(page.getByTestId('login-page')).toBeHidden();
});
