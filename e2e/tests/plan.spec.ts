import { expect, test, type Page } from '@playwright/test';
import { loginNewMember, readToken, seedFunds } from '../support/funds.ts';
import { capture, expectTapTarget } from '../support/journey.ts';
import { waitForSheet } from '../support/sheet.ts';

// Issue 10 part 1 (SPEC §3 "Investment plan order"): a funded member joins Starter (seeded in
// migration 0007: 100–10,000 USDT, coefficient 1.5, phases 0.35/0.40/0.45/0.50 % a day) with
// 1,000 USDT, moves the development clock 1 day with the page's own panel, then 1 and 29 more, and
// watches the released income, phase 2 and the log's rows arrive without a reload, and the income
// on Assets. Screens saved in English and Chinese.

/** Moves the plans' clock forward and runs the release engine (`/api/dev/clock/advance`, development only). */
async function advanceClock(page: Page, days: number) {
  const response = await page.request.post('/api/dev/clock/advance', {
    headers: { 'content-type': 'application/json', token: await readToken(page), language: 'en_US' },
    data: { days },
  });
  expect(response.status()).toBe(200);
  expect((await response.json()).code).toBe(200);
}

/** The member comes back to the app (the window regains focus): open plan pages ask again at once. */
async function returnToApp(page: Page) {
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
}

