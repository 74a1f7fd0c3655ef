import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createWalletClient, http, isHex, numberToHex, type Address, type Hex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';

/** The local Hardhat node the journeys' server starts (DEV_CHAIN_PORT in playwright.config.ts). */
export const CHAIN_RPC_URL = `http://127.0.0.1:${process.env.E2E_CHAIN_PORT ?? 8546}`;

const BINDING = '__kpcTestWalletRequest';
const EMITTER = '__kpcTestWalletEmit';
/** Each wallet installed into a page gets bindings of its own, so a page can hold several. */
let installed = 0;

/** A small square icon as wallets announce theirs: an image carried in a data: URI. */
export const TEST_WALLET_ICON =
  'data:image/svg+xml;base64,' +
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#f6851b"/></svg>',
  ).toString('base64');

/** What the wallet announces of itself by EIP-6963 (`eip6963:announceProvider`). */
export interface TestWalletInfo {
  name: string;
  rdns: string;
  icon?: string;
}

interface TestWalletOptions {
  privateKey: Hex;
  /** Pretends the wallet is on this chain (e.g. a wrong network); default: the node's own. */
  chainId?: number;
  rpcUrl?: string;
  /** Announced by EIP-6963 like a current extension (default: as MetaMask); false for a wallet that only sets `window.ethereum`. */
  announce?: TestWalletInfo | false;
  /** Sets `window.ethereum` (default true); a second extension on the page usually leaves it to the first. */
  setsWindowEthereum?: boolean;
}

interface ProviderErrorShape {
  code: number;
  message: string;
}

type Answer = { result: unknown } | { error: ProviderErrorShape };

class ProviderError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** A test wallet injected into a page: what it was asked, and what the member does in it. */
export interface TestWallet {
  /** The current account. */
  readonly address: Address;
  /** Every method the page asked for, in order. */
  readonly requests: string[];
  /** The member switches to another account: a new signing key, announced with `accountsChanged`. */
  switchAccount(privateKey: Hex): Promise<void>;
  /** Emits `accountsChanged` with these accounts (default: the current one) into the page. */
  emitAccountsChanged(accounts?: readonly string[]): Promise<void>;
  /** The wallet moves to another chain: `eth_chainId` answers it and `chainChanged` is emitted. */
  switchChain(chainId: number): Promise<void>;
  /** The member declines the next request of `method` (EIP-1193 code 4001). */
  declineNext(method: string): void;
}

/**
 * Injects an EIP-1193 provider into every document of `page`, as a browser extension does: it
 * announces itself by EIP-6963 (answering `eip6963:requestProvider`; by default as MetaMask) and
 * sets `window.ethereum`. Its requests are answered here, in the test process: accounts and chain
 * like a real wallet, `personal_sign` and transactions signed for real with `privateKey`, and
 * everything else forwarded to the local node. Call before the first `page.goto`; call again for
 * a second wallet on the same page.
 */
