// @vitest-environment happy-dom
import type { TCardListItem, TCardProductInfo, TCardTransaction } from '@kpc/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n.ts';
import { bindNavigator } from '@/lib/navigation.ts';
import { setupAntdMobile } from '@/lib/setup-antd-mobile.ts';
import { showToast } from '@/lib/toast.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { ok, pathOf, press, sentBodies, textOf } from '@/testing/api-stub.ts';
import { CARD_TOP_UP_POLL_MS } from '@/features/card/hooks/card-top-up-flow.ts';
import { CardDetailPage } from './card-detail-page.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

const T0 = '2026-05-01T10:00:00.000Z';

function card(overrides: Partial<TCardListItem> = {}): TCardListItem {
  return {
    id: '7',
    product: 'gold_eagle',
    network: 'mastercard',
    maskedNumber: '**** **** **** 7890',
    last4: '7890',
    cardId: 'KPC12345',
    label: 'Travel',
    region: 'SG',
    isBound: true,
    status: 'active',
    frozenReason: null,
    monthlyFeeDue: null,
    nextMonthlyFeeAt: '2026-06-01T00:00:00.000Z',
    balance: '150',
    issuedAt: T0,
    boundAt: T0,
    ...overrides,
  };
}

const GOLD: TCardProductInfo = {
  product: 'gold_eagle',
  nameKey: 'card.product.gold_eagle',
  networks: ['mastercard', 'visa'],
  asset: 'USDT',
  fees: { issuance: '100', kyc: '20', initialTopUp: '50', monthly: '2', topUpFeeRate: '0.015', topUpMinFee: '1' },
  limits: { single: '5000', daily: '10000', monthly: '50000' },
  applicationTotal: '170',
};

function transaction(index: number, overrides: Partial<TCardTransaction> = {}): TCardTransaction {
  return {
    id: `tx-${index}`,
    type: 'spend',
    amount: '-12.5',
    balance: String(150 - index),
    merchant: `Shop ${index}`,
    createdAt: T0,
    ...overrides,
  };
}

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn();
let cards: TCardListItem[];
let answers: Record<string, (body: Record<string, unknown>) => unknown>;

function topUpAnswer(body: Record<string, unknown>, status: 'pending' | 'completed', balance: string | null) {
  return ok({
    id: '90',
    cardRecordId: body.id,
    amount: body.amount,
    fee: '1.5',
    total: '101.5',
    status,
    balance,
    createdAt: T0,
  });
}

async function renderPage(search = '?id=7') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '/pages/card/detail', Component: CardDetailPage }], {
    initialEntries: [`/pages/card/detail${search}`],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByTestId('card-detail-page');
}

/** Types into an input found by its test id. */
function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

async function openTopUp(amount: string) {
  await press(await screen.findByTestId('card-top-up-open'));
  await waitFor(() => expect(textOf('card-top-up-amount-balance')).toBe('Up to 1,000 USDT'));
  type('card-top-up-amount', amount);
}

// The freeze confirm is antd-mobile's imperative Dialog: it renders only with the app's React 19 renderer.
beforeAll(() => setupAntdMobile());

