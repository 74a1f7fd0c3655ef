import { expect, test } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { Authenticator } from '../support/console.ts';
import { loginNewMember, seedFunds } from '../support/funds.ts';
import { capture, expectTapTarget, expectToast } from '../support/journey.ts';
import { LOCAL_CHAIN_ID } from '../support/local-chain.ts';
import { readCodeFromMail } from '../support/mail.ts';
import { useLanguage } from '../support/language.ts';

// Step 11 §2 at a phone's 390x844, in English and Chinese: a member turns on two-step verification
// from Mine with an authenticator app (the QR code's key, read here by a test authenticator), and a
// withdrawal then needs its code as well as the emailed one: refused without it, sent with it.

const COPY = {
  en: {
    off: 'Off',
    on: 'On',
    codeMail: /withdrawal code/,
    totpRequired: 'Enter the 6-digit code from your authenticator app.',
    submitted: 'Withdrawal submitted successfully',
  },
  'zh-Hans': {
    off: '未开启',
    on: '已开启',
    codeMail: /提现验证码/,
    totpRequired: '请输入身份验证器应用中的 6 位验证码。',
    submitted: '提现提交成功',
  },
} as const;

for (const language of ['en', 'zh-Hans'] as const) {
  test(`a member turns on two-step verification and withdraws with its code (${language})`, async ({ page }) => {
    test.setTimeout(150_000);
    const copy = COPY[language];
    await useLanguage(page, language);
    const email = await loginNewMember(page, `two-step-${language}`);
    await seedFunds(page, { asset: 'USDT', amount: '100', bucket: 'available' });

    // Mine says Off, and opens the page.
    const row = page.getByTestId('mine-two-step');
    await expect(page.getByTestId('mine-two-step-state')).toHaveText(copy.off);
    await expectTapTarget(row, 'Two-step verification', { hitArea: false });
    await row.click();
    await expect(page.getByTestId('two-step-off')).toBeVisible();
    // The card's icon keeps its 28 px beside a long text (it was squeezed to a dot).
    const icon = await page.getByTestId('two-step-off').locator('svg').first().boundingBox();
    expect(icon!.width).toBeGreaterThanOrEqual(24);
    await capture(page, `${language}-two-step-off`);
    await page.getByTestId('two-step-setup').click();

    // The QR code and its key; the authenticator app takes the key, and its first code turns it on.
    await expect(page.getByTestId('two-step-qr').locator('svg')).toBeVisible();
    const secret = (await page.getByTestId('two-step-secret').getAttribute('data-secret')) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await capture(page, `${language}-two-step-setup`, { fullPage: true });
    const authenticator = new Authenticator(secret);
    await page.getByTestId('two-step-code').fill(await authenticator.nextCode());
    await page.getByTestId('two-step-enable').click();
    await expect(page.getByTestId('two-step-on')).toBeVisible();
    await capture(page, `${language}-two-step-on`, { fullPage: true });
    await page.goto('/#/pages/mine/index');
    await expect(page.getByTestId('mine-two-step-state')).toHaveText(copy.on);

    // A withdrawal now asks for the authenticator's code beside the emailed one.
    await page.goto('/#/pages/asset/withdraw');
    await page.getByTestId(`withdraw-network-${LOCAL_CHAIN_ID}`).click();
    await page.getByTestId('withdraw-address').fill(privateKeyToAccount(generatePrivateKey()).address);
    await page.getByTestId('withdraw-amount').fill('20');
    await page.getByTestId('withdraw-code-button').click();
    await page.getByTestId('withdraw-code').fill(await readCodeFromMail(email, copy.codeMail));
    await page.getByTestId('withdraw-submit').click();
    await expect(page.getByText(copy.totpRequired)).toBeVisible();
    await expect(page.getByTestId('withdraw-review')).toHaveCount(0);
    await page.getByTestId('withdraw-totp').fill(await authenticator.nextCode());
    await capture(page, `${language}-withdraw-two-step`, { fullPage: true });
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('withdraw-review-confirm').click();
    await expectToast(page, copy.submitted);
    await expect(page).toHaveURL(/#\/pages\/asset\/withdraw\/detail\?id=[^&]+$/);
  });
}
