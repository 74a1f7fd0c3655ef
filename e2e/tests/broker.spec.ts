import { expect, test, type Page } from '@playwright/test';
import { loginNewMember, readToken, seedFunds } from '../support/funds.ts';
import { capture, expectTapTarget, expectToast, operatorCall } from '../support/journey.ts';
import { waitForSheet } from '../support/sheet.ts';

// Issue 11 (SPEC §1, §2, §4 "Global node", §8 success messages): a funded member buys the KLK
// agent package and sees its activation code (copied, offered to give), applies for a global node
// that an operator approves through the operator API, pays the node price and watches the operator's
// authorization arrive without a reload, then applies as a shareholder. Screens in English and Chinese.

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
    await expect(page.getByTestId('node-live')).toBeVisible();
    await expect(page.getByTestId('node-apply-form')).toHaveCount(0);
    await capture(page, `${language}-node-applied`);

    // The operator approves; the page follows without a reload.
    const applicationId = await nodeApplicationId(page);
    expect(
      (await operatorCall(page, 'node/review', { id: applicationId, approve: true, note: 'Welcome aboard' })).status,
    ).toBe('approved');
    await expect(page.getByTestId('node-status')).toHaveAttribute('data-status', 'approved');
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
