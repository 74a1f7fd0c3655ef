// @vitest-environment happy-dom
import { LoginType } from '@kpc/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '@/config/routes.ts';
import { changeLocale } from '@/lib/i18n.ts';
import { bindNavigator } from '@/lib/navigation.ts';
import { showToast } from '@/lib/toast.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { MinePage } from './mine-page.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const userInfo = {
  id: '1',
  email: 'member@example.com',
  address: WALLET,
  inviteCode: 'KPCX7Q2M',
  referrerInviteCode: null,
  level: 'member' as const,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const navigate = vi.fn();
const writeText = vi.fn<(text: string) => Promise<void>>();

function renderMine() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MinePage />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await changeLocale('en');
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(jsonResponse({ code: 200, msg: 'success', data: userInfo }))),
  );
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  vi.mocked(showToast).mockClear();
  navigate.mockReset();
  bindNavigator({ navigate, goBack: vi.fn(), canGoBack: () => true, getCurrentUrl: () => '/pages/mine/index' });
  useUserStore.getState().setSession({ token: 'tok-1', address: WALLET, loginType: LoginType.PASSWORD });
  useUserStore.getState().setUserInfo(userInfo);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  bindNavigator(null);
  useUserStore.getState().reset();
});

describe('Mine', () => {
  it('copies the whole bound wallet address and says "Copied"', async () => {
    renderMine();
    expect(screen.getByTestId('mine-wallet-address').textContent).toBe('0x70...79C8');
    fireEvent.click(screen.getByTestId('mine-copy-wallet-address'));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Copied'));
    expect(writeText).toHaveBeenCalledWith(WALLET);
    // Copying is not binding: no sheet opens.
    expect(screen.queryByTestId('bind-wallet-popup')).toBeNull();
  });

  it('has no copy button while no wallet is bound', () => {
    useUserStore.getState().setUserInfo({ ...userInfo, address: '' });
    useUserStore.getState().setAddress('');
    renderMine();
    expect(screen.queryByTestId('mine-copy-wallet-address')).toBeNull();
  });

  it('lists the documents a member no longer sees on Home, each opening its page', () => {
    renderMine();
    expect(screen.getByTestId('mine-documents').textContent).toContain('Documents');
    fireEvent.click(screen.getByTestId('mine-terms-user'));
    expect(navigate).toHaveBeenCalledWith(ROUTES.termsUser, { replace: false });
    fireEvent.click(screen.getByTestId('mine-terms-privacy'));
    expect(navigate).toHaveBeenCalledWith(ROUTES.termsPrivacy, { replace: false });
    fireEvent.click(screen.getByTestId('mine-terms-anti-fraud'));
    expect(navigate).toHaveBeenCalledWith(ROUTES.termsAntiFraud, { replace: false });
  });
});
