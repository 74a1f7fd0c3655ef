import { expect, test, type Page } from '@playwright/test';
import { esopAllocation, esopSchedule, formatFeeRate, formatNumber, type TPlanProductsResponse } from '@kpc/shared';
import { loginNewMember, readToken, seedFunds } from '../support/funds.ts';
import { capture } from '../support/journey.ts';
import { waitForSheet } from '../support/sheet.ts';

// Step 5 ESOP / KPC plan against the real server: a funded member subscribes 1,000 USDT, sees the
// KPC locked, the development clock moves past the lock-up and one release phase, and the first
// phase shows on the order view and in the log without a reload. The public rules page shows the
// live terms to a logged-out visitor. In English and Chinese.

const LANGUAGES = [
  {
    code: 'en',
    locked: 'Locked',
    releasing: 'Releasing',
    phases: (done: number, count: number) => `${done} of ${count}`,
    phase: (phase: number, count: number) => `Phase ${phase} of ${count}`,
    minimum: 'The minimum amount is 100 USDT',
    maximum: (max: string) => `The maximum amount is ${max} USDT`,
    devClock: 'Development: move time forward',
    perDay: (ratio: string) => `${ratio} a day`,
  },
  {
    code: 'zh-Hans',
    locked: '锁定',
    releasing: '释放中',
    phases: (done: number, count: number) => `${done} / ${count}`,
    phase: (phase: number, count: number) => `第 ${phase} / ${count} 期`,
    minimum: '最小数量为 100 USDT',
    maximum: (max: string) => `最大数量为 ${max} USDT`,
    devClock: '开发环境：时间快进',
    perDay: (ratio: string) => `每日 ${ratio}`,
  },
] as const;

/** The plans' live terms, as the server answers every visitor. */
async function readProducts(page: Page): Promise<TPlanProductsResponse> {
  const response = await page.request.post('/api/plan/products', { headers: { 'content-type': 'application/json' } });
  return (await response.json()).data as TPlanProductsResponse;
}

/** "6 months" in the page's language, as the app writes a count with its unit. */
function duration(count: number, unit: 'month' | 'day', language: string): string {
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(count);
}

async function advanceClock(page: Page, days: number) {
  const response = await page.request.post('/api/dev/clock/advance', {
    headers: { 'content-type': 'application/json', token: await readToken(page) },
    data: { days },
  });
  expect((await response.json()).code).toBe(200);
}

