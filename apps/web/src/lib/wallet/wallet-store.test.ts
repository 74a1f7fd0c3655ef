// @vitest-environment happy-dom
import { LoginType } from '@kpc/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeProvider } from '@/testing/fake-eip1193-provider.ts';
import { jsonResponse as answer } from '@/testing/json-response.ts';
import { changeLocale } from '@/lib/i18n.ts';
import { bindNavigator } from '@/lib/navigation.ts';
import { queryClient } from '@/lib/query-client.ts';
import { showToast } from '@/lib/toast.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { reloadPage } from './reload-page.ts';
import { signWalletMessage, useWalletStore } from './wallet-store.ts';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));
vi.mock('./reload-page.ts', () => ({ reloadPage: vi.fn() }));

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const POLYGON = '0x89';
const appConfig = {
  allowedChainIds: [137, 56, 1, 31337],
  chains: [],
  tokenCode: 'KPC',
  usdtQuantity: '150000',
  devChain: true,
};

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn();
const wallet = () => useWalletStore.getState();

function installWallet(options: Parameters<typeof createFakeProvider>[0]) {
  const fake = createFakeProvider(options);
  window.ethereum = fake.provider;
  return fake;
}

function logInAs(loginType: (typeof LoginType)[keyof typeof LoginType], address: string) {
  useUserStore.getState().setSession({ token: 'tok-1', address, loginType });
}

