// @vitest-environment happy-dom
import { LoginType, type TAssetListResponse } from '@kpc/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage.ts';
import { useBalanceVisibility } from '@/lib/balance-visibility.ts';
import { changeLocale } from '@/lib/i18n.ts';
import { showToast } from '@/lib/toast.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { pathOf } from '@/testing/api-stub.ts';
import { AssetPage } from './asset-page.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

const noParts = { locked: '0', staked: '0' };
const assetList: TAssetListResponse = {
  lst: [
    { asset: 'USDT', decimals: 6, available: '4184', frozen: '12.5', income: '3', ...noParts, valueUsdt: '4199.5' },
    { asset: 'KPC', decimals: 6, available: '200', frozen: '0', income: '0', ...noParts, valueUsdt: '100' },
  ],
  allQuantity: '4299.5',
  parts: { available: '4284', frozen: '12.5', income: '3', locked: '0', staked: '0' },
  price: '0.5',
};

/** Issue 24 item 3: 800.05 USDT of KPC staked and locked in ESOP, which the total counts. */
const withTiedUp: TAssetListResponse = {
  lst: [
    { asset: 'USDT', decimals: 6, available: '4184', frozen: '0', income: '0', ...noParts, valueUsdt: '4184' },
    {
      asset: 'KPC',
      decimals: 18,
      available: '1000',
      frozen: '0',
      income: '179.5',
      locked: '3000.5',
      staked: '5000',
      valueUsdt: '918.0',
    },
  ],
  allQuantity: '5102',
  parts: { available: '4284', frozen: '0', income: '17.95', locked: '300.05', staked: '500' },
  price: '0.1',
};

const fetchMock = vi.fn<typeof fetch>();
let answerAssetList: () => Promise<Response>;

const succeed = () => Promise.resolve(jsonResponse({ code: 200, msg: 'success', data: assetList }));
const fail = () => Promise.resolve(jsonResponse({ code: 500, msg: 'Internal error', data: null }, 500));

function renderAssets() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/pages/asset/index', element: <AssetPage /> }], {
    initialEntries: ['/pages/asset/index'],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** The figures the page shows, without the labels. */
function shownText(): string {
  return screen.getByTestId('asset-page').textContent ?? '';
}

beforeEach(async () => {
  await changeLocale('en');
  localStorage.clear();
  useBalanceVisibility.setState({ isHidden: false });
  fetchMock.mockReset();
  fetchMock.mockImplementation((input) =>
    pathOf(input) === '/ass/lst' ? answerAssetList() : Promise.resolve(new Response(null, { status: 404 })),
  );
  answerAssetList = succeed;
  vi.stubGlobal('fetch', fetchMock);
  vi.mocked(showToast).mockClear();
  useUserStore.getState().reset();
  useUserStore.getState().setSession({ token: 'tok-1', address: '', loginType: LoginType.PASSWORD });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useUserStore.getState().reset();
});

describe('Assets: never an unknown balance as 0', () => {
  it('shows skeletons for the total, the price and the cards while loading, and no figure', async () => {
    answerAssetList = () => new Promise<Response>(() => undefined);
    renderAssets();
    expect(await screen.findByTestId('asset-total-loading')).toBeTruthy();
    expect(screen.getByTestId('asset-cards-loading').querySelectorAll('.asset-card--skeleton')).toHaveLength(2);
    expect(screen.queryByTestId('asset-total')).toBeNull();
    expect(screen.queryByTestId('asset-price')).toBeNull();
    expect(shownText()).not.toMatch(/\d/);
  });

  it('shows one error with a retry, not "0", when the call fails; retry shows the real figures', async () => {
    answerAssetList = fail;
    renderAssets();
    const failed = await screen.findByTestId('asset-total-failed');
    expect(failed.getAttribute('role')).toBe('alert');
    expect(failed.textContent).toContain("Couldn't load your balance.");
    expect(screen.queryByTestId('asset-total')).toBeNull();
    expect(screen.getByTestId('asset-price').textContent).toBe('—');
    expect(shownText()).not.toMatch(/\d/);
    expect(screen.queryByTestId('asset-cards-loading')).toBeNull();
    expect(useUserStore.getState().allQuantity).toBeNull();

    answerAssetList = succeed;
    fireEvent.click(screen.getByTestId('asset-total-retry'));
    await waitFor(() => expect(screen.getByTestId('asset-total').textContent).toBe('4,299.5'));
    expect(screen.getByTestId('asset-price').textContent).toBe('0.5');
    expect(screen.getByTestId('asset-USDT-available').textContent).toBe('4,184');
    expect(screen.queryByTestId('asset-total-failed')).toBeNull();
  });
});

