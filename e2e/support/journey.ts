import { expect, type Locator, type Page } from '@playwright/test';
import { OPERATOR_KEY } from './constants.ts';
import { SCREENSHOT_DIRECTORY } from './screenshots.ts';

/**
 * What the Step 6 journeys (broker.spec.ts, card.spec.ts) check on every screen they picture and
 * every button a member presses: no toast over the picture, nothing wider than the phone, tap
 * targets of at least 44 px, the toast a step answers with, and operator decisions through the
 * operator API.
 */

/**
 * Saves a picture of the screen (see screenshots.ts), once no toast covers it and nothing overflows
 * sideways; `fullPage` pictures the whole scrolled page, not only the phone's screen.
 */
export async function capture(page: Page, name: string, { fullPage = false }: { fullPage?: boolean } = {}) {
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'page is wider than the phone').toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SCREENSHOT_DIRECTORY}/${name}.png`, fullPage });
}

/**
 * WCAG 2.5.5: at least 44x44 px (an icon button's invisible hit area counts, as global.css draws it).
 * With `hitArea: false` the control's own box must measure 44x44 px, as the older journeys check.
 */
export async function expectTapTarget(target: Locator, name: string, { hitArea = true }: { hitArea?: boolean } = {}) {
  if (!hitArea) {
    const box = await target.boundingBox();
    expect(box?.width, `${name} width`).toBeGreaterThanOrEqual(44);
    expect(box?.height, `${name} height`).toBeGreaterThanOrEqual(44);
    return;
  }
  const size = await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const after = getComputedStyle(element, '::after');
    const hitWidth = after.content !== 'none' ? parseFloat(after.width) || 0 : 0;
    const hitHeight = after.content !== 'none' ? parseFloat(after.height) || 0 : 0;
    return { width: Math.max(box.width, hitWidth), height: Math.max(box.height, hitHeight) };
  });
  expect(size.width, `${name} width`).toBeGreaterThanOrEqual(44);
  expect(size.height, `${name} height`).toBeGreaterThanOrEqual(44);
}

export async function expectToast(page: Page, text: string) {
  await expect(page.locator('.adm-toast-main').filter({ hasText: text })).toBeVisible();
}

/** Acts as the operator through `/api/operator/*` with the journeys' known key; answers the call's `data`. */
export async function operatorCall<T = { status: string }>(page: Page, path: string, data: object): Promise<T> {
  const response = await page.request.post(`/api/operator/${path}`, {
    headers: { 'content-type': 'application/json', 'x-operator-key': OPERATOR_KEY, language: 'en_US' },
    data,
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { code: number; data: T };
  expect(body.code).toBe(200);
  return body.data;
}
