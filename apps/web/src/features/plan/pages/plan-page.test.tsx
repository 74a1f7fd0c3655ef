// @vitest-environment happy-dom
import type { TInvestmentOrder, TInvestmentProduct, TPlanPreviewResponse } from '@kpc/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { changeLocale } from '@/lib/i18n.ts';
import { bindNavigator } from '@/lib/navigation.ts';
import { showToast } from '@/lib/toast.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { ok, pathOf, press, sentBodies, textOf } from '@/testing/api-stub.ts';
import { PLAN_REFRESH_MS } from '@/features/plan/hooks/use-plan-auto-refresh.ts';
import { PlanPage } from './plan-page.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

const starter: TInvestmentProduct = {
  id: '1',
  nameKey: 'plan.product.starter',
  asset: 'USDT',
  minAmount: '100',
  maxAmount: '10000',
  coefficient: '1.5',
  phases: [
    { phase: 1, ratio: '0.0035' },
    { phase: 2, ratio: '0.004' },
    { phase: 3, ratio: '0.0045' },
    { phase: 4, ratio: '0.005' },
  ],
};
const advanced: TInvestmentProduct = {
  ...starter,
  id: '2',
  nameKey: 'plan.product.advanced',
  minAmount: '1000',
  maxAmount: '100000',
  coefficient: '2',
  phases: [
    { phase: 1, ratio: '0.004' },
    { phase: 2, ratio: '0.005' },
  ],
};

function order(overrides: Partial<TInvestmentOrder> = {}): TInvestmentOrder {
  return {
    id: '41',
    productId: '1',
    nameKey: 'plan.product.starter',
    asset: 'USDT',
    amount: '1000',
    quota: '1500',
    released: '0',
    remaining: '1500',
    coefficient: '1.5',
    phase: 1,
    phaseCount: 11,
    tablePhaseCount: 4,
    daysReleased: 0,
    totalDays: 318,
    todayRatio: '0.0035',
    nextReleaseAt: '2026-05-02T00:00:00.000Z',
    createdAt: '2026-05-01T10:00:00.000Z',
    status: 'active',
    ...overrides,
  };
}

/** The server's dates: years away from this device's clock, so a date computed here cannot pass for them. */
const serverDates: TPlanPreviewResponse = {
  now: '2031-07-08T13:00:00.000Z',
  investmentFirstReleaseAt: '2031-07-09T00:00:00.000Z',
  esop: null,
  pledgeTerms: [],
};

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn();
/** What the server answers per path. */
let answers: Record<string, () => unknown>;

async function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '/pages/plan/index', Component: PlanPage }], {
    initialEntries: ['/pages/plan/index'],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByTestId('plan-page');
}

function type(value: string) {
  fireEvent.change(screen.getByTestId('plan-amount'), { target: { value } });
}

beforeEach(async () => {
  await changeLocale('en');
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  navigate.mockReset();
  vi.mocked(showToast).mockClear();
  bindNavigator({ navigate, goBack: vi.fn(), canGoBack: () => true, getCurrentUrl: () => '/pages/plan/index' });
  useUserStore.setState({ token: 'member-token', address: '' });
  answers = {
    '/plan/products': () =>
      ok({ investment: [starter, advanced], esop: {}, pledgeTerms: [], phaseDays: 30, kpcBurned: '0' }),
    '/ass/lst': () =>
      ok({
        lst: [{ asset: 'USDT', decimals: 6, available: '5000', frozen: '0', income: '0', valueUsdt: '5000' }],
        allQuantity: '5000',
        price: '0.5',
      }),
    '/plan/orders': () => ok({ list: [], nextCursor: null }),
    '/plan/join': () => ok(order()),
    '/plan/preview': () => ok(serverDates),
  };
  fetchMock.mockImplementation((input) => {
    const answer = answers[pathOf(input)];
    return Promise.resolve(answer ? jsonResponse(answer()) : new Response(null, { status: 404 }));
  });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  bindNavigator(null);
  useUserStore.getState().reset();
});

