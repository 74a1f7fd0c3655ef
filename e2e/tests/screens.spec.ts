import { expect, test, type Page } from '@playwright/test';
import { GENESIS_CODE } from '../support/constants.ts';
import { readCodeFromMail } from '../support/mail.ts';

// Screens at a phone's 390x844 in English and Chinese. Each is checked for horizontal overflow
// and saved as a PNG (under test-results, or docs/screenshots with SCREENSHOTS=docs) to look at.
const directory = process.env.SCREENSHOTS === 'docs' ? '../docs/screenshots' : 'test-results/screenshots';
const PASSWORD = 'screens passphrase 2026';

async function expectNothingCutOff(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'page is wider than the phone').toBeLessThanOrEqual(0);
}

async function capture(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await expectNothingCutOff(page);
  await page.screenshot({ path: `${directory}/${name}.png` });
}

for (const language of [
  { code: 'en', alias: 'en_US', login: 'Log in' },
  { code: 'zh-Hans', alias: 'zh_CN', login: '登录' },
]) {
  test(`screens in ${language.code}`, async ({ page }) => {
    await page.addInitScript((code) => {
      if (!localStorage.getItem('kpc:language')) localStorage.setItem('kpc:language', code);
    }, language.code);

    await page.goto('/#/pages/login/index');
    await expect(page.getByTestId('login-submit')).toContainText(language.login);
    await capture(page, `${language.code}-login`);

    await page.goto(`/#/pages/register/index?inviteCode=${GENESIS_CODE}`);
    await expect(page.getByTestId('register-page')).toBeVisible();
    await capture(page, `${language.code}-register`);

    await page.goto('/#/pages/home/index');
    await expect(page.getByTestId('home-page')).toBeVisible();
    await capture(page, `${language.code}-home`);

    await page.goto('/#/pages/term/user');
    await expect(page.getByTestId('terms-title')).toBeVisible();
    await capture(page, `${language.code}-terms`);

    // A member, to see Mine.
    const email = `screens.${language.code}.${Date.now()}@example.com`;
    const api = page.request;
    const headers = { 'content-type': 'application/json', language: language.alias };
    await api.post('/api/acc/sendCode', { headers, data: { email, purpose: 'register' } });
    const code = await readCodeFromMail(email, /./);
    const registered = await api.post('/api/acc/register', {
      headers,
      data: { email, password: PASSWORD, confirmPassword: PASSWORD, code, inviteCode: GENESIS_CODE, agreed: true },
    });
    expect((await registered.json()).code).toBe(200);
    await page.goto('/#/pages/login/index');
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('tab-mine').click();
    await expect(page.getByTestId('mine-page')).toBeVisible();
    await expect(page.getByTestId('mine-invite-code')).toContainText(/[A-Z2-9]{8}/);
    // Let the "logged in" toast go, so the picture shows the page itself.
    await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
    await capture(page, `${language.code}-mine`);
  });
}
