// @vitest-environment happy-dom
import { LoginType, type TAssetListResponse } from '@kpc/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage.ts';
import { useBalanceVisibility } from '@/lib/balance-visibility.ts';
import { changeLocale } from '@/lib/i18n.ts';
import { bindNavigator } from '@/lib/navigation.ts';
import { showToast } from '@/lib/toast.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { callsTo, pathOf } from '@/testing/api-stub.ts';
import { HomePage } from './home-page.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

const userInfo = {
  id: '1',
  email: 'member@example.com',
  address: '',
  inviteCode: 'KPCX7Q2M',
  referrerInviteCode: null,
  level: 'member' as const,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const assetList: TAssetListResponse = {
  lst: [
    {
      asset: 'USDT',
      decimals: 6,
      available: '4184',
      frozen: '0',
      income: '0',
      locked: '0',
      staked: '0',
      valueUsdt: '4184',
    },
  ],
  allQuantity: '4184',
  parts: { available: '4184', frozen: '0', income: '0', locked: '0', staked: '0' },
  price: '0.5',
};

const fetchMock = vi.fn<typeof fetch>();
/** How `/ass/lst` answers, per call; a test replaces it. */
let answerAssetList: () => Promise<Response>;

function assetListCalls(): number {
  return callsTo(fetchMock, '/ass/lst').length;
}

const succeed = () => Promise.resolve(jsonResponse({ code: 200, msg: 'success', data: assetList }));
const fail = () => Promise.resolve(jsonResponse({ code: 500, msg: 'Internal error', data: null }, 500));

function renderHome() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <HomePage />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await changeLocale('en');
  localStorage.clear();
  useBalanceVisibility.setState({ isHidden: false });
  fetchMock.mockReset();
  fetchMock.mockImplementation((input) => {
    const path = pathOf(input);
    if (path === '/ass/lst') return answerAssetList();
    if (path === '/acc/info') return Promise.resolve(jsonResponse({ code: 200, msg: 'success', data: userInfo }));
    return Promise.resolve(new Response(null, { status: 404 }));
  });
  answerAssetList = succeed;
  vi.stubGlobal('fetch', fetchMock);
  vi.mocked(showToast).mockClear();
  bindNavigator({
    navigate: vi.fn(),
    goBack: vi.fn(),
    canGoBack: () => true,
    getCurrentUrl: () => '/pages/home/index',
  });
  useUserStore.getState().reset();
  useUserStore.getState().setSession({ token: 'tok-1', address: '', loginType: LoginType.PASSWORD });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  bindNavigator(null);
  useUserStore.getState().reset();
});

describe('Home total assets: never an unknown balance as 0', () => {
  it('shows a skeleton, not "0", while the balance call is pending', async () => {
    answerAssetList = () => new Promise<Response>(() => undefined);
    renderHome();
    expect(await screen.findByTestId('home-total-assets-loading')).toBeTruthy();
    expect(screen.getByRole('status').getAttribute('aria-label')).toBe('Loading');
    expect(screen.queryByTestId('home-total-assets-value')).toBeNull();
    expect(screen.getByTestId('home-total-assets').textContent).not.toMatch(/\d/);
    expect(useUserStore.getState().allQuantity).toBeNull();
  });

  it('shows the error and a retry, not "0", when the call fails; retry reads and shows the real figure', async () => {
    answerAssetList = fail;
    renderHome();
    const failed = await screen.findByTestId('home-total-assets-failed');
    expect(failed.textContent).toContain("Couldn't load your balance.");
    expect(screen.getByTestId('home-total-assets').textContent).not.toMatch(/\d/);
    expect(screen.queryByTestId('home-total-assets-value')).toBeNull();
    // Nothing read, nothing kept.
    expect(useUserStore.getState().allQuantity).toBeNull();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}').state.allQuantity).toBeNull();

    answerAssetList = succeed;
    fireEvent.click(screen.getByTestId('home-total-assets-retry'));
    await waitFor(() => expect(screen.getByTestId('home-total-assets-value').textContent).toBe('4,184'));
    expect(assetListCalls()).toBe(2);
    expect(screen.queryByTestId('home-total-assets-failed')).toBeNull();
    expect(useUserStore.getState().allQuantity).toBe('4184');
  });

  it('shows a figure from an earlier visit only once this session has read it', async () => {
    // Persisted from before; this session has not asked yet.
    useUserStore.getState().setAssetTotals({ allQuantity: '999', price: '0.4' });
    answerAssetList = () => new Promise<Response>(() => undefined);
    renderHome();
    expect(await screen.findByTestId('home-total-assets-loading')).toBeTruthy();
    expect(screen.getByTestId('home-total-assets').textContent).not.toContain('999');
  });
});

describe('Home total assets add up (issue 24 item 3)', () => {
  it('shows the parts the total counts under it: staked and locked in ESOP beside available', async () => {
    const tiedUp: TAssetListResponse = {
      ...assetList,
      allQuantity: '5502',
      parts: { available: '4701.95', frozen: '0', income: '0', locked: '300.05', staked: '500' },
    };
    answerAssetList = () => Promise.resolve(jsonResponse({ code: 200, msg: 'success', data: tiedUp }));
    renderHome();
    await waitFor(() => expect(screen.getByTestId('home-total-assets-value').textContent).toBe('5,502'));
    const parts = screen.getByTestId('home-total-parts');
    expect(parts.textContent).toBe('Available4,701.95Staked500Locked in ESOP300.05');
    expect(screen.getByTestId('home-total-parts-locked').textContent).toBe('300.05');
  });

  it('shows no parts when everything is available', async () => {
    renderHome();
    await waitFor(() => expect(screen.getByTestId('home-total-assets-value').textContent).toBe('4,184'));
    expect(screen.queryByTestId('home-total-parts')).toBeNull();
  });
});

describe('Home hide-balance toggle', () => {
  it('hides the total as "****", is a pressed toggle, and remembers the choice on this device', async () => {
    renderHome();
    await waitFor(() => expect(screen.getByTestId('home-total-assets-value').textContent).toBe('4,184'));
    const toggle = screen.getByTestId('home-hide-balances');
    expect(toggle.getAttribute('aria-label')).toBe('Hide balances');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(toggle);
    expect(screen.getByTestId('home-total-assets-value').textContent).toBe('****');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem(STORAGE_KEYS.hideBalances)).toBe('1');

    fireEvent.click(toggle);
    expect(screen.getByTestId('home-total-assets-value').textContent).toBe('4,184');
    expect(localStorage.getItem(STORAGE_KEYS.hideBalances)).toBe('0');
  });
});

describe('Home documents', () => {
  it('are for visitors; a member has them on Mine instead', async () => {
    renderHome();
    await screen.findByTestId('home-total-assets');
    expect(screen.queryByTestId('home-documents')).toBeNull();
    cleanup();

    useUserStore.getState().reset();
    renderHome();
    expect(screen.getByTestId('home-documents')).toBeTruthy();
    expect(screen.getByTestId('home-terms-user').textContent).toContain('Terms of Service');
  });
});
