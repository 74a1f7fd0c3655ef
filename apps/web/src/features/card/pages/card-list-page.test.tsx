// @vitest-environment happy-dom
import type { TCardApplication, TCardListItem } from '@kpc/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { changeLocale } from '@/lib/i18n.ts';
import { bindNavigator } from '@/lib/navigation.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { callsTo, ok, pathOf, press, textOf } from '@/testing/api-stub.ts';
import { CARD_APPLICATION_POLL_MS } from '@/features/card/api/get-card-applications.ts';
import { CardListPage } from './card-list-page.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

const unbound: TCardListItem = {
  id: '5',
  product: 'gold_eagle',
  network: 'mastercard',
  maskedNumber: '**** **** **** 7890',
  last4: '7890',
  cardId: 'KPC12345',
  label: 'KPC Gold Eagle',
  region: 'HK',
  isBound: false,
  status: 'active',
  frozenReason: null,
  monthlyFeeDue: null,
  nextMonthlyFeeAt: null,
  balance: null,
  issuedAt: '2026-01-02T10:00:00.000Z',
  boundAt: null,
};
const bound: TCardListItem = {
  ...unbound,
  id: '6',
  product: 'royal_black_eagle',
  network: 'visa',
  maskedNumber: '**** **** **** 1111',
  last4: '1111',
  cardId: 'KPC99999',
  label: 'KPC Royal Black Eagle',
  isBound: true,
  status: 'frozen',
  frozenReason: 'member',
  balance: '1234.5',
  boundAt: '2026-01-03T10:00:00.000Z',
};
const submitted: TCardApplication = {
  id: '9',
  product: 'gold_eagle',
  network: 'visa',
  status: 'submitted',
  payment: 'code',
  paid: '0',
  rejectReason: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  decidedAt: null,
  issuedAt: null,
  cardRecordId: null,
};
const rejected: TCardApplication = {
  ...submitted,
  id: '8',
  product: 'royal_black_eagle',
  status: 'kyc_rejected',
  payment: 'balance',
  paid: '520',
  rejectReason: 'document_invalid',
  decidedAt: '2026-01-01T10:00:03.000Z',
};

const fetchMock = vi.fn<typeof fetch>();
let navigate: Mock;
let cards: TCardListItem[];
let applications: TCardApplication[];
let failCards: boolean;

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CardListPage />
    </QueryClientProvider>,
  );
}

const statusOf = (id: string) => screen.getByTestId(`card-application-${id}`).getAttribute('data-status');

