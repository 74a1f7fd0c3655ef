import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { loginNewMember, readToken, seedFunds } from '../support/funds.ts';
import { capture } from '../support/journey.ts';

// Issue 24 item 1: every page scrolls the window, so a new page used to open at the scroll position
// of the page before it (Pledge 63 px down, Terms with its title hidden, Card details past Top-up,
// Home half-scrolled after logging out). Going forward opens a page at its top; going back returns
// to where the member left the page.

/** Calls the member API as the logged-in member; answers `data`. */
async function memberCall<T>(page: Page, path: string, data: object): Promise<T> {
  const response = await page.request.post(`/api/${path}`, {
    headers: { 'content-type': 'application/json', token: await readToken(page), language: 'en_US' },
    data,
  });
  const body = (await response.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${path}: ${body.msg}`).toBe(200);
  return body.data;
}

/**
 * Gives the member a bound card through the API (the card journeys do it through the screens):
 * apply paying from the balance, wait for the sandbox to issue it, bind it with what it "posted".
 */
async function bindIssuedCard(page: Page): Promise<string> {
  await memberCall(page, 'card/apply', {
    requestId: randomUUID(),
    product: 'gold_eagle',
    network: 'visa',
    holder: {
      firstName: 'ALEX',
      lastName: 'CHAN',
      dateOfBirth: '1990-05-17',
      nationality: 'HK',
      documentType: 'passport',
      documentNumber: 'K1234567',
      address: { line1: '8 Finance Street', city: 'Hong Kong', postalCode: '999077', country: 'HK' },
      phone: '+852 9123 4567',
    },
    payment: { method: 'balance' },
  });
  let cardId = '';
  await expect
    .poll(
      async () => {
        const { list } = await memberCall<{ list: { id: string; isBound: boolean }[] }>(page, 'card/list', {});
        cardId = list.find((card) => !card.isBound)?.id ?? '';
        return cardId;
      },
      { timeout: 30_000, message: 'the sandbox issues the card' },
    )
    .not.toBe('');
  const delivery = await memberCall<{ cardNumber: string; cardId: string }>(page, 'dev/card/delivery', { id: cardId });
  await memberCall(page, 'card/bind', delivery);
  return cardId;
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Scrolls the page down until `target` is in the middle of the screen; answers the position. */
async function scrollDownTo(page: Page, target: Locator): Promise<number> {
  await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await expect(target).toBeInViewport({ ratio: 0.9 });
  const position = await scrollY(page);
  expect(position, 'the page scrolled').toBeGreaterThan(40);
  return position;
}

/** The page opened at its top. */
async function expectAtTop(page: Page) {
  await expect.poll(() => scrollY(page)).toBe(0);
}

/** Back on the page, at the position the member left it. */
async function expectBackAt(page: Page, pageTestId: string, position: number) {
  await page.goBack();
  await expect(page.getByTestId(pageTestId)).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(position);
}

test('a new page opens at its top, and back returns to where the member was', async ({ page }) => {
  test.setTimeout(120_000);
  await loginNewMember(page, 'scroll');
  await seedFunds(page, { asset: 'USDT', amount: '1000', bucket: 'available' });
  // Two cards, as in the walk: the card list is then longer than the screen.
  await bindIssuedCard(page);
  await bindIssuedCard(page);

  // Home, scrolled, to Pledge: Pledge opens at its top; back, Home is where it was.
  await page.getByTestId('tab-home').click();
  await expect(page.getByTestId('home-page')).toBeVisible();
  const pledgeTile = page.getByTestId('home-tile-pledge');
  const home = await scrollDownTo(page, pledgeTile);
  await pledgeTile.click();
  await expect(page.getByTestId('pledge-page')).toBeVisible();
  await expectAtTop(page);
  await capture(page, 'en-scroll-pledge');
  await expectBackAt(page, 'home-page', home);

  // Mine, scrolled, to the Terms of Service: the document opens with its title on screen.
  await page.getByTestId('tab-mine').click();
  await expect(page.getByTestId('mine-page')).toBeVisible();
  await expectAtTop(page);
  const termsRow = page.getByTestId('mine-terms-user');
  const mine = await scrollDownTo(page, termsRow);
  await termsRow.click();
  await expect(page.getByTestId('terms-title')).toBeInViewport();
  await expectAtTop(page);
  await capture(page, 'en-scroll-terms');
  await expectBackAt(page, 'mine-page', mine);

  // The card list, scrolled, to the card's page: its balance and Top-up on screen.
  await page.getByTestId('tab-card').click();
  await expect(page.getByTestId('card-list-page')).toBeVisible();
  // The card further down the list.
  const cardOpen = page.getByTestId('card-items').locator('li.card-item').last().locator('[data-testid$="-open"]');
  await expect(cardOpen).toBeVisible();
  const list = await scrollDownTo(page, cardOpen);
  await cardOpen.click();
  await expect(page.getByTestId('card-detail-page')).toBeVisible();
  await expectAtTop(page);
  await expect(page.getByTestId('card-top-up-open')).toBeInViewport();
  await capture(page, 'en-scroll-card-detail');
  await expectBackAt(page, 'card-list-page', list);

  // Logging out from the bottom of Mine: Home opens at its top.
  await page.getByTestId('tab-mine').click();
  await expect(page.getByTestId('mine-page')).toBeVisible();
  await scrollDownTo(page, page.getByTestId('mine-logout'));
  await page.getByTestId('mine-logout').click();
  await page.getByTestId('logout-confirm').click();
  await expect(page.getByTestId('home-login')).toBeVisible();
  await expectAtTop(page);
  await capture(page, 'en-scroll-home-after-logout');
});