describe('Assets hide-balance toggle', () => {
  it('masks the total and every balance of every card, and shows them again', async () => {
    renderAssets();
    await waitFor(() => expect(screen.getByTestId('asset-total').textContent).toBe('4,299.5'));
    fireEvent.click(screen.getByTestId('asset-hide-balances'));

    const masked = ['asset-total'];
    for (const asset of ['USDT', 'KPC']) {
      for (const cell of ['value', 'available', 'frozen', 'income']) masked.push(`asset-${asset}-${cell}`);
    }
    for (const testId of masked) expect(screen.getByTestId(testId).textContent, testId).toBe('****');
    expect(screen.getByTestId('asset-hide-balances').getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem(STORAGE_KEYS.hideBalances)).toBe('1');
    // The price is not a balance.
    expect(screen.getByTestId('asset-price').textContent).toBe('0.5');

    fireEvent.click(screen.getByTestId('asset-hide-balances'));
    expect(screen.getByTestId('asset-USDT-frozen').textContent).toBe('12.5');
  });

  it('starts hidden when the member hid balances on Home (one preference)', async () => {
    useBalanceVisibility.getState().toggle();
    renderAssets();
    await waitFor(() => expect(screen.getByTestId('asset-total').textContent).toBe('****'));
    expect(screen.getByTestId('asset-KPC-available').textContent).toBe('****');
  });
});

describe('Assets add up (issue 24 item 3)', () => {
  it('shows what is staked and locked in ESOP on the KPC card and every part of the total under it', async () => {
    answerAssetList = () => Promise.resolve(jsonResponse({ code: 200, msg: 'success', data: withTiedUp }));
    renderAssets();
    await waitFor(() => expect(screen.getByTestId('asset-total').textContent).toBe('5,102'));
    expect(screen.getByTestId('asset-KPC-staked').textContent).toBe('5,000');
    expect(screen.getByTestId('asset-KPC-locked').textContent).toBe('3,000.5');
    expect(screen.getByTestId('asset-card-KPC').textContent).toContain('Staked');
    expect(screen.getByTestId('asset-card-KPC').textContent).toContain('Locked in ESOP');
    // Nothing of USDT is ever staked or locked: no row of zeros.
    expect(screen.queryByTestId('asset-USDT-staked')).toBeNull();
    expect(screen.queryByTestId('asset-USDT-locked')).toBeNull();
    const parts = screen.getByTestId('asset-total-parts');
    expect(parts.getAttribute('aria-label')).toBe('What the total counts');
    expect(screen.getByTestId('asset-total-parts-available').textContent).toBe('4,284');
    expect(screen.getByTestId('asset-total-parts-income').textContent).toBe('17.95');
    expect(screen.getByTestId('asset-total-parts-staked').textContent).toBe('500');
    expect(screen.getByTestId('asset-total-parts-locked').textContent).toBe('300.05');
    expect(screen.queryByTestId('asset-total-parts-frozen')).toBeNull();

    fireEvent.click(screen.getByTestId('asset-hide-balances'));
    for (const testId of ['asset-KPC-staked', 'asset-KPC-locked', 'asset-total-parts-staked']) {
      expect(screen.getByTestId(testId).textContent, testId).toBe('****');
    }
  });

  it('says no parts while everything is available: the total says it all', async () => {
    const allAvailable: TAssetListResponse = {
      ...assetList,
      parts: { available: '4299.5', frozen: '0', income: '0', locked: '0', staked: '0' },
    };
    answerAssetList = () => Promise.resolve(jsonResponse({ code: 200, msg: 'success', data: allAvailable }));
    renderAssets();
    await waitFor(() => expect(screen.getByTestId('asset-total').textContent).toBe('4,299.5'));
    expect(screen.queryByTestId('asset-total-parts')).toBeNull();
  });
});

describe('Asset cards', () => {
  it('draw each currency with its own icon, not a letter', async () => {
    renderAssets();
    await screen.findByTestId('asset-card-USDT');
    const usdtIcon = screen.getByTestId('asset-card-USDT').querySelector('svg.token-icon');
    const kpcIcon = screen.getByTestId('asset-card-KPC').querySelector('svg.token-icon');
    expect(usdtIcon?.getAttribute('data-asset')).toBe('USDT');
    expect(kpcIcon?.getAttribute('data-asset')).toBe('KPC');
    expect(usdtIcon?.querySelector('text')).toBeNull();
    expect(kpcIcon?.querySelector('text')).toBeNull();
  });
});
