// @vitest-environment happy-dom
import { luhnCheckDigit, type TCardListItem } from '@kpc/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { changeLocale } from '@/lib/i18n.ts';
import { bindNavigator } from '@/lib/navigation.ts';
import { showToast } from '@/lib/toast.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { ok, pathOf, press, sentBodies, textOf } from '@/testing/api-stub.ts';
import { CardBindPage } from './card-bind-page.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

const NUMBER = `522222123456789${luhnCheckDigit('522222123456789')}`;
const card: TCardListItem = {
  id: '5',
  product: 'gold_eagle',
  network: 'mastercard',
  maskedNumber: `**** **** **** ${NUMBER.slice(-4)}`,
  last4: NUMBER.slice(-4),
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

const fetchMock = vi.fn<typeof fetch>();
let navigate: Mock;
let bindAnswer: () => unknown;
let devClock: boolean;
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const valueOf = (testId: string) => screen.getByTestId<HTMLInputElement>(testId).value;

function renderPage(url = '/pages/card/index') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '/pages/card/index', element: <CardBindPage /> }], {
    initialEntries: [url],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await changeLocale('en');
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(showToast).mockClear();
  navigate = vi.fn();
  bindNavigator({ navigate, goBack: vi.fn(), canGoBack: () => true, getCurrentUrl: () => '/pages/card/index' });
  useUserStore.setState({ token: 'member-token', address: '' });
  devClock = false;
  bindAnswer = () => ok({ ...card, isBound: true, balance: '50', boundAt: '2026-01-03T00:00:00.000Z' });
  fetchMock.mockImplementation((input) => {
    const path = pathOf(input);
    if (path === '/card/list') return Promise.resolve(jsonResponse(ok({ list: [card] })));
    if (path === '/card/bind') return Promise.resolve(jsonResponse(bindAnswer()));
    if (path === '/app/config') return Promise.resolve(jsonResponse(ok({ devClock })));
    if (path === '/dev/card/delivery')
      return Promise.resolve(jsonResponse(ok({ cardNumber: NUMBER, cardId: 'KPC12345' })));
    return Promise.resolve(new Response(null, { status: 404 }));
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  bindNavigator(null);
  useUserStore.getState().reset();
});

describe('CardBindPage (SPEC §5 "Enter card number and ID to bind a card")', () => {
  it('asks for both, checks the number (Luhn, network) and the ID before sending', async () => {
    renderPage();
    await screen.findByTestId('card-bind-form');
    expect(screen.getByTestId('card-bind-page').textContent).toContain('Enter card number and ID to bind a card.');
    // Not from "Go to Bind", but the member has one card to bind: that one is named.
    await waitFor(() => expect(textOf('card-bind-card')).toBe(`Binding: Gold Eagle Card ending ${card.last4}`));
    await press('card-bind-submit');
    await waitFor(() => expect(screen.getAllByText('Enter card number and ID to bind a card.')).toHaveLength(3));

    // Grouped in fours as typed; letters and extra digits never get in.
    type('card-bind-number', '5222a22123');
    expect(valueOf('card-bind-number')).toBe('5222 2212 3');
    expect(textOf('card-bind-network')).toBe('Mastercard');
    type('card-bind-number', `${NUMBER.slice(0, 15)}${(Number(NUMBER[15]) + 1) % 10}`);
    type('card-bind-id', 'kpc');
    expect(valueOf('card-bind-id')).toBe('KPC');
    await press('card-bind-submit');
    await waitFor(() => expect(screen.getByText('Please enter a correct card number.')).toBeTruthy());
    expect(screen.getByText('A card ID has 8 to 12 letters and digits.')).toBeTruthy();
    expect(sentBodies(fetchMock, '/card/bind')).toHaveLength(0);
  });

  it('binds: sends the digits and the ID, says "Bound successfully" and goes to the card tab', async () => {
    renderPage();
    await screen.findByTestId('card-bind-form');
    type('card-bind-number', NUMBER);
    expect(valueOf('card-bind-number')).toBe(NUMBER.replace(/(\d{4})(?=\d)/g, '$1 '));
    type('card-bind-id', 'kpc12345');
    await press('card-bind-submit');
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Bound successfully'));
    expect(sentBodies(fetchMock, '/card/bind')).toEqual([{ cardNumber: NUMBER, cardId: 'KPC12345' }]);
    expect(navigate).toHaveBeenLastCalledWith('/pages/card/list', { replace: true });
  });

  it("shows the server's refusal and stays", async () => {
    bindAnswer = () => ({ code: 1645, msg: 'The card ID does not match this card.', data: null });
    renderPage();
    await screen.findByTestId('card-bind-form');
    type('card-bind-number', NUMBER);
    type('card-bind-id', 'KPC00000');
    await press('card-bind-submit');
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith('The card ID does not match this card.', expect.any(Number)),
    );
    expect(navigate).not.toHaveBeenCalled();
  });

  it('names the card "Go to Bind" came from, and in development fills in what the sandbox issued', async () => {
    devClock = true;
    renderPage('/pages/card/index?id=5');
    await waitFor(() => expect(textOf('card-bind-card')).toBe(`Binding: Gold Eagle Card ending ${card.last4}`));
    await press(await screen.findByTestId('card-bind-sandbox'));
    await waitFor(() => expect(valueOf('card-bind-id')).toBe('KPC12345'));
    expect(valueOf('card-bind-number')).toBe(NUMBER.replace(/(\d{4})(?=\d)/g, '$1 '));
  });
});
