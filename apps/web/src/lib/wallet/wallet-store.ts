import { LoginType } from '@kpc/shared';
import type { Address, EIP1193Provider, Hex, WalletClient } from 'viem';
import { create } from 'zustand';
import { getAppConfig } from '@/lib/api/app-config.ts';
import { i18n } from '@/lib/i18n.ts';
import { clearSession, endSession } from '@/lib/session.ts';
import { showToast } from '@/lib/toast.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { discoverWallets, type InjectedWallet } from './injected-wallets.ts';
import { reloadPage } from './reload-page.ts';
import type * as ViemWalletModule from './viem-wallet.ts';
import { isPhoneBrowser } from './wallet-app-links.ts';
import { chooseWallet, showOpenInWalletApp } from './wallet-sheets.tsx';

/** SPEC §3 "Wallet connection state". Not persisted: the wallet itself remembers what it authorised. */
interface WalletState {
  client: WalletClient | null;
  provider: EIP1193Provider | null;
  /** The wallet's first account, checksummed. */
  account: Address | null;
  isConnected: boolean;
  chainId: number | null;
  /** The last connection problem, as shown to the member. */
  error: string | null;
}

interface WalletActions {
  /** Asks the wallet for access (SPEC §4); toasts and resolves false when it cannot connect. */
  connect: () => Promise<boolean>;
  /** Clears account, connected flag, client, provider, chainId and error (SPEC §4). */
  disconnect: () => void;
  /** Start-up: reconnects to accounts the wallet already authorised, without a prompt or a toast. */
  restore: () => Promise<boolean>;
}

const disconnectedState: WalletState = {
  client: null,
  provider: null,
  account: null,
  isConnected: false,
  chainId: null,
  error: null,
};

type ViemWallet = typeof ViemWalletModule;
let viemWallet: Promise<ViemWallet> | null = null;

/** viem and the wallet code on it (viem-wallet.ts), fetched once, when a wallet is first used. */
export function loadViemWallet(): Promise<ViemWallet> {
  viemWallet ??= import('./viem-wallet.ts').catch((error: unknown) => {
    viemWallet = null; // A failed download can be retried.
    throw error;
  });
  return viemWallet;
}

function isSameAddress(a: string | null, b: string | null): boolean {
  return a !== null && b !== null && a.toLowerCase() === b.toLowerCase();
}

/** SPEC §4: a wallet login belongs to one address; another account (or none) ends that session. */
function isWalletSessionOf(account: Address | null): boolean {
  const { token, loginType, address } = useUserStore.getState();
  if (token === '' || loginType !== LoginType.WALLET) return true;
  return isSameAddress(account, address);
}

/** Wallet errors carry EIP-1193 code 4001 when the member said no, possibly wrapped (viem). */
export function isUserRejection(error: unknown): boolean {
  for (let cause = error; typeof cause === 'object' && cause !== null; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === 4001) return true;
  }
  return false;
}

async function readChainId(provider: EIP1193Provider): Promise<number> {
  return Number(await provider.request({ method: 'eth_chainId' }));
}

function wrongNetworkMessage(allowedChainIds: readonly number[]): string {
  return i18n.t('wallet.wrongNetwork', { list: allowedChainIds.join(',') });
}

/**
 * The wallet to connect (SPEC §4 "the user grants account access"): the only one, or the member's
 * choice among several (EIP-6963). Without any, SPEC §8 "MetaMask is not installed"; on a phone
 * that message comes with links to open this page in a wallet app's browser. Null when there is
 * none or the member closed the chooser.
 */
async function pickWallet(): Promise<EIP1193Provider | null> {
  const wallets = await discoverWallets();
  if (wallets.length === 0) {
    const message = i18n.t('wallet.notInstalled');
    useWalletStore.setState({ error: message });
    if (isPhoneBrowser()) void showOpenInWalletApp();
    else showToast(message);
    return null;
  }
  if (wallets.length === 1) return wallets[0]!.provider;
  return (await chooseWallet(wallets))?.provider ?? null;
}

async function readAccounts(wallet: InjectedWallet): Promise<readonly string[]> {
  try {
    return await wallet.provider.request({ method: 'eth_accounts' });
  } catch {
    return [];
  }
}

/**
 * Start-up (SPEC §4): the wallet that already authorised this app, asked without a prompt. With
 * several, a wallet member's own address wins, then the first that has an account for the app.
 */
async function findAuthorisedWallet(): Promise<{ provider: EIP1193Provider; accounts: readonly string[] } | null> {
  const wallets = await discoverWallets();
  const authorised = (
    await Promise.all(wallets.map(async (wallet) => ({ wallet, accounts: await readAccounts(wallet) })))
  ).filter(({ accounts }) => accounts.length > 0);
  const { address } = useUserStore.getState();
  const chosen = authorised.find(({ accounts }) => isSameAddress(accounts[0] ?? null, address)) ?? authorised[0];
  return chosen ? { provider: chosen.wallet.provider, accounts: chosen.accounts } : null;
}

const listenersByProvider = new WeakMap<
  EIP1193Provider,
  { onAccountsChanged: (accounts: Address[]) => void; onChainChanged: (chainId: string) => void }
