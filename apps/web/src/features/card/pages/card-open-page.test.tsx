// @vitest-environment happy-dom
import type { TActivationCode, TCardProductInfo } from '@kpc/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { changeLocale } from '@/lib/i18n.ts';
import { bindNavigator } from '@/lib/navigation.ts';
import { showToast } from '@/lib/toast.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { ok, pathOf, press, sentBodies, textOf } from '@/testing/api-stub.ts';
import { CardOpenPage } from './card-open-page.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

const products: TCardProductInfo[] = [
  {
    product: 'gold_eagle',
    nameKey: 'card.product.gold_eagle',
    networks: ['mastercard', 'visa'],
    asset: 'USDT',
    fees: { issuance: '100', kyc: '20', initialTopUp: '50', monthly: '2', topUpFeeRate: '0.015', topUpMinFee: '1' },
    limits: { single: '5000', daily: '10000', monthly: '50000' },
    applicationTotal: '170',
  },
  {
    product: 'royal_black_eagle',
    nameKey: 'card.product.royal_black_eagle',
    networks: ['mastercard', 'visa'],
    asset: 'USDT',
    fees: { issuance: '300', kyc: '20', initialTopUp: '200', monthly: '5', topUpFeeRate: '0.01', topUpMinFee: '2' },
    limits: { single: '20000', daily: '50000', monthly: '200000' },
    applicationTotal: '520',
  },
];
const code: TActivationCode = {
  id: '3',
  code: 'ABCD-EFGH-JKLM-NPQR',
  hint: 'ABCD…NPQR',
  status: 'unused',
  source: 'purchase',
  createdAt: '2026-01-01T00:00:00.000Z',
  usedAt: null,
  usedFor: null,
};

const fetchMock = vi.fn<typeof fetch>();
let navigate: Mock;
let codes: TActivationCode[];
let available: string;
let applyAnswer: () => Promise<Response>;
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CardOpenPage />
    </QueryClientProvider>,
  );
}

/** A holder KYC accepts. */
async function fillHolder(overrides: Record<string, string> = {}) {
  const values: Record<string, string> = {
    'card-open-firstName': 'Alex',
    'card-open-lastName': 'Chan',
    'card-open-dateOfBirth': '1990-05-01',
    'card-open-nationality': 'HK',
    'card-open-documentNumber': 'k123-4567',
    'card-open-phone': '+852 9123 4567',
    'card-open-addressLine1': '1 Queen’s Road',
    'card-open-city': 'Hong Kong',
    'card-open-country': 'HK',
    ...overrides,
  };
  for (const [testId, value] of Object.entries(values)) type(testId, value);
  await press('card-open-document-passport');
}