test('a member joins Starter with 1,000 USDT and watches releases arrive without a reload', async ({ page }) => {
  test.setTimeout(120_000);
  // Lets the test move the page's own 30 s refresh forward; time otherwise runs as usual.
  await page.clock.install();
  await loginNewMember(page, 'plan');
  await seedFunds(page, { asset: 'USDT', amount: '12000', bucket: 'available' });

  await page.getByTestId('tab-home').click();
  await page.getByTestId('home-tile-investment-plan').click();
  await expect(page.getByTestId('plan-page')).toBeVisible();
  await expect(page.getByTestId('plan-orders-empty')).toBeVisible();

  // The products from the live configuration, Starter chosen with a check mark.
  await expect(page.getByTestId('plan-product-advanced')).toContainText('Advanced');
  await page.getByTestId('plan-product-starter').click();
  await expect(page.getByTestId('plan-product-starter').locator('.asset-selector__check')).toBeVisible();
  await expect(page.getByTestId('plan-terms-range')).toHaveText('100–10,000 USDT');
  await expect(page.getByTestId('plan-terms-coefficient')).toHaveText('×1.5');
  await expect(page.getByTestId('plan-terms-phase-1')).toContainText('0.35% a day');
  await expect(page.getByTestId('plan-terms-phase-4')).toContainText('0.5% a day');
  await expect(page.getByTestId('plan-amount-balance')).toHaveText('Available 12,000 USDT');
  await capture(page, 'en-plan');

  // The product's bounds, in the app's own words, before anything is sent.
  await page.getByTestId('plan-amount').fill('50');
  await page.getByTestId('plan-join-submit').click();
  await expect(page.getByTestId('plan-amount-error')).toHaveText('The minimum amount is 100 USDT');
  await page.getByTestId('plan-amount-all').click();
  await expect(page.getByTestId('plan-amount')).toHaveValue('12000');
  await expect(page.getByTestId('plan-amount-error')).toHaveText('The maximum amount is 10,000 USDT');
  await page.getByTestId('plan-join-submit').click();
  await expect(page.getByTestId('plan-review')).toHaveCount(0);

  // 1,000 USDT buys a quota of 1,500; the review says so before anything is paid.
  await page.getByTestId('plan-amount').fill('1000');
  await expect(page.getByTestId('plan-preview-quota')).toHaveText('1,500 USDT');
  await expect(page.getByTestId('plan-preview-daily')).toHaveText('3.5 USDT');
  await page.getByTestId('plan-join-submit').click();
  await waitForSheet(page);
  await expect(page.getByTestId('plan-review-product')).toHaveText('Starter');
  await expect(page.getByTestId('plan-review-amount')).toHaveText('1,000 USDT');
  await expect(page.getByTestId('plan-review-quota')).toHaveText('1,500 USDT');
  await expect(page.getByTestId('plan-review-first-release')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await capture(page, 'en-plan-review');
  await page.getByTestId('plan-review-confirm').click();
  await expect(page.locator('.adm-toast-main').filter({ hasText: 'You have joined the plan' })).toBeVisible();
  await expect(page.getByTestId('plan-review')).toBeHidden();
  await expect(page.getByTestId('plan-amount-balance')).toHaveText('Available 11,000 USDT');

  // The new order, with every field of SPEC §3.
  const order = page.getByTestId('plan-order');
  await expect(order).toHaveCount(1);
  await expect(order.getByTestId('plan-order-amount')).toHaveText('1,000 USDT');
  await expect(order.getByTestId('plan-order-quota')).toHaveText('1,500 USDT');
  await expect(order.getByTestId('plan-order-released')).toHaveText('0 USDT');
  await expect(order.getByTestId('plan-order-remaining')).toHaveText('1,500 USDT');
  // The phase of the product's table (4 phases), not of the whole schedule (11): issue 24 item 7.
  await expect(order.getByTestId('plan-order-phase')).toHaveText('1 of 4');
  await expect(order.getByTestId('plan-order-days-left')).toHaveText('318');
  await expect(order.getByTestId('plan-order-ratio')).toHaveText('0.35%');
  await expect(order.getByTestId('plan-order-coefficient')).toHaveText('×1.5');
  await expect(order.getByTestId('plan-order-created')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await expect(order.getByTestId('plan-order-next')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await expect(order.getByTestId('plan-order-progress')).toHaveText('0% released · day 0 of 318');
  await expectTapTarget(order.getByTestId('plan-order-log-link'), 'release log link', { hitArea: false });

  // A day passes with the page's own development clock: the first release shows at once.
  const devClock = page.getByTestId('dev-clock');
  await devClock.scrollIntoViewIfNeeded();
  await expectTapTarget(page.getByTestId('dev-clock-1'), '+1 day', { hitArea: false });
  const moved = page.waitForResponse('**/api/dev/clock/advance');
  await page.getByTestId('dev-clock-1').click();
  expect((await moved).status()).toBe(200);
  await expect(order.getByTestId('plan-order-released')).toHaveText('3.5 USDT');
  await expect(order.getByTestId('plan-order-remaining')).toHaveText('1,496.5 USDT');
  await expect(order.getByTestId('plan-order-progress')).toHaveText('0.23% released · day 1 of 318');
  await devClock.scrollIntoViewIfNeeded();
  await capture(page, 'en-plan-dev-clock');

  // Another day, moved behind the page's back: its own 30 s refresh shows it.
  await advanceClock(page, 1);
  await page.clock.fastForward('00:31');
  await expect(order.getByTestId('plan-order-released')).toHaveText('7 USDT');
  await expect(order.getByTestId('plan-order-progress')).toHaveText('0.46% released · day 2 of 318');

  // 29 more days: 30 x 3.5 in phase 1, then 4 on day 31, the first of phase 2.
  await advanceClock(page, 29);
  await returnToApp(page);
  await expect(order.getByTestId('plan-order-released')).toHaveText('109 USDT');
  await expect(order.getByTestId('plan-order-remaining')).toHaveText('1,391 USDT');
  await expect(order.getByTestId('plan-order-phase')).toHaveText('2 of 4');
  await expect(order.getByTestId('plan-order-ratio')).toHaveText('0.4%');
  await expect(order.getByTestId('plan-order-progress')).toHaveText('7.26% released · day 31 of 318');
  await order.scrollIntoViewIfNeeded();
  await capture(page, 'en-plan-orders');

  // The order's releases, newest first.
  const orderId = await order.getAttribute('data-order-id');
  expect(orderId).toMatch(/^\d+$/);
  await order.getByTestId('plan-order-log-link').click();
  await expect(page.getByTestId('plan-log-page')).toBeVisible();
  await expect(page.getByTestId('plan-log-order')).toHaveText(`Order #${orderId}`);
  const items = page.getByTestId('plan-log-item');
  await expect(items.first().getByTestId('plan-log-item-day')).toHaveText('Day 31');
  await expect(items.first().getByTestId('plan-log-item-phase')).toHaveText('2');
  await expect(items.first().getByTestId('plan-log-item-ratio')).toHaveText('0.4%');
  await expect(items.first().getByTestId('plan-log-item-amount')).toHaveText('+4 USDT');
  await expect(items.first().getByTestId('plan-log-item-date')).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
  await expect(items.nth(1).getByTestId('plan-log-item-day')).toHaveText('Day 30');
  await expect(items.nth(1).getByTestId('plan-log-item-ratio')).toHaveText('0.35%');
  await expect(items.nth(1).getByTestId('plan-log-item-amount')).toHaveText('+3.5 USDT');
  // A page of 20; the rest come as the list scrolls.
  await expect(items).toHaveCount(20);
  await items.last().scrollIntoViewIfNeeded();
  await expect(items).toHaveCount(31);
  await expect(page.getByTestId('plan-log-list-end')).toBeVisible();
  await expect(items.last().getByTestId('plan-log-item-day')).toHaveText('Day 1');

  // One more day while the log is open: its row appears on top.
  await advanceClock(page, 1);
  await returnToApp(page);
  await expect(items.first().getByTestId('plan-log-item-day')).toHaveText('Day 32');
  await expect(items).toHaveCount(32);
  await page.getByTestId('plan-log-order').scrollIntoViewIfNeeded();
  await expectTapTarget(page.getByTestId('plan-log-clear'), 'clear the order filter', { hitArea: false });
  await capture(page, 'en-plan-log');

  // Every release is income: 30 x 3.5 + 2 x 4 = 113 USDT on Assets.
  await page.getByTestId('plan-log-clear').click();
  await expect(page.getByTestId('plan-log-order')).toHaveCount(0);
  await expect(items.first().getByTestId('plan-log-item-day')).toHaveText('Day 32');
  await page.getByTestId('nav-back').click();
  await expect(page.getByTestId('plan-page')).toBeVisible();
  await expect(order.getByTestId('plan-order-released')).toHaveText('113 USDT');
  await page.getByTestId('nav-back').click();
  await page.getByTestId('home-tile-assets').click();
  await expect(page.getByTestId('asset-page')).toBeVisible();
  await expect(page.getByTestId('asset-USDT-income')).toHaveText('113');
  await expect(page.getByTestId('asset-USDT-available')).toHaveText('11,000');

  // The same pages in Chinese.
  await page.evaluate(() => localStorage.setItem('kpc:language', 'zh-Hans'));
  // Only a hash changes: reload so the app starts again in Chinese.
  await page.goto('/#/pages/plan/index');
  await page.reload();
  await expect(page.getByTestId('plan-page')).toContainText('投资计划');
  await expect(page.getByTestId('plan-terms-phase-1')).toContainText('每日 0.35%');
  await expect(order.getByTestId('plan-order-phase')).toHaveText('2 / 4');
  await expect(order.getByTestId('plan-order-status')).toHaveText('释放中');
  await capture(page, 'zh-Hans-plan');
  await order.scrollIntoViewIfNeeded();
  await capture(page, 'zh-Hans-plan-orders');
  await expect(devClock).toContainText('开发环境：时间快进');
  await devClock.scrollIntoViewIfNeeded();
  await capture(page, 'zh-Hans-plan-dev-clock');
  await order.getByTestId('plan-order-log-link').click();
  await expect(items.first().getByTestId('plan-log-item-day')).toHaveText('第 32 天');
  await capture(page, 'zh-Hans-plan-log');
});
