import { expect, test } from '@playwright/test';
import { captureConsole, CONSOLE_CONTEXT, enrolThroughConsole, inputOf } from '../support/console.ts';
import { loginNewMember, seedFunds } from '../support/funds.ts';

// Step 11 §1, a journey in Chromium: a member holds USDT; an administrator opens the console's
// proof-of-liabilities page, takes a snapshot now (after a confirmation) and sees what members are
// owed against what the programme's addresses hold on the local chain at one block, with the
// ratio. Pictures in English and Chinese.

test.use(CONSOLE_CONTEXT);

test('an operator takes a proof-of-liabilities snapshot and sees totals, reserves and the ratio', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  // A member who is owed 1,234.5 USDT, on a phone.
  const memberContext = await browser.newContext({
    ...(baseURL ? { baseURL } : {}),
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  const memberPage = await memberContext.newPage();
  await loginNewMember(memberPage, 'proof');
  await seedFunds(memberPage, { asset: 'USDT', amount: '1234.5', bucket: 'available' });
  await memberContext.close();

  const answer = await page.request.post('/api/dev/operator/enrolment', { data: { email: 'admin-proof@kpc.local' } });
  const dev = (await answer.json()) as { data: { enrolmentUrl: string | null } };
  expect(dev.data.enrolmentUrl, 'a development administrator of its own').toBeTruthy();
  await page.goto(dev.data.enrolmentUrl!);
  await expect(page.getByTestId('enrol-card')).toBeVisible({ timeout: 30_000 });
  await enrolThroughConsole(page, 'proof console passphrase');
  await page.getByTestId('enrol-submit').click();
  await inputOf(page, 'codes-stored').check();
  await page.getByTestId('enrol-continue').click();
  await page.getByTestId('console-menu').getByRole('menuitem', { name: 'Proof of liabilities' }).click();
  await expect(page.getByTestId('proof-history')).toBeVisible();

  // Take one now: asked first, then published with each chain's reserves at its block.
  await page.getByTestId('proof-take').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Take a proof-of-liabilities snapshot now?');
  await captureConsole(page, 'en-proof-confirm');
  await dialog.getByRole('button', { name: 'Take a snapshot now' }).click();
  await expect(dialog).toBeHidden();

  const history = page.getByTestId('proof-history');
  await expect(history.getByText('On demand').first()).toBeVisible();
  // The latest snapshot is the one just taken: the member's 1,234.5 USDT is in what is owed.
  const totals = page.getByTestId('proof-totals');
  await expect(totals).toContainText(/USDT/);
  const owed = Number(((await totals.textContent()) ?? '').match(/([\d,.]+) USDT/)![1]!.replace(/,/g, ''));
  expect(owed).toBeGreaterThanOrEqual(1234.5);
  await expect(page.getByTestId('proof-root')).toHaveText(/^[0-9a-f]{64}$/);
  const chains = page.getByTestId('proof-chains');
  await expect(chains.locator('tbody tr')).toHaveCount(1);
  await expect(chains.locator('tbody tr').first()).toContainText(/Local test network|31337/);
  await expect(chains.locator('tbody tr td').nth(1)).toHaveText(/^\d+$/);
  const ratio = page.getByTestId('proof-ratio');
  await expect(ratio).toContainText(/\d+\.\d\d %/);
  // The development chain's hot wallet holds far more test USDT than members are owed.
  await expect(ratio).toHaveAttribute('data-covered', 'true');
  await captureConsole(page, 'en-proof', { fullPage: true });

  await page.getByTestId('language-switch').click();
  await page.locator('.ant-select-item-option', { hasText: '中文' }).click();
  await expect(page.getByRole('heading', { name: '负债证明' })).toBeVisible();
  await expect(ratio).toContainText('储备足以覆盖应付会员的金额');
  await captureConsole(page, 'zh-Hans-proof', { fullPage: true });
  await page.getByTestId('proof-take').click();
  await expect(dialog).toContainText('立即生成负债证明快照？');
  await captureConsole(page, 'zh-Hans-proof-confirm');
  await dialog
    .getByRole('button', { name: 'Cancel' })
    .or(dialog.getByRole('button', { name: /取\s*消/ }))
    .click();
});
