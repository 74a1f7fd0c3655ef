// @vitest-environment happy-dom
import { LoginType } from '@kpc/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage.ts';
import { createFakeProvider } from '@/testing/fake-eip1193-provider.ts';
import { jsonResponse as answer } from '@/testing/json-response.ts';
import { changeLocale } from '@/lib/i18n.ts';
import { queryClient } from '@/lib/query-client.ts';
import { showToast } from '@/lib/toast.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { ANNOUNCE_EVENT, forgetWallets, REQUEST_EVENT } from './injected-wallets.ts';
import { useWalletStore } from './wallet-store.ts';

// Connecting with several wallets (EIP-6963), and without any on a phone (deep links into the
// wallet apps' browsers).

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));
vi.mock('./reload-page.ts', () => ({ reloadPage: vi.fn() }));

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const ICON = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const appConfig = { allowedChainIds: [137, 31337], chains: [], tokenCode: 'KPC', usdtQuantity: '150000' };

const wallet = () => useWalletStore.getState();
const answering: (() => void)[] = [];

/** A wallet extension that answers EIP-6963 requests, as MetaMask, Rabby or OKX do. */
function announceWallet(info: { name: string; rdns: string; icon: string }, accounts: string[]) {
  const fake = createFakeProvider({ accounts, chainId: '0x89' });
  const detail = Object.freeze({ info: { uuid: crypto.randomUUID(), ...info }, provider: fake.provider });
  const onRequest = () => window.dispatchEvent(new CustomEvent(ANNOUNCE_EVENT, { detail }));
  window.addEventListener(REQUEST_EVENT, onRequest);
  answering.push(() => window.removeEventListener(REQUEST_EVENT, onRequest));
  return fake;
}

beforeEach(async () => {
  wallet().disconnect();
  forgetWallets();
  delete window.ethereum;
  useUserStore.getState().reset();
  queryClient.clear();
  localStorage.clear();
  vi.mocked(showToast).mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(answer({ code: 200, msg: '', data: appConfig }))),
  );
  await changeLocale('en');
});

afterEach(() => {
  for (const stop of answering.splice(0)) stop();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  window.location.hash = '';
});

describe('several wallets (EIP-6963)', () => {
  it('asks which one, shows each by its announced name and icon, and connects the chosen one only', async () => {
    const metaMask = announceWallet({ name: 'MetaMask', rdns: 'io.metamask', icon: ICON }, [ALICE]);
    // An icon that is not an image carried in the announcement is never loaded.
    const rabby = announceWallet({ name: 'Rabby Wallet', rdns: 'io.rabby', icon: 'https://evil.example/x.svg' }, [BOB]);
    const connecting = wallet().connect();

    const chooser = await screen.findByTestId('wallet-chooser');
    expect(chooser.textContent).toContain('Choose a wallet');
    const first = screen.getByTestId('wallet-option-io.metamask');
    const second = screen.getByTestId('wallet-option-io.rabby');
    expect(first.textContent).toBe('MetaMask');
    expect(first.querySelector('img')?.getAttribute('src')).toBe(ICON);
    expect(second.textContent).toBe('Rabby Wallet');
    expect(second.querySelector('img')).toBeNull();
    // A whole row is the target, at least 44 px (wallet-sheets.css).
    expect(first.className).toBe('wallet-sheet__row');

    fireEvent.click(second);
    await expect(connecting).resolves.toBe(true);
    expect(wallet()).toMatchObject({ account: BOB, isConnected: true, provider: rabby.provider });
    expect(rabby.requests).toContain('eth_requestAccounts');
    expect(metaMask.requests).toEqual([]);
    expect(showToast).not.toHaveBeenCalled();
  });

  it('stays disconnected, quietly, when the member closes the chooser', async () => {
    const one = announceWallet({ name: 'MetaMask', rdns: 'io.metamask', icon: ICON }, [ALICE]);
    const two = announceWallet({ name: 'OKX Wallet', rdns: 'com.okex.wallet', icon: ICON }, [BOB]);
    const connecting = wallet().connect();
    fireEvent.click(await screen.findByTestId('wallet-chooser-cancel'));
    await expect(connecting).resolves.toBe(false);
    expect(wallet().isConnected).toBe(false);
    expect(one.requests).toEqual([]);
    expect(two.requests).toEqual([]);
    expect(showToast).not.toHaveBeenCalled();
  });

  it('connects a single announced wallet at once, without asking, even beside window.ethereum', async () => {
    const announced = announceWallet({ name: 'MetaMask', rdns: 'io.metamask', icon: ICON }, [ALICE]);
    window.ethereum = createFakeProvider({ accounts: [BOB], chainId: '0x89' }).provider;
    await expect(wallet().connect()).resolves.toBe(true);
    expect(wallet()).toMatchObject({ account: ALICE, provider: announced.provider });
    expect(screen.queryByTestId('wallet-chooser')).toBeNull();
  });

  it('falls back to window.ethereum when no wallet announces itself', async () => {
    const legacy = createFakeProvider({ accounts: [BOB], chainId: '0x89' });
    window.ethereum = legacy.provider;
    await expect(wallet().connect()).resolves.toBe(true);
    expect(wallet()).toMatchObject({ account: BOB, provider: legacy.provider });
  });

  it('restores, on start-up, the wallet a wallet member signed in with', async () => {
    const alice = announceWallet({ name: 'MetaMask', rdns: 'io.metamask', icon: ICON }, [ALICE]);
    const bob = announceWallet({ name: 'Rabby Wallet', rdns: 'io.rabby', icon: ICON }, [BOB]);
    // Both already authorised this app.
    await alice.provider.request({ method: 'eth_requestAccounts' });
    await bob.provider.request({ method: 'eth_requestAccounts' });
    useUserStore.getState().setSession({ token: 'tok-1', address: BOB, loginType: LoginType.WALLET });
    await expect(wallet().restore()).resolves.toBe(true);
    expect(wallet()).toMatchObject({ account: BOB, provider: bob.provider });
    expect(useUserStore.getState().token).toBe('tok-1');
    expect(screen.queryByTestId('wallet-chooser')).toBeNull();
  });
});

