import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { fill, PASSWORD, uniqueEmail } from '../support/account.ts';
import { GENESIS_CODE } from '../support/constants.ts';
import { capture } from '../support/journey.ts';
import { readCodeFromMail } from '../support/mail.ts';

// Issue 24 items 6 and 11, in all seven languages at 390x844: one submit shows every error of a
// form (Register's differing passwords beside the others; every empty field of the shareholder and
// node forms, the contribution too), with the required mark apart from its label; a member who has
// just registered is greeted as new; the announcement's page is titled for one announcement; the
// KPC release log's empty state keeps its margins.

const LANGUAGES = ['en', 'zh-Hans', 'hi', 'ja', 'ko', 'ru', 'vi'] as const;
type Language = (typeof LANGUAGES)[number];

/** What each language must say, read from the app's own messages (apps/web/src/locales). */
function textIn(language: Language) {
  const messages = JSON.parse(
    readFileSync(new URL(`../../apps/web/src/locales/${language}.json`, import.meta.url), 'utf8'),
  ) as Record<string, Record<string, string>>;
  return {
    mismatch: messages.validation!.passwordMismatch!,
    welcome: messages.home!.welcome!,
    required: messages.validation!.required!,
    amount: messages.validation!.amountRequired!,
    detail: messages.notice!.detailTitle!,
  };
}

/** The error messages a form shows, in field order. */
function formErrors(page: Page) {
  return page.locator('.adm-form-item-feedback-error');
}

for (const language of LANGUAGES) {
  test(`forms, greeting and titles read right in ${language}`, async ({ page }) => {
    test.setTimeout(90_000);
    const text = textIn(language);
    await page.addInitScript((code) => {
      if (!localStorage.getItem('kpc:language')) localStorage.setItem('kpc:language', code);
    }, language);

    // Register: one submit says everything, the differing passwords included.
    const email = uniqueEmail(`copy.${language}`);
    await page.goto(`/#/pages/register/index?inviteCode=${GENESIS_CODE}`);
    await expect(page.getByTestId('register-page')).toBeVisible();
    await fill(page, 'register-email', 'not-an-email');
    await fill(page, 'register-password', PASSWORD);
    await fill(page, 'register-confirm-password', `${PASSWORD}!`);
    await page.getByTestId('register-submit').click();
    await expect(formErrors(page)).toHaveCount(4);
    await expect(formErrors(page).nth(1)).toHaveText(text.mismatch);
    await capture(page, `${language}-register-errors`);

    // Registered: Home greets a new member, not "Welcome back".
    await fill(page, 'register-email', email);
    await fill(page, 'register-confirm-password', PASSWORD);
    await page.getByTestId('register-code-button').click();
    await expect(page.getByTestId('register-code-button')).toContainText(/\d+/);
    await fill(page, 'register-code', await readCodeFromMail(email, /./));
    await page.getByTestId('register-agreement').click();
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('home-page')).toBeVisible();
    await expect(page.getByTestId('home-greeting')).toHaveText(text.welcome);
    await expect(page.getByTestId('home-level')).toBeVisible();
    await capture(page, `${language}-home-new-member`);

    // The shareholder form: every empty field on the first submit, the contribution too.
    await page.goto('/#/pages/stockholder/index');
    await expect(page.getByTestId('stockholder-form')).toBeVisible();
    await page.getByTestId('stockholder-submit').click();
    await expect(formErrors(page)).toHaveText([text.required, text.required, text.amount]);
    await expectMarkApart(page.getByTestId('stockholder-form'));
    await capture(page, `${language}-stockholder-errors`);

    // The node form: the same.
    await page.goto('/#/pages/node/global');
    await expect(page.getByTestId('node-apply-form')).toBeVisible();
    await page.getByTestId('node-apply-submit').click();
    await expect(formErrors(page)).toHaveText([text.required, text.required, text.required]);
    await expectMarkApart(page.getByTestId('node-apply-form'));
    await page.getByTestId('node-apply-form').scrollIntoViewIfNeeded();
    await capture(page, `${language}-node-errors`);

    // An announcement's page is titled for one announcement (the seeded ones are there).
    await page.goto('/#/pages/notice/index');
    await page.getByTestId('notice-item').first().click();
    await expect(page.getByTestId('notice-detail')).toBeVisible();
    await expect(page.locator('.adm-nav-bar-title')).toHaveText(text.detail);
    await capture(page, `${language}-notice-detail-title`);

    // The release log of a member with no ESOP order: its empty text keeps clear of the edges.
    await page.goto('/#/pages/plan/kpc-log');
    const empty = page.getByTestId('esop-log-list-empty');
    await expect(empty).toBeVisible();
    const description = await empty.locator('.adm-empty-description').boundingBox();
    expect(description?.x, 'left margin').toBeGreaterThanOrEqual(16);
    expect((description?.x ?? 0) + (description?.width ?? 0), 'right margin').toBeLessThanOrEqual(390 - 16);
    await capture(page, `${language}-esop-log-empty`);
  });
}

/** The required mark stands apart from its label: a gap of at least 4 px between the two boxes. */
async function expectMarkApart(form: Locator) {
  const gaps = await form.locator('.adm-form-item-label').evaluateAll((labels) =>
    labels.flatMap((label) => {
      const mark = label.querySelector('.adm-form-item-required-asterisk');
      if (!mark) return [];
      const range = document.createRange();
      range.selectNodeContents(label.firstChild ?? label);
      const text = range.getBoundingClientRect();
      return [text.left - mark.getBoundingClientRect().right];
    }),
  );
  expect(gaps.length).toBeGreaterThan(0);
  for (const gap of gaps) expect(gap, 'gap between * and its label').toBeGreaterThanOrEqual(3.5);
}
