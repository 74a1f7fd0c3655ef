import { expect, test, type Page } from '@playwright/test';
import { generatePrivateKey } from 'viem/accounts';
import { PASSWORD, registerThroughApi } from '../support/account.ts';
import { GENESIS_CODE } from '../support/constants.ts';
import { seedFunds } from '../support/funds.ts';
import { capture as captureScreen } from '../support/journey.ts';
import { installTestWallet } from '../support/test-wallet.ts';
import { waitForSheet } from '../support/sheet.ts';

// Screens at a phone's 390x844 in English and Chinese. Each is checked for horizontal overflow
// and saved as a PNG (under test-results, or docs/screenshots with SCREENSHOTS=docs) to look at.

/** The shared picture, once the page has stopped loading. */
async function capture(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await captureScreen(page, name);
}

for (const language of [
  { code: 'en', alias: 'en_US', login: 'Log in' },
  { code: 'zh-Hans', alias: 'zh_CN', login: '登录' },
]) {
  test(`screens in ${language.code}`, async ({ page }) => {
    // Some thirty screens: 50 s alone, more beside another shard on two cores.
    test.setTimeout(180_000);
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

    // Step 4 deposit: the channels, the wallet detail with a deposit in each state, the transfer
    // address with its QR code, and Accelerate.
    const depositBase = {
      chainId: 31337,
      network: 'Local test network',
      method: 'wallet',
      asset: 'USDT',
      required: 20,
    };
    const deposits = [
      { id: '3', txHash: `0x${'3c'.repeat(32)}`, amount: '12.5', status: 'pending', confirmations: 7 },
      { id: '2', txHash: `0x${'4d'.repeat(32)}`, amount: '100', status: 'credited', confirmations: 20 },
      { id: '1', txHash: `0x${'6f'.repeat(32)}`, amount: '2', status: 'below_minimum', confirmations: 20 },
    ].map((deposit) => ({ ...depositBase, ...deposit, createdAt: '2026-01-02T08:30:00.000Z' }));
    await page.route('**/api/recharge/pending', (route) =>
      route.fulfill({ json: { code: 200, msg: 'success', data: { list: deposits } } }),
    );
    await page.goto('/#/pages/asset/recharge');
    await expect(page.getByTestId('recharge-channel-31337-wallet')).toBeVisible();
    await capture(page, `${language.code}-recharge-channels`);
    await page.getByTestId('recharge-channel-31337-wallet').click();
    await expect(page.getByTestId('recharge-amount-balance')).toContainText('0 USDT');
    await expect(page.getByTestId('recharge-deposit-row')).toHaveCount(3);
    await capture(page, `${language.code}-recharge-wallet`);
    await page.getByTestId('recharge-change').click();
    await page.getByTestId('recharge-channel-31337-transfer').click();
    await expect(page.getByTestId('recharge-address-qr')).toBeVisible();
    await capture(page, `${language.code}-recharge-transfer`);
    await page.getByTestId('recharge-accelerate-link').click();
    await waitForSheet(page);
    await capture(page, `${language.code}-recharge-accelerate`);
    await page.unroute('**/api/recharge/pending');
    await page.goto('/#/pages/mine/index');
    await expect(page.getByTestId('mine-page')).toBeVisible();

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
    // The review of the quoted terms before anything is exchanged.
    await page.getByTestId('exchange-submit').click();
    await waitForSheet(page);
    await expect(page.getByTestId('exchange-review-send')).toHaveText('100 USDT');
    await expect(page.getByTestId('exchange-review-countdown')).toBeVisible();
    await capture(page, `${language.code}-exchange-review`);
    // The server's QUOTE_EXPIRED shows the "get a new quote" state in the review.
    await page.route('**/api/exchange/confirm', (route) =>
      route.fulfill({ json: { code: 1204, msg: 'expired', data: null } }),
    );
    await page.getByTestId('exchange-review-confirm').click();
    await expect(page.getByTestId('exchange-review-requote')).toBeVisible();
    await capture(page, `${language.code}-exchange-expired`);
    await page.unroute('**/api/exchange/confirm');
    await page.getByTestId('exchange-review-requote').click();
    await page.getByTestId('exchange-review-confirm').click();
    // The receipt, once the review has slid away.
    await expect(page.getByTestId('exchange-receipt')).toBeVisible();
    await expect(page.getByTestId('exchange-review')).toHaveCount(0);
    await waitForSheet(page);
    await expect(page.getByTestId('exchange-receipt-sent')).toHaveText('100 USDT');
    await capture(page, `${language.code}-exchange-receipt`);
    await page.getByTestId('exchange-receipt-done').click();
    await expect(page.getByTestId('exchange-receipt')).toBeHidden();
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

    // Step 4 withdraw: the filled form with its fee preview, then the notes.
    await page.goto('/#/pages/asset/withdraw');
    await expect(page.getByTestId('withdraw-amount-balance')).toContainText('920');
    await page.getByTestId('withdraw-use-wallet').click();
    await page.getByTestId('withdraw-amount').fill('20');
    await page.getByTestId('withdraw-code').fill('123456');
    await expect(page.getByTestId('withdraw-summary-received')).toHaveText('20 USDT');
    // The whole address shows in the field, wrapped.
    const address = await page.getByTestId('withdraw-address').inputValue();
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await capture(page, `${language.code}-withdraw`);
    // The review: network, the whole address, amount, fee and what arrives; Cancel sends nothing.
    await page.getByTestId('withdraw-submit').click();
    await waitForSheet(page);
    await expect(page.getByTestId('withdraw-review-address')).toHaveText(address);
    await expect(page.getByTestId('withdraw-review-received')).toHaveText('20 USDT');
    await capture(page, `${language.code}-withdraw-review`);
    await page.getByTestId('withdraw-review-cancel').click();
    await expect(page.getByTestId('withdraw-review')).toHaveCount(0);
    await page.getByTestId('withdraw-notes').scrollIntoViewIfNeeded();
    await capture(page, `${language.code}-withdraw-notes`);

    // An account without an email sees why it cannot withdraw (shown here by the channels answer).
    await page.route('**/api/withdraw/channels', async (route) => {
      const body = await (await route.fetch()).json();
      await route.fulfill({ json: { ...body, data: { ...body.data, email: null } } });
    });
    await page.reload();
    await expect(page.getByTestId('withdraw-email-required')).toBeVisible();
    await capture(page, `${language.code}-withdraw-no-email`);
    await page.unroute('**/api/withdraw/channels');

    // Deposits and withdrawals in financial records, one row per state.
    const chainRecord = { asset: 'USDT', toAsset: null, toAmount: null, createdAt: '2026-01-02T08:30:00.000Z' };
    const hash = `0x${'5e'.repeat(30)}a1b2`;
    const payout = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
    const chainRecords = [
      {
        id: '1',
        kind: 'deposit',
        status: 'completed',
        amount: '250',
        fee: null,
        network: 'BSC',
        txHash: hash,
        address: null,
      },
      ...['submitted', 'confirming', 'completed', 'rejected', 'failed'].map((status, index) => ({
        id: String(index + 2),
        kind: 'withdraw',
        status,
        amount: '20',
        fee: '1',
        network: 'Polygon',
        txHash: status === 'confirming' || status === 'completed' ? hash : null,
        address: payout,
      })),
    ].map((record) => ({ ...chainRecord, ...record }));
    await page.route('**/api/ass/history', (route) =>
      route.fulfill({ json: { code: 200, msg: 'success', data: { list: chainRecords, nextCursor: null } } }),
    );
    await page.goto('/#/pages/asset/history');
    await expect(page.getByTestId('history-item-withdraw')).toHaveCount(5);
    await capture(page, `${language.code}-asset-history-chain`);
    await page.unroute('**/api/ass/history');
  });
}
