import { expect, test, type Locator, type Page } from '@playwright/test';
import { bindCardThroughApi, issueCard } from '../support/cards.ts';
import { loginNewMember, seedFunds } from '../support/funds.ts';
import { capture, expectTapTarget } from '../support/journey.ts';
import { waitForSheet } from '../support/sheet.ts';

// Issue 24 item 10: every text field is a 44 px tap target, and its whole row is the field: a tap on
// the row's label or padding focuses it (the forms' rows, AppForm; the amount boxes, AmountField),
// on the bind card, node, shareholder, withdraw and card application forms and the plan, ESOP,
// pledge and card top-up amounts. The activation codes' tabs are 44 px tall too.

/** The text fields a form shows: its inputs and text areas, not its checkboxes, radios or selects. */
const TEXT_FIELDS = 'input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"]), textarea';

/** Takes the focus away, so the next tap has to bring it back. */
async function blurAll(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/**
 * A field's row (an antd-mobile form item or an amount box): the field is at least 44x44 px, and
 * a tap on the row's corner (its padding) and on its label focuses it.
 */
async function expectRowFocusesField(page: Page, field: Locator, name: string) {
  await field.scrollIntoViewIfNeeded();
  await expectTapTarget(field, name, { hitArea: false });
  const row = field.locator(
    'xpath=ancestor::*[contains(@class, "adm-form-item") or contains(@class, "amount-field__box")][1]',
  );
  await blurAll(page);
  await row.click({ position: { x: 6, y: 6 } });
  await expect(field, `${name}: a tap on the row's padding focuses it`).toBeFocused();

  const id = await field.getAttribute('id');
  const label = id ? page.locator(`label[for="${id}"]`) : page.locator('label:not(*)');
  if ((await label.count()) > 0) {
    await blurAll(page);
    await label.first().click();
    await expect(field, `${name}: a tap on its label focuses it`).toBeFocused();
  }
  await blurAll(page);
}

/** Every text field of the page's forms, each by its test id (or its name). */
async function expectFormRowsFocusFields(page: Page, screen: string) {
  const fields = page.locator('.adm-form .adm-form-item').locator(TEXT_FIELDS);
  // The form shows once what it depends on has loaded (the shareholder's status, the withdrawal channels).
  await expect(fields.first(), `${screen} has text fields`).toBeVisible();
  const count = await fields.count();
  for (let index = 0; index < count; index += 1) {
    const field = fields.nth(index);
    if (!(await field.isVisible())) continue;
    const name = (await field.getAttribute('data-testid')) ?? (await field.getAttribute('id')) ?? `field ${index}`;
    await expectRowFocusesField(page, field, `${screen} ${name}`);
  }
}

/** An AmountField: its input is 44 px or more, and its box (the asset code beside it) and label focus it. */
async function expectAmountFocuses(page: Page, testId: string) {
  const input = page.getByTestId(testId);
  await expectRowFocusesField(page, input, testId);
  const box = input.locator('xpath=ancestor::*[contains(@class, "amount-field__box")][1]');
  await box.locator('.amount-field__asset').click();
  await expect(input, `${testId}: a tap on the asset code focuses it`).toBeFocused();
  await blurAll(page);
}

async function open(page: Page, path: string, pageTestId: string) {
  await page.goto(`/#${path}`);
  await expect(page.getByTestId(pageTestId)).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test('every field is a 44 px target and its whole row focuses it', async ({ page }) => {
  test.setTimeout(150_000);
  await loginNewMember(page, 'taps');
  await seedFunds(page, { asset: 'USDT', amount: '2000', bucket: 'available' });
  await seedFunds(page, { asset: 'KPC', amount: '1000', bucket: 'available' });
  const card = await bindCardThroughApi(page, await issueCard(page, 'gold_eagle', 'visa'));

  // The forms' rows: bind card, node, shareholder, withdraw, the card application.
  await open(page, '/pages/card/index', 'card-bind-page');
  await expectFormRowsFocusFields(page, 'bind card');
  await capture(page, 'en-taps-card-bind');

  await open(page, '/pages/node/global', 'global-node-page');
  await expectFormRowsFocusFields(page, 'node');
  await capture(page, 'en-taps-node');

  await open(page, '/pages/stockholder/index', 'stockholder-page');
  await expectFormRowsFocusFields(page, 'shareholder');

  await open(page, '/pages/asset/withdraw', 'withdraw-page');
  await expectFormRowsFocusFields(page, 'withdraw');

  await open(page, '/pages/card/open', 'card-open-page');
  await expectFormRowsFocusFields(page, 'card application');
  for (const testId of ['card-open-nationality', 'card-open-country', 'card-open-dateOfBirth']) {
    await expectTapTarget(page.getByTestId(testId), testId, { hitArea: false });
  }

  // The amounts: plan, ESOP, pledge and the card's top-up.
  await open(page, '/pages/plan/index', 'plan-page');
  await expectAmountFocuses(page, 'plan-amount');
  await capture(page, 'en-taps-plan');
  await open(page, '/pages/plan/kpc', 'esop-page');
  await expectAmountFocuses(page, 'esop-amount');
  await open(page, '/pages/plan/pledge', 'pledge-page');
  await expectAmountFocuses(page, 'pledge-amount');
  await open(page, `/pages/card/detail?id=${card.id}`, 'card-detail-page');
  await page.getByTestId('card-top-up-open').click();
  await waitForSheet(page);
  await expectAmountFocuses(page, 'card-top-up-amount');
  await capture(page, 'en-taps-card-top-up');
  await page.getByTestId('card-top-up-cancel').click();

  // The activation codes' tabs, each across its half of the bar.
  await open(page, '/pages/card/sdk', 'activation-codes-page');
  const tabs = page.locator('.codes-tabs .adm-tabs-tab');
  await expect(tabs).toHaveCount(2);
  for (const index of [0, 1]) await expectTapTarget(tabs.nth(index), `codes tab ${index}`, { hitArea: false });
  await capture(page, 'en-taps-codes');
});
