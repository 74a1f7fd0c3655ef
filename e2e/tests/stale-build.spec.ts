import { expect, test, type Page } from '@playwright/test';
import { capture } from '../support/journey.ts';

// Issue 24 "Also seen": after a deploy, a member's open app asks for a page's chunk by its old
// name. The build keeps the previous build's assets (apps/web/build/keep-previous-build.ts); an app
// open across more deploys finds its chunk gone, and then reloads itself once, on the page it was
// opening (apps/web/src/app/stale-build.ts) — never "Something went wrong", never a reload loop.
// The chunk that is gone is played here by answering its request with 404.

/** The Terms of Service page's chunk (public: no login needed). */
const TERMS_CHUNK = /\/assets\/user-agreement-page-[\w-]+\.js$/;

/**
 * Counts the documents requested in the tab: 1 until the app reloads. Counted at the document's
 * request, before any of its scripts asks for a chunk (the hash routes request no document).
 */
function countDocuments(page: Page): () => number {
  let documents = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents += 1;
  });
  return () => documents;
}

test('a page whose chunk is gone reloads the app once, on that page', async ({ page }) => {
  const documents = countDocuments(page);
  // Gone for the document loaded before the deploy; the reloaded app finds it.
  let answeredGone = 0;
  await page.route(TERMS_CHUNK, (route) => {
    if (documents() > 1) return route.continue();
    answeredGone += 1;
    return route.fulfill({ status: 404, contentType: 'text/plain', body: 'gone' });
  });
  await page.goto('/#/pages/home/index');
  await expect(page.getByTestId('home-page')).toBeVisible();
  expect(documents()).toBe(1);

  await page.getByTestId('home-terms-user').click();
  await expect(page.getByTestId('terms-title')).toBeVisible();
  expect(answeredGone).toBeGreaterThan(0);
  expect(documents(), 'the app reloaded once').toBe(2);
  expect(new URL(page.url()).hash).toBe('#/pages/term/user');
  await expect(page.getByTestId('route-error')).toHaveCount(0);
  // Back still goes to Home: the reload kept the history.
  await page.goBack();
  await expect(page.getByTestId('home-page')).toBeVisible();
});

test('a chunk that stays gone after the reload shows the error with its Reload button, without a loop', async ({
  page,
}) => {
  const documents = countDocuments(page);
  await page.route(TERMS_CHUNK, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'gone' }));
  await page.goto('/#/pages/home/index');
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.getByTestId('home-terms-user').click();
  await expect(page.getByTestId('route-error')).toBeVisible();
  expect(documents(), 'one reload, no more').toBe(2);
  await capture(page, 'en-stale-build-error');
  // It stays: no second reload comes.
  await page.waitForTimeout(2_000);
  expect(documents()).toBe(2);
  await expect(page.getByTestId('route-error')).toBeVisible();
});
