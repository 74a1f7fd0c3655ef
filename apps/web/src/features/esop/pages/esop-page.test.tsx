// @vitest-environment happy-dom
import type { TEsopOrder, TPlanPreviewResponse, TPlanProductsResponse } from '@kpc/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { changeLocale } from '@/lib/i18n.ts';
import { bindNavigator } from '@/lib/navigation.ts';
import { showToast } from '@/lib/toast.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { ok, pathOf, press, sentBodies } from '@/testing/api-stub.ts';
import { EsopPage } from './esop-page.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

const products: TPlanProductsResponse = {
  investment: [],
  esop: { lockMonths: 6, releaseMonths: 12, minAmount: '100', maxAmount: '50000', price: '0.5' },
  pledgeTerms: [],
  phaseDays: 30,
  kpcBurned: '0',
};

/** The server's dates for an order made now: years away from this device's clock (issue 24 item 8). */
const serverDates: TPlanPreviewResponse = {
  now: '2031-07-08T13:00:00.000Z',
  investmentFirstReleaseAt: '2031-07-09T00:00:00.000Z',
  esop: { lockEndsAt: '2032-01-04T13:00:00.000Z', firstReleaseAt: '2032-02-03T13:00:00.000Z' },
  pledgeTerms: [],
};

const lockedOrder: TEsopOrder = {
  id: '7',
  amount: '1000',
  price: '0.5',
  kpc: '2000',
  lockMonths: 6,
  lockEndsAt: '2026-07-01T00:00:00.000Z',
  phasesReleased: 0,
  phaseCount: 12,
  nextReleaseAt: '2026-07-31T00:00:00.000Z',
  nextReleaseAmount: '166.666666666666666666',
  released: '0',
  locked: '2000',
  createdAt: '2026-01-02T00:00:00.000Z',
  status: 'locked',
};

const fetchMock = vi.fn<typeof fetch>();
let answers: Record<string, () => unknown>;

async function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <EsopPage />
    </QueryClientProvider>,
  );
  await screen.findByTestId('esop-page');
}

function type(value: string) {
  fireEvent.change(screen.getByTestId('esop-amount'), { target: { value } });
}

