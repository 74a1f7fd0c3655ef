import { expect, test } from '@playwright/test';
import { loginNewMember, seedFunds } from '../support/funds.ts';
import { capture, expectToast } from '../support/journey.ts';
import { waitForSheet } from '../support/sheet.ts';

// Issue 24 item 2: a member who buys the Agent package becomes an ambassador; Home and Mine used
// to keep "Ordinary member" until the page was reloaded. Every purchase refreshes what shows the
// level (apps/web/src/lib/member-standing.ts); what others do shows on focus and by polling.

test('buying the Agent package shows the member as an ambassador on Home and Mine, without a reload', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await loginNewMember(page, 'level');
  await expect(page.getByTestId('mine-level')).toHaveText('Ordinary member');
  await seedFunds(page, { asset: 'USDT', amount: '1000', bucket: 'available' });
  // Set once: a reload would clear it.
  await page.evaluate(() => {
    (window as { __sameDocument?: boolean }).__sameDocument = true;
  });

  await page.getByTestId('tab-home').click();
  await expect(page.getByTestId('home-level')).toHaveText('Ordinary member');
  await page.getByTestId('home-tile-broker').click();
  await expect(page.getByTestId('klk-page')).toBeVisible();
  await page.getByTestId('klk-tier-agent-buy').click();
  await waitForSheet(page);
  await page.getByTestId('klk-review-confirm').click();
  await expectToast(page, 'You have successfully activated the KLK Broker Privilege Package');

  await page.goBack();
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(page.getByTestId('home-level')).toHaveText('Ambassador');
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 5_000 });
  await capture(page, 'en-level-home-ambassador');

  await page.getByTestId('tab-mine').click();
  await expect(page.getByTestId('mine-level')).toHaveText('Ambassador');
  await expect(page.getByTestId('mine-ambassador-level')).toHaveText('Ambassador');
  await capture(page, 'en-level-mine-ambassador');
  expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});