describe('PlanPage (SPEC §3 investment plan, issue 10 §1)', () => {
  it('shows skeletons, never a false 0, until the products and orders are read', async () => {
    const waiting: ((response: Response) => void)[] = [];
    fetchMock.mockImplementation(() => new Promise((resolve) => waiting.push(resolve)));
    await renderPage();
    expect(screen.getByTestId('plan-products-loading')).toBeTruthy();
    expect(screen.getByTestId('plan-orders-loading')).toBeTruthy();
    expect(screen.queryByTestId('plan-orders-empty')).toBeNull();
    expect(screen.queryByText(/^0( USDT)?$/)).toBeNull();
    // Nothing below the join form's skeleton is laid out yet: it would jump when the form arrives.
    expect(screen.getByTestId('plan-below-join').hidden).toBe(true);
  });

  it('shows each product with its bounds, coefficient and phase table, and switches between them', async () => {
    await renderPage();
    await screen.findByTestId('plan-terms');
    expect(screen.getByTestId('plan-below-join').hidden).toBe(false);
    expect(textOf('plan-product-starter')).toContain('Starter');
    expect(textOf('plan-product-advanced')).toContain('Advanced');
    expect(textOf('plan-terms-range')).toBe('100–10,000 USDT');
    expect(textOf('plan-terms-coefficient')).toBe('×1.5');
    expect(textOf('plan-terms-phase-1')).toBe('Phase 1Days 1–300.35% a day');
    expect(textOf('plan-terms-phase-4')).toBe('Phase 4Days 91–1200.5% a day');
    // The chosen product carries a check mark, not only a colour.
    expect(screen.getByTestId('plan-product-starter').querySelector('.asset-selector__check')).not.toBeNull();

    fireEvent.click(screen.getByTestId('plan-product-advanced'));
    expect(textOf('plan-terms-range')).toBe('1,000–100,000 USDT');
    expect(textOf('plan-terms-coefficient')).toBe('×2');
    expect(screen.queryByTestId('plan-terms-phase-3')).toBeNull();
    expect(screen.getByTestId('plan-product-advanced').querySelector('.asset-selector__check')).not.toBeNull();
    expect(await screen.findByTestId('plan-orders-empty')).toBeTruthy();
  });

  it("checks the amount against the product's bounds and the balance, in the app's words, before any call", async () => {
    answers['/ass/lst'] = () =>
      ok({
        lst: [{ asset: 'USDT', decimals: 6, available: '20000', frozen: '0', income: '0', valueUsdt: '20000' }],
        allQuantity: '20000',
        price: '0.5',
      });
    await renderPage();
    await waitFor(() => expect(textOf('plan-amount-balance')).toBe('Available 20,000 USDT'));
    await press('plan-join-submit');
    expect(textOf('plan-amount-error')).toBe('Enter amount');
    type('abc');
    expect(screen.getByTestId('plan-amount')).toHaveProperty('value', '');
    type('50');
    await press('plan-join-submit');
    expect(textOf('plan-amount-error')).toBe('The minimum amount is 100 USDT');
    type('100.1234567');
    expect(textOf('plan-amount-error')).toBe('At most 6 decimal places');
    // Above the product's maximum and the balance: no top-up would help, so the maximum speaks.
    type('20000.5');
    expect(textOf('plan-amount-error')).toBe('The maximum amount is 10,000 USDT');

    // Above the product's maximum, within the balance: its own message, and no quota preview.
    type('10000.01');
    expect(textOf('plan-amount-error')).toBe('The maximum amount is 10,000 USDT');
    expect(textOf('plan-preview-quota')).toBe('—');
    await press('plan-join-submit');
    expect(screen.queryByTestId('plan-review')).toBeNull();

    // The same amount fits Advanced (up to 100,000); changing product starts the amount over.
    fireEvent.click(screen.getByTestId('plan-product-advanced'));
    expect(screen.getByTestId('plan-amount')).toHaveProperty('value', '');
    type('10000.01');
    expect(screen.queryByTestId('plan-amount-error')).toBeNull();
    expect(textOf('plan-preview-quota')).toBe('20,000.02 USDT');
    type('20000.5');
    expect(textOf('plan-amount-error')).toBe('Insufficient balance');
    type('999');
    await press('plan-join-submit');
    expect(textOf('plan-amount-error')).toBe('The minimum amount is 1,000 USDT');
    expect(sentBodies(fetchMock, '/plan/join')).toHaveLength(0);
  });

  it('says the maximum as it is typed, before the balance, and sends nothing above it', async () => {
    await renderPage();
    await waitFor(() => expect(textOf('plan-amount-balance')).toBe('Available 5,000 USDT'));
    type('6000');
    expect(textOf('plan-amount-error')).toBe('Insufficient balance');
    // Above the maximum and the balance: no top-up would help, so the maximum is what it says.
    type('10000.01');
    expect(textOf('plan-amount-error')).toBe('The maximum amount is 10,000 USDT');
    expect(screen.getByTestId('plan-amount').closest('.amount-field__box--error')).not.toBeNull();
    expect(textOf('plan-preview-quota')).toBe('—');
    await press('plan-join-submit');
    expect(screen.queryByTestId('plan-review')).toBeNull();
    type('10000');
    expect(textOf('plan-amount-error')).toBe('Insufficient balance');
    expect(sentBodies(fetchMock, '/plan/join')).toHaveLength(0);
  });

  it('previews the quota as amount x coefficient, reviews the join and joins once under one request id', async () => {
    await renderPage();
    await waitFor(() => expect(textOf('plan-amount-balance')).toBe('Available 5,000 USDT'));
    expect(textOf('plan-preview-quota')).toBe('—');
    fireEvent.click(screen.getByTestId('plan-amount-all'));
    expect(screen.getByTestId('plan-amount')).toHaveProperty('value', '5000');
    expect(textOf('plan-preview-quota')).toBe('7,500 USDT');
    type('1000');
    expect(textOf('plan-preview-quota')).toBe('1,500 USDT');
    expect(textOf('plan-preview-daily')).toBe('3.5 USDT');
    // The server's date (issue 24 item 8), not one from this device's clock.
    expect(textOf('plan-preview-first')).toBe(formatDateTime(serverDates.investmentFirstReleaseAt));

    await press('plan-join-submit');
    expect(sentBodies(fetchMock, '/plan/join')).toHaveLength(0);
    expect(textOf('plan-review-product')).toBe('Starter');
    expect(textOf('plan-review-amount')).toBe('1,000 USDT');
    expect(textOf('plan-review-coefficient')).toBe('×1.5');
    expect(textOf('plan-review-quota')).toBe('1,500 USDT');
    expect(textOf('plan-review-daily')).toBe('3.5 USDT');
    expect(textOf('plan-review-first-release')).toBe(formatDateTime(serverDates.investmentFirstReleaseAt));
    // Asked afresh as the review opened.
    expect(sentBodies(fetchMock, '/plan/preview').length).toBeGreaterThanOrEqual(2);

    // The answer is lost: the review stays, and Confirm retries under the same request id.
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('network down')));
    await press('plan-review-confirm');
    expect(screen.getByTestId('plan-review')).toBeTruthy();
    answers['/plan/orders'] = () => ok({ list: [order()], nextCursor: null });
    await press('plan-review-confirm');
    const joins = sentBodies(fetchMock, '/plan/join');
    expect(joins).toHaveLength(2);
    expect(joins[0]).toMatchObject({ productId: '1', amount: '1000' });
    expect(joins[1]!.requestId).toBe(joins[0]!.requestId);
    expect(showToast).toHaveBeenCalledWith('You have joined the plan');
    await waitFor(() => expect(screen.queryByTestId('plan-review')).toBeNull());
    expect(screen.getByTestId('plan-amount')).toHaveProperty('value', '');
    expect(await screen.findByTestId('plan-order')).toBeTruthy();

    // A second join is a new request.
    type('1000');
    await press('plan-join-submit');
    await press('plan-review-confirm');
    expect(sentBodies(fetchMock, '/plan/join')[2]!.requestId).not.toBe(joins[0]!.requestId);
  });

  it('shows every figure of an order, and the next release arrives on its own', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval'] });
    answers['/plan/orders'] = () => ok({ list: [order()], nextCursor: null });
    await renderPage();
    await screen.findByTestId('plan-order');
    expect(textOf('plan-order-amount')).toBe('1,000 USDT');
    expect(textOf('plan-order-quota')).toBe('1,500 USDT');
    expect(textOf('plan-order-released')).toBe('0 USDT');
    expect(textOf('plan-order-remaining')).toBe('1,500 USDT');
    // The phase of the product's table (4 phases), not of the whole schedule (11).
    expect(textOf('plan-order-phase')).toBe('1 of 4');
    expect(textOf('plan-order-days-left')).toBe('318');
    expect(textOf('plan-order-ratio')).toBe('0.35%');
    expect(textOf('plan-order-coefficient')).toBe('×1.5');
    expect(textOf('plan-order-created')).toMatch(/^2026-05-0\d \d{2}:\d{2}:\d{2}$/);
    expect(textOf('plan-order-next')).toMatch(/^2026-05-0\d \d{2}:00:00$/);
    expect(textOf('plan-order-progress')).toBe('0% released · day 0 of 318');
    expect(textOf('plan-order-status')).toBe('Releasing');

    // A day later the server has released 3.5 USDT; the page asks again by itself.
    answers['/plan/orders'] = () =>
      ok({
        list: [
          order({ released: '3.5', remaining: '1496.5', daysReleased: 1, nextReleaseAt: '2026-05-03T00:00:00.000Z' }),
        ],
        nextCursor: null,
      });
    const before = sentBodies(fetchMock, '/plan/orders').length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PLAN_REFRESH_MS);
    });
    await waitFor(() => expect(textOf('plan-order-released')).toBe('3.5 USDT'));
    expect(sentBodies(fetchMock, '/plan/orders').length).toBe(before + 1);
    expect(textOf('plan-order-remaining')).toBe('1,496.5 USDT');
    expect(textOf('plan-order-progress')).toBe('0.23% released · day 1 of 318');

    // Coming back to the app asks at once: phase 2 after 31 days.
    answers['/plan/orders'] = () =>
      ok({
        list: [order({ released: '108.5', remaining: '1391.5', daysReleased: 31, phase: 2, todayRatio: '0.004' })],
        nextCursor: null,
      });
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await waitFor(() => expect(textOf('plan-order-phase')).toBe('2 of 4'));
    expect(textOf('plan-order-days-left')).toBe('287');
    expect(textOf('plan-order-ratio')).toBe('0.4%');
    expect(textOf('plan-order-released')).toBe('108.5 USDT');

    // The eye hides the order's money, not its terms.
    fireEvent.click(screen.getByTestId('plan-hide-balances'));
    expect(textOf('plan-order-released')).toBe('****');
    expect(textOf('plan-order-amount')).toBe('****');
    expect(textOf('plan-order-ratio')).toBe('0.4%');
    fireEvent.click(screen.getByTestId('plan-hide-balances'));

    // Past the table's 4 phases the final ratio continues: no "phase 5 of 4", and the days left.
    answers['/plan/orders'] = () =>
      ok({
        list: [order({ released: '500', remaining: '1000', daysReleased: 121, phase: 5, todayRatio: '0.005' })],
        nextCursor: null,
      });
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await waitFor(() => expect(textOf('plan-order-phase')).toBe('Final rate continues'));
    expect(textOf('plan-order-days-left')).toBe('197');

    // Its releases are one tap away.
    fireEvent.click(screen.getByTestId('plan-order-log-link'));
    expect(navigate).toHaveBeenCalledWith('/pages/plan/log?orderId=41', expect.anything());
  });

  it('offers the development clock when the server has it, and shows the release it brings', async () => {
    answers['/plan/orders'] = () => ok({ list: [order()], nextCursor: null });
    await renderPage();
    await screen.findByTestId('plan-order');
    expect(screen.queryByTestId('dev-clock')).toBeNull();
    cleanup();

    answers['/app/config'] = () => ok({ devClock: true });
    answers['/dev/clock/advance'] = () => ok({ now: '2026-05-03T00:00:00.000Z', offsetDays: 1 });
    await renderPage();
    await screen.findByTestId('plan-order');
    expect(await screen.findByTestId('dev-clock')).toBeTruthy();
    answers['/plan/orders'] = () =>
      ok({
        list: [order({ released: '3.5', remaining: '1496.5', daysReleased: 1 })],
        nextCursor: null,
      });
    await press('dev-clock-1');
    expect(sentBodies(fetchMock, '/dev/clock/advance')).toEqual([{ days: 1 }]);
    await waitFor(() => expect(textOf('plan-order-released')).toBe('3.5 USDT'));
    expect(textOf('plan-order-progress')).toBe('0.23% released · day 1 of 318');
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Plan clock moved to 2026-05-03 (UTC)'));
  });

  it('shows a completed order as completed, with no next release', async () => {
    answers['/plan/orders'] = () =>
      ok({
        list: [
          order({
            released: '1500',
            remaining: '0',
            phase: 11,
            daysReleased: 318,
            todayRatio: null,
            nextReleaseAt: null,
            status: 'completed',
          }),
        ],
        nextCursor: null,
      });
    await renderPage();
    await screen.findByTestId('plan-order');
    expect(textOf('plan-order-status')).toBe('Completed');
    expect(textOf('plan-order-next')).toBe('Completed');
    expect(textOf('plan-order-ratio')).toBe('—');
    expect(textOf('plan-order-progress')).toBe('100% released · day 318 of 318');
  });
});