beforeEach(async () => {
  wallet().disconnect();
  delete window.ethereum;
  useUserStore.getState().reset();
  queryClient.clear();
  vi.mocked(showToast).mockClear();
  vi.mocked(reloadPage).mockClear();
  navigate.mockClear();
  fetchMock.mockReset();
  fetchMock.mockImplementation(() => Promise.resolve(answer({ code: 200, msg: '', data: appConfig })));
  vi.stubGlobal('fetch', fetchMock);
  bindNavigator({ navigate, goBack: vi.fn(), canGoBack: () => false, getCurrentUrl: () => '/pages/mine/index' });
  await changeLocale('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('connect (SPEC §4, §5)', () => {
  it('connects to the first account on an allowed chain and keeps the accounts in the user store', async () => {
    const fake = installWallet({ accounts: [ALICE.toLowerCase(), BOB], chainId: POLYGON });
    await expect(wallet().connect()).resolves.toBe(true);

    expect(wallet()).toMatchObject({
      account: ALICE,
      isConnected: true,
      chainId: 137,
      provider: fake.provider,
      error: null,
    });
    expect(wallet().client).not.toBeNull();
    expect(fake.requests).toEqual(['eth_requestAccounts', 'eth_chainId']);
    expect(useUserStore.getState().walletList).toEqual([ALICE.toLowerCase(), BOB]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/app/config');
    expect(showToast).not.toHaveBeenCalled();

    // Listening starts once per provider, however often the member connects.
    await wallet().connect();
    expect(fake.listenerCount('accountsChanged')).toBe(1);
    expect(fake.listenerCount('chainChanged')).toBe(1);
  });

  it('says MetaMask is not installed when there is no wallet', async () => {
    await expect(wallet().connect()).resolves.toBe(false);
    expect(showToast).toHaveBeenCalledWith('MetaMask is not installed. Please install MetaMask.');
    expect(wallet()).toMatchObject({
      isConnected: false,
      error: 'MetaMask is not installed. Please install MetaMask.',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reports a failed connection when the member declines', async () => {
    const fake = installWallet({ accounts: [ALICE], chainId: POLYGON });
    fake.decline('eth_requestAccounts');
    await expect(wallet().connect()).resolves.toBe(false);
    expect(showToast).toHaveBeenCalledWith('Failed to connect wallet. Please try again.');
    expect(wallet()).toMatchObject({ isConnected: false, account: null, client: null });
    expect(fake.listenerCount('accountsChanged')).toBe(0);
  });

  it('refuses a chain outside the allowed list with the list, and stays disconnected', async () => {
    const fake = installWallet({ accounts: [ALICE], chainId: '0x2a' });
    await expect(wallet().connect()).resolves.toBe(false);
    const message = 'Please switch to the correct network. Required network ID: 137,56,1,31337';
    // showToast is the plain text toast: no icon.
    expect(showToast).toHaveBeenCalledWith(message);
    expect(wallet()).toMatchObject({ isConnected: false, account: null, chainId: null, error: message });
    expect(useUserStore.getState().walletList).toEqual([]);
    expect(fake.listenerCount('chainChanged')).toBe(0);
  });
});

describe('wallet events (SPEC §4)', () => {
  it('logs a wallet member out and reloads when the account changes to another address', async () => {
    const fake = installWallet({ accounts: [ALICE], chainId: POLYGON });
    logInAs(LoginType.WALLET, ALICE);
    await wallet().connect();

    fake.emit('accountsChanged', [BOB]);
    expect(useUserStore.getState()).toMatchObject({ token: '', address: '', loginType: LoginType.NONE });
    expect(wallet().account).toBe(BOB);
    expect(useUserStore.getState().walletList).toEqual([BOB]);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('keeps an email member logged in when the account changes, and reloads', async () => {
    const fake = installWallet({ accounts: [ALICE], chainId: POLYGON });
    logInAs(LoginType.PASSWORD, ALICE);
    await wallet().connect();

    fake.emit('accountsChanged', [BOB]);
    expect(useUserStore.getState()).toMatchObject({ token: 'tok-1', loginType: LoginType.PASSWORD });
    expect(wallet().account).toBe(BOB);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('ignores the same account reported again in another letter case', async () => {
    const fake = installWallet({ accounts: [ALICE], chainId: POLYGON });
    logInAs(LoginType.WALLET, ALICE);
    await wallet().connect();

    fake.emit('accountsChanged', [ALICE.toLowerCase()]);
    expect(useUserStore.getState().token).toBe('tok-1');
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('logs a wallet member out when the wallet drops every account', async () => {
    const fake = installWallet({ accounts: [ALICE], chainId: POLYGON });
    logInAs(LoginType.WALLET, ALICE);
    await wallet().connect();

    fake.emit('accountsChanged', []);
    expect(useUserStore.getState().token).toBe('');
    expect(wallet()).toMatchObject({ isConnected: false, account: null });
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('updates the chain id and reloads when the chain changes', async () => {
    const fake = installWallet({ accounts: [ALICE], chainId: POLYGON });
    await wallet().connect();

    fake.emit('chainChanged', '0x38');
    expect(wallet().chainId).toBe(56);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});

describe('disconnect (SPEC §4)', () => {
  it('clears account, connected flag, client, provider, chain id and error, and stops listening', async () => {
    const fake = installWallet({ accounts: [ALICE], chainId: POLYGON });
    await wallet().connect();
    wallet().disconnect();

    expect(wallet()).toMatchObject({
      client: null,
      provider: null,
      account: null,
      isConnected: false,
      chainId: null,
      error: null,
    });
    expect(useUserStore.getState().walletList).toEqual([]);
    expect(fake.listenerCount('accountsChanged')).toBe(0);
    fake.emit('chainChanged', '0x1');
    expect(reloadPage).not.toHaveBeenCalled();
  });
});

describe('restore on start-up (SPEC §4)', () => {
  it('reconnects to an already authorised account through eth_accounts, without a prompt', async () => {
    const fake = installWallet({ accounts: [ALICE], chainId: POLYGON, isAuthorised: true });
    await expect(wallet().restore()).resolves.toBe(true);
    expect(fake.requests).toEqual(['eth_accounts', 'eth_chainId']);
    expect(wallet()).toMatchObject({ account: ALICE, isConnected: true, chainId: 137 });
    expect(fake.listenerCount('accountsChanged')).toBe(1);
  });

  it('stays disconnected, silently, when nothing is authorised or the chain is not allowed', async () => {
    const fake = installWallet({ accounts: [ALICE], chainId: POLYGON });
    await expect(wallet().restore()).resolves.toBe(false);
    expect(fake.requests).toEqual(['eth_accounts']);

    installWallet({ accounts: [ALICE], chainId: '0x2a', isAuthorised: true });
    await expect(wallet().restore()).resolves.toBe(false);
    expect(wallet().isConnected).toBe(false);
    expect(showToast).not.toHaveBeenCalled();
  });

  it('does nothing without a wallet', async () => {
    await expect(wallet().restore()).resolves.toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('logs a wallet member out when the wallet now holds another account', async () => {
    installWallet({ accounts: [BOB], chainId: POLYGON, isAuthorised: true });
    logInAs(LoginType.WALLET, ALICE);
    await wallet().restore();
    expect(useUserStore.getState().token).toBe('');
    expect(navigate).toHaveBeenCalledWith('/pages/home/index', { replace: true });
    expect(wallet().account).toBe(BOB);
  });

  it('keeps a wallet member whose account is still the one they signed in with', async () => {
    installWallet({ accounts: [ALICE.toLowerCase()], chainId: POLYGON, isAuthorised: true });
    logInAs(LoginType.WALLET, ALICE);
    await wallet().restore();
    expect(useUserStore.getState().token).toBe('tok-1');
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('signWalletMessage', () => {
  it('asks to connect first when no wallet is connected', async () => {
    await expect(signWalletMessage('hello')).resolves.toBeNull();
    expect(showToast).toHaveBeenCalledWith('Please connect your wallet first');
  });

  it('signs with personal_sign, and says so when the member declines', async () => {
    const fake = installWallet({ accounts: [ALICE], chainId: POLYGON });
    await wallet().connect();
    await expect(signWalletMessage('hello')).resolves.toMatch(/^0x(ab){65}$/);
    expect(fake.requests.at(-1)).toBe('personal_sign');

    fake.decline('personal_sign');
    await expect(signWalletMessage('hello')).resolves.toBeNull();
    expect(showToast).toHaveBeenCalledWith('You cancelled the signature request');
  });
});