beforeEach(async () => {
  await changeLocale('en');
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(showToast).mockClear();
  navigate.mockReset();
  bindNavigator({
    navigate,
    goBack: vi.fn(),
    canGoBack: () => true,
    getCurrentUrl: () => '/pages/card/detail',
  });
  useUserStore.setState({ token: 'member-token', address: '' });
  cards = [card()];
  answers = {
    '/card/list': () => ok({ list: cards }),
    '/card/products': () => ok({ list: [GOLD] }),
    '/card/transactions': () => ok({ balance: '150', list: [transaction(1)], nextCursor: null }),
    '/ass/lst': () =>
      ok({
        lst: [{ asset: 'USDT', decimals: 6, available: '1015', frozen: '0', income: '0', valueUsdt: '1015' }],
        allQuantity: '1015',
        price: '0.5',
      }),
    '/card/topup': (body) => {
      cards = [card({ balance: '250' })];
      return topUpAnswer(body, 'completed', '250');
    },
    '/card/freeze': () => {
      cards = [card({ status: 'frozen', frozenReason: 'member' })];
      return ok(cards[0]);
    },
    '/card/unfreeze': () => {
      cards = [card()];
      return ok(cards[0]);
    },
  };
  fetchMock.mockImplementation((input, init) => {
    const answer = answers[pathOf(input)];
    const body = JSON.parse((init?.body as string | undefined) ?? '{}') as Record<string, unknown>;
    return Promise.resolve(answer ? jsonResponse(answer(body)) : new Response(null, { status: 404 }));
  });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  bindNavigator(null);
  useUserStore.getState().reset();
});