describe('no wallet at all', () => {
  it('on a phone: SPEC §8 message in a sheet that opens this page in four wallet apps', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    localStorage.setItem(STORAGE_KEYS.inviteCode, 'WXYZ6789');
    window.location.hash = '#/pages/asset/recharge?channel=31337-wallet';
    const page = `${window.location.origin}${window.location.pathname}#/pages/asset/recharge?channel=31337-wallet&inviteCode=WXYZ6789`;

    await expect(wallet().connect()).resolves.toBe(false);
    const sheet = await screen.findByTestId('wallet-open-in-app');
    expect(sheet.textContent).toContain('MetaMask is not installed. Please install MetaMask.');
    expect(wallet().error).toBe('MetaMask is not installed. Please install MetaMask.');
    expect(showToast).not.toHaveBeenCalled();

    const href = (id: string) => screen.getByTestId(`wallet-open-in-${id}`).getAttribute('href');
    expect(href('metamask')).toBe(`https://link.metamask.io/dapp/${page.replace(/^https:\/\//, '')}`);
    expect(href('trust')).toBe(`https://link.trustwallet.com/open_url?coin_id=60&url=${encodeURIComponent(page)}`);
    expect(href('okx')).toBe(
      `https://web3.okx.com/download?deeplink=${encodeURIComponent(`okx://wallet/dapp/url?dappUrl=${encodeURIComponent(page)}`)}`,
    );
    expect(href('tokenpocket')).toBe(
      `tpdapp://open?params=${encodeURIComponent(JSON.stringify({ url: page, chain: 'ETH', source: 'KPC' }))}`,
    );
    expect(screen.getByTestId('wallet-open-in-trust').textContent).toBe('Trust Wallet');

    fireEvent.click(screen.getByTestId('wallet-open-in-app-cancel'));
    // The sheet slides away (antd-mobile's spring): seconds on a loaded CI machine.
    await waitFor(() => expect(screen.queryByTestId('wallet-open-in-app')).toBeNull(), { timeout: 15_000 });
  });

  it('on a desktop: only the SPEC §8 toast', async () => {
    await expect(wallet().connect()).resolves.toBe(false);
    expect(showToast).toHaveBeenCalledWith('MetaMask is not installed. Please install MetaMask.');
    // The sheet would have shown by now.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('wallet-open-in-app')).toBeNull();
  });
});
