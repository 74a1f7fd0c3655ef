import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { loginNewMember, readToken, seedFunds } from '../support/funds.ts';
import { capture, expectTapTarget, expectToast } from '../support/journey.ts';
import { findBrokenWords } from '../support/line-breaks.ts';
import { messageIn, type Language } from '../support/messages.ts';
import { waitForSheet } from '../support/sheet.ts';
import { useLanguage } from '../support/language.ts';

// Step 11 §2 at 390x844: a funded member exports the asset flow and the financial records of the
// last 30 days (UTC) as CSV from the two record pages, and the files hold exactly what the lists
// answer, with headers in the member's language. The sheet is pictured in four languages.

/** One of the server's own messages (apps/server/src/locales), as the file's header row says it. */
async function serverMessage(language: Language, path: string): Promise<string> {
  const messages = JSON.parse(
    await readFile(new URL(`../../apps/server/src/locales/${language}.json`, import.meta.url), 'utf8'),
  ) as unknown;
  const found = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], messages);
  expect(typeof found, `${language} ${path}`).toBe('string');
  return found as string;
}

/** `YYYY-MM-DD` of the UTC day `days` before today. */
function utcDay(daysBack = 0): string {
  return new Date(Date.now() - daysBack * 86_400_000).toISOString().slice(0, 10);
}

/** A list's items as the API answers them to the logged-in member (every page). */
async function listAll<Item>(page: Page, path: string): Promise<Item[]> {
  const token = await readToken(page);
  const items: Item[] = [];
  let cursor: string | null = null;
  do {
    const response = await page.request.post(path, {
      headers: { 'content-type': 'application/json', token, language: 'en_US' },
      data: cursor ? { cursor, limit: 50 } : { limit: 50 },
    });
    const body = (await response.json()) as { code: number; data: { list: Item[]; nextCursor: string | null } };
    expect(body.code).toBe(200);
    items.push(...body.data.list);
    cursor = body.data.nextCursor;
  } while (cursor);
  return items;
}

/** Opens the sheet from a page's top bar and waits until it rests. */
async function openSheet(page: Page, button: string): Promise<Locator> {
  await expectTapTarget(page.getByTestId(button), 'Export CSV');
  await page.getByTestId(button).click();
  const sheet = page.getByTestId('history-export-sheet');
  await waitForSheet(page);
  return sheet;
}

/** Downloads the file the sheet makes; answers its name and its rows as cells (header first). */
async function download(page: Page): Promise<{ name: string; rows: string[][] }> {
  const downloading = page.waitForEvent('download');
  await page.getByTestId('history-export-submit').click();
  const file = await downloading;
  const text = await readFile(await file.path(), 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  // No cell here holds a comma, a quote or a line break.
  const rows = text
    .slice(1)
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));
  return { name: file.suggestedFilename(), rows };
}

/** Nothing in the sheet is cut off or overflows sideways, and no word is broken over two lines. */
async function expectSheetWhole(sheet: Locator, where: string) {
  const clipped = await sheet.evaluate((root) =>
    Array.from(root.querySelectorAll<HTMLElement>('*'))
      .filter(
        (element) => element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== 'visible',
      )
      .map((element) => element.dataset.testid ?? element.className),
  );
  expect(clipped, `${where}: clipped elements`).toEqual([]);
  const box = await sheet.boundingBox();
  expect(box, where).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(box!.y, `${where}: the sheet fits the screen`).toBeGreaterThanOrEqual(0);
  expect(await findBrokenWords(sheet), where).toEqual([]);
}

