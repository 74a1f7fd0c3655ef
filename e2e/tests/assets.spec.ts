import { expect, test, type Page } from '@playwright/test';
import { loginNewMember, seedFunds } from '../support/funds.ts';
import { expectToast } from '../support/journey.ts';

// Step 3: balances, transfer of income, quick exchange and the records they leave, against the
// real server. Each test registers its own member and seeds it through the development faucet.

/** Opens the assets page fresh (a reload shows what the server says now). */
async function openAssets(page: Page) {
  await page.goto('/#/pages/asset/index');
  await expect(page.getByTestId('asset-page')).toBeVisible();
}

async function seedStartingFunds(page: Page) {
  await seedFunds(page, { asset: 'USDT', amount: '1000', bucket: 'available' });
  await seedFunds(page, { asset: 'USDT', amount: '50', bucket: 'income' });
}

test('a member transfers income, exchanges USDT for KPC and finds both in every record', async ({ page }) => {
  await loginNewMember(page, 'assets');
  await seedStartingFunds(page);

  // The assets page shows the seeded balances and the estimated total in USDT.
  await openAssets(page);
  await expect(page.getByTestId('asset-USDT-available')).toHaveText('1,000');
  await expect(page.getByTestId('asset-USDT-income')).toHaveText('50');
  await expect(page.getByTestId('asset-USDT-frozen')).toHaveText('0');
  await expect(page.getByTestId('asset-total')).toHaveText('1,050');
  await expect(page.getByTestId('asset-price')).toHaveText(/^\d/);

  // Transfer 20 USDT of released income into available.
  await page.getByTestId('asset-action-transfer').click();
  await expect(page.getByTestId('transfer-sheet')).toBeVisible();
  await expect(page.getByTestId('transfer-amount-balance')).toHaveText('Income funds 50 USDT');
  await page.getByTestId('transfer-amount-all').click();
  await expect(page.getByTestId('transfer-amount')).toHaveValue('50');
  await page.getByTestId('transfer-amount').fill('20');
  await expect(page.getByTestId('transfer-available-after')).toHaveText('1,020 USDT');
  await page.getByTestId('transfer-submit').click();
  await expectToast(page, 'Transfer Success');
  await expect(page.getByTestId('transfer-sheet')).toBeHidden();
  await expect(page.getByTestId('asset-USDT-available')).toHaveText('1,020');
  await expect(page.getByTestId('asset-USDT-income')).toHaveText('30');
  await expect(page.getByTestId('asset-total')).toHaveText('1,050');

  // Quote and confirm 100 USDT -> KPC.
  await page.getByTestId('asset-action-exchange').click();
  await expect(page.getByTestId('exchange-page')).toBeVisible();
  await expect(page.getByTestId('exchange-from')).toContainText('USDT');
  await expect(page.getByTestId('exchange-to')).toContainText('KPC');
  await expect(page.getByTestId('exchange-amount-balance')).toHaveText('Available 1,020 USDT');
  await page.getByTestId('exchange-amount').fill('100');
  await page.getByTestId('exchange-get-quote').click();
  await expect(page.getByTestId('exchange-quote')).toBeVisible();
  await expect(page.getByTestId('exchange-quote-rate')).toHaveText(/^1 USDT = [\d,.]+ KPC$/);
  await expect(page.getByTestId('exchange-quote-fee-rate')).toHaveText(/^[\d.]+%$/);
  await expect(page.getByTestId('exchange-quote-fee')).toHaveText(/^[\d,.]+ USDT$/);
  await expect(page.getByTestId('exchange-quote-countdown')).toHaveText(/Rate locked for \d+ s/);
  const received = ((await page.getByTestId('exchange-quote-received').textContent()) ?? '').replace(' KPC', '');
  expect(received).toMatch(/^[\d,.]+$/);
  const fee = (await page.getByTestId('exchange-quote-fee').textContent()) ?? '';

  // "Exchange" opens the review of the quoted terms; Cancel exchanges nothing.
  await page.getByTestId('exchange-submit').click();
  const review = page.getByTestId('exchange-review');
  await expect(review).toBeVisible();
  await expect(page.getByTestId('exchange-review-send')).toHaveText('100 USDT');
  await expect(page.getByTestId('exchange-review-receive')).toHaveText('KPC');
  await expect(page.getByTestId('exchange-review-rate')).toHaveText(/^1 USDT = [\d,.]+ KPC$/);
  await expect(page.getByTestId('exchange-review-fee')).toHaveText(fee);
  await expect(page.getByTestId('exchange-review-received')).toHaveText(`${received} KPC`);
  await expect(page.getByTestId('exchange-review-countdown')).toHaveText(/Rate locked for \d+ s/);
  await page.getByTestId('exchange-review-cancel').click();
  await expect(review).toBeHidden();
  await expect(page.getByTestId('exchange-amount-balance')).toHaveText('Available 1,020 USDT');

  // Confirm exchanges, and a receipt says what happened (no longer only a toast).
  await page.getByTestId('exchange-submit').click();
  await page.getByTestId('exchange-review-confirm').click();
  const receipt = page.getByTestId('exchange-receipt');
  await expect(receipt).toBeVisible();
  await expect(page.getByTestId('exchange-receipt-title')).toHaveText('Exchange Success');
  await expect(page.getByTestId('exchange-receipt-sent')).toHaveText('100 USDT');
  await expect(page.getByTestId('exchange-receipt-received')).toHaveText(`${received} KPC`);
  await expect(page.getByTestId('exchange-receipt-fee')).toContainText(fee);
  await expect(page.getByTestId('exchange-receipt-time')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await page.getByTestId('exchange-receipt-done').click();
  await expect(receipt).toBeHidden();
  // The form starts over for the next exchange, with the balance already lower.
  await expect(page.getByTestId('exchange-quote')).toBeHidden();
  await expect(page.getByTestId('exchange-amount')).toHaveValue('');
  await expect(page.getByTestId('exchange-amount-balance')).toHaveText('Available 920 USDT');

  // The KPC balance appears on the assets page.
  await page.getByTestId('nav-back').click();
  await expect(page.getByTestId('asset-card-KPC')).toBeVisible();
  await expect(page.getByTestId('asset-KPC-available')).toHaveText(received);
  await expect(page.getByTestId('asset-USDT-available')).toHaveText('920');

  // The asset flow shows every posting, and the asset filter narrows it.
  await page.getByTestId('asset-action-log').click();
  await expect(page.getByTestId('asset-log-page')).toBeVisible();
  const items = page.getByTestId('asset-log-item');
  await expect(items).toHaveCount(6);
  await expect(items.first()).toContainText('Exchange');
  await page.getByTestId('asset-log-filter-asset').click();
  await page.getByTestId('asset-log-filter-asset-KPC').click();
  await expect(items).toHaveCount(1);
  await expect(items.first().getByTestId('asset-log-item-amount')).toHaveText(`+${received} KPC`);
  await page.getByTestId('asset-log-filter-asset').click();
  await page.getByTestId('asset-log-filter-asset-USDT').click();
  await expect(items).toHaveCount(5);
  await expect(page.getByTestId('asset-log-item-asset')).toHaveText(Array(5).fill('USDT'));
  await page.getByTestId('asset-log-filter-type').click();
  await page.getByTestId('asset-log-filter-type-transfer').click();
  await expect(items).toHaveCount(2);
  // Income gives 20 and available takes them.
  expect((await page.getByTestId('asset-log-item-amount').allTextContents()).sort()).toEqual(['+20 USDT', '-20 USDT']);
  await expect(page.getByTestId('asset-log-list-end')).toBeVisible();

  // Financial records: the exchange and the transfer.
  await page.getByTestId('nav-back').click();
  await page.getByTestId('asset-action-history').click();
  await expect(page.getByTestId('asset-history-page')).toBeVisible();
  await expect(page.getByTestId('history-item-exchange')).toContainText(`100 USDT → ${received} KPC`);
  await expect(page.getByTestId('history-item-transfer')).toContainText('20 USDT');
  await expect(page.getByTestId('history-item-transfer')).toContainText('Completed');
  await page.getByTestId('history-filter-kind').click();
  await page.getByTestId('history-filter-kind-transfer').click();
  await expect(page.getByTestId('history-item-exchange')).toHaveCount(0);
  await expect(page.getByTestId('history-item-transfer')).toHaveCount(1);

  // The exchange log.
  await page.goto('/#/pages/exchange/log');
  await expect(page.getByTestId('exchange-log-item')).toHaveCount(1);
  await expect(page.getByTestId('exchange-log-item-sent')).toHaveText('100 USDT');
  await expect(page.getByTestId('exchange-log-item-received')).toHaveText(`${received} KPC`);
});

test('Home tiles open the transfer sheet, the exchange and the asset flow; amounts are checked first', async ({
  page,
}) => {
  await loginNewMember(page, 'tiles');
  await seedStartingFunds(page);
  await page.getByTestId('tab-home').click();
  await expect(page.getByTestId('home-total-assets-value')).toHaveText('1,050');

  await page.getByTestId('home-tile-transfer').click();
  await expect(page.getByTestId('asset-page')).toBeVisible();
  await expect(page.getByTestId('transfer-sheet')).toBeVisible();

  // Client-side rules, in the member's language, before anything is sent.
  await page.getByTestId('transfer-submit').click();
  await expect(page.getByTestId('transfer-amount-error')).toHaveText('Enter amount');
  await page.getByTestId('transfer-amount').fill('1.1234567');
  await expect(page.getByTestId('transfer-amount-error')).toHaveText('At most 6 decimal places');
  await page.getByTestId('transfer-amount').fill('50.000001');
  await expect(page.getByTestId('transfer-amount-error')).toHaveText('Insufficient balance');
  await page.getByTestId('transfer-cancel').click();
  await expect(page.getByTestId('transfer-sheet')).toBeHidden();
  // Closing the sheet forgets `?action=transfer`: a reload does not reopen it.
  await expect(page).not.toHaveURL(/action=transfer/);
  await page.reload();
  await expect(page.getByTestId('asset-page')).toBeVisible();
  await expect(page.getByTestId('transfer-sheet')).toHaveCount(0);

  await page.getByTestId('nav-back').click();
  await page.getByTestId('home-tile-exchange').click();
  await expect(page.getByTestId('exchange-page')).toBeVisible();
  // Below the pair's minimum of USDT -> KPC.
  await page.getByTestId('exchange-amount').fill('0.5');
  await page.getByTestId('exchange-get-quote').click();
  await expect(page.getByTestId('exchange-amount-error')).toHaveText(/^The minimum amount is [\d.]+ USDT$/);
  await expect(page.getByTestId('exchange-quote')).toHaveCount(0);

  await page.getByTestId('nav-back').click();
  await page.getByTestId('home-tile-asset-flow').click();
  await expect(page.getByTestId('asset-log-page')).toBeVisible();
  await expect(page.getByTestId('asset-log-item')).toHaveCount(2);
});

test('an expired quote asks for a new one, by the countdown or by the server', async ({ page }) => {
  await page.clock.install();
  await loginNewMember(page, 'requote');
  await seedStartingFunds(page);
  await page.goto('/#/pages/exchange/index');
  await expect(page.getByTestId('exchange-amount-balance')).toHaveText('Available 1,000 USDT');
  await page.getByTestId('exchange-amount-all').click();
  await expect(page.getByTestId('exchange-amount')).toHaveValue('1000');
  await page.getByTestId('exchange-get-quote').click();
  await expect(page.getByTestId('exchange-quote-countdown')).toBeVisible();

  // The rate holds for the quote's time; then Exchange gives way to Requote.
  await page.clock.fastForward('00:45');
  await expect(page.getByTestId('exchange-quote-expired')).toHaveText('The quote has expired. Get a new quote.');
  await expect(page.getByTestId('exchange-submit')).toHaveCount(0);
  await page.getByTestId('exchange-requote').click();
  await expect(page.getByTestId('exchange-quote-countdown')).toBeVisible();

  // It may run out while the member reviews it: the sheet says so and asks for a new quote there.
  await page.getByTestId('exchange-submit').click();
  await expect(page.getByTestId('exchange-review-countdown')).toBeVisible();
  await page.clock.fastForward('00:45');
  await expect(page.getByTestId('exchange-review-expired')).toHaveText('The quote has expired. Get a new quote.');
  await expect(page.getByTestId('exchange-review-confirm')).toHaveCount(0);
  await page.getByTestId('exchange-review-requote').click();
  await expect(page.getByTestId('exchange-review-countdown')).toHaveText(/Rate locked for \d+ s/);

  // The server may say so first (QUOTE_EXPIRED): the same state, no error toast.
  await page.route('**/api/exchange/confirm', (route) =>
    route.fulfill({ json: { code: 1204, msg: 'The quote has expired.', data: null } }),
  );
  await page.getByTestId('exchange-review-confirm').click();
  await expect(page.getByTestId('exchange-review-expired')).toBeVisible();
  await expect(page.locator('.adm-toast-main').filter({ hasText: 'The quote has expired.' })).toHaveCount(0);
  await page.unroute('**/api/exchange/confirm');
  await page.getByTestId('exchange-review-cancel').click();
  await expect(page.getByTestId('exchange-review')).toBeHidden();
  await expect(page.getByTestId('exchange-receipt')).toHaveCount(0);

  // Nothing was exchanged.
  await page.goto('/#/pages/asset/index');
  await expect(page.getByTestId('asset-USDT-available')).toHaveText('1,000');
  await expect(page.getByTestId('asset-card-KPC')).toBeVisible();
  await expect(page.getByTestId('asset-KPC-available')).toHaveText('0');
});

test('the asset pages need a login', async ({ page }) => {
  for (const path of ['/pages/asset/index', '/pages/asset/log', '/pages/asset/history', '/pages/exchange/index']) {
    await page.goto(`/#${path}`);
    await expect(page.getByTestId('login-page')).toBeVisible();
  }
});