export async function installTestWallet(page: Page, options: TestWalletOptions): Promise<TestWallet> {
  installed += 1;
  const binding = `${BINDING}${installed}`;
  const emitter = `${EMITTER}${installed}`;
  const announced =
    options.announce === false
      ? null
      : {
          uuid: randomUUID(),
          name: options.announce?.name ?? 'MetaMask',
          rdns: options.announce?.rdns ?? 'io.metamask',
          icon: options.announce?.icon ?? TEST_WALLET_ICON,
        };
  const setsWindowEthereum = options.setsWindowEthereum ?? true;
  const rpcUrl = options.rpcUrl ?? CHAIN_RPC_URL;
  let account: PrivateKeyAccount = privateKeyToAccount(options.privateKey);
  let chainIdOverride = options.chainId;
  // Like a real wallet, the page sees no account until the member approved a connection.
  let isAuthorised = false;
  const declined = new Set<string>();
  const requests: string[] = [];
  let rpcId = 0;

  async function forward(method: string, params: unknown): Promise<unknown> {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
    });
    const body = (await response.json()) as { result?: unknown; error?: ProviderErrorShape };
    if (body.error) throw new ProviderError(body.error.code, body.error.message);
    return body.result;
  }

  async function emit(event: 'accountsChanged' | 'chainChanged', payload: unknown): Promise<void> {
    try {
      await page.evaluate(
        ([emitter, event, payload]) =>
          (window as unknown as Record<string, (event: string, payload: unknown) => void>)[emitter]?.(event, payload),
        [emitter, event, payload] as const,
      );
    } catch (error) {
      // The app may reload on the event before the evaluation reports back.
      if (!/context was destroyed|navigat/i.test(String(error))) throw error;
    }
  }

  async function answer(method: string, params: readonly unknown[]): Promise<unknown> {
    switch (method) {
      case 'eth_requestAccounts':
        isAuthorised = true;
        return [account.address];
      case 'eth_accounts':
        return isAuthorised ? [account.address] : [];
      case 'eth_chainId':
        return chainIdOverride === undefined ? forward(method, params) : numberToHex(chainIdOverride);
      case 'personal_sign': {
        const [data, address] = params as [string, string];
        if (!isAuthorised || address.toLowerCase() !== account.address.toLowerCase()) {
          throw new ProviderError(4100, 'The requested account has not been authorized by the user.');
        }
        return account.signMessage({ message: isHex(data) ? { raw: data } : data });
      }
      case 'wallet_switchEthereumChain': {
        const [{ chainId }] = params as [{ chainId: Hex }];
        chainIdOverride = Number(chainId);
        // After answering, like a wallet: the page may reload on the event.
        setTimeout(() => void emit('chainChanged', chainId).catch(() => undefined), 0);
        return null;
      }
      case 'eth_sendTransaction': {
        const [transaction] = params as [{ to?: Address; data?: Hex; value?: Hex; gas?: Hex }];
        const client = createWalletClient({ account, transport: http(rpcUrl) });
        return client.sendTransaction({
          chain: null,
          to: transaction.to ?? null,
          ...(transaction.data ? { data: transaction.data } : {}),
          ...(transaction.value ? { value: BigInt(transaction.value) } : {}),
          ...(transaction.gas ? { gas: BigInt(transaction.gas) } : {}),
        });
      }
      default:
        return forward(method, params);
    }
  }

  await page.exposeBinding(binding, async (_source, method: string, params: unknown[]): Promise<Answer> => {
    requests.push(method);
    try {
      if (declined.delete(method)) throw new ProviderError(4001, 'User rejected the request.');
      return { result: await answer(method, params) };
    } catch (error) {
      const code = error instanceof ProviderError ? error.code : -32603;
      return { error: { code, message: error instanceof Error ? error.message : String(error) } };
    }
  });

  await page.addInitScript(
    ([binding, emitter, announced, setsWindowEthereum]) => {
      type Listener = (payload: unknown) => void;
      const listeners = new Map<string, Set<Listener>>();
      const ask = (window as unknown as Record<string, (method: string, params: unknown) => Promise<Answer>>)[binding];
      const ethereum = {
        isMetaMask: true,
        async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
          const reply = await ask!(method, params ?? []);
          if ('error' in reply) throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
          return reply.result;
        },
        on(event: string, listener: Listener) {
          if (!listeners.has(event)) listeners.set(event, new Set());
          listeners.get(event)!.add(listener);
        },
        removeListener(event: string, listener: Listener) {
          listeners.get(event)?.delete(listener);
        },
      };
      Object.assign(window, {
        ...(setsWindowEthereum ? { ethereum } : {}),
        [emitter]: (event: string, payload: unknown) => listeners.get(event)?.forEach((listener) => listener(payload)),
      });
      if (announced) {
        const detail = Object.freeze({ info: Object.freeze(announced), provider: ethereum });
        const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
        window.addEventListener('eip6963:requestProvider', announce);
        announce();
      }
    },
    [binding, emitter, announced, setsWindowEthereum] as const,
  );

  return {
    get address() {
      return account.address;
    },
    requests,
    async switchAccount(privateKey) {
      account = privateKeyToAccount(privateKey);
      if (isAuthorised) await emit('accountsChanged', [account.address]);
    },
    async emitAccountsChanged(accounts = [account.address]) {
      await emit('accountsChanged', accounts);
    },
    async switchChain(chainId) {
      chainIdOverride = chainId;
      await emit('chainChanged', numberToHex(chainId));
    },
    declineNext(method) {
      declined.add(method);
    },
  };
}
