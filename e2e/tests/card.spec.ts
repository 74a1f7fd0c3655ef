import { expect, test, type Page } from '@playwright/test';
import { loginNewMember, seedFunds } from '../support/funds.ts';
import { capture, expectTapTarget, expectToast, operatorCall } from '../support/journey.ts';
import { waitForSheet } from '../support/sheet.ts';

// Issue 11 §3, §8 (SPEC §2 "Card pages", §5 bind-card message, §8 success messages, §9 card fees
// and limits): a funded member with no card finds the way from the card tab to the KLK package,
// buys it and pays a Gold Eagle application with the activation code it gave; the sandbox issuer
// (in development: approved 3 s after applying, issued 3 s later) issues the card while the card
// tab is open; the member binds it from Home's Bind Card with the number and ID the sandbox
// "posted", tops it up (a top-up above the single limit is refused first, and nothing moves),
// sees an operator's purchase with the running balance, freezes and unfreezes it, and finds the
// top-up in the asset flow. Screens in English and Chinese.

const TEXT = {
  en: {
    klkSuccess: 'You have successfully activated the KLK Broker Privilege Package',
    oneCode: '1 unused',
    applied: 'Application Success',
    issued: 'Issued',
    notBound: 'Not bound',
    bound: 'Bound successfully',
    active: 'Active',
    frozenStatus: 'Frozen',
    aboveSingle: 'The maximum amount is 5,000 USDT',
    coveredByCode: 'Covered by the code',
    toppedUp: 'Top-up successful',
    loaded: '100 USDT has been loaded onto the card. New balance: 150 USDT.',
    purchase: 'Purchase',
    topUp: 'Top-up',
    balance: (amount: string) => `Balance ${amount}`,
    frozen: 'Card frozen',
    unfrozen: 'Card unfrozen',
    cardTopUp: 'Card top-up',
    package: 'Broker package',
    testFunds: 'Test funds',
  },
  'zh-Hans': {
    klkSuccess: '您已成功激活 KLK 经纪人特权礼包',
    oneCode: '1 个未使用',
    applied: '申请成功',
    issued: '已发卡',
    notBound: '未绑定',
    bound: '绑定成功',
    active: '正常',
    frozenStatus: '已冻结',
    aboveSingle: '最大数量为 5,000 USDT',
    coveredByCode: '由激活码支付',
    toppedUp: '充值成功',
    loaded: '100 USDT 已充值到卡。当前余额：150 USDT。',
    purchase: '消费',
    topUp: '充值',
    balance: (amount: string) => `余额 ${amount}`,
    frozen: '卡片已冻结',
    unfrozen: '卡片已解冻',
    cardTopUp: '卡片充值',
    package: '经纪人礼包',
    testFunds: '测试资金',
  },
} as const;

/** The holder's details for KYC: approved by the sandbox's rules (no "REJECT", no "000…" document). */
async function fillHolder(page: Page) {
  await page.getByTestId('card-open-firstName').fill('ALEX');
  await page.getByTestId('card-open-lastName').fill('CHAN');
  await page.getByTestId('card-open-dateOfBirth').fill('1990-05-17');
  await page.getByTestId('card-open-nationality').selectOption('HK');
  await page.getByTestId('card-open-document-passport').click();
  await page.getByTestId('card-open-documentNumber').fill('K1234567');
  await page.getByTestId('card-open-phone').fill('+852 9123 4567');
  await page.getByTestId('card-open-addressLine1').fill('8 Finance Street');
  await page.getByTestId('card-open-city').fill('Hong Kong');
  await page.getByTestId('card-open-postalCode').fill('999077');
  await page.getByTestId('card-open-country').selectOption('HK');
}

