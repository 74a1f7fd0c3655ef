import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { loginNewMember, readToken, seedFunds } from '../support/funds.ts';
import { capture as captureScreen } from '../support/journey.ts';
import { LOCAL_CHAIN_ID, mineBlocks } from '../support/local-chain.ts';
import { readCodeFromMail } from '../support/mail.ts';

// Step 4d §2: a withdrawal watched to its end without a reload. It is submitted through the API
// (the form is another journey's), then the records list and the detail page follow it on their
// own: the payout's hash, its confirmations n/20 on the local chain, Completed and the timeline.

/** Submits a withdrawal with the member's session and the mailed code; resolves with its id. */
async function withdrawThroughApi(page: Page, email: string, amount: string): Promise<string> {
  const headers = { 'content-type': 'application/json', token: await readToken(page), language: 'en_US' };
  const sent = await page.request.post('/api/withdraw/sendCode', { headers, data: {} });
  expect((await sent.json()).code).toBe(200);
  const code = await readCodeFromMail(email, /withdrawal code/);
  const applied = await page.request.post('/api/withdraw/apply', {
    headers,
    data: {
      requestId: randomUUID(),
      chainId: LOCAL_CHAIN_ID,
      asset: 'USDT',
      address: privateKeyToAccount(generatePrivateKey()).address,
      amount,
      code,
    },
  });
  const body = (await applied.json()) as { code: number; data: { id: string; status: string } };
  expect(body.code).toBe(200);
  expect(body.data.status).toBe('approved'); // within the daily limit: paid without an operator
  return body.data.id;
}

/** A mark in the page's memory: a reload would wipe it. */
async function markPage(page: Page) {
  await page.evaluate(() => ((window as unknown as { watchMark: boolean }).watchMark = true));
}

async function expectNoReload(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { watchMark?: boolean }).watchMark)).toBe(true);
}

/** The whole page, so the timeline's end shows in the picture too. */
async function capture(page: Page, name: string) {
  await captureScreen(page, name, { fullPage: true });
}

for (const language of [
  { code: 'en', confirming: 'Confirming', completed: 'Completed', notFound: 'This withdrawal was not found.' },
  { code: 'zh-Hans', confirming: '确认中', completed: '已完成', notFound: '未找到此笔提现。' },
]) {
  test(`a withdrawal is watched to Completed without a reload (${language.code})`, async ({ page }) => {
    // Sent, then 20 confirmations of the local chain: blocks come every 2 s, the last ones mined at once.
    test.setTimeout(150_000);
    await page.addInitScript((code) => {
      if (!localStorage.getItem('kpc:language')) localStorage.setItem('kpc:language', code);
    }, language.code);
    const email = await loginNewMember(page, `watch-${language.code}`);
    await seedFunds(page, { asset: 'USDT', amount: '100', bucket: 'available' });
    await withdrawThroughApi(page, email, '20');

    // The records list: the withdrawal's hash appears on its own once the hot wallet sends it.
    await page.goto('/#/pages/asset/history?kind=withdraw');
    await markPage(page);
    const item = page.getByTestId('history-item-withdraw');
    await expect(item).toHaveCount(1);
    await expect(item.getByTestId('history-item-tx-hash')).toHaveText(/^0x[0-9a-f]{6}\.\.\.[0-9a-f]{6}$/, {
      timeout: 30_000,
    });
    await expect(item.getByTestId('history-item-status')).toHaveText(language.confirming);
    await capture(page, `${language.code}-withdrawal-records`);
    const open = item.getByTestId('history-item-open');
    const openBox = await open.boundingBox();
    expect(openBox?.width).toBeGreaterThanOrEqual(44);
    expect(openBox?.height).toBeGreaterThanOrEqual(44);

    // Its detail: a tap on the record opens it.
    await item.getByTestId('history-item-amount').click();
    await expect(page.getByTestId('withdrawal-detail-page')).toBeVisible();
    await expect(page).toHaveURL(/\/pages\/asset\/withdraw\/detail\?record=\d+$/);
    await expect(page.getByTestId('withdrawal-status')).toHaveText(language.confirming);
    const hash = (await page.getByTestId('withdrawal-tx-hash').textContent()) ?? '';
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    await expect(page.getByTestId('withdrawal-address')).toHaveText(/^0x[0-9a-fA-F]{40}$/);
    // The local chain has no explorer.
    await expect(page.getByTestId('withdrawal-explorer')).toHaveCount(0);
    await expect(page.getByTestId('withdrawal-step-confirming')).toHaveAttribute('data-state', 'current');
    await expect(page.getByTestId('withdrawal-step-completed')).toHaveAttribute('data-state', 'upcoming');

    // The count climbs with the chain's blocks, on its own.
    const confirmations = page.getByTestId('withdrawal-confirmations');
    await expect(confirmations).toHaveText(/^\d+\/20$/);
    const first = Number((await confirmations.textContent())!.split('/')[0]);
    await expect
      .poll(async () => Number((await confirmations.textContent())!.split('/')[0]), { timeout: 20_000 })
      .toBeGreaterThan(first);
    await capture(page, `${language.code}-withdrawal-confirming`);

    // The rest of the 20 at once; the page reaches Completed by itself.
    await mineBlocks(20);
    await expect(page.getByTestId('withdrawal-status')).toHaveText(language.completed, { timeout: 30_000 });
    await expect(confirmations).toHaveText('20/20');
    await expect(page.getByTestId('withdrawal-tx-hash')).toHaveText(hash);
    await expect(page.getByTestId('withdrawal-live')).toHaveCount(0);
    const steps = ['submitted', 'approved', 'sending', 'confirming', 'completed'];
    for (const step of steps) {
      const row = page.getByTestId(`withdrawal-step-${step}`);
      await expect(row).toHaveAttribute('data-state', 'done');
      await expect(row.getByTestId('withdrawal-step-time')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
    await capture(page, `${language.code}-withdrawal-completed`);

    // Back on the list, the record says so too.
    await page.getByTestId('nav-back').click();
    await expect(item.getByTestId('history-item-status')).toHaveText(language.completed);
    await expect(item.getByTestId('history-item-status')).toHaveClass(/record__tag--done/);
    await expectNoReload(page);

    // A withdrawal that is not the member's (or no withdrawal at all) is simply not found.
    await page.goto('/#/pages/asset/withdraw/detail?id=999999999');
    await expect(page.getByTestId('withdrawal-not-found')).toContainText(language.notFound);
    await expect(page.locator('.adm-toast-main')).toHaveCount(0);
    await capture(page, `${language.code}-withdrawal-not-found`);
  });
}
