import { expect, test, type Page } from '@playwright/test';
import { loginNewMember, readToken, seedFunds } from '../support/funds.ts';
import { capture, expectTapTarget } from '../support/journey.ts';

// Issue 10 part 3 (SPEC §1, §3 "Pledge"): a member stakes KPC for a term, moves the development
// clock and watches the daily reward arrive in income funds and on the pledge, redeems another
// pledge early (its penalty burned), and after 30 days sees the first pledge matured and its
// principal back in available, all without a reload. Screens saved in English and Chinese.

const TEXT = {
  en: { pledged: 'Pledged successfully', active: 'Active', matured: 'Matured', redeemed: 'Redeemed early' },
  'zh-Hans': { pledged: '质押成功', active: '质押中', matured: '已到期', redeemed: '已提前赎回' },
} as const;

/** The newest pledge of "My pledges" (the list is newest first): its test id prefix `pledge-<id>`. */
async function newestPledge(page: Page): Promise<string> {
  const id = await page.getByTestId('pledge-list').locator('article.pledge-item').first().getAttribute('data-testid');
  expect(id).toMatch(/^pledge-\d+$/);
  return id ?? '';
}

async function pledge(page: Page, days: number, amount: string, toast: string) {
  await page.getByTestId(`pledge-term-${days}`).click();
  await page.getByTestId('pledge-amount').fill(amount);
  await page.getByTestId('pledge-submit').click();
  await expect(page.getByTestId('pledge-review')).toBeVisible();
  await expect(page.getByTestId('pledge-review-amount')).toHaveText(`${amount} KPC`);
  await page.getByTestId('pledge-review-confirm').click();
  await expect(page.locator('.adm-toast-main').filter({ hasText: toast })).toBeVisible();
  await expect(page.getByTestId('pledge-review')).toBeHidden();
}

/** Moves the plans' clock with the page's own development control (it refreshes every query). */
async function advanceClock(page: Page, days: 1 | 30) {
  const answer = page.waitForResponse('**/api/dev/clock/advance');
  await page.getByTestId(`dev-clock-${days}`).click();
  expect((await answer).status()).toBe(200);
}