beforeEach(async () => {
  await changeLocale('en');
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(showToast).mockClear();
  navigate = vi.fn();
  bindNavigator({ navigate, goBack: vi.fn(), canGoBack: () => true, getCurrentUrl: () => '/pages/card/open' });
  useUserStore.setState({ token: 'member-token', address: '' });
  codes = [code];
  available = '1000';
  applyAnswer = () =>
    Promise.resolve(
      jsonResponse(
        ok({
          id: '11',
          product: 'gold_eagle',
          network: 'visa',
          status: 'submitted',
          payment: 'code',
          paid: '0',
          rejectReason: null,
          createdAt: '2026-01-01T00:00:00.000Z',
          decidedAt: null,
          issuedAt: null,
          cardRecordId: null,
        }),
      ),
    );
  fetchMock.mockImplementation((input) => {
    const path = pathOf(input);
    if (path === '/card/products') return Promise.resolve(jsonResponse(ok({ list: products })));
    if (path === '/card/codes') {
      return Promise.resolve(jsonResponse(ok({ list: codes, nextCursor: null, unused: codes.length, used: 0 })));
    }
    if (path === '/ass/lst') {
      return Promise.resolve(
        jsonResponse(
          ok({
            lst: [{ asset: 'USDT', decimals: 6, available, frozen: '0', income: '0', valueUsdt: available }],
            allQuantity: available,
            price: '0.5',
          }),
        ),
      );
    }
    if (path === '/card/apply') return applyAnswer();
    return Promise.resolve(new Response(null, { status: 404 }));
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  bindNavigator(null);
  useUserStore.getState().reset();
});

describe('CardOpenPage (SPEC §1 co-branded cards, §9 fees and limits)', () => {
  it('shows both products with every fee and limit, and the networks of the chosen one', async () => {
    renderPage();
    expect(screen.getByTestId('card-open-loading')).toBeTruthy();
    await screen.findByTestId('card-product-gold_eagle');
    expect(textOf('card-product-gold_eagle-total')).toBe('170 USDT');
    expect(textOf('card-product-gold_eagle-issuance')).toBe('100 USDT');
    expect(textOf('card-product-gold_eagle-kyc')).toBe('20 USDT');
    expect(textOf('card-product-gold_eagle-initial-top-up')).toBe('50 USDT');
    expect(textOf('card-product-gold_eagle-monthly')).toBe('2 USDT');
    expect(textOf('card-product-gold_eagle-top-up-fee')).toBe('1.5%, min 1 USDT');
    expect(textOf('card-product-royal_black_eagle-limit-single')).toBe('20,000 USDT');
    expect(textOf('card-product-royal_black_eagle-limit-daily')).toBe('50,000 USDT');
    expect(textOf('card-product-royal_black_eagle-limit-monthly')).toBe('200,000 USDT');
    expect(screen.getByTestId('card-product-gold_eagle').getAttribute('aria-checked')).toBe('true');
    await press('card-product-royal_black_eagle');
    expect(screen.getByTestId('card-product-royal_black_eagle').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('card-open-network-mastercard')).toBeTruthy();
    expect(screen.getByTestId('card-open-network-visa')).toBeTruthy();
  });

  it("checks the holder's details with the server's own messages before anything is sent", async () => {
    renderPage();
    await screen.findByTestId('card-open-form');
    await press('card-open-submit');
    await waitFor(() => expect(screen.getAllByText('Enter the name as on your ID document.')).toHaveLength(2));
    expect(screen.getByText('Enter date of birth.')).toBeTruthy();
    expect(screen.getByText('Please choose a nationality.')).toBeTruthy();
    expect(screen.getByText('Please choose a document type.')).toBeTruthy();
    expect(screen.getByText('Enter phone number.')).toBeTruthy();
    expect(screen.getByText('Enter city.')).toBeTruthy();
    expect(screen.getByText('Enter activation code.')).toBeTruthy();

    await fillHolder({ 'card-open-firstName': '陈', 'card-open-dateOfBirth': '2020-01-01', 'card-open-phone': '9123' });
    type('card-open-code', 'nope');
    await press('card-open-submit');
    await waitFor(() =>
      expect(screen.getByText('Enter the name in Latin letters, as on your ID document.')).toBeTruthy(),
    );
    expect(screen.getByText('The card holder must be at least 18 years old.')).toBeTruthy();
    expect(screen.getByText('Enter the phone number with its country code, such as +852 9123 4567.')).toBeTruthy();
    expect(screen.getByText('An activation code has 16 letters and digits.')).toBeTruthy();
    expect(screen.queryByTestId('card-review')).toBeNull();
    expect(sentBodies(fetchMock, '/card/apply')).toHaveLength(0);
  });

  it('pays with a picked code: reviews, sends the application once and goes to the card tab', async () => {
    renderPage();
    await screen.findByTestId('card-open-code-3');
    await press('card-open-network-visa');
    await fillHolder();
    await press('card-open-code-3');
    expect(screen.getByTestId<HTMLInputElement>('card-open-code').value).toBe('ABCD-EFGH-JKLM-NPQR');
    await press('card-open-submit');
    expect(textOf('card-review-product')).toBe('Gold Eagle Card');
    expect(textOf('card-review-network')).toBe('VISA');
    expect(textOf('card-review-holder')).toBe('Alex Chan');
    expect(textOf('card-review-payment')).toBe('ABCD-EFGH-JKLM-NPQR');
    expect(textOf('card-review-pay')).toBe('Covered by the code');
    expect(sentBodies(fetchMock, '/card/apply')).toHaveLength(0);
    await press('card-review-confirm');
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Application Success'));
    const [body] = sentBodies(fetchMock, '/card/apply');
    expect(body?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect({ ...body, requestId: undefined }).toEqual({
      product: 'gold_eagle',
      network: 'visa',
      holder: {
        firstName: 'Alex',
        lastName: 'Chan',
        dateOfBirth: '1990-05-01',
        nationality: 'HK',
        documentType: 'passport',
        documentNumber: 'K1234567',
        address: { line1: '1 Queen’s Road', city: 'Hong Kong', country: 'HK' },
        phone: '+85291234567',
      },
      payment: { method: 'code', code: 'ABCDEFGHJKLMNPQR' },
    });
    expect(navigate).toHaveBeenLastCalledWith('/pages/card/list', { replace: true });
  });

  it('pays from the balance: says when it falls short, with the way to deposit', async () => {
    codes = [];
    available = '100';
    renderPage();
    // Without codes the balance is chosen.
    await waitFor(() => expect(textOf('card-open-available')).toBe('100 USDT'));
    expect(textOf('card-open-total')).toBe('170 USDT');
    expect(screen.getByTestId('card-open-insufficient').textContent).toContain('not enough');
    expect(screen.getByTestId('card-open-deposit').getAttribute('href')).toBe('#/pages/asset/recharge');
    await fillHolder();
    await press('card-open-submit');
    expect(showToast).toHaveBeenCalledWith('Your available USDT is not enough for this application.');
    expect(screen.queryByTestId('card-review')).toBeNull();
    // Choosing a code instead, with none held, leads to the broker package.
    await press('card-open-pay-code');
    expect(screen.getByTestId('card-open-klk').getAttribute('href')).toBe('#/pages/klk/index');
  });

  it("retries a lost answer under the same request id, and shows the server's refusal", async () => {
    codes = [];
    renderPage();
    await waitFor(() => expect(textOf('card-open-available')).toBe('1,000 USDT'));
    await fillHolder();
    await press('card-open-submit');
    expect(textOf('card-review-pay')).toBe('170 USDT');
    expect(textOf('card-review-available')).toBe('1,000 USDT');

    applyAnswer = () => Promise.reject(new TypeError('Failed to fetch'));
    await press('card-review-confirm');
    await waitFor(() => expect(sentBodies(fetchMock, '/card/apply')).toHaveLength(1));
    // The review stays open: Confirm sends the same application again.
    expect(screen.getByTestId('card-review')).toBeTruthy();
    applyAnswer = () => Promise.resolve(jsonResponse({ code: 4001, msg: 'Insufficient balance', data: null }));
    await press('card-review-confirm');
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Insufficient balance', expect.any(Number)));
    const [first, second] = sentBodies(fetchMock, '/card/apply');
    expect(second?.requestId).toBe(first?.requestId);
    expect(second?.payment).toEqual({ method: 'balance' });
    expect(navigate).not.toHaveBeenCalled();
  });
});
