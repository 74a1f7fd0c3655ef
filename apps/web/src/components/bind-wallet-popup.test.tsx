// @vitest-environment happy-dom
import { LoginType } from '@kpc/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n.ts';
import { queryClient as appQueryClient } from '@/lib/query-client.ts';
import { showToast } from '@/lib/toast.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { useWalletStore } from '@/lib/wallet/wallet-store.ts';
import { createFakeProvider } from '@/testing/fake-eip1193-provider.ts';
import { jsonResponse as answer } from '@/testing/json-response.ts';
import { callsTo, pathOf } from '@/testing/api-stub.ts';
import { BindWalletPopup } from './bind-wallet-popup.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const NONCE = 'Nonce0123456789abcdefghijklmnopq';
const INVITE_CODE = 'KPCX7Q2M';
const appConfig = { allowedChainIds: [137], chains: [], tokenCode: 'KPC', usdtQuantity: '150000', devChain: false };
const userInfo = {
  id: '1',
  email: 'member@example.com',
  address: '',
  inviteCode: INVITE_CODE,
  referrerInviteCode: null,
  level: 'member',
  createdAt: '',
};

const fetchMock = vi.fn<typeof fetch>();

function renderPopup(onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BindWalletPopup isOpen onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

beforeEach(async () => {
  fetchMock.mockReset();
  fetchMock.mockImplementation((input) => {
    const data = {
      '/app/config': appConfig,
      '/acc/auth': { auth: NONCE },
      '/acc/info': userInfo,
      '/acc/bindWallet': { address: WALLET },
    }[pathOf(input)];
    return Promise.resolve(
      data ? answer({ code: 200, msg: 'success', data }) : answer({ code: 404, msg: '', data: null }, 404),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.mocked(showToast).mockClear();
  appQueryClient.clear();
  useUserStore.getState().setSession({ token: 'tok-1', address: '', loginType: LoginType.PASSWORD });
  window.ethereum = createFakeProvider({ accounts: [WALLET], chainId: '0x89' }).provider;
  await changeLocale('en');
  expect(await useWalletStore.getState().connect()).toBe(true);
});

afterEach(() => {
  cleanup();
  useWalletStore.getState().disconnect();
  delete window.ethereum;
  useUserStore.getState().reset();
  vi.unstubAllGlobals();
});

describe('BindWalletPopup', () => {
  it("signs a binding that names the member's account over a nonce asked for by this session", async () => {
    const onClose = renderPopup();
    fireEvent.click(screen.getByTestId('bind-wallet-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());

    const [auth] = callsTo(fetchMock, '/acc/auth');
    expect((auth?.[1]?.headers as Record<string, string>).token).toBe('tok-1');
    const [bind] = callsTo(fetchMock, '/acc/bindWallet');
    const body = JSON.parse(bind?.[1]?.body as string) as { random: string; sign: string; address: string };
    expect(body.address).toBe(WALLET);
    expect(body.random).toContain(`Bind this wallet to my KPC account ${INVITE_CODE}.`);
    expect(body.random).toContain(`Nonce: ${NONCE}`);
    expect(body.random).toContain(WALLET);
    expect(showToast).toHaveBeenCalledWith('Bound successfully');
    expect(useUserStore.getState().address).toBe(WALLET);
  });

  it('on a phone without a wallet, Connect offers to open the page in a wallet app', async () => {
    useWalletStore.getState().disconnect();
    delete window.ethereum;
    const userAgent = vi
      .spyOn(navigator, 'userAgent', 'get')
      .mockReturnValue('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36');
    try {
      renderPopup();
      fireEvent.click(screen.getByTestId('bind-wallet-connect'));
      const sheet = await screen.findByTestId('wallet-open-in-app');
      expect(sheet.textContent).toContain('MetaMask is not installed. Please install MetaMask.');
      // Each wallet opens this very page (lib/wallet/wallet-app-links.test.ts reads every link back).
      const prefixes = {
        metamask: 'https://link.metamask.io/dapp/',
        trust: 'https://link.trustwallet.com/open_url?coin_id=60&url=',
        okx: 'https://web3.okx.com/download?deeplink=',
        tokenpocket: 'tpdapp://open?params=',
      };
      for (const [id, prefix] of Object.entries(prefixes)) {
        const href = screen.getByTestId(`wallet-open-in-${id}`).getAttribute('href') ?? '';
        expect(href.startsWith(prefix)).toBe(true);
        expect(href).toContain(window.location.hostname);
      }
      expect(callsTo(fetchMock, '/acc/bindWallet')).toHaveLength(0);
    } finally {
      userAgent.mockRestore();
    }
  });

  it('binds nothing when the account cannot be read', async () => {
    const onClose = renderPopup();
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        pathOf(input) === '/acc/info'
          ? answer({ code: 1000, msg: 'Busy', data: null })
          : answer({ code: 200, msg: 'success', data: { auth: NONCE } }),
      ),
    );
    fireEvent.click(screen.getByTestId('bind-wallet-submit'));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Busy', expect.any(Number)));
    expect(callsTo(fetchMock, '/acc/bindWallet')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });
});
