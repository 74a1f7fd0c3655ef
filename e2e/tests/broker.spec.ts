import { expect, test, type Locator, type Page } from '@playwright/test';
import { loginNewMember, readToken, seedFunds } from '../support/funds.ts';
import { capture, expectTapTarget, expectToast, operatorCall } from '../support/journey.ts';
import { waitForSheet } from '../support/sheet.ts';

// Issue 11 (SPEC §1, §2, §4 "Global node", §8 success messages): a funded member buys the KLK
// agent package and sees its activation code (copied, offered to give), applies for a global node
// that an operator approves through the operator API, pays the node price and watches the operator's
// authorization arrive without a reload, then applies as a shareholder. Screens in English and Chinese.
// Issue 23: a purchase carries the price its review showed; a price changed since is refused with
// nothing charged and the review shows the new one (item 5); the node's states carry SPEC §4's
// names, "applied" included, and read whole at 390 px in Russian and Japanese (item 14).

const TEXT = {
  en: {
    klkSuccess: 'You have successfully activated the KLK Broker Privilege Package',
    agent: 'Agent',
    noLevel: 'Not a broker yet',
    copied: 'Copied',
    applied: 'Application Success',
    paid: 'Paid successfully',
    authorized: 'Authorization success',
    authorizedTitle: 'Authorized',
    appliedTitle: 'Applied',
    approvedTitle: 'Applied — approved, awaiting payment',
    pending: 'Pending review',
  },
  'zh-Hans': {
    klkSuccess: '您已成功激活 KLK 经纪人特权礼包',
    agent: '代理',
    noLevel: '尚未成为经纪人',
    copied: '已复制',
    applied: '申请成功',
    paid: '支付成功',
    authorized: '授权成功',
    authorizedTitle: '已授权',
    appliedTitle: '已申请',
    approvedTitle: '已申请 — 审核通过，待支付',
    pending: '待审核',
  },
} as const;

/** The member's node application id, as the member's own status call answers it. */
async function nodeApplicationId(page: Page): Promise<string> {
  const response = await page.request.post('/api/node/status', {
    headers: { 'content-type': 'application/json', token: await readToken(page), language: 'en_US' },
    data: {},
  });
  const body = (await response.json()) as { data: { application: { id: string } | null } };
  expect(body.data.application).not.toBeNull();
  return body.data.application?.id ?? '';
}