beforeEach(async () => {
  await changeLocale('en');
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  navigate = vi.fn();
  bindNavigator({ navigate, goBack: vi.fn(), canGoBack: () => true, getCurrentUrl: () => '/pages/card/list' });
  useUserStore.setState({ token: 'member-token', address: '' });
  cards = [];
  applications = [];
  failCards = false;
  fetchMock.mockImplementation((input) => {
    const path = pathOf(input);
    if (path === '/card/list') {
      return Promise.resolve(
        jsonResponse(failCards ? { code: 5001, msg: 'Service busy', data: null } : ok({ list: cards })),
      );
    }
    if (path === '/card/applications')
      return Promise.resolve(jsonResponse(ok({ list: applications, nextCursor: null })));
    return Promise.resolve(new Response(null, { status: 404 }));
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  bindNavigator(null);
  useUserStore.getState().reset();
});

describe('CardListPage (SPEC §2 card pages)', () => {
  // Issue 24: the issuer labels its cards in English ("KPC Gold Eagle"); the member reads the product's
  // name in their language, from the same messages as the apply flow (card.product.*).
  it.each([
    ['zh-Hans', '金鹰卡', '皇家黑鹰卡'],
    ['ja', 'ゴールド・イーグルカード', 'ロイヤル・ブラック・イーグルカード'],
    ['ru', 'Карта «Золотой орёл»', 'Карта «Королевский чёрный орёл»'],
    ['vi', 'Thẻ Đại Bàng Vàng', 'Thẻ Đại Bàng Đen Hoàng Gia'],
  ] as const)(
    'names the products in %s, never by the English names, on the cards and in the empty state',
    async (locale, gold, royal) => {
      await changeLocale(locale);
      renderPage();
      const empty = await screen.findByTestId('card-list-empty');
      expect(empty.textContent).toContain(gold);
      expect(empty.textContent).toContain(royal);
      expect(empty.textContent).not.toMatch(/Gold Eagle|Royal Black Eagle/);
      cleanup();

      cards = [unbound, bound];
      renderPage();
      await screen.findByTestId('card-items');
      expect(textOf('card-5-product')).toBe(gold);
      expect(textOf('card-6-product')).toBe(royal);
      expect(screen.getByTestId('card-items').textContent).not.toMatch(/Gold Eagle|Royal Black Eagle/);
    },
  );

  it('shows a skeleton, then the empty state with the ways to apply and to bind', async () => {
    renderPage();
    expect(screen.getByTestId('card-list-loading')).toBeTruthy();
    expect(screen.queryByTestId('card-list-empty')).toBeNull();
    await screen.findByTestId('card-list-empty');
    expect(screen.getByTestId('card-list-empty').textContent).toContain('No cards yet');
    await press('card-empty-apply');
    expect(navigate).toHaveBeenLastCalledWith('/pages/card/open', { replace: false });
    await press('card-empty-bind');
    expect(navigate).toHaveBeenLastCalledWith('/pages/card/index', { replace: false });
    expect(screen.getByTestId('card-empty-codes').getAttribute('href')).toBe('#/pages/card/sdk');
  });

  it('draws each card: masked, its ID, its product as its label and region; "Go to Bind" or its page; the balance once bound', async () => {
    cards = [unbound, bound];
    applications = [rejected];
    renderPage();
    await screen.findByTestId('card-items');
    expect(textOf('card-5-product')).toBe('Gold Eagle Card');
    expect(textOf('card-5-network')).toBe('Mastercard');
    expect(textOf('card-5-number')).toBe('**** **** **** 7890');
    expect(textOf('card-5-card-id')).toBe('KPC12345');
    // The product's name is the card's label: the issuer's own (English) label is not shown.
    expect(screen.getByTestId('card-5').textContent).not.toContain('KPC Gold Eagle');
    expect(textOf('card-5-region')).toBe('Hong Kong SAR China');
    expect(textOf('card-5-status')).toBe('Not bound');
    expect(screen.queryByTestId('card-5-balance')).toBeNull();
    await press('card-5-bind');
    expect(navigate).toHaveBeenLastCalledWith('/pages/card/index?id=5', { replace: false });

    expect(textOf('card-6-network')).toBe('VISA');
    expect(textOf('card-6-status')).toBe('Frozen');
    expect(textOf('card-6-balance')).toBe('1,234.5 USDT');
    expect(screen.queryByTestId('card-6-bind')).toBeNull();
    await press('card-6-open');
    expect(navigate).toHaveBeenLastCalledWith('/pages/card/detail?id=6', { replace: false });

    // A rejection says why and what came back.
    expect(textOf('card-application-8-status')).toBe('KYC rejected');
    expect(textOf('card-application-8-reason')).toBe(
      'The identity document is invalid, expired or unreadable. 520 USDT was refunded to your available balance.',
    );
    expect(textOf('card-application-8-payment')).toBe('520 USDT from balance');
    await press('card-action-codes');
    expect(navigate).toHaveBeenLastCalledWith('/pages/card/sdk', { replace: false });
  });

  it('follows an open application without a reload until its card is issued, then stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    applications = [submitted];
    renderPage();
    await waitFor(() => expect(statusOf('9')).toBe('submitted'));
    expect(textOf('card-application-9-payment')).toBe('Activation code');
    expect(screen.getByTestId('card-application-9-live').textContent).toContain('KYC in progress');
    expect(screen.queryByTestId('card-items')).toBeNull();

    applications = [{ ...submitted, status: 'kyc_approved', decidedAt: '2026-01-01T10:00:03.000Z' }];
    await act(() => vi.advanceTimersByTimeAsync(CARD_APPLICATION_POLL_MS));
    await waitFor(() => expect(statusOf('9')).toBe('kyc_approved'));
    expect(screen.getByTestId('card-application-9-live').textContent).toContain('being issued');

    cards = [unbound];
    applications = [{ ...submitted, status: 'issued', issuedAt: '2026-01-01T10:00:06.000Z', cardRecordId: '5' }];
    await act(() => vi.advanceTimersByTimeAsync(CARD_APPLICATION_POLL_MS));
    await waitFor(() => expect(statusOf('9')).toBe('issued'));
    // The issued card appears without a reload.
    await screen.findByTestId('card-5');
    expect(screen.queryByTestId('card-application-9-live')).toBeNull();

    const asked = callsTo(fetchMock, '/card/applications').length;
    await act(() => vi.advanceTimersByTimeAsync(CARD_APPLICATION_POLL_MS * 3));
    expect(callsTo(fetchMock, '/card/applications')).toHaveLength(asked);
  });

  it('says when the cards could not be loaded, and loads them again on retry', async () => {
    failCards = true;
    renderPage();
    await screen.findByRole('alert');
    expect(screen.queryByTestId('card-list-empty')).toBeNull();
    failCards = false;
    cards = [unbound];
    await press(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByTestId('card-5');
  });
});