beforeEach(async () => {
  await changeLocale('en');
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(showToast).mockClear();
  bindNavigator({ navigate: vi.fn(), goBack: vi.fn(), canGoBack: () => true, getCurrentUrl: () => '/pages/plan/kpc' });
  useUserStore.setState({ token: 'member-token', address: '' });
  let orders: TEsopOrder[] = [];
  answers = {
    '/plan/products': () => ok(products),
    '/ass/lst': () =>
      ok({
        lst: [{ asset: 'USDT', decimals: 6, available: '1500', frozen: '0', income: '0', valueUsdt: '1500' }],
        allQuantity: '1500',
        price: '0.5',
      }),
    '/plan/esop/orders': () => ok({ list: orders, nextCursor: null }),
    '/plan/preview': () => ok(serverDates),
    '/plan/esop/join': () => {
      orders = [lockedOrder];
      return ok(lockedOrder);
    },
  };
  fetchMock.mockImplementation((input) => {
    const answer = answers[pathOf(input)];
    return Promise.resolve(answer ? jsonResponse(answer()) : new Response(null, { status: 404 }));
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  bindNavigator(null);
  useUserStore.getState().reset();
});

describe('EsopPage (issue 10 part 2)', () => {
  it('shows skeletons, never a figure, until the terms and orders are read', async () => {
    answers['/plan/products'] = () => new Promise(() => undefined);
    answers['/plan/esop/orders'] = () => new Promise(() => undefined);
    fetchMock.mockImplementation((input) => {
      const path = pathOf(input);
      if (path === '/plan/products' || path === '/plan/esop/orders') return new Promise(() => undefined);
      const answer = answers[path];
      return Promise.resolve(answer ? jsonResponse(answer()) : new Response(null, { status: 404 }));
    });
    await renderPage();
    expect(screen.getByTestId('page-loading')).toBeTruthy();
    expect(screen.getByTestId('esop-orders-loading')).toBeTruthy();
    expect(screen.queryByTestId('esop-orders-empty')).toBeNull();
    expect(screen.queryByTestId('esop-price')).toBeNull();
  });

  it('shows the live terms and previews the KPC at the current price', async () => {
    await renderPage();
    expect((await screen.findByTestId('esop-price')).textContent).toBe('1 KPC = 0.5 USDT');
    expect(screen.getByTestId('esop-terms-lockup').textContent).toBe('6 months');
    expect(screen.getByTestId('esop-terms-release').textContent).toBe('Over 12 months');
    expect(screen.getByTestId('esop-terms-phase').textContent).toBe('30 days');
    expect(screen.getByTestId('esop-terms-limits').textContent).toBe('100–50,000 USDT');
    expect(screen.getByTestId('esop-receive').textContent).toBe('—');
    type('1000');
    expect(screen.getByTestId('esop-receive').textContent).toBe('≈ 2,000 KPC');
    expect(await screen.findByTestId('esop-orders-empty')).toBeTruthy();
  });

  it('says the bounds in words and sends nothing outside them', async () => {
    await renderPage();
    await waitFor(() => expect(screen.getByTestId('esop-amount-balance').textContent).toBe('Available 1,500 USDT'));
    type('50');
    await press('esop-submit');
    expect(screen.getByTestId('esop-amount-error').textContent).toBe('The minimum amount is 100 USDT');
    type('50001');
    expect(screen.getByTestId('esop-amount-error').textContent).toBe('The maximum amount is 50,000 USDT');
    await press('esop-submit');
    type('2000');
    expect(screen.getByTestId('esop-amount-error').textContent).toBe('Insufficient balance');
    type('abc');
    await press('esop-submit');
    expect(screen.getByTestId('esop-amount-error').textContent).toBe('Enter amount');
    expect(screen.queryByTestId('esop-review')).toBeNull();
    expect(sentBodies(fetchMock, '/plan/esop/join')).toHaveLength(0);
  });

  it('says the maximum as it is typed, before the balance', async () => {
    await renderPage();
    await waitFor(() => expect(screen.getByTestId('esop-amount-balance').textContent).toBe('Available 1,500 USDT'));
    type('2000');
    expect(screen.getByTestId('esop-amount-error').textContent).toBe('Insufficient balance');
    type('50000.000001');
    expect(screen.getByTestId('esop-amount-error').textContent).toBe('The maximum amount is 50,000 USDT');
    expect(screen.getByTestId('esop-receive').textContent).toBe('—');
    await press('esop-submit');
    expect(screen.queryByTestId('esop-review')).toBeNull();
    expect(sentBodies(fetchMock, '/plan/esop/join')).toHaveLength(0);
  });

  it('subscribes after the review, once, and shows the order as the server made it', async () => {
    await renderPage();
    await waitFor(() => expect(screen.getByTestId('esop-amount-balance').textContent).toBe('Available 1,500 USDT'));
    type('1000');
    await press('esop-submit');
    expect((await screen.findByTestId('esop-review-amount')).textContent).toBe('1,000 USDT');
    expect(screen.getByTestId('esop-review-price').textContent).toBe('1 KPC = 0.5 USDT');
    expect(screen.getByTestId('esop-review-kpc').textContent).toBe('2,000 KPC');
    expect(screen.getByTestId('esop-review-release').textContent).toBe('12 phases, one every 30 days');
    // When the lock-up ends and the first phase comes are the server's to say, not this device's clock.
    expect(screen.getByTestId('esop-review-lock-end').textContent).toBe(formatDateTime(serverDates.esop!.lockEndsAt));
    expect(screen.getByTestId('esop-review-first-release').textContent).toBe(
      formatDateTime(serverDates.esop!.firstReleaseAt),
    );
    expect(sentBodies(fetchMock, '/plan/preview')).toHaveLength(1);
    expect(sentBodies(fetchMock, '/plan/esop/join')).toHaveLength(0);
    await press('esop-review-confirm');
    const [body] = sentBodies(fetchMock, '/plan/esop/join');
    // The price the review showed goes with the subscription.
    expect(body).toMatchObject({ amount: '1000', price: '0.5' });
    expect(typeof body?.requestId).toBe('string');
    expect(sentBodies(fetchMock, '/plan/esop/join')).toHaveLength(1);
    expect(showToast).toHaveBeenCalledWith('Subscribed: 2,000 KPC locked');
    expect((await screen.findByTestId('esop-order-kpc')).textContent).toBe('2,000 KPC');
    expect(screen.getByTestId('esop-order-status').textContent).toBe('Locked');
    expect(screen.getByTestId('esop-order-phases').textContent).toBe('0 of 12');
    expect(screen.getByTestId('esop-order-locked').textContent).toBe('2,000 KPC');
    expect(screen.getByTestId('esop-order-released').textContent).toBe('0 KPC');
    expect(screen.getByTestId('esop-order-next').textContent).toContain('166.666666 KPC');
    expect(screen.getByTestId('esop-order-progress').textContent).toBe('0% released');
  });

  it('after a refused price, shows the new one in the review and subscribes at it only on Confirm', async () => {
    await renderPage();
    await waitFor(() => expect(screen.getByTestId('esop-amount-balance').textContent).toBe('Available 1,500 USDT'));
    const message = 'The price has changed. Please review the new price and try again; nothing was charged.';
    const join = answers['/plan/esop/join']!;
    answers['/plan/esop/join'] = () => ({ code: 1404, msg: message, data: null });
    type('1000');
    await press('esop-submit');
    expect(screen.getByTestId('esop-review-price').textContent).toBe('1 KPC = 0.5 USDT');
    expect(screen.queryByTestId('esop-review-changed')).toBeNull();
    // The price moves between the review and Confirm: the server refuses, nothing is charged.
    answers['/plan/products'] = () => ok({ ...products, esop: { ...products.esop, price: '0.625' } });
    await press('esop-review-confirm');
    await waitFor(() => expect(screen.getByTestId('esop-review-price').textContent).toBe('1 KPC = 0.625 USDT'));
    expect(screen.getByTestId('esop-review-kpc').textContent).toBe('1,600 KPC');
    expect(screen.getByTestId('esop-review-amount').textContent).toBe('1,000 USDT');
    expect(screen.getByTestId('esop-review-changed').textContent).toBe(
      'The KPC price changed from 0.5 USDT to 0.625 USDT. Nothing was charged: check the KPC you receive, then confirm.',
    );
    // The form behind the sheet shows the new price too; no error toast over the sheet.
    expect(screen.getByTestId('esop-receive').textContent).toBe('≈ 1,600 KPC');
    expect(showToast).not.toHaveBeenCalledWith(message);
    expect(sentBodies(fetchMock, '/plan/esop/join')).toHaveLength(1);

    answers['/plan/esop/join'] = join;
    await press('esop-review-confirm');
    const [refused, paid] = sentBodies(fetchMock, '/plan/esop/join');
    expect(refused).toMatchObject({ amount: '1000', price: '0.5' });
    expect(paid).toMatchObject({ amount: '1000', price: '0.625' });
    expect(paid?.requestId).not.toBe(refused?.requestId);
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Subscribed: 2,000 KPC locked'));
  });

  it('closes the review with the server’s word when the price cannot be read again', async () => {
    await renderPage();
    await waitFor(() => expect(screen.getByTestId('esop-amount-balance').textContent).toBe('Available 1,500 USDT'));
    const message = 'The price has changed. Please review the new price and try again; nothing was charged.';
    answers['/plan/esop/join'] = () => ({ code: 1404, msg: message, data: null });
    type('1000');
    await press('esop-submit');
    answers['/plan/products'] = () => ({ code: 500, msg: 'Server error', data: null });
    await press('esop-review-confirm');
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(message));
    await waitFor(() => expect(screen.queryByTestId('esop-review-confirm')).toBeNull());
  });

  it('retries a subscription whose answer was lost under the same request id', async () => {
    await renderPage();
    await waitFor(() => expect(screen.getByTestId('esop-amount-balance').textContent).toBe('Available 1,500 USDT'));
    const join = answers['/plan/esop/join']!;
    let attempts = 0;
    fetchMock.mockImplementation((input) => {
      const path = pathOf(input);
      if (path === '/plan/esop/join' && (attempts += 1) === 1) return Promise.reject(new TypeError('offline'));
      const answer = path === '/plan/esop/join' ? join : answers[path];
      return Promise.resolve(answer ? jsonResponse(answer()) : new Response(null, { status: 404 }));
    });
    type('1000');
    await press('esop-submit');
    await press('esop-review-confirm');
    expect(screen.getByTestId('esop-review')).toBeTruthy();
    await press('esop-review-confirm');
    const ids = sentBodies(fetchMock, '/plan/esop/join').map((body) => body.requestId);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
  });

  it('shows a releasing order: phases of total, released, still locked and the next release', async () => {
    answers['/plan/esop/orders'] = () =>
      ok({
        list: [
          {
            ...lockedOrder,
            phasesReleased: 3,
            released: '500',
            locked: '1500',
            status: 'releasing',
          },
        ],
        nextCursor: null,
      });
    await renderPage();
    expect((await screen.findByTestId('esop-order-phases')).textContent).toBe('3 of 12');
    expect(screen.getByTestId('esop-order-status').textContent).toBe('Releasing');
    expect(screen.getByTestId('esop-order-released').textContent).toBe('500 KPC');
    expect(screen.getByTestId('esop-order-locked').textContent).toBe('1,500 KPC');
    expect(screen.getByTestId('esop-order-progress').textContent).toBe('25% released');
  });

  it('offers the development clock when the server has it, and shows the phase it releases', async () => {
    answers['/plan/esop/orders'] = () => ok({ list: [lockedOrder], nextCursor: null });
    await renderPage();
    await screen.findByTestId('esop-order-phases');
    expect(screen.queryByTestId('dev-clock')).toBeNull();
    cleanup();

    answers['/app/config'] = () => ok({ devClock: true });
    answers['/dev/clock/advance'] = () => ok({ now: '2026-08-01T00:00:00.000Z', offsetDays: 30 });
    await renderPage();
    expect((await screen.findByTestId('esop-order-phases')).textContent).toBe('0 of 12');
    expect(await screen.findByTestId('dev-clock')).toBeTruthy();
    answers['/plan/esop/orders'] = () =>
      ok({
        list: [
          { ...lockedOrder, phasesReleased: 1, released: '166.666666', locked: '1833.333334', status: 'releasing' },
        ],
        nextCursor: null,
      });
    await press('dev-clock-30');
    expect(sentBodies(fetchMock, '/dev/clock/advance')).toEqual([{ days: 30 }]);
    await waitFor(() => expect(screen.getByTestId('esop-order-phases').textContent).toBe('1 of 12'));
    expect(screen.getByTestId('esop-order-status').textContent).toBe('Releasing');
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Plan clock moved to 2026-08-01 (UTC)'));
  });
});