for (const language of ['en', 'zh-Hans'] as const) {
  test(`a member buys a broker package, runs a node application to authorized and applies as a shareholder (${language})`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const text = TEXT[language];
    await page.addInitScript((code) => {
      if (!localStorage.getItem('kpc:language')) localStorage.setItem('kpc:language', code);
    }, language);
    await loginNewMember(page, `broker.${language}`);
    await seedFunds(page, { asset: 'USDT', amount: '12000', bucket: 'available' });

    // Mine lists the member's activation codes and the shareholder application.
    await expect(page.getByTestId('mine-activation-codes')).toBeVisible();
    await expect(page.getByTestId('mine-stockholder')).toBeVisible();
    await page.getByTestId('mine-services').scrollIntoViewIfNeeded();
    await capture(page, `${language}-mine-services`);

    // Home's "Join as a Broker" tile opens the packages: no level yet, agent 1,000 USDT for 1 code.
    await page.getByTestId('tab-home').click();
    await page.getByTestId('home-tile-broker').scrollIntoViewIfNeeded();
    await capture(page, `${language}-home-tiles`);
    await page.getByTestId('home-tile-broker').click();
    await expect(page.getByTestId('klk-page')).toBeVisible();
    await expect(page.getByTestId('klk-level')).toHaveText(text.noLevel);
    await expect(page.getByTestId('klk-available')).toHaveText('12,000 USDT');
    await expect(page.getByTestId('klk-tier-agent-price')).toHaveText('1,000 USDT');
    await expect(page.getByTestId('klk-tier-agent-codes')).toHaveText('1');
    await expect(page.getByTestId('klk-tier-agent-pay-now')).toHaveText('1,000 USDT');
    await expect(page.getByTestId('klk-tier-partner-pay-now')).toHaveText('5,000 USDT');
    await expectTapTarget(page.getByTestId('klk-tier-agent-buy'), 'buy');
    await capture(page, `${language}-klk`);

    // Buy: the review says what is paid and issued before anything leaves.
    await page.getByTestId('klk-tier-agent-buy').click();
    await waitForSheet(page);
    await expect(page.getByTestId('klk-review-pay')).toHaveText('1,000 USDT');
    await expect(page.getByTestId('klk-review-codes')).toHaveText('1');
    await capture(page, `${language}-klk-review`);
    await page.getByTestId('klk-review-confirm').click();
    await expectToast(page, text.klkSuccess);
    await expect(page.getByTestId('klk-review')).toBeHidden();
    await expect(page.getByTestId('klk-success')).toContainText(text.klkSuccess);
    await expect(page.getByTestId('klk-level')).toHaveText(text.agent);
    await expect(page.getByTestId('klk-available')).toHaveText('11,000 USDT');
    // Partner is now an upgrade: the difference, and only the extra codes.
    await expect(page.getByTestId('klk-tier-agent-held')).toBeVisible();
    await expect(page.getByTestId('klk-tier-partner-pay-now')).toHaveText('4,000 USDT');
    await expect(page.getByTestId('klk-tier-partner-codes-now')).toContainText('5');
    await capture(page, `${language}-klk-bought`);

    // The code is on the codes page, whole, to copy; Give opens its sheet.
    await page.getByTestId('klk-codes-link').click();
    await expect(page.getByTestId('activation-codes-page')).toBeVisible();
    await expect(page.getByTestId('codes-tab-unused')).toContainText('1');
    const code = page.getByTestId('codes-list').locator('article.activation-code').first();
    const codeId = (await code.getAttribute('data-testid')) ?? '';
    expect(codeId).toMatch(/^code-\d+$/);
    await expect(page.getByTestId(`${codeId}-value`)).toHaveText(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    await expectTapTarget(page.getByTestId(`${codeId}-copy`), 'copy');
    await expectTapTarget(page.getByTestId(`${codeId}-give`), 'give');
    await page.getByTestId(`${codeId}-copy`).click();
    await expectToast(page, text.copied);
    await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 5_000 });
    await capture(page, `${language}-codes`);
    await page.getByTestId(`${codeId}-give`).click();
    await waitForSheet(page);
    await page.getByTestId('give-code-submit').click();
    await expect(page.getByTestId('give-code-to-error')).toBeVisible();
    await capture(page, `${language}-codes-give`);
    await page.getByTestId('give-code-cancel').click();
    await expect(page.getByTestId('give-code-sheet')).toBeHidden();

    // The global node from Home: apply.
    await page.goBack();
    await page.goBack();
    await expect(page.getByTestId('home-page')).toBeVisible();
    await page.getByTestId('home-tile-global-node').click();
    await expect(page.getByTestId('global-node-page')).toBeVisible();
    await expect(page.getByTestId('node-price')).toHaveText('10,000 USDT');
    await expect(page.getByTestId('node-apply-form')).toBeVisible();
    await capture(page, `${language}-node-apply`);
    await page.getByTestId('node-apply-submit').click();
    await expect(page.locator('.adm-form-item-feedback-error').first()).toBeVisible();
    await page.getByTestId('node-apply-name').fill('Journey Node Ltd');
    await page.getByTestId('node-apply-contact').fill('@journey_node');
    await page.getByTestId('node-apply-region').fill('Singapore');
    await page.getByTestId('node-apply-submit').click();
    await expectToast(page, text.applied);
    await expect(page.getByTestId('node-status')).toHaveAttribute('data-status', 'applied');
    await expect(page.getByTestId('node-status-title')).toHaveText(text.appliedTitle);
    await expect(page.getByTestId('node-live')).toBeVisible();
    await expect(page.getByTestId('node-apply-form')).toHaveCount(0);
    await capture(page, `${language}-node-applied`);

    // The operator approves; the page follows without a reload.
    const applicationId = await nodeApplicationId(page);
    expect(
      (await operatorCall(page, 'node/review', { id: applicationId, approve: true, note: 'Welcome aboard' })).status,
    ).toBe('approved');
    await expect(page.getByTestId('node-status')).toHaveAttribute('data-status', 'approved');
    await expect(page.getByTestId('node-status-title')).toHaveText(text.approvedTitle);
    await expect(page.getByTestId('node-note')).toContainText('Welcome aboard');
    await expectTapTarget(page.getByTestId('node-pay'), 'pay');
    await capture(page, `${language}-node-approved`);

    // Pay the node price, reviewed first.
    await page.getByTestId('node-pay').click();
    await waitForSheet(page);
    await expect(page.getByTestId('node-review-price')).toHaveText('10,000 USDT');
    await expect(page.getByTestId('node-review-available')).toHaveText('11,000 USDT');
    await capture(page, `${language}-node-review`);
    await page.getByTestId('node-review-confirm').click();
    await expectToast(page, text.paid);
    await expect(page.getByTestId('node-status')).toHaveAttribute('data-status', 'paid');
    await expect(page.getByTestId('node-paid')).toContainText('10,000 USDT');

    // The operator authorizes; the page says so by itself.
    expect((await operatorCall(page, 'node/authorize', { id: applicationId })).status).toBe('authorized');
    await expect(page.getByTestId('node-status')).toHaveAttribute('data-status', 'authorized');
    await expect(page.getByTestId('node-status-title')).toHaveText(text.authorizedTitle);
    await expectToast(page, text.authorized);
    await expect(page.getByTestId('node-live')).toHaveCount(0);
    await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 5_000 });
    await capture(page, `${language}-node-authorized`);

    // Shareholder, from Mine: apply, then pending.
    await page.goBack();
    await page.getByTestId('tab-mine').click();
    await page.getByTestId('mine-stockholder').click();
    await expect(page.getByTestId('stockholder-page')).toBeVisible();
    await expect(page.getByTestId('stockholder-form')).toBeVisible();
    await capture(page, `${language}-stockholder-form`);
    await page.getByTestId('stockholder-name').fill('Journey Holder');
    await page.getByTestId('stockholder-contact').fill('holder@example.com');
    await page.getByTestId('stockholder-contribution').fill('50000');
    await page.getByTestId('stockholder-submit').click();
    await expectToast(page, text.applied);
    await expect(page.getByTestId('stockholder-status')).toHaveAttribute('data-status', 'pending');
    await expect(page.getByTestId('stockholder-status-title')).toHaveText(text.pending);
    await expect(page.getByTestId('stockholder-contribution-value')).toHaveText('50,000 USDT');
    await expect(page.getByTestId('stockholder-form')).toHaveCount(0);
    await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 5_000 });
    await capture(page, `${language}-stockholder`);
  });
}

