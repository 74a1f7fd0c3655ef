import { expect, test, type Page } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { loginNewMember, seedFunds } from '../support/funds.ts';
import { capture, expectTapTarget, expectToast } from '../support/journey.ts';
import { LOCAL_CHAIN_ID } from '../support/local-chain.ts';
import { readCodeFromMail } from '../support/mail.ts';
import { useLanguage } from '../support/language.ts';

// Step 11 §2 at a phone's 390x844, in English and Chinese: a member saves a withdrawal address from
// Mine (the emailed code, then a review) and sees it locked; a withdrawal to it is refused as locked;
// the mail about the new address carries a link that cancels it, without signing in.

const COPY = {
  en: {
    codeMail: /security code/,
    addedMail: /new withdrawal address/,
    saved: 'Address saved',
    locked: /^Locked until /,
    refused:
      /This address was added recently\. Withdrawals to it are accepted from \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\./,
  },
  'zh-Hans': {
    codeMail: /安全验证码/,
    addedMail: /新的提现地址/,
    saved: '地址已保存',
    locked: /^锁定至 /,
    refused: /该地址刚刚添加，自 \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC 起才可接收提现。/,
  },
} as const;

const mailUrl = `http://127.0.0.1:${process.env.E2E_MAIL_HTTP_PORT ?? 2526}/mails`;

/** The app path of the cancel link in the newest "new address" mail to `to` (`/#/pages/…?token=…`). */
async function readCancelLink(to: string, subject: RegExp): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(`${mailUrl}?to=${encodeURIComponent(to)}`)).json()) as {
          subject: string;
          text: string;
        }[];
        const mail = mails.reverse().find((m) => subject.test(m.subject));
        link = /(#\/pages\/asset\/withdraw\/address-cancel\?token=[A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1] ?? '';
        return link;
      },
      { timeout: 10_000, message: `a mail to ${to} with a cancel link` },
    )
    .not.toBe('');
  return `/${link}`;
}

async function chooseLanguage(page: Page, code: string) {
  await page.evaluate((language) => localStorage.setItem('kpc:language', language), code);
  await page.reload();
}

for (const language of ['en', 'zh-Hans'] as const) {
  test(`a member saves an address, sees it locked, and cancels it from the mail (${language})`, async ({ page }) => {
    test.setTimeout(180_000);
    const copy = COPY[language];
    await useLanguage(page, language);
    const email = await loginNewMember(page, `address-book-${language}`);
    await seedFunds(page, { asset: 'USDT', amount: '100', bucket: 'available' });

    // Mine opens the address book, empty at first.
    await page.goto('/#/pages/mine/index');
    const row = page.getByTestId('mine-address-book');
    await expectTapTarget(row, 'Address book', { hitArea: false });
    await row.click();
    await expect(page.getByTestId('address-book-empty')).toBeVisible();
    await capture(page, `${language}-address-book-empty`, { fullPage: true });

    // Add: network, address, name, the emailed code; then the review.
    const address = privateKeyToAccount(generatePrivateKey()).address;
    await page.getByTestId('address-book-add').click();
    await page.getByTestId(`address-add-network-${LOCAL_CHAIN_ID}`).click();
    await page.getByTestId('address-add-address').fill(address);
    await page.getByTestId('address-add-label').fill(language === 'en' ? 'My hardware wallet' : '我的硬件钱包');
    await page.getByTestId('address-add-send').click();
    await page.getByTestId('address-add-code').fill(await readCodeFromMail(email, copy.codeMail));
    await capture(page, `${language}-address-book-add`, { fullPage: true });
    await page.getByTestId('address-add-next').click();
    await expect(page.getByTestId('address-review')).toBeVisible();
    await capture(page, `${language}-address-book-review`);
    await page.getByTestId('address-review-confirm').click();
    await expectToast(page, copy.saved);

    // Saved, and locked for 24 hours.
    const saved = page.getByTestId('saved-address');
    await expect(saved).toHaveCount(1);
    await expect(saved.getByTestId('saved-address-state')).toHaveText(copy.locked);
    await expectTapTarget(saved.getByTestId('saved-address-remove'), 'Remove', { hitArea: false });
    await capture(page, `${language}-address-book-list`, { fullPage: true });
    if (language === 'en') {
      await chooseLanguage(page, 'ru');
      await expect(page.getByTestId('saved-address')).toHaveCount(1);
      await capture(page, 'ru-address-book-list', { fullPage: true });
      await chooseLanguage(page, 'en');
    }

    // The "address book only" switch asks for the code in a sheet (looked at, not changed here).
    await page.getByTestId('address-only-switch').click();
    await expect(page.getByTestId('address-only-sheet')).toBeVisible();
    await capture(page, `${language}-address-book-only`);
    await page.getByTestId('address-only-cancel').click();
    await expect(page.getByTestId('address-only-sheet')).toBeHidden();

    // The withdraw form's address book shows it locked; a withdrawal to it is refused as locked.
    await page.goto('/#/pages/asset/withdraw');
    await page.getByTestId(`withdraw-network-${LOCAL_CHAIN_ID}`).click();
    await page.getByTestId('saved-address-pick').click();
    const option = page.getByTestId('saved-address-option');
    await expect(option).toHaveAttribute('data-usable', 'false');
    await expect(option).toBeDisabled();
    await capture(page, `${language}-address-book-picker`);
    await page
      .locator('.adm-mask')
      .last()
      .click({ position: { x: 10, y: 10 } });
    await expect(page.getByTestId('saved-address-sheet')).toBeHidden();
    await page.getByTestId('withdraw-address').fill(address);
    await page.getByTestId('withdraw-amount').fill('20');
    await page.getByTestId('withdraw-code-button').click();
    await page
      .getByTestId('withdraw-code')
      .fill(await readCodeFromMail(email, language === 'en' ? /withdrawal code/ : /提现验证码/));
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('withdraw-review-confirm').click();
    await expect(page.locator('.adm-form-item-feedback-error').filter({ hasText: copy.refused })).toBeVisible();
    await page.getByTestId('withdraw-address').scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, 0));
    await capture(page, `${language}-address-book-withdraw-locked`);

    // The mail's link cancels it, signed in or not.
    const link = await readCancelLink(email, copy.addedMail);
    await page.goto(link);
    await expect(page.getByTestId('address-cancel-details')).toBeVisible();
    await capture(page, `${language}-address-cancel`);
    await page.getByTestId('address-cancel-confirm').click();
    await expect(page.getByTestId('address-cancel-done')).toBeVisible();
    await capture(page, `${language}-address-cancel-done`);
    await page.reload();
    await expect(page.getByTestId('address-cancel-already')).toBeVisible();
    await page.goto('/#/pages/asset/withdraw/address-cancel?token=' + 'x'.repeat(43));
    await expect(page.getByTestId('address-cancel-invalid')).toBeVisible();
    await capture(page, `${language}-address-cancel-invalid`);

    // Gone from the book.
    await page.goto('/#/pages/asset/withdraw/addresses');
    await expect(page.getByTestId('address-book-empty')).toBeVisible();
  });
}