describe('CardDetailPage (issue 11 §3: balance, top-up, freeze, transactions)', () => {
  it('shows a skeleton, never a false 0, then the card, its balance, details and transactions', async () => {
    let answerList: (value: Response) => void = () => undefined;
    fetchMock.mockImplementation((input, init) => {
      if (pathOf(input) === '/card/list') return new Promise((resolve) => (answerList = resolve));
      const body = JSON.parse((init?.body as string | undefined) ?? '{}') as Record<string, unknown>;
      return Promise.resolve(jsonResponse(answers[pathOf(input)]?.(body)));
    });
    await renderPage();
    expect(screen.getByTestId('card-detail-loading')).toBeTruthy();
    expect(screen.queryByTestId('card-detail-balance')).toBeNull();
    await act(async () => {
      answerList(jsonResponse(ok({ list: cards })));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await waitFor(() => expect(textOf('card-detail-balance')).toBe('150 USDT'));
    expect(textOf('card-7-number')).toBe('**** **** **** 7890');
    expect(textOf('card-7-card-id')).toBe('KPC12345');
    // The product's name, in the member's language, is the card's label; the issuer's is not shown (issue 24).
    expect(screen.getByTestId('card-detail-page').textContent).not.toContain('Travel');
    expect(textOf('card-7-region')).toBe('Singapore');
    expect(textOf('card-7-status')).toBe('Active');
    expect(textOf('card-7-network')).toBe('Mastercard');
    expect(screen.queryByTestId('card-detail-state')).toBeNull();
    await waitFor(() => expect(textOf('card-detail-fact-limit-single')).toBe('5,000 USDT'));
    expect(textOf('card-detail-fact-top-up-fee')).toBe('1.5%, min 1 USDT');
    expect(textOf('card-detail-fact-next-fee')).toMatch(/^2026-0(5-31|6-01)$/);
    expect(textOf('card-transactions-item-type')).toBe('Purchase');
    expect(textOf('card-transactions-item-merchant')).toBe('Shop 1');
    expect(textOf('card-transactions-item-amount')).toBe('-12.5 USDT');
    expect(textOf('card-transactions-item-balance')).toBe('Balance 149');
    expect(screen.getByTestId('card-transactions-end')).toBeTruthy();
    expect(sentBodies(fetchMock, '/card/transactions')[0]).toEqual({ id: '7', limit: 20 });
  });

  it('computes the fee and total live, shows the limits, and refuses what available or the single limit cannot cover', async () => {
    await renderPage();
    await openTopUp('100');
    expect(textOf('card-top-up-fee')).toBe('1.5 USDT');
    expect(textOf('card-top-up-total')).toBe('101.5 USDT');
    expect(textOf('card-top-up-available')).toBe('1,015 USDT');
    expect(textOf('card-top-up-limit-single')).toBe('5,000 USDT');
    expect(textOf('card-top-up-limit-daily')).toBe('10,000 USDT');
    expect(textOf('card-top-up-limit-monthly')).toBe('50,000 USDT');
    expect(textOf('card-top-up-fee-rule')).toContain('1.5% of the amount, at least 1 USDT');
    type('card-top-up-amount', '10');
    expect(textOf('card-top-up-fee')).toBe('1 USDT');
    expect(textOf('card-top-up-total')).toBe('11 USDT');
    // 1000.5 + 15.0075 > 1015: the fee counts.
    type('card-top-up-amount', '1000.5');
    expect(textOf('card-top-up-amount-error')).toBe('Insufficient balance');
    await press('card-top-up-next');
    expect(screen.queryByTestId('card-top-up-review')).toBeNull();
    answers['/ass/lst'] = () =>
      ok({
        lst: [{ asset: 'USDT', decimals: 6, available: '90000', frozen: '0', income: '0', valueUsdt: '90000' }],
        allQuantity: '90000',
        price: '0.5',
      });
    cleanup();
    await renderPage();
    await press(await screen.findByTestId('card-top-up-open'));
    await waitFor(() => expect(textOf('card-top-up-amount-balance')).toBe('Up to 5,000 USDT'));
    type('card-top-up-amount', '5000.01');
    expect(textOf('card-top-up-amount-error')).toBe('The maximum amount is 5,000 USDT');
    await press('card-top-up-amount-all');
    expect(screen.getByTestId<HTMLInputElement>('card-top-up-amount').value).toBe('5000');
    expect(sentBodies(fetchMock, '/card/topup')).toHaveLength(0);
  });

  it('reviews the top-up, sends it once, and shows the new balance with a toast', async () => {
    await renderPage();
    await openTopUp('100');
    await press('card-top-up-next');
    expect(textOf('card-top-up-review-card')).toBe('Gold Eagle Card •••• 7890');
    expect(textOf('card-top-up-review-amount')).toBe('100 USDT');
    expect(textOf('card-top-up-review-fee')).toBe('1.5 USDT');
    expect(textOf('card-top-up-review-total')).toBe('101.5 USDT');
    expect(textOf('card-top-up-review-available')).toBe('1,015 USDT');
    expect(sentBodies(fetchMock, '/card/topup')).toHaveLength(0);
    await press('card-top-up-review-confirm');
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Top-up successful'));
    const [body] = sentBodies(fetchMock, '/card/topup');
    expect(body).toEqual({ id: '7', amount: '100', requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown });
    await waitFor(() => expect(textOf('card-detail-balance')).toBe('250 USDT'));
    expect(screen.getByTestId('card-top-up-result').getAttribute('data-status')).toBe('completed');
    expect(textOf('card-top-up-result')).toContain('New balance: 250 USDT');
    // The transactions are read again after the top-up.
    await waitFor(() => expect(sentBodies(fetchMock, '/card/transactions').length).toBeGreaterThan(1));
  });

  it('keeps the request id when Confirm retries after a lost answer, and a new top-up gets a new one', async () => {
    await renderPage();
    await openTopUp('100');
    await press('card-top-up-next');
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('network down')));
    await press('card-top-up-review-confirm');
    // The review stays open for the retry.
    expect(screen.getByTestId('card-top-up-review')).toBeTruthy();
    await press('card-top-up-review-confirm');
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Top-up successful'));
    const sent = fetchMock.mock.calls
      .filter(([input]) => pathOf(input) === '/card/topup')
      .map(([, init]) => JSON.parse(init?.body as string) as { requestId: string });
    expect(sent).toHaveLength(2);
    expect(sent[1]?.requestId).toBe(sent[0]?.requestId);
    await openTopUp('100');
    await press('card-top-up-next');
    await press('card-top-up-review-confirm');
    const ids = sentBodies(fetchMock, '/card/topup').map((body) => body.requestId);
    expect(ids).toHaveLength(3);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it("shows the server's limit refusal with what remains in the form, and the issuer's decline as money returned", async () => {
    answers['/card/topup'] = () => ({
      code: 1651,
      msg: "The amount exceeds the card's monthly limit. 20 USDT left this month.",
      data: null,
    });
    await renderPage();
    await openTopUp('100');
    await press('card-top-up-next');
    await press('card-top-up-review-confirm');
    await waitFor(() => expect(textOf('card-top-up-refusal')).toContain('20 USDT left this month'));
    expect(showToast).toHaveBeenCalledWith(
      "The amount exceeds the card's monthly limit. 20 USDT left this month.",
      expect.any(Number),
    );
    await waitFor(() => expect(screen.queryByTestId('card-top-up-review')).toBeNull());
    expect(screen.getByTestId('card-top-up')).toBeTruthy();
    answers['/card/topup'] = () => ({ code: 1653, msg: 'The card issuer declined the top-up.', data: null });
    await press('card-top-up-next');
    await press('card-top-up-review-confirm');
    await waitFor(() => expect(screen.getByTestId('card-top-up-result').getAttribute('data-status')).toBe('failed'));
    expect(textOf('card-top-up-result')).toBe(
      'The card issuer declined the top-up of 100 USDT. 101.5 USDT has been returned to your available balance.',
    );
  });

  it('follows a pending top-up under the same request id until the issuer completes it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    answers['/card/topup'] = (body) => {
      calls += 1;
      return calls < 3 ? topUpAnswer(body, 'pending', null) : topUpAnswer(body, 'completed', '250');
    };
    await renderPage();
    await openTopUp('100');
    await press('card-top-up-next');
    await press('card-top-up-review-confirm');
    await waitFor(() => expect(screen.getByTestId('card-top-up-result').getAttribute('data-status')).toBe('pending'));
    expect(textOf('card-top-up-result')).toContain('Your top-up of 100 USDT is processing');
    expect(screen.getByTestId('card-top-up-open').hasAttribute('disabled')).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CARD_TOP_UP_POLL_MS * 2 + 50);
    });
    await waitFor(() => expect(screen.getByTestId('card-top-up-result').getAttribute('data-status')).toBe('completed'));
    const ids = sentBodies(fetchMock, '/card/topup').map((body) => body.requestId);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);
    expect(showToast).toHaveBeenCalledWith('Top-up successful');
  });

  it('freezes and unfreezes after a confirm, the state coming from the answer', async () => {
    await renderPage();
    await press(await screen.findByTestId('card-freeze-button'));
    expect(sentBodies(fetchMock, '/card/freeze')).toHaveLength(0);
    await press(await screen.findByTestId('card-freeze-confirm'));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Card frozen'));
    expect(sentBodies(fetchMock, '/card/freeze')).toEqual([{ id: '7' }]);
    await waitFor(() => expect(textOf('card-7-status')).toBe('Frozen'));
    expect(screen.getByTestId('card-detail-state').getAttribute('data-reason')).toBe('member');
    expect(screen.getByTestId('card-top-up-open').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('card-freeze-button').getAttribute('data-action')).toBe('unfreeze');
    await press('card-freeze-button');
    await press(await screen.findByTestId('card-freeze-confirm'));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Card unfrozen'));
    expect(sentBodies(fetchMock, '/card/unfreeze')).toEqual([{ id: '7' }]);
    await waitFor(() => expect(textOf('card-7-status')).toBe('Active'));
    expect(screen.queryByTestId('card-detail-state')).toBeNull();
  });

  it('explains a card frozen for an unpaid monthly fee, with what is owed and no Unfreeze', async () => {
    cards = [card({ status: 'frozen', frozenReason: 'fee_due', monthlyFeeDue: '2' })];
    await renderPage();
    await waitFor(() => expect(screen.getByTestId('card-detail-state').getAttribute('data-reason')).toBe('fee_due'));
    expect(textOf('card-detail-state')).toContain('Deposit USDT: the fee is paid from your available balance');
    expect(textOf('card-detail-fee-due')).toBe('2 USDT');
    expect(screen.queryByTestId('card-freeze-button')).toBeNull();
    await press('card-detail-deposit');
    expect(navigate).toHaveBeenCalledWith('/pages/asset/recharge', { replace: false });
    expect(screen.getByTestId('card-top-up-open').hasAttribute('disabled')).toBe(true);
  });

  it('pages the transactions with Load more, newest first', async () => {
    answers['/card/transactions'] = (body) =>
      body.cursor === 'page-2'
        ? ok({
            balance: '150',
            list: [transaction(3), transaction(4, { type: 'refund', amount: '5' })],
            nextCursor: null,
          })
        : ok({
            balance: '150',
            list: [transaction(1, { type: 'top_up', amount: '100', merchant: null }), transaction(2)],
            nextCursor: 'page-2',
          });
    await renderPage();
    await waitFor(() => expect(screen.getAllByTestId('card-transactions-item')).toHaveLength(2));
    expect(screen.getAllByTestId('card-transactions-item-type').map((node) => node.textContent)).toEqual([
      'Top-up',
      'Purchase',
    ]);
    expect(screen.getAllByTestId('card-transactions-item-amount')[0]?.textContent).toBe('+100 USDT');
    expect(screen.queryByTestId('card-transactions-end')).toBeNull();
    await press('card-transactions-more');
    await waitFor(() => expect(screen.getAllByTestId('card-transactions-item')).toHaveLength(4));
    expect(sentBodies(fetchMock, '/card/transactions').at(-1)).toEqual({ id: '7', limit: 20, cursor: 'page-2' });
    expect(screen.getAllByTestId('card-transactions-item-type')[3]?.textContent).toBe('Refund');
    expect(screen.getAllByTestId('card-transactions-item-amount')[3]?.textContent).toBe('+5 USDT');
    expect(screen.getByTestId('card-transactions-end')).toBeTruthy();
  });

  it('says so when there are no transactions yet', async () => {
    answers['/card/transactions'] = () => ok({ balance: '0', list: [], nextCursor: null });
    await renderPage();
    expect(await screen.findByTestId('card-transactions-empty')).toBeTruthy();
  });

  it('shows "—" with Retry when the issuer does not answer for the balance', async () => {
    cards = [card({ balance: null })];
    await renderPage();
    await waitFor(() => expect(textOf('card-detail-balance')).toBe('—'));
    expect(screen.getByTestId('card-detail-balance-unknown')).toBeTruthy();
    cards = [card({ balance: '150' })];
    await press('card-detail-balance-retry');
    await waitFor(() => expect(textOf('card-detail-balance')).toBe('150 USDT'));
  });

  it('says a card is not found, or not bound, with the way to the list or to binding', async () => {
    await renderPage('?id=99');
    expect(await screen.findByTestId('card-detail-not-found')).toBeTruthy();
    expect(textOf('card-detail-not-found')).toContain('This card was not found among your cards.');
    await press('card-detail-to-list');
    expect(navigate).toHaveBeenCalledWith('/pages/card/list', { replace: true });
    cleanup();
    cards = [card({ isBound: false, balance: null, boundAt: null })];
    await renderPage();
    expect(await screen.findByTestId('card-detail-not-bound')).toBeTruthy();
    await press('card-detail-bind');
    expect(navigate).toHaveBeenCalledWith('/pages/card/index', { replace: false });
    expect(sentBodies(fetchMock, '/card/transactions')).toHaveLength(0);
  });

  it('offers Retry when the cards cannot be read', async () => {
    answers['/card/list'] = () => ({ code: 1652, msg: 'The card service is temporarily unavailable.', data: null });
    await renderPage();
    expect(await screen.findByText('Failed to load.')).toBeTruthy();
    answers['/card/list'] = () => ok({ list: cards });
    await press(screen.getByText('Retry'));
    await waitFor(() => expect(textOf('card-detail-balance')).toBe('150 USDT'));
  });
});