>();

export const useWalletStore = create<WalletState & WalletActions>()((set, get) => {
  function refuse(message: string): false {
    set({ error: message });
    showToast(message);
    return false;
  }

  function setConnected(
    viem: ViemWallet,
    provider: EIP1193Provider,
    accounts: readonly string[],
    account: Address,
    chainId: number,
  ) {
    useUserStore.getState().setWalletList(accounts);
    set({
      client: viem.createClient(provider, account),
      provider,
      account,
      isConnected: true,
      chainId,
      error: null,
    });
    listenTo(viem, provider);
  }

  // SPEC §4: the current account becomes the first one; a wallet member whose account changes is
  // logged out; the page reloads so nothing shown belongs to the previous account.
  function handleAccountsChanged(viem: ViemWallet, provider: EIP1193Provider, accounts: readonly string[]) {
    const account = viem.toAccount(accounts[0]);
    // Wallets repeat the event for the same account (e.g. on unlock): nothing changed.
    if (isSameAddress(account, get().account)) {
      useUserStore.getState().setWalletList(accounts);
      return;
    }
    if (!isWalletSessionOf(account)) clearSession();
    useUserStore.getState().setWalletList(accounts);
    if (account) {
      set({ account, client: viem.createClient(provider, account) });
    } else {
      stopListening(provider);
      set({ ...disconnectedState });
    }
    reloadPage();
  }

  // SPEC §4: chain changes update chainId and reload the page.
  function handleChainChanged(chainId: string) {
    set({ chainId: Number(chainId) });
    reloadPage();
  }

  function listenTo(viem: ViemWallet, provider: EIP1193Provider) {
    if (listenersByProvider.has(provider)) return;
    const listeners = {
      onAccountsChanged: (accounts: Address[]) => handleAccountsChanged(viem, provider, accounts),
      onChainChanged: handleChainChanged,
    };
    provider.on('accountsChanged', listeners.onAccountsChanged);
    provider.on('chainChanged', listeners.onChainChanged);
    listenersByProvider.set(provider, listeners);
  }

  function stopListening(provider: EIP1193Provider) {
    const listeners = listenersByProvider.get(provider);
    if (!listeners) return;
    provider.removeListener('accountsChanged', listeners.onAccountsChanged);
    provider.removeListener('chainChanged', listeners.onChainChanged);
    listenersByProvider.delete(provider);
  }

  return {
    ...disconnectedState,

    async connect() {
      const provider = await pickWallet();
      if (!provider) return false;
      // Downloads while the wallet asks its owner.
      const viemLoading = loadViemWallet().catch(() => null);
      let accounts: readonly string[];
      let chainId: number;
      try {
        accounts = await provider.request({ method: 'eth_requestAccounts' });
        chainId = await readChainId(provider);
      } catch {
        return refuse(i18n.t('wallet.connectFailed'));
      }
      const viem = await viemLoading;
      if (!viem) return refuse(i18n.t('wallet.connectFailed'));
      const account = viem.toAccount(accounts[0]);
      if (!account) return refuse(i18n.t('wallet.connectFailed'));
      const { allowedChainIds } = await getAppConfig().catch(() => ({ allowedChainIds: null }));
      if (!allowedChainIds) return false; // Toasted by the request client.
      // SPEC §5: a wallet on a chain outside the list is refused, with a toast and no icon.
      if (!allowedChainIds.includes(chainId)) return refuse(wrongNetworkMessage(allowedChainIds));
      setConnected(viem, provider, accounts, account, chainId);
      return true;
    },

    disconnect() {
      const { provider } = get();
      if (provider) stopListening(provider);
      useUserStore.getState().setWalletList([]);
      set({ ...disconnectedState });
    },

    async restore() {
      try {
        const authorised = await findAuthorisedWallet();
        if (!authorised) return false;
        const { provider, accounts } = authorised;
        const viem = await loadViemWallet();
        const account = viem.toAccount(accounts[0]);
        if (!account) return false;
        // SPEC §4: the wallet now holds another account than the one this member signed in with.
        if (!isWalletSessionOf(account)) endSession();
        const chainId = await readChainId(provider);
        const { allowedChainIds } = await getAppConfig();
        if (!allowedChainIds.includes(chainId)) {
          set({ error: wrongNetworkMessage(allowedChainIds) });
          return false;
        }
        setConnected(viem, provider, accounts, account, chainId);
        return true;
      } catch {
        return false; // Start-up stays quiet; the member can still connect by hand.
      }
    },
  };
});

/**
 * Has the connected wallet sign `message` (`personal_sign`). Toasts and resolves null when no
 * wallet is connected or the member declines, so callers simply stop.
 */
export async function signWalletMessage(message: string): Promise<Hex | null> {
  const { client, account } = useWalletStore.getState();
  if (!client || !account) {
    showToast(i18n.t('wallet.connectFirst'));
    return null;
  }
  try {
    return await client.signMessage({ account, message });
  } catch (error) {
    showToast(i18n.t(isUserRejection(error) ? 'wallet.signRejected' : 'wallet.signFailed'));
    return null;
  }
}