for (const language of LANGUAGES) {
  test(`a member subscribes 1,000 USDT and watches phase 1 release (${language.code})`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.addInitScript((code) => localStorage.setItem('kpc:language', code), language.code);
    const { esop, phaseDays } = await readProducts(page);
    await loginNewMember(page, `esop-${language.code}`);
    await seedFunds(page, { asset: 'USDT', amount: '1500', bucket: 'available' });

    // Home: the ESOP Plan tile and the programme's KPC burned.
    await page.getByTestId('tab-home').click();
    await expect(page.getByTestId('home-burned-value')).toContainText('KPC');
    await page.getByTestId('home-tile-esop').click();
    await expect(page.getByTestId('esop-page')).toBeVisible();
    await expect(page.getByTestId('esop-price')).toContainText(formatNumber(esop.price));
    await expect(page.getByTestId('esop-terms-lockup')).toHaveText(duration(esop.lockMonths, 'month', language.code));
    await expect(page.getByTestId('esop-orders-empty')).toBeVisible();
    await expect(page.getByTestId('esop-amount-balance')).toContainText('1,500 USDT');

    // The plan's bounds, in the member's language.
    await page.getByTestId('esop-amount').fill('50');
    await page.getByTestId('esop-submit').click();
    await expect(page.getByTestId('esop-amount-error')).toHaveText(language.minimum);
    await expect(page.getByTestId('esop-review')).toHaveCount(0);
    const aboveMaximum = (BigInt(esop.maxAmount.split('.')[0] ?? '0') + 1n).toString();
    await page.getByTestId('esop-amount').fill(aboveMaximum);
    await expect(page.getByTestId('esop-amount-error')).toHaveText(language.maximum(formatNumber(esop.maxAmount)));

    // 1,000 USDT: the preview, the review, then the order.
    const kpc = esopAllocation('1000', esop.price);
    await page.getByTestId('esop-amount').fill('1000');
    await expect(page.getByTestId('esop-receive')).toHaveText(`≈ ${formatNumber(kpc)} KPC`);
    await page.getByTestId('esop-submit').click();
    await waitForSheet(page);
    await expect(page.getByTestId('esop-review-amount')).toHaveText('1,000 USDT');
    await expect(page.getByTestId('esop-review-kpc')).toHaveText(`${formatNumber(kpc)} KPC`);
    await capture(page, `${language.code}-esop-review`);
    await page.getByTestId('esop-review-confirm').click();
    await expect(page.getByTestId('esop-review')).toHaveCount(0);

    const order = page.getByTestId('esop-order').first();
    await expect(order.getByTestId('esop-order-kpc')).toContainText(formatNumber(kpc));
    await expect(order.getByTestId('esop-order-status')).toHaveText(new RegExp(language.locked));
    await expect(order.getByTestId('esop-order-phases')).toHaveText(language.phases(0, esop.releaseMonths));
    await expect(order.getByTestId('esop-order-locked')).toHaveText(`${formatNumber(kpc)} KPC`);
    await expect(page.getByTestId('esop-amount-balance')).toContainText('500 USDT');
    await capture(page, `${language.code}-esop`);

    // The KPC sits in the member's locked bucket (the asset flow shows the posting).
    await page.goto('/#/pages/asset/log');
    const lockedEntry = page.getByTestId('asset-log-item').filter({ hasText: 'KPC' }).first();
    await expect(lockedEntry).toContainText(language.locked);
    await expect(lockedEntry.getByTestId('asset-log-item-amount')).toContainText(formatNumber(kpc));

    // Past the lock-up and one release phase: phase 1 arrives while the page stays open.
    await page.goto('/#/pages/plan/kpc');
    await expect(order.getByTestId('esop-order-phases')).toHaveText(language.phases(0, esop.releaseMonths));
    const [phase1] = esopSchedule({
      kpc,
      createdAt: 0,
      lockMonths: esop.lockMonths,
      releaseMonths: esop.releaseMonths,
    });
    await advanceClock(page, esop.lockMonths * phaseDays + phaseDays);
    await expect(order.getByTestId('esop-order-phases')).toHaveText(language.phases(1, esop.releaseMonths), {
      timeout: 40_000,
    });
    await expect(order.getByTestId('esop-order-status')).toHaveText(language.releasing);
    await expect(order.getByTestId('esop-order-released')).toHaveText(`${formatNumber(phase1?.amount)} KPC`);
    await capture(page, `${language.code}-esop-released`);

    await order.getByTestId('esop-order-log').click();
    await expect(page.getByTestId('esop-log-page')).toBeVisible();
    await expect(page.getByTestId('esop-log-filter')).toBeVisible();
    const release = page.getByTestId('esop-log-item');
    await expect(release).toHaveCount(1);
    await expect(release.getByTestId('esop-log-item-phase')).toHaveText(language.phase(1, esop.releaseMonths));
    await expect(release.getByTestId('esop-log-item-amount')).toHaveText(`+${formatNumber(phase1?.amount)} KPC`);
    await capture(page, `${language.code}-esop-log`);

    // Back on the plan, its own development clock below the orders: a month more releases phase 2 at once.
    await page.getByTestId('nav-back').click();
    await expect(page.getByTestId('esop-page')).toBeVisible();
    const devClock = page.getByTestId('dev-clock');
    await expect(devClock).toContainText(language.devClock);
    await devClock.scrollIntoViewIfNeeded();
    const moved = page.waitForResponse('**/api/dev/clock/advance');
    await page.getByTestId('dev-clock-30').click();
    expect((await moved).status()).toBe(200);
    await expect(order.getByTestId('esop-order-phases')).toHaveText(language.phases(2, esop.releaseMonths));
    await devClock.scrollIntoViewIfNeeded();
    await capture(page, `${language.code}-esop-dev-clock`);
  });

  test(`the rules page shows the live terms to a visitor (${language.code})`, async ({ page }) => {
    await page.addInitScript((code) => localStorage.setItem('kpc:language', code), language.code);
    const products = await readProducts(page);
    await page.goto('/#/pages/plan/kpc-rule');
    await expect(page.getByTestId('esop-rule-page')).toBeVisible();
    await expect(page.getByTestId('esop-rule-lockup')).toHaveText(
      duration(products.esop.lockMonths, 'month', language.code),
    );
    await expect(page.getByTestId('esop-rule-release')).toContainText(
      duration(products.esop.releaseMonths, 'month', language.code),
    );
    await expect(page.getByTestId('esop-rule-phase')).toHaveText(duration(products.phaseDays, 'day', language.code));
    await expect(page.getByTestId('esop-rule-limits')).toHaveText(
      `${formatNumber(products.esop.minAmount)}–${formatNumber(products.esop.maxAmount)} USDT`,
    );
    for (const product of products.investment) {
      const first = product.phases[0];
      if (!first) continue;
      await expect(page.getByTestId(`esop-rule-product-${product.id}-phase-1`)).toContainText(
        language.perDay(formatFeeRate(first.ratio)),
      );
      await expect(page.getByTestId(`esop-rule-product-${product.id}-limits`)).toHaveText(
        `${formatNumber(product.minAmount)}–${formatNumber(product.maxAmount)} ${product.asset}`,
      );
    }
    for (const term of products.pledgeTerms) {
      await expect(page.getByTestId(`esop-rule-pledge-${term.id}-penalty`)).toHaveText(
        formatFeeRate(term.earlyRedemptionPenaltyRate),
      );
    }
    await capture(page, `${language.code}-esop-rule`);
  });
}
