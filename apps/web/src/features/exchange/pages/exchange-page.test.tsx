// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { changeLocale } from '@/lib/i18n.ts';
import { bindNavigator } from '@/lib/navigation.ts';
import { showToast } from '@/lib/toast.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { ok, pathOf, press, sentBodies, textOf } from '@/testing/api-stub.ts';
import { ExchangePage } from './exchange-page.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

const quote = {
  quote: 'signed-quote',
  from: 'USDT',
  to: 'KPC',
  amount: '100',
  rate: '10',
  feeRate: '0.003',
  fee: '0.3',
  received: '997',
  expiresAt: '2099-01-01T00:00:30.000Z',
  feeBurned: false,
};
const record = { id: '7', ...quote, createdAt: '2026-01-02T08:30:00.000Z' };

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn();
/** What the server answers per path; a test may replace one. */
let answers: Record<string, () => unknown>;

/** The page with a live quote for 100 USDT -> KPC, and its review sheet open. */
async function openReview() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ExchangePage />
    </QueryClientProvider>,
  );
  await screen.findByText('Available 1,000 USDT');
  fireEvent.change(screen.getByTestId('exchange-amount'), { target: { value: '100' } });
  await press('exchange-get-quote');
  await screen.findByTestId('exchange-quote');
  await press('exchange-submit');
  expect(screen.getByTestId('exchange-review')).toBeTruthy();
}

beforeEach(async () => {
  await changeLocale('en');
  fetchMock.mockReset();
  navigate.mockReset();
  vi.mocked(showToast).mockClear();
  vi.stubGlobal('fetch', fetchMock);
  bindNavigator({ navigate, goBack: vi.fn(), canGoBack: () => true, getCurrentUrl: () => '/pages/exchange/index' });
  useUserStore.setState({ token: 'member-token', address: '' });
  answers = {
    '/exchange/pairs': () =>
      ok({ pairs: [{ from: 'USDT', to: 'KPC', feeRate: '0.003', minAmount: '1' }], quoteSeconds: 30 }),
    '/ass/lst': () =>
      ok({
        lst: [{ asset: 'USDT', decimals: 6, available: '1000', frozen: '0', income: '0', valueUsdt: '1000' }],
        allQuantity: '1000',
        price: '0.1',
      }),
    '/exchange/quote': () => ok(quote),
    '/exchange/confirm': () => ok(record),
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

describe('ExchangePage: review, confirm, receipt (issue Step 4d)', () => {
  it('reviews the quoted terms, exchanges once however often Confirm is pressed, then shows a receipt', async () => {
    await openReview();
    expect(textOf('exchange-review-send')).toBe('100 USDT');
    expect(textOf('exchange-review-receive')).toBe('KPC');
    expect(textOf('exchange-review-rate')).toBe('1 USDT = 10 KPC');
    expect(textOf('exchange-review-fee-rate')).toBe('0.3%');
    expect(textOf('exchange-review-fee')).toBe('0.3 USDT');
    expect(textOf('exchange-review-received')).toBe('997 KPC');
    expect(textOf('exchange-review-countdown')).toMatch(/^Rate locked for \d+ s$/);
    // Opening the review exchanges nothing.
    expect(sentBodies(fetchMock, '/exchange/confirm')).toHaveLength(0);

    const confirm = screen.getByTestId('exchange-review-confirm');
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await screen.findByTestId('exchange-receipt');
    expect(sentBodies(fetchMock, '/exchange/confirm')).toEqual([{ quote: 'signed-quote' }]);

    // The receipt instead of a toast: SPEC §8's message, what went out and came in, fee and time.
    expect(textOf('exchange-receipt-title')).toBe('Exchange Success');
    expect(textOf('exchange-receipt-sent')).toBe('100 USDT');
    expect(textOf('exchange-receipt-received')).toBe('997 KPC');
    expect(textOf('exchange-receipt-rate')).toBe('1 USDT = 10 KPC');
    expect(textOf('exchange-receipt-fee')).toBe('0.3 USDT (0.3%)');
    expect(textOf('exchange-receipt-time')).toBe(formatDateTime(record.createdAt));
    expect(showToast).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByTestId('exchange-review')).toBeNull());

    // Done: the form starts over for the next exchange.
    await press('exchange-receipt-done');
    expect(screen.getByTestId('exchange-amount')).toHaveProperty('value', '');
    expect(screen.queryByTestId('exchange-quote')).toBeNull();
    expect(screen.getByTestId('exchange-get-quote')).toBeTruthy();
  });

  it('says so when the fee is burned (a KPC fee, docs/modules/plans.md "What burns KPC")', async () => {
    answers['/exchange/quote'] = () => ok({ ...quote, fee: '0.5', feeBurned: true });
    await openReview();
    expect(textOf('exchange-review-fee')).toBe('0.5 USDT · burned');
  });

  it('exchanges nothing on Cancel, and keeps the quote on the page', async () => {
    await openReview();
    await press('exchange-review-cancel');
    await waitFor(() => expect(screen.queryByTestId('exchange-review')).toBeNull());
    expect(sentBodies(fetchMock, '/exchange/confirm')).toHaveLength(0);
    expect(screen.getByTestId('exchange-quote')).toBeTruthy();
    expect(screen.getByTestId('exchange-submit')).toBeTruthy();
  });

  it('says when the quote runs out under review, and reviews a fresh one before Confirm', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    await openReview();
    await act(async () => {
      vi.advanceTimersByTime(31_000);
      await Promise.resolve();
    });
    expect(textOf('exchange-review-expired')).toBe('The quote has expired. Get a new quote.');
    expect(screen.queryByTestId('exchange-review-confirm')).toBeNull();

    answers['/exchange/quote'] = () => ok({ ...quote, quote: 'signed-fresh', rate: '9.9', received: '987.03' });
    answers['/exchange/confirm'] = () => ok({ ...record, quote: 'signed-fresh', rate: '9.9', received: '987.03' });
    await press('exchange-review-requote');
    await screen.findByTestId('exchange-review-confirm');
    expect(sentBodies(fetchMock, '/exchange/quote')).toEqual([
      { from: 'USDT', to: 'KPC', amount: '100' },
      { from: 'USDT', to: 'KPC', amount: '100' },
    ]);
    expect(textOf('exchange-review-received')).toBe('987.03 KPC');
    expect(textOf('exchange-review-countdown')).toBe('Rate locked for 30 s');

    await press('exchange-review-confirm');
    await screen.findByTestId('exchange-receipt');
    expect(sentBodies(fetchMock, '/exchange/confirm')).toEqual([{ quote: 'signed-fresh' }]);
    expect(textOf('exchange-receipt-received')).toBe('987.03 KPC');
  });

  it('keeps the review after a lost answer, so Confirm retries the same quote', async () => {
    await openReview();
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('network down')));
    await press('exchange-review-confirm');
    expect(showToast).toHaveBeenCalledWith('The system has a problem, please try again later', 1500);
    expect(screen.getByTestId('exchange-review-confirm')).toBeTruthy();
    await press('exchange-review-confirm');
    await screen.findByTestId('exchange-receipt');
    expect(sentBodies(fetchMock, '/exchange/confirm')).toEqual([{ quote: 'signed-quote' }, { quote: 'signed-quote' }]);
  });

  it('opens the exchange log from the receipt', async () => {
    await openReview();
    await press('exchange-review-confirm');
    await screen.findByTestId('exchange-receipt');
    await press('exchange-receipt-log');
    expect(navigate).toHaveBeenCalledWith('/pages/exchange/log', { replace: false });
  });
});
