import { randomUUID } from 'node:crypto';
import type { TCardListItem, TCardNetwork, TCardProduct } from '@kpc/shared';
import { expect, type Page } from '@playwright/test';
import { readToken } from './funds.ts';

/** A member's call as the app makes it (the logged-in page's session); answers its `data` once the server said 200. */
export async function memberCall<T>(page: Page, path: string, data: object): Promise<T> {
  const response = await page.request.post(`/api/${path}`, {
    headers: { 'content-type': 'application/json', token: await readToken(page), language: 'en_US' },
    data,
  });
  const body = (await response.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${path}: ${body.msg}`).toBe(200);
  return body.data;
}

/** A holder the sandbox issuer approves (no "REJECT", no "000…" document). */
const HOLDER = {
  firstName: 'ALEX',
  lastName: 'CHAN',
  dateOfBirth: '1990-05-17',
  nationality: 'HK',
  documentType: 'passport',
  documentNumber: 'K1234567',
  address: { line1: '8 Finance Street', city: 'Hong Kong', postalCode: '999077', country: 'HK' },
  phone: '+852 9123 4567',
};

/**
 * Applies for a card paid from the balance (the member needs its cost in available USDT) and waits
 * until the development sandbox issuer has issued it (approved after 3 s, issued 3 s later), as
 * the issuer labels it ("KPC Gold Eagle"). Answers the card, not bound.
 */
export async function issueCard(page: Page, product: TCardProduct, network: TCardNetwork): Promise<TCardListItem> {
  const before = await memberCall<{ list: TCardListItem[] }>(page, 'card/list', {});
  await memberCall(page, 'card/apply', {
    requestId: randomUUID(),
    product,
    network,
    holder: HOLDER,
    payment: { method: 'balance' },
  });
  let card: TCardListItem | undefined;
  await expect
    .poll(
      async () => {
        const { list } = await memberCall<{ list: TCardListItem[] }>(page, 'card/list', {});
        card = list.find((item) => item.product === product && !before.list.some((old) => old.id === item.id));
        return card !== undefined;
      },
      { timeout: 30_000, intervals: [1_000], message: `a ${product} card issued` },
    )
    .toBe(true);
  return card!;
}

/** Binds an issued card with the number and ID the development sandbox "posted" (`/api/dev/card/delivery`). */
export async function bindCardThroughApi(page: Page, card: TCardListItem): Promise<TCardListItem> {
  const delivery = await memberCall<{ cardNumber: string; cardId: string }>(page, 'dev/card/delivery', { id: card.id });
  return memberCall<TCardListItem>(page, 'card/bind', delivery);
}
