import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fromLedgerUnits, toLedgerUnits } from '@kpc/shared';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
// The app's own date format: the journey expects the server's dates exactly as the app writes them.
import { formatDateTime } from '../../apps/web/src/lib/format-date-time.ts';
import { PASSWORD, registerThroughApi, uniqueEmail } from '../support/account.ts';
import { loginNewMember, readToken, seedFunds } from '../support/funds.ts';
import { capture, expectTapTarget, operatorCall } from '../support/journey.ts';
import { waitForSheet } from '../support/sheet.ts';

// Issue 24 items 3, 7, 8 and 9, in all seven languages at 390x844. A member with a pledge, an ESOP
// subscription, an investment order, an approved shareholder application and an invitee whose
// purchases paid airdrops, 121 days on the development clock later:
// - Home's and Assets' totals show what they count (staked, locked in ESOP), and the parts add up;
// - the order says the phase of the product's table, then "final rate continues", and the days left;
// - review sheets date things by the server's clock (121 days ahead of this browser's), and the
//   order made from a review carries its date;
// - the team page badges a shareholder as one and leads to each airdrop; Mine names the level row.

const LANGUAGES = ['en', 'zh-Hans', 'hi', 'ja', 'ko', 'ru', 'vi'] as const;
type Language = (typeof LANGUAGES)[number];
const DAYS_AHEAD = 121;

/** What each language must say, read from the app's own messages (apps/web/src/locales). */
function textIn(language: Language) {
  const messages = JSON.parse(
    readFileSync(new URL(`../../apps/web/src/locales/${language}.json`, import.meta.url), 'utf8'),
  ) as unknown;
  const message = (path: string): string => {
    const found = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], messages);
    expect(typeof found, path).toBe('string');
    return found as string;
  };
  return {
    phaseFinal: message('plan.order.phaseFinal'),
    shareholder: message('team.shareholder'),
    level: message('mine.level'),
    airdropHistory: message('team.airdropHistory'),
  };
}