for (const language of ['en', 'zh-Hans'] as const) {
  test(`a member buys a broker package, applies for a card with its code, binds, tops up and freezes the issued card (${language})`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const text = TEXT[language];
    await page.addInitScript((code) => {
      if (!localStorage.getItem('kpc:language')) localStorage.setItem('kpc:language', code);
    }, language);
    await loginNewMember(page, `card.${language}`);
    await seedFunds(page, { asset: 'USDT', amount: '12000', bucket: 'available' });

    // The card tab of a member with no card: apply or bind.
    await page.getByTestId('tab-card').click();
    await expect(page.getByTestId('card-list-empty')).toBeVisible();
    await expectTapTarget(page.getByTestId('card-empty-apply'), 'apply');
    await expectTapTarget(page.getByTestId('card-empty-bind'), 'bind');
    await capture(page, `${language}-card-empty`);

    // Apply: the products with their fees and limits; no code yet, and the way to get one.
    await page.getByTestId('card-empty-apply').click();
    await expect(page.getByTestId('card-open-page')).toBeVisible();
    await expect(page.getByTestId('card-product-gold_eagle-total')).toHaveText('170 USDT');
    await expect(page.getByTestId('card-product-gold_eagle-limit-single')).toHaveText('5,000 USDT');
    await expect(page.getByTestId('card-product-gold_eagle')).toHaveAttribute('aria-checked', 'true');
    await capture(page, `${language}-card-open`);
    // Paying with a code, the member has none yet: the page says where codes come from.
    await page.getByTestId('card-open-pay-code').click();
    await expect(page.getByTestId('card-open-no-codes')).toBeVisible();

    // Buy the agent package there: it gives one activation code.
    await page.getByTestId('card-open-klk').click();
    await expect(page.getByTestId('klk-page')).toBeVisible();
    await page.getByTestId('klk-tier-agent-buy').click();
    await waitForSheet(page);
    await page.getByTestId('klk-review-confirm').click();
    await expectToast(page, text.klkSuccess);
    await expect(page.getByTestId('klk-available')).toHaveText('11,000 USDT');
    await page.getByTestId('klk-codes-link').click();
    await expect(page.getByTestId('activation-codes-page')).toBeVisible();
    const codeItem = page.getByTestId('codes-list').locator('article.activation-code').first();
    const codeTestId = (await codeItem.getAttribute('data-testid')) ?? '';
    expect(codeTestId).toMatch(/^code-\d+$/);
    const codeValue = (await page.getByTestId(`${codeTestId}-value`).textContent()) ?? '';
    expect(codeValue).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);

    // Back on the application the code is offered; Gold Eagle on VISA, paid with it.
    await page.goBack();
    await page.goBack();
    await expect(page.getByTestId('card-open-page')).toBeVisible();
    await expect(page.getByTestId('card-open-payment')).toContainText(text.oneCode);
    await expect(page.getByTestId(`card-open-${codeTestId}`)).toHaveText(codeValue);
    await page.getByTestId('card-product-gold_eagle').click();
    await page.getByTestId('card-open-network-visa').click();
    await fillHolder(page);
    await page.getByTestId(`card-open-${codeTestId}`).click();
    await expect(page.getByTestId('card-open-code')).toHaveValue(codeValue);
    await page.getByTestId('card-open-payment').scrollIntoViewIfNeeded();
    await capture(page, `${language}-card-open-payment`);
    await expectTapTarget(page.getByTestId('card-open-submit'), 'apply');

    // Review, then send: the code pays, nothing leaves the balance.
    await page.getByTestId('card-open-submit').click();
    await waitForSheet(page);
    await expect(page.getByTestId('card-review-network')).toHaveText('VISA');
    await expect(page.getByTestId('card-review-holder')).toHaveText('ALEX CHAN');
    await expect(page.getByTestId('card-review-payment')).toHaveText(codeValue);
    await expect(page.getByTestId('card-review-pay')).toHaveText(text.coveredByCode);
    await expectTapTarget(page.getByTestId('card-review-confirm'), 'confirm');
    await capture(page, `${language}-card-review`);
    await page.getByTestId('card-review-confirm').click();
    await expectToast(page, text.applied);

    // The card tab follows the application by itself: approved, then issued, and the card appears.
    await expect(page.getByTestId('card-list-page')).toBeVisible();
    const application = page.getByTestId('card-applications').locator('li[data-status]').first();
    await expect(application).toHaveAttribute('data-status', /^(submitted|kyc_approved|issued)$/);
    await expect(application).toHaveAttribute('data-status', 'issued', { timeout: 20_000 });
    await expect(application.locator('[data-testid$="-status"]')).toHaveText(text.issued);
    await expect(application.locator('[data-testid$="-live"]')).toHaveCount(0);
    const card = page.getByTestId('card-items').locator('li.card-item').first();
    await expect(card).toHaveAttribute('data-bound', 'false');
    const cardTestId = (await card.getAttribute('data-testid')) ?? '';
    expect(cardTestId).toMatch(/^card-\d+$/);
    const cardId = cardTestId.slice('card-'.length);
    await expect(page.getByTestId(`${cardTestId}-status`)).toHaveText(text.notBound);
    await expectTapTarget(page.getByTestId(`${cardTestId}-bind`), 'go to bind');
    for (const key of ['apply', 'codes', 'bind']) await expectTapTarget(page.getByTestId(`card-action-${key}`), key);
    await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 5_000 });
    await capture(page, `${language}-card-issued`);

    // Bind from Home's tile: the number and ID the sandbox "posted", filled in by its button.
    await page.getByTestId('tab-home').click();
    await page.getByTestId('home-tile-bind-card').click();
    await expect(page.getByTestId('card-bind-page')).toBeVisible();
    await expect(page.getByTestId('card-bind-card')).toBeVisible();
    await expectTapTarget(page.getByTestId('card-bind-submit'), 'bind');
    await expectTapTarget(page.getByTestId('card-bind-sandbox'), 'sandbox fill');
    await capture(page, `${language}-card-bind`);
    await page.getByTestId('card-bind-sandbox').click();
    await expect(page.getByTestId('card-bind-number')).toHaveValue(/^4\d{3} \d{4} \d{4} \d{4}$/);
    await expect(page.getByTestId('card-bind-id')).toHaveValue(/^[A-Z0-9]{8,12}$/);
    await expect(page.getByTestId('card-bind-network')).toHaveText('VISA');
    const last4 = ((await page.getByTestId('card-bind-number').inputValue()) ?? '').slice(-4);
    await capture(page, `${language}-card-bind-filled`);
    await page.getByTestId('card-bind-submit').click();
    await expectToast(page, text.bound);

    // The card tab shows it bound, with the initial top-up the code paid for.
    await expect(page.getByTestId('card-list-page')).toBeVisible();
    await expect(page.getByTestId(cardTestId)).toHaveAttribute('data-bound', 'true');
    await expect(page.getByTestId(`${cardTestId}-status`)).toHaveText(text.active);
    await expect(page.getByTestId(`${cardTestId}-number`)).toContainText(last4);
    await expect(page.getByTestId(`${cardTestId}-balance`)).toHaveText('50 USDT');
    await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 5_000 });
    await capture(page, `${language}-card-list`);

    // The card's page: balance, top-up and freeze, its transactions.
    await page.getByTestId(`${cardTestId}-open`).click();
    await expect(page.getByTestId('card-detail-page')).toBeVisible();
    await expect(page.getByTestId('card-detail-balance')).toHaveText('50 USDT');
    await expect(page.getByTestId('card-transactions-item')).toHaveCount(1);
    await expectTapTarget(page.getByTestId('card-top-up-open'), 'top up');
    await expectTapTarget(page.getByTestId('card-freeze-button'), 'freeze');
    await capture(page, `${language}-card-detail`);

    // Above the single limit: the form says so and nothing is sent.
    await page.getByTestId('card-top-up-open').click();
    await waitForSheet(page);
    await expect(page.getByTestId('card-top-up-available')).toHaveText('11,000 USDT');
    await page.getByTestId('card-top-up-amount').fill('6000');
    await expect(page.getByTestId('card-top-up-amount-error')).toHaveText(text.aboveSingle);
    await page.getByTestId('card-top-up-next').click();
    await expect(page.getByTestId('card-top-up-review')).toHaveCount(0);
    await capture(page, `${language}-card-top-up-limit`);

    // 100 USDT: a fee of 1.5% (at least 1 USDT) on top, reviewed before anything leaves.
    await page.getByTestId('card-top-up-amount').fill('100');
    await expect(page.getByTestId('card-top-up-amount-error')).toHaveCount(0);
    await expect(page.getByTestId('card-top-up-fee')).toHaveText('1.5 USDT');
    await expect(page.getByTestId('card-top-up-total')).toHaveText('101.5 USDT');
    await expectTapTarget(page.getByTestId('card-top-up-next'), 'next');
    await capture(page, `${language}-card-top-up`);
    await page.getByTestId('card-top-up-next').click();
    await waitForSheet(
      page,
      page.locator('.adm-popup-body.sheet').filter({ has: page.getByTestId('card-top-up-review') }),
    );
    await expect(page.getByTestId('card-top-up-review-amount')).toHaveText('100 USDT');
    await expect(page.getByTestId('card-top-up-review-fee')).toHaveText('1.5 USDT');
    await expect(page.getByTestId('card-top-up-review-total')).toHaveText('101.5 USDT');
    await expect(page.getByTestId('card-top-up-review-available')).toHaveText('11,000 USDT');
    await expectTapTarget(page.getByTestId('card-top-up-review-confirm'), 'confirm');
    await capture(page, `${language}-card-top-up-review`);
    await page.getByTestId('card-top-up-review-confirm').click();
    await expectToast(page, text.toppedUp);
    await expect(page.getByTestId('card-top-up')).toHaveCount(0);
    await expect(page.getByTestId('card-top-up-result')).toHaveAttribute('data-status', 'completed');
    await expect(page.getByTestId('card-top-up-result')).toHaveText(text.loaded);
    await expect(page.getByTestId('card-detail-balance')).toHaveText('150 USDT');
    await expect(page.getByTestId('card-transactions-item')).toHaveCount(2);

    // A purchase at the sandbox (by the operator API): back in the app, it is listed with the balance after it.
    const spend = await operatorCall<{ balance: string }>(page, 'card/spend', {
      cardId,
      amount: '30',
      merchant: 'Pacific Coffee',
    });
    expect(spend.balance).toBe('120');
    // The open page reads its card again by itself (every 10 s while shown): no tap, no reload.
    await expect(page.getByTestId('card-detail-balance')).toHaveText('120 USDT', { timeout: 15_000 });
    const transactions = page.getByTestId('card-transactions-item');
    await expect(transactions).toHaveCount(3);
    await expect(transactions.getByTestId('card-transactions-item-type')).toHaveText([
      text.purchase,
      text.topUp,
      text.topUp,
    ]);
    await expect(transactions.getByTestId('card-transactions-item-amount')).toHaveText([
      '-30 USDT',
      '+100 USDT',
      '+50 USDT',
    ]);
    await expect(transactions.getByTestId('card-transactions-item-balance')).toHaveText([
      text.balance('120'),
      text.balance('150'),
      text.balance('50'),
    ]);
    await expect(transactions.first().getByTestId('card-transactions-item-merchant')).toHaveText('Pacific Coffee');
    await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 5_000 });
    await page.getByTestId('card-transactions').scrollIntoViewIfNeeded();
    await capture(page, `${language}-card-transactions`);

    // Freeze, confirmed first: top-up closes and the page says why.
    await page.getByTestId('card-detail-balance').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('card-freeze-button')).toHaveAttribute('data-action', 'freeze');
    await page.getByTestId('card-freeze-button').click();
    await expect(page.getByTestId('card-freeze-confirm')).toBeVisible();
    await capture(page, `${language}-card-freeze-confirm`);
    await page.getByTestId('card-freeze-confirm').click();
    await expectToast(page, text.frozen);
    await expect(page.getByTestId('card-detail-state')).toHaveAttribute('data-reason', 'member');
    await expect(page.getByTestId('card-freeze-button')).toHaveAttribute('data-action', 'unfreeze');
    await expect(page.getByTestId(`${cardTestId}-status`)).toHaveText(text.frozenStatus);
    await expect(page.getByTestId('card-top-up-open')).toBeDisabled();
    await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 5_000 });
    await capture(page, `${language}-card-frozen`);

    // Unfreeze: usable again.
    await page.getByTestId('card-freeze-button').click();
    await page.getByTestId('card-freeze-confirm').click();
    await expectToast(page, text.unfrozen);
    await expect(page.getByTestId('card-detail-state')).toHaveCount(0);
    await expect(page.getByTestId('card-freeze-button')).toHaveAttribute('data-action', 'freeze');
    await expect(page.getByTestId(`${cardTestId}-status`)).toHaveText(text.active);
    await expect(page.getByTestId('card-top-up-open')).toBeEnabled();

    // The asset flow: the top-up and its fee left available in one entry, after the package (the code
    // paid the application, so no card fee entry).
    await page.goto('/#/pages/asset/log');
    await expect(page.getByTestId('asset-log-page')).toBeVisible();
    const entries = page.getByTestId('asset-log-item');
    await expect(entries).toHaveCount(3);
    await expect(entries.getByTestId('asset-log-item-type')).toHaveText([text.cardTopUp, text.package, text.testFunds]);
    await expect(entries.getByTestId('asset-log-item-amount')).toHaveText([
      '-101.5 USDT',
      '-1,000 USDT',
      '+12,000 USDT',
    ]);
    await expect(entries.first()).toContainText(text.balance('10,898.5'));
    await capture(page, `${language}-card-asset-log`);
  });
}