for (const language of ['en', 'zh-Hans'] as const) {
  test(`a member pledges KPC, earns daily rewards, redeems early and sees maturity (${language})`, async ({ page }) => {
    const text = TEXT[language];
    await page.addInitScript((code) => {
      if (!localStorage.getItem('kpc:language')) localStorage.setItem('kpc:language', code);
    }, language);
    await loginNewMember(page, `pledge.${language}`);
    await seedFunds(page, { asset: 'KPC', amount: '1000', bucket: 'available' });
    expect(await readToken(page)).toBeTruthy();

    // Home's Pledge tile opens the page.
    await page.getByTestId('tab-home').click();
    await page.getByTestId('home-tile-pledge').click();
    await expect(page.getByTestId('pledge-page')).toBeVisible();
    await expect(page.getByTestId('pledge-balance-available')).toHaveText('1,000');
    await expect(page.getByTestId('pledge-balance-income')).toHaveText('0');
    await expect(page.getByTestId('pledge-list-empty')).toBeVisible();
    await expect(page.getByTestId('dev-clock')).toBeVisible();
    await expectTapTarget(page.getByTestId('dev-clock-1'), '+1 day', { hitArea: false });
    // The whole option is the target (the test id sits on its label).
    await expectTapTarget(
      page.locator('.adm-selector-item').filter({ has: page.getByTestId('pledge-term-30') }),
      '30-day term',
      { hitArea: false },
    );

    // Below the term's minimum: the app's own message, nothing sent.
    await page.getByTestId('pledge-term-30').click();
    await page.getByTestId('pledge-amount').fill('50');
    await page.getByTestId('pledge-submit').click();
    await expect(page.getByTestId('pledge-amount-error')).toHaveText(
      language === 'en' ? 'The minimum amount is 100 KPC' : /100 KPC/,
    );
    await expect(page.getByTestId('pledge-review')).toBeHidden();

    // 200 KPC for 30 days at 0.1 % a day: 0.2 KPC a day, 6 KPC in all, 10 % burned if redeemed early.
    await page.getByTestId('pledge-amount').fill('200');
    await expect(page.getByTestId('pledge-preview-daily')).toHaveText('0.2 KPC');
    await expect(page.getByTestId('pledge-preview-total')).toHaveText('6 KPC');
    await capture(page, `${language}-pledge-form`);
    await page.getByTestId('pledge-submit').click();
    await expect(page.getByTestId('pledge-review-daily-reward')).toHaveText('0.2 KPC');
    await expect(page.getByTestId('pledge-review-total-rewards')).toHaveText('6 KPC');
    await expect(page.getByTestId('pledge-review-penalty')).toHaveText('10% · 20 KPC');
    await expect(page.getByTestId('pledge-review-matures')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await capture(page, `${language}-pledge-review`);
    await page.getByTestId('pledge-review-cancel').click();
    await expect(page.getByTestId('pledge-review')).toBeHidden();
    await pledge(page, 30, '200', text.pledged);
    const first = await newestPledge(page);
    await expect(page.getByTestId(`${first}-status`)).toHaveText(text.active);
    await expect(page.getByTestId(`${first}-remaining`)).toHaveText('30');
    await expect(page.getByTestId(`${first}-rewards`)).toHaveText('0 KPC');
    await expect(page.getByTestId(`${first}-price`)).toHaveText(/^[\d,.]+ USDT$/);
    await expect(page.getByTestId(`${first}-value`)).toHaveText(/^≈ [\d,.]+ USDT$/);

    // A second pledge, 150 KPC for 90 days (0.15 % a day), to redeem early.
    await pledge(page, 90, '150', text.pledged);
    const second = await newestPledge(page);
    expect(second).not.toBe(first);
    await expect(page.getByTestId('pledge-balance-available')).toHaveText('650');

    // One day later: one reward on each pledge, in income funds.
    await advanceClock(page, 1);
    await expect(page.getByTestId(`${first}-rewards`)).toHaveText('0.2 KPC');
    await expect(page.getByTestId(`${first}-remaining`)).toHaveText('29');
    await expect(page.getByTestId(`${second}-rewards`)).toHaveText('0.225 KPC');
    await expect(page.getByTestId('pledge-balance-income')).toHaveText('0.425');
    await page.getByTestId(first).scrollIntoViewIfNeeded();
    await capture(page, `${language}-pledge`);

    // Early redemption of the second: 10 % (15 KPC) burned, 135 KPC back in available.
    await page.getByTestId(`${second}-redeem`).click();
    await expect(page.getByTestId('redeem-review')).toBeVisible();
    await expect(page.getByTestId('redeem-review-penalty')).toHaveText('15 KPC');
    await expect(page.getByTestId('redeem-review-returned')).toHaveText('135 KPC');
    await expect(page.getByTestId('redeem-review-rewards')).toHaveText('0.225 KPC');
    await expect(page.getByTestId('redeem-review-warning')).toContainText('15 KPC');
    await capture(page, `${language}-pledge-redeem`);
    await page.getByTestId('redeem-review-confirm').click();
    await expect(page.getByTestId('redeem-review')).toBeHidden();
    await expect(page.getByTestId(`${second}-status`)).toHaveText(text.redeemed);
    await expect(page.getByTestId(`${second}-penalty`)).toHaveText('15 KPC');
    await expect(page.getByTestId(`${second}-returned`)).toHaveText('135 KPC');
    await expect(page.getByTestId(`${second}-redeem`)).toHaveCount(0);
    await expect(page.getByTestId('pledge-balance-available')).toHaveText('785');

    // Thirty days later the first has paid all 30 rewards and matured: its 200 KPC are available again.
    await advanceClock(page, 30);
    await expect(page.getByTestId(`${first}-status`)).toHaveText(text.matured);
    await expect(page.getByTestId(`${first}-remaining`)).toHaveText('0');
    await expect(page.getByTestId(`${first}-rewards`)).toHaveText('6 KPC');
    await expect(page.getByTestId(`${first}-redeem`)).toHaveCount(0);
    await expect(page.getByTestId('pledge-balance-available')).toHaveText('985');
    await expect(page.getByTestId('pledge-balance-income')).toHaveText('6.225');
    await page.getByTestId(first).scrollIntoViewIfNeeded();
    await capture(page, `${language}-pledge-matured`);

    // The assets page agrees (reached in the app, no reload).
    await page.goBack();
    await page.getByTestId('home-tile-assets').click();
    await expect(page.getByTestId('asset-KPC-available')).toHaveText('985');
    await expect(page.getByTestId('asset-KPC-income')).toHaveText('6.225');
  });
}