/** A member call with the logged-in member's token; answers the body (code, msg, data). */
async function memberCall<T>(page: Page, path: string, data: object): Promise<{ code: number; data: T }> {
  const response = await page.request.post(`/api/${path}`, {
    headers: { 'content-type': 'application/json', token: await readToken(page), language: 'en_US' },
    data,
  });
  return (await response.json()) as { code: number; data: T };
}

async function availableUsdt(page: Page): Promise<string> {
  const answer = await memberCall<{ lst: { asset: string; available: string }[] }>(page, 'ass/lst', {});
  return answer.data.lst.find((item) => item.asset === 'USDT')?.available ?? '0';
}

/**
 * Shows the member an old price: `path` answers from the real server with `rewrite` applied to its
 * data until the member sends `until` (the purchase) — as if the price changed between the screen
 * and the request. After that it answers as the server does.
 */
async function showOldPrice<T>(page: Page, path: string, until: string, rewrite: (data: T) => void) {
  let isOld = true;
  page.on('request', (request) => {
    if (request.url().endsWith(until)) isOld = false;
  });
  await page.route(`**${path}`, async (route) => {
    const response = await route.fetch();
    if (!isOld) return route.fulfill({ response });
    const body = (await response.json()) as { data: T };
    rewrite(body.data);
    return route.fulfill({ response, json: body });
  });
}

/**
 * Latin or Cyrillic words of `target` drawn across two lines: none should be. (Japanese and Chinese
 * wrap between characters by design; their pictures are looked at instead.)
 */
