import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { loginNewMember, readToken, seedFunds } from '../support/funds.ts';
import { capture, expectTapTarget } from '../support/journey.ts';
import { useLanguage } from '../support/language.ts';

// Step 11 §1 "Verify my balance" at a phone's 390x844, in English and Chinese: a member with funds
// is counted in a snapshot taken now (the development endpoint; in production the daily job or the
// console), opens Verify my balance from Mine, sees their balance verified in the browser against
// the published root, downloads the proof and the offline script in the repository verifies it.
// A visitor sees the same published root and is offered a login.

const VERIFIER = fileURLToPath(new URL('../../scripts/verify-liabilities.mjs', import.meta.url));

const COPY = {
  en: { verified: 'Verified', entry: 'Verify my balance', login: 'Log in to verify my balance' },
  'zh-Hans': { verified: '已验证', entry: '验证我的余额', login: '登录以验证我的余额' },
} as const;

for (const language of ['en', 'zh-Hans'] as const) {
  test(`a member verifies their balance in the published snapshot, in the app and offline (${language})`, async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    await useLanguage(page, language);
    await loginNewMember(page, `proof-${language}`);
    await seedFunds(page, { asset: 'USDT', amount: '1234.5', bucket: 'available' });
    await seedFunds(page, { asset: 'USDT', amount: '0.25', bucket: 'income' });
    const taken = await page.request.post('/api/dev/liability-snapshot', {
      headers: { 'content-type': 'application/json', token: await readToken(page) },
      data: {},
    });
    expect((await taken.json()).code).toBe(200);

    const entry = page.getByTestId('mine-proof');
    await expect(entry).toContainText(COPY[language].entry);
    await expectTapTarget(entry, 'Verify my balance', { hitArea: false });
    await entry.click();
    const verdict = page.getByTestId('proof-verdict');
    await expect(verdict).toHaveAttribute('data-state', 'verified');
    await expect(verdict).toContainText(COPY[language].verified);
    // Every bucket counts: available and income.
    await expect(page.getByTestId('proof-balance-USDT')).toHaveText('1,234.75');
    const root = (await page.getByTestId('proof-root').textContent()) ?? '';
    expect(root).toMatch(/^[0-9a-f]{64}$/);
    await capture(page, `${language}-proof-verified`);
    await capture(page, `${language}-proof-verified-full`, { fullPage: true });

    // The downloaded proof verifies offline, with the script alone, and names the same root.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('proof-download').click()]);
    expect(download.suggestedFilename()).toMatch(/^kpc-proof-\d{4}-\d{2}-\d{2}-\d+\.json$/);
    const file = testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(file);
    const offline = await promisify(execFile)(process.execPath, [VERIFIER, file]);
    expect(offline.stdout).toContain('verified: your balances {"');
    expect(offline.stdout).toContain(`root hash ${root}`);

    // A visitor reads the same published root, and is offered a login to check their own.
    const visitor = await browser.newContext({
      baseURL: baseURL ?? '',
      viewport: { width: 390, height: 844 },
      hasTouch: true,
    });
    const visitorPage = await visitor.newPage();
    await visitorPage.addInitScript((code) => localStorage.setItem('kpc:language', code), language);
    await visitorPage.goto('/#/pages/proof/index');
    await expect(visitorPage.getByTestId('proof-root')).toHaveText(root);
    await expect(visitorPage.getByTestId('proof-login')).toHaveText(COPY[language].login);
    await expect(visitorPage.getByTestId('proof-verdict')).toHaveCount(0);
    await capture(visitorPage, `${language}-proof-visitor`);
    await visitor.close();
  });
}
