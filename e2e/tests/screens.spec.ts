import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { generatePrivateKey } from 'viem/accounts';
import { PASSWORD, registerThroughApi } from '../support/account.ts';
import { GENESIS_CODE } from '../support/constants.ts';
import { seedFunds } from '../support/funds.ts';
import { installTestWallet } from '../support/test-wallet.ts';

// Screens at a phone's 390x844 in English and Chinese. Each is checked for horizontal overflow
// and saved as a PNG (under test-results, or docs/screenshots with SCREENSHOTS=docs) to look at.
const directory = fileURLToPath(
  new URL(
    process.env.SCREENSHOTS === 'docs' ? '../../docs/screenshots/' : '../test-results/screenshots/',
    import.meta.url,
  ),
);

async function expectNothingCutOff(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'page is wider than the phone').toBeLessThanOrEqual(0);
}

/** Waits until a bottom sheet has slid all the way up. */
async function waitForSheet(page: Page) {
  const sheet = page.locator('.adm-popup-body.sheet');
  await expect(sheet).toBeVisible();
  await expect
    .poll(async () => {
      const box = await sheet.boundingBox();
      return box ? Math.round(box.y + box.height) : 0;
    })
    .toBe(page.viewportSize()?.height);
}

/** Waits until no toast covers the page, so the picture shows the page itself. */
async function waitForToastsToGo(page: Page) {
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
}

async function capture(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await waitForToastsToGo(page);
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

    await installTestWallet(page, { privateKey: generatePrivateKey() });

    await page.goto('/#/pages/login/index');
    await expect(page.getByTestId('login-submit')).toContainText(language.login);
    await expect(page.getByTestId('login-wallet')).toBeInViewport();
    await capture(page, `${language.code}-login`);

    // A new wallet with no invitation remembered yet is asked for its inviter.
    await page.getByTestId('login-wallet').click();
    await expect(page.getByTestId('wallet-invite-input')).toBeVisible();
    await waitForSheet(page);
    await capture(page, `${language.code}-wallet-invite`);
    await page.getByTestId('wallet-invite-cancel').click();
    await expect(page.getByTestId('wallet-invite-popup')).toBeHidden();

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
    await registerThroughApi(page.request, email, GENESIS_CODE, language.alias);
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

    await page.getByTestId('mine-wallet').click();
    await waitForSheet(page);
    // Connected already by the wallet login above, unless a reload came in between.
    if ((await page.getByTestId('bind-wallet-account').count()) === 0) {
      await page.getByTestId('bind-wallet-connect').click();
    }
    await expect(page.getByTestId('bind-wallet-account')).toBeVisible();
    await capture(page, `${language.code}-bind-wallet`);

    await page.getByTestId('bind-wallet-submit').click();
    await expect(page.getByTestId('mine-wallet-address')).toBeVisible();
    await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
    await expect(page.getByTestId('bind-wallet-popup')).toBeHidden();
    await capture(page, `${language.code}-mine-wallet`);

    // Step 3: assets, transfer, quick exchange and the records they leave.
    await seedFunds(page, { asset: 'USDT', amount: '1000', bucket: 'available' });
    await seedFunds(page, { asset: 'USDT', amount: '50.5', bucket: 'income' });
    await page.getByTestId('tab-home').click();
    await expect(page.getByTestId('home-total-assets-value')).toHaveText('1,050.5');
    await capture(page, `${language.code}-home-member`);

    await page.getByTestId('home-tile-assets').click();
    await expect(page.getByTestId('asset-USDT-available')).toHaveText('1,000');
    await capture(page, `${language.code}-assets`);

    await page.getByTestId('asset-action-transfer').click();
    await waitForSheet(page);
    await page.getByTestId('transfer-amount').fill('20');
    await capture(page, `${language.code}-transfer`);
    await page.getByTestId('transfer-amount').fill('20.1234567');
    await expect(page.getByTestId('transfer-amount-error')).toBeVisible();
    await capture(page, `${language.code}-transfer-error`);
    await page.getByTestId('transfer-amount').fill('20');
    await page.getByTestId('transfer-submit').click();
    await expect(page.getByTestId('transfer-sheet')).toBeHidden();
    await expect(page.getByTestId('asset-USDT-available')).toHaveText('1,020');

    await page.getByTestId('asset-action-exchange').click();
    await expect(page.getByTestId('exchange-amount-balance')).toContainText('1,020');
    await page.getByTestId('exchange-amount').fill('100');
    await page.getByTestId('exchange-get-quote').click();
    await expect(page.getByTestId('exchange-quote-countdown')).toBeVisible();
    await capture(page, `${language.code}-exchange-quote`);
    // The server's QUOTE_EXPIRED shows the "get a new quote" state.
    await page.route('**/api/exchange/confirm', (route) =>
      route.fulfill({ json: { code: 1204, msg: 'expired', data: null } }),
    );
    await page.getByTestId('exchange-confirm').click();
    await expect(page.getByTestId('exchange-requote')).toBeVisible();
    await capture(page, `${language.code}-exchange-expired`);
    await page.unroute('**/api/exchange/confirm');
    await page.getByTestId('exchange-requote').click();
    await page.getByTestId('exchange-confirm').click();
    await expect(page.getByTestId('exchange-quote')).toBeHidden();
    await capture(page, `${language.code}-exchange`);

    await page.getByTestId('exchange-log-link').click();
    await expect(page.getByTestId('exchange-log-item')).toHaveCount(1);
    await capture(page, `${language.code}-exchange-log`);

    await page.goto('/#/pages/asset/index');
    await expect(page.getByTestId('asset-card-KPC')).toBeVisible();
    await expect(page.getByTestId('asset-USDT-available')).toHaveText('920');
    await capture(page, `${language.code}-assets-after`);

    await page.getByTestId('asset-action-log').click();
    await expect(page.getByTestId('asset-log-item')).toHaveCount(6);
    await capture(page, `${language.code}-asset-log`);
    await page.getByTestId('asset-log-filter-type').click();
    // The options slide down: wait until they stand still.
    const firstOption = page.getByTestId('asset-log-filter-type-all');
    let lastTop = Number.NaN;
    await expect
      .poll(
        async () => {
          const top = (await firstOption.boundingBox())?.y ?? Number.NaN;
          const isSettled = top === lastTop;
          lastTop = top;
          return isSettled;
        },
        { intervals: [100] },
      )
      .toBe(true);
    await capture(page, `${language.code}-asset-log-filter`);
    await page.getByTestId('asset-log-filter-type-transfer').click();
    await expect(page.getByTestId('asset-log-item')).toHaveCount(2);

    await page.goto('/#/pages/asset/history');
    await expect(page.getByTestId('history-item-exchange')).toBeVisible();
    await capture(page, `${language.code}-asset-history`);
  });
}
