import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Waits until a bottom sheet has slid all the way up, so a measure or a picture shows it at rest.
 * `sheet` names one when two are open (a review over its form); by default the only one.
 */
export async function waitForSheet(page: Page, sheet: Locator = page.locator('.adm-popup-body.sheet')) {
  await expect(sheet).toBeVisible();
  await expect
    .poll(async () => {
      const box = await sheet.boundingBox();
      return box ? Math.round(box.y + box.height) : 0;
    })
    .toBe(page.viewportSize()?.height);
}