/** A member's call, as the app makes it; answers its `data` once the server said 200. */
async function call<T>(api: APIRequestContext, token: string, path: string, data: object): Promise<T> {
  const response = await api.post(`/api/${path}`, {
    headers: { 'content-type': 'application/json', token, language: 'en_US' },
    data,
  });
  const body = (await response.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${path}: ${body.msg}`).toBe(200);
  return body.data;
}

/** "1,234.5" (or "1,234.5 USDT") as the app writes an amount, in ledger units. */
function units(text: string | null): bigint {
  return toLedgerUnits((text ?? '').replace(/[^\d.]/g, ''));
}

/** The parts under a total add up to it, exactly, as the member would add them. */
async function expectPartsAddUp(total: Locator, parts: Locator) {
  const shown = await parts.locator('dd').allTextContents();
  expect(shown.length).toBeGreaterThan(1);
  const sum = shown.reduce((sum, text) => sum + units(text), 0n);
  expect(fromLedgerUnits(sum)).toBe(fromLedgerUnits(units(await total.textContent())));
}

/** A page opens where the last one was scrolled to until issue 24 item 1 is fixed: picture it from the top. */
async function scrollToTop(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function switchLanguage(page: Page, language: Language) {
  await page.evaluate((code) => localStorage.setItem('kpc:language', code), language);
  await page.goto('/#/pages/home/index');
  // Only a hash changes: reload so the app starts again in the language.
  await page.reload();
  await expect(page.getByTestId('home-page')).toBeVisible();
}

/** Opens a review sheet from a form with `amount`, pictures it, and cancels it. */
async function reviewAndCancel(
  page: Page,
  ids: { form: string; submit: string; review: string },
  amount: string,
  name: string,
) {
  await page.getByTestId(`${ids.form}-amount`).fill(amount);
  await page.getByTestId(ids.submit).click();
  await waitForSheet(page);
  await expect(page.getByTestId(ids.review)).toBeVisible();
  await capture(page, name);
  await page.getByTestId(`${ids.review}-cancel`).click();
  await expect(page.getByTestId(ids.review)).toBeHidden();
}

test('the totals add up, phases and dates read as the server says, the team shows each airdrop', async ({ page }) => {
  test.setTimeout(420_000);
  await loginNewMember(page, 'figures');
  const token = await readToken(page);
  const api = page.request;
  await seedFunds(page, { asset: 'USDT', amount: '12000', bucket: 'available' });
  await seedFunds(page, { asset: 'KPC', amount: '10000', bucket: 'available' });
  const products = await call<{
    investment: { id: string }[];
    esop: { price: string };
    pledgeTerms: { id: string; days: number }[];
  }>(api, token, 'plan/products', {});

  // The member's own plans: 5,000 KPC staked for the longest term (still staked 121 days on), an
  // ESOP subscription (locked for 6 months) and an investment order in Starter (4 phases).
  const longest = products.pledgeTerms.reduce((a, b) => (b.days > a.days ? b : a));
  await call(api, token, 'plan/pledge', { termId: longest.id, amount: '5000', requestId: randomUUID() });
  await call(api, token, 'plan/esop/join', { amount: '300.05', price: products.esop.price, requestId: randomUUID() });
  const starter = products.investment[0]!.id;
  await call(api, token, 'plan/join', { productId: starter, amount: '1000', requestId: randomUUID() });

  // A shareholder: applied and approved.
  const application = await call<{ id: string }>(api, token, 'stockholder/apply', {
    name: 'Figures Member',
    contact: 'figures@example.com',
    contribution: '25000',
  });
  await operatorCall(page, 'stockholder/review', { id: application.id, approve: true, note: 'Welcome' });

  // An invitee whose broker package and investment pay the member direct airdrops.
  const info = await call<{ inviteCode: string }>(api, token, 'acc/info', {});
  const inviteeEmail = uniqueEmail('figures.invitee');
  await registerThroughApi(api, inviteeEmail, info.inviteCode);
  const login = await call<{ token: string }>(api, '', 'acc/loginEmail', {
    type: 1,
    email: inviteeEmail,
    password: PASSWORD,
  });
  await call(api, login.token, 'dev/faucet', { asset: 'USDT', amount: '5000', bucket: 'available' });
  const packages = await call<{ tiers: { id: string; level: string; price: string; payNow: string | null }[] }>(
    api,
    login.token,
    'klk/packages',
    {},
  );
  const agent = packages.tiers.find((tier) => tier.level === 'agent')!;
  await call(api, login.token, 'klk/buy', {
    tierId: agent.id,
    amount: agent.payNow ?? agent.price,
    requestId: randomUUID(),
  });
  await call(api, login.token, 'plan/join', { productId: starter, amount: '500', requestId: randomUUID() });

  // 121 days on the plans' clock: past Starter's 4 phases of 30 days. This browser's clock stays.
  await call(api, token, 'dev/clock/advance', { days: DAYS_AHEAD });
  const preview = await call<{ investmentFirstReleaseAt: string }>(api, token, 'plan/preview', {});
  expect(Date.parse(preview.investmentFirstReleaseAt) - Date.now()).toBeGreaterThan((DAYS_AHEAD - 1) * 86_400_000);

  // Item 8 (en): the plan's review dates the first release by the server's clock, and the order
  // made from it carries that date.
  await page.goto('/#/pages/plan/index');
  await expect(page.getByTestId('plan-page')).toBeVisible();
  const serverDate = formatDateTime(preview.investmentFirstReleaseAt);
  await page.getByTestId('plan-amount').fill('100');
  await expect(page.getByTestId('plan-preview-first')).toHaveText(serverDate);
  await page.getByTestId('plan-join-submit').click();
  await waitForSheet(page);
  await expect(page.getByTestId('plan-review-first-release')).toHaveText(serverDate);
  await page.getByTestId('plan-review-confirm').click();
  await expect(page.getByTestId('plan-review')).toBeHidden();
  const orders = page.getByTestId('plan-order');
  await expect(orders).toHaveCount(2);
  await expect(orders.first().getByTestId('plan-order-next')).toHaveText(serverDate);
  // Item 7: the new order is in the table's phase 1 of 4; the first, 121 days in, past it.
  await expect(orders.first().getByTestId('plan-order-phase')).toHaveText('1 of 4');
  await expect(orders.first().getByTestId('plan-order-days-left')).toHaveText('318');
  await expect(orders.nth(1).getByTestId('plan-order-phase')).toHaveText('Final rate continues');
  await expect(orders.nth(1).getByTestId('plan-order-days-left')).toHaveText(String(318 - DAYS_AHEAD));

  for (const language of LANGUAGES) {
    const text = textIn(language);
    await switchLanguage(page, language);

    // Item 3: Home's total and its parts, which add up to it; staked and ESOP-locked among them.
    const parts = page.getByTestId('home-total-parts');
    await expect(parts.getByTestId('home-total-parts-staked')).toBeVisible();
    await expect(parts.getByTestId('home-total-parts-locked')).toHaveText('300.05');
    await expectPartsAddUp(page.getByTestId('home-total-assets-value'), parts);
    await capture(page, `${language}-figures-home`);

    await page.goto('/#/pages/asset/index');
    await expect(page.getByTestId('asset-page')).toBeVisible();
    await expect(page.getByTestId('asset-KPC-staked')).toHaveText('5,000');
    await expect(page.getByTestId('asset-KPC-locked')).toHaveText('3,000.5');
    await expectPartsAddUp(page.getByTestId('asset-total'), page.getByTestId('asset-total-parts'));
    await scrollToTop(page);
    await capture(page, `${language}-figures-assets`);

    // Item 7: the older order, past the table; item 8: the plan's review, dated by the server.
    await page.goto('/#/pages/plan/index');
    await expect(orders).toHaveCount(2);
    await expect(orders.nth(1).getByTestId('plan-order-phase')).toHaveText(text.phaseFinal);
    await orders.nth(1).scrollIntoViewIfNeeded();
    await capture(page, `${language}-figures-plan-order`);
    await page.getByTestId('plan-amount').scrollIntoViewIfNeeded();
    await reviewAndCancel(
      page,
      { form: 'plan', submit: 'plan-join-submit', review: 'plan-review' },
      '100',
      `${language}-figures-plan-review`,
    );

    await page.goto('/#/pages/plan/kpc');
    await expect(page.getByTestId('esop-page')).toBeVisible();
    await reviewAndCancel(
      page,
      { form: 'esop', submit: 'esop-submit', review: 'esop-review' },
      '100',
      `${language}-figures-esop-review`,
    );

    await page.goto('/#/pages/plan/pledge');
    await expect(page.getByTestId('pledge-page')).toBeVisible();
    await reviewAndCancel(
      page,
      { form: 'pledge', submit: 'pledge-submit', review: 'pledge-review' },
      '100',
      `${language}-figures-pledge-review`,
    );

    // Item 9: the shareholder badge, the way to each airdrop, the airdrops, Mine's level row.
    await page.goto('/#/pages/team/index');
    await expect(page.getByTestId('team-shareholder')).toHaveText(text.shareholder);
    const historyLink = page.getByTestId('team-airdrop-history-link');
    await expect(historyLink).toHaveText(text.airdropHistory);
    await expectTapTarget(historyLink, 'airdrop history link');
    await scrollToTop(page);
    await capture(page, `${language}-figures-team`);
    await historyLink.click();
    await expect(page.getByTestId('team-airdrops-page')).toBeVisible();
    const airdrops = page.getByTestId('team-airdrop-item');
    await expect(airdrops).toHaveCount(2);
    for (const row of await airdrops.all()) {
      // Gross less the fee is what arrived, to the unit.
      const gross = units(await row.getByTestId('team-airdrop-item-gross').textContent());
      const fee = units(await row.getByTestId('team-airdrop-item-fee').textContent());
      expect(units(await row.getByTestId('team-airdrop-item-net').textContent())).toBe(gross - fee);
      expect(fee * 5n).toBeGreaterThanOrEqual(gross);
    }
    await scrollToTop(page);
    await capture(page, `${language}-figures-team-airdrops`);

    await page.goto('/#/pages/mine/index');
    await expect(page.getByTestId('mine-ambassador')).toContainText(text.level);
    await scrollToTop(page);
    await capture(page, `${language}-figures-mine`);
  }
});
