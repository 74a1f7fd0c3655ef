import { expect, test } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { loginNewMember, seedFunds } from '../support/funds.ts';
import { capture, expectTapTarget, expectToast } from '../support/journey.ts';
import { LOCAL_CHAIN_ID } from '../support/local-chain.ts';
import { readCodeFromMail } from '../support/mail.ts';
import { useLanguage } from '../support/language.ts';

// Step 11 §2 at a phone's 390x844: a member adds a passkey on the two-step page (Chromium's virtual
// authenticator stands in for the phone's fingerprint), Mine then says two-step verification is
// on, and a withdrawal needs the passkey beside the emailed code: refused without it, sent with it.
// Passkeys refuse an IP address as the site, so this journey opens the app at localhost (the
// server's WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS in playwright.config.ts).

test.use({ baseURL: `http://localhost:${process.env.E2E_PORT ?? 8181}` });

const COPY = {
  en: {
    on: 'On',
    off: 'Off',
    securityMail: /security code/,
    withdrawMail: /withdrawal code/,
    added: 'Passkey added',
    useFirst: 'Two-step verification is on: tap Use passkey to confirm.',
    submitted: 'Withdrawal submitted successfully',
  },
  'zh-Hans': {
    on: '已开启',
    off: '未开启',
    securityMail: /安全验证码/,
    withdrawMail: /提现验证码/,
    added: '通行密钥已添加',
    useFirst: '已开启两步验证：请点击“使用通行密钥”确认。',
    submitted: '提现提交成功',
  },
  ru: {
    on: 'Вкл.',
    off: 'Выкл.',
    securityMail: /код безопасности/,
    withdrawMail: /код для вывода/,
    added: 'Ключ доступа добавлен',
    useFirst: 'Двухэтапная проверка включена: нажмите «Использовать ключ доступа».',
    submitted: 'Заявка на вывод успешно отправлена',
  },
} as const;

for (const language of ['en', 'zh-Hans', 'ru'] as const) {
  test(`a member adds a passkey and withdraws with it (${language})`, async ({ page }) => {
    test.setTimeout(150_000);
    const copy = COPY[language];
    // The phone's passkey: a platform authenticator that verifies the member at once.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await useLanguage(page, language);
    const email = await loginNewMember(page, `passkey-${language}`);
    await seedFunds(page, { asset: 'USDT', amount: '100', bucket: 'available' });

    await page.goto('/#/pages/mine/index');
    await expect(page.getByTestId('mine-two-step-state')).toHaveText(copy.off);
    await page.getByTestId('mine-two-step').click();
    await expect(page.getByTestId('passkeys-none')).toBeVisible();
    await expect(page.getByTestId('passkeys-unsupported')).toHaveCount(0);

    // Adding one: the emailed security code, then the browser's prompt (answered by the authenticator).
    await page.getByTestId('passkey-add-start').click();
    await page.getByTestId('passkey-add-send').click();
    await page.getByTestId('passkey-add-email-code').fill(await readCodeFromMail(email, copy.securityMail));
    await capture(page, `${language}-passkey-add`, { fullPage: true });
    await page.getByTestId('passkey-add-submit').click();
    await expectToast(page, copy.added);
    const item = page.getByTestId('passkey-item');
    await expect(item).toHaveCount(1);
    await expectTapTarget(page.getByTestId('passkey-remove'), 'Remove passkey');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    await capture(page, `${language}-passkeys`, { fullPage: true });
    await page.goto('/#/pages/mine/index');
    await expect(page.getByTestId('mine-two-step-state')).toHaveText(copy.on);

    // A withdrawal now asks for the passkey beside the emailed code.
    await page.goto('/#/pages/asset/withdraw');
    await page.getByTestId(`withdraw-network-${LOCAL_CHAIN_ID}`).click();
    await page.getByTestId('withdraw-address').fill(privateKeyToAccount(generatePrivateKey()).address);
    await page.getByTestId('withdraw-amount').fill('20');
    await page.getByTestId('withdraw-code-button').click();
    await page.getByTestId('withdraw-code').fill(await readCodeFromMail(email, copy.withdrawMail));
    await expect(page.getByTestId('withdraw-totp')).toHaveCount(0);
    await capture(page, `${language}-withdraw-passkey`, { fullPage: true });
    await page.getByTestId('withdraw-submit').click();
    await expectToast(page, copy.useFirst);
    await expect(page.getByTestId('withdraw-review')).toHaveCount(0);
    await page.getByTestId('withdraw-passkey').click();
    await expect(page.getByTestId('withdraw-passkey-done')).toBeVisible();
    await capture(page, `${language}-withdraw-passkey-done`, { fullPage: true });
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('withdraw-review-confirm').click();
    await expectToast(page, copy.submitted);
    await expect(page).toHaveURL(/#\/pages\/asset\/withdraw\/detail\?id=[^&]+$/);

    // The passkey's list shows it used.
    await page.goto('/#/pages/security/two-step');
    await expect(page.getByTestId('passkey-item')).not.toContainText(/Not used yet|尚未使用|Ещё не использовался/);
  });
}