async function brokenWords(target: Locator): Promise<string[]> {
  return target.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const broken: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? '').matchAll(/[\p{Script=Latin}\p{Script=Cyrillic}\p{N}]+/gu)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        if (new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

test('a package and a node payment whose price changed after the screen are refused, nothing is charged, and the new price is shown', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginNewMember(page, 'broker.price');
  await seedFunds(page, { asset: 'USDT', amount: '12000', bucket: 'available' });

  // The packages page shows agent at 900 USDT; the server's price is 1,000.
  await showOldPrice<{ tiers: { level: string; price: string; payNow: string | null }[] }>(
    page,
    '/api/klk/packages',
    '/api/klk/buy',
    (data) => {
      const agent = data.tiers.find((tier) => tier.level === 'agent');
      if (agent) Object.assign(agent, { price: '900', payNow: '900' });
    },
  );
  await page.goto('/#/pages/klk/index');
  await expect(page.getByTestId('klk-tier-agent-pay-now')).toHaveText('900 USDT');
  await page.getByTestId('klk-tier-agent-buy').click();
  await waitForSheet(page);
  await expect(page.getByTestId('klk-review-pay')).toHaveText('900 USDT');
  await page.getByTestId('klk-review-confirm').click();
  // Refused: the review stays, with the server's price and why it changed; nothing was charged.
  await expect(page.getByTestId('klk-review-changed')).toHaveText(
    'The price changed from 900 USDT to 1,000 USDT. Nothing was charged: check the new amount, then confirm.',
  );
  await expect(page.getByTestId('klk-review-pay')).toHaveText('1,000 USDT');
  await expect(page.getByTestId('klk-tier-agent-pay-now')).toHaveText('1,000 USDT');
  expect(await availableUsdt(page)).toBe('12000');
  expect((await memberCall<{ unused: number }>(page, 'card/codes', {})).data.unused).toBe(0);
  await capture(page, 'en-klk-price-changed');
  await page.getByTestId('klk-review-confirm').click();
  await expectToast(page, TEXT.en.klkSuccess);
  await expect(page.getByTestId('klk-available')).toHaveText('11,000 USDT');
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  // The node page shows a node price of 9,000 USDT; the server's is 10,000.
  const applied = await memberCall<{ id: string }>(page, 'node/apply', {
    name: 'Price Node',
    contact: '@price',
    region: 'Oslo',
  });
  expect((await operatorCall(page, 'node/review', { id: applied.data.id, approve: true })).status).toBe('approved');
  await showOldPrice<{ price: string }>(page, '/api/node/status', '/api/node/pay', (data) => {
    data.price = '9000';
  });
  await page.goto('/#/pages/node/global');
  await expect(page.getByTestId('node-price')).toHaveText('9,000 USDT');
  await page.getByTestId('node-pay').click();
  await waitForSheet(page);
  await expect(page.getByTestId('node-review-price')).toHaveText('9,000 USDT');
  await page.getByTestId('node-review-confirm').click();
  await expect(page.getByTestId('node-review-changed')).toHaveText(
    'The price changed from 9,000 USDT to 10,000 USDT. Nothing was charged: check the new amount, then confirm.',
  );
  await expect(page.getByTestId('node-review-price')).toHaveText('10,000 USDT');
  expect(await availableUsdt(page)).toBe('11000');
  expect((await memberCall<{ application: { status: string } }>(page, 'node/status', {})).data.application.status).toBe(
    'approved',
  );
  await capture(page, 'en-node-price-changed');
  await page.getByTestId('node-review-confirm').click();
  await expectToast(page, TEXT.en.paid);
  await expect(page.getByTestId('node-status')).toHaveAttribute('data-status', 'paid');
  await expect(page.getByTestId('node-paid')).toContainText('10,000 USDT');
  expect(await availableUsdt(page)).toBe('1000');
});

const NODE_STATES = {
  ru: { steps: ['Заявка', 'Подана', 'Оплата', 'Авторизован'], applied: 'Заявка подана' },
  ja: { steps: ['申請', '申請済み', '支払い', '認可済み'], applied: '申請済み' },
} as const;

for (const language of ['ru', 'ja'] as const) {
  test(`the node's states read whole at 390 px (${language})`, async ({ page }) => {
    test.setTimeout(90_000);
    const expected = NODE_STATES[language];
    await page.addInitScript((code) => {
      if (!localStorage.getItem('kpc:language')) localStorage.setItem('kpc:language', code);
    }, language);
    await loginNewMember(page, `broker.states.${language}`);
    await seedFunds(page, { asset: 'USDT', amount: '12000', bucket: 'available' });
    const applied = await memberCall<{ id: string }>(page, 'node/apply', {
      name: 'Узел 東京 Ltd',
      contact: '@node',
      region: 'Tokyo',
    });
    await showOldPrice<{ price: string }>(page, '/api/node/status', '/api/node/pay', (data) => {
      data.price = '9000';
    });
    await page.goto('/#/pages/node/global');
    await expect(page.getByTestId('node-status')).toHaveAttribute('data-status', 'applied');
    await expect(page.getByTestId('node-status-title')).toHaveText(expected.applied);
    const steps = page.getByTestId('node-progress').locator('.adm-step-title');
    await expect(steps).toHaveText([...expected.steps]);
    // Each step name on one line; no word of the status split across lines.
    for (const step of await steps.all()) {
      const lines = await step.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
      });
      expect(lines, `step "${await step.textContent()}" on one line`).toBe(1);
    }
    expect(await brokenWords(page.getByTestId('node-status'))).toEqual([]);
    // Japanese wraps between phrases, never inside a word such as ノード.
    expect(await page.getByTestId('global-node-page').evaluate((element) => getComputedStyle(element).wordBreak)).toBe(
      language === 'ja' ? 'auto-phrase' : 'normal',
    );
    await capture(page, `${language}-node-applied-state`);

    expect((await operatorCall(page, 'node/review', { id: applied.data.id, approve: true })).status).toBe('approved');
    await expect(page.getByTestId('node-status')).toHaveAttribute('data-status', 'approved');
    expect(await brokenWords(page.getByTestId('node-status'))).toEqual([]);
    await capture(page, `${language}-node-approved-state`);

    // The price-changed notice in the review, in the same language.
    await page.getByTestId('node-pay').click();
    await waitForSheet(page);
    await page.getByTestId('node-review-confirm').click();
    await expect(page.getByTestId('node-review-changed')).toBeVisible();
    await expect(page.getByTestId('node-review-price')).toContainText('10');
    expect(await brokenWords(page.getByTestId('node-review'))).toEqual([]);
    await capture(page, `${language}-node-price-changed`);
  });
}