for (const language of ['en', 'zh-Hans'] as const) {
  test(`a member exports the asset flow and the financial records as CSV (${language})`, async ({ page }) => {
    test.setTimeout(120_000);
    await useLanguage(page, language);
    await loginNewMember(page, `export.${language}`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await seedFunds(page, { asset: 'USDT', amount: '1000.5', bucket: 'available' });
    await seedFunds(page, { asset: 'USDT', amount: '50', bucket: 'income' });
    const transferred = await page.request.post('/api/ass/transfer', {
      headers: { 'content-type': 'application/json', token: await readToken(page), language: 'en_US' },
      data: { asset: 'USDT', amount: '20.000001', requestId: randomUUID() },
    });
    expect(((await transferred.json()) as { code: number }).code).toBe(200);
    const [fromDate, toDate] = [utcDay(30), utcDay()];

    // The asset flow: the sheet opens on the last 30 days (UTC) and every currency.
    await page.goto('/#/pages/asset/log');
    await expect(page.getByTestId('asset-log-item')).toHaveCount(4);
    const sheet = await openSheet(page, 'asset-log-export');
    await expect(sheet.getByRole('heading')).toHaveText(messageIn(language, 'historyExport.title'));
    await expect(page.getByTestId('history-export-fromDate-value')).toHaveText(fromDate);
    await expect(page.getByTestId('history-export-toDate-value')).toHaveText(toDate);
    // Every control is a 44 px target: the options (their test id is on the label inside), the days, the buttons.
    for (const testId of ['history-export-source-asset_flow', 'history-export-asset-all']) {
      await expectTapTarget(page.locator('.adm-selector-item', { has: page.getByTestId(testId) }), testId);
    }
    for (const testId of ['history-export-fromDate', 'history-export-toDate']) {
      await expectTapTarget(page.getByTestId(testId), testId, { hitArea: false });
    }
    for (const testId of ['history-export-submit', 'history-export-cancel']) {
      await expectTapTarget(page.getByTestId(testId), testId);
    }
    await expect(page.getByTestId('history-export-asset-USDT')).toBeVisible();
    await expectSheetWhole(sheet, `${language} export sheet`);
    await capture(page, `${language}-history-export-sheet`);

    // The day picker opens on the first day, titled, and leaves the range as it was when cancelled.
    await page.getByTestId('history-export-fromDate').click();
    const picker = page.locator('.adm-picker');
    await expect(picker).toBeVisible();
    await expect(picker.locator('.adm-picker-header-title')).toHaveText(messageIn(language, 'historyExport.from'));
    await page.waitForTimeout(400);
    await capture(page, `${language}-history-export-date-picker`);
    await picker.locator('.adm-picker-header-button').first().click();
    await expect(picker).toBeHidden();
    await expect(page.getByTestId('history-export-fromDate-value')).toHaveText(fromDate);

    // Download: the file has the list's postings, exact, newest first, headers in the member's language.
    const flow = await download(page);
    await expectToast(page, messageIn(language, 'historyExport.saved'));
    await expect(sheet).toBeHidden();
    expect(flow.name).toBe(`kpc-asset-flow-${fromDate}-${toDate}.csv`);
    const [header, ...rows] = flow.rows;
    expect(header![0]).toBe(await serverMessage(language, 'historyExport.time'));
    expect(header![0]).toContain('UTC');
    const postings = await listAll<{ id: string; createdAt: string; asset: string; amount: string; type: string }>(
      page,
      '/api/ass/log',
    );
    expect(rows).toHaveLength(postings.length);
    expect(rows.map((row) => [row[0], row[1], row[2], row[4], row.at(-1)])).toEqual(
      postings.map((item) => [item.createdAt, item.type, item.asset, item.amount, item.id]),
    );
    expect(rows.map((row) => row[4]).sort()).toEqual(['-20.000001', '1000.5', '20.000001', '50']);

    // The financial records: the same sheet from that page, on its own records.
    await page.goto('/#/pages/asset/history');
    await expect(page.getByTestId('history-list')).toBeVisible();
    await openSheet(page, 'history-export');
    // The page's own records are chosen (antd-mobile marks the option; the test id is on its label).
    await expect(
      page.locator('[aria-selected]', { has: page.getByTestId('history-export-source-financial_records') }),
    ).toHaveAttribute('aria-selected', 'true');
    const records = await download(page);
    expect(records.name).toBe(`kpc-financial-records-${fromDate}-${toDate}.csv`);
    const [recordHeader, ...recordRows] = records.rows;
    expect(recordHeader![1]).toBe(await serverMessage(language, 'historyExport.kind'));
    expect(recordRows.map((row) => [row[1], row[2], row[3], row[4]])).toEqual([
      ['transfer', 'completed', 'USDT', '20.000001'],
    ]);
  });
}

for (const language of ['ru', 'ja'] as const) {
  test(`the export sheet fits the phone in ${language}`, async ({ page }) => {
    await useLanguage(page, language);
    await loginNewMember(page, `export.${language}`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await seedFunds(page, { asset: 'USDT', amount: '10', bucket: 'available' });
    await page.goto('/#/pages/asset/history');
    const sheet = await openSheet(page, 'history-export');
    await expect(page.getByTestId('history-export-asset-USDT')).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await expectSheetWhole(sheet, `${language} export sheet`);
    await capture(page, `${language}-history-export-sheet`);
  });
}
