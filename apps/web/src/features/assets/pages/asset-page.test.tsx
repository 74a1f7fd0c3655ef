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

const assetList: TAssetListResponse = {
  lst: [
    { asset: 'USDT', decimals: 6, available: '4184', frozen: '12.5', income: '3', valueUsdt: '4199.5' },
    { asset: 'KPC', decimals: 6, available: '200', frozen: '0', income: '0', valueUsdt: '100' },
  ],
  allQuantity: '4299.5',
  price: '0.5',
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
