import type { EIP1193Provider } from 'viem';

type Listener = (payload: unknown) => void;

interface FakeProviderOptions {
  accounts: string[];
  /** Hex chain id, e.g. `0x89` for Polygon. */
  chainId: string;
  /** Accounts the wallet has already authorised (`eth_accounts`) before any connect. */
  isAuthorised?: boolean;
}

/** An EIP-1193 error as wallets throw it; 4001 means the member declined. */
export class FakeProviderError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A small in-memory EIP-1193 wallet for unit tests: answers the account, chain and signing
 * requests, records every method asked, can decline a method, and emits wallet events.
 */
export function createFakeProvider({ accounts, chainId, isAuthorised = false }: FakeProviderOptions) {
  const listeners = new Map<string, Set<Listener>>();
  const declined = new Set<string>();
  const requests: string[] = [];
  let authorised = isAuthorised;

  async function request({ method }: { method: string; params?: unknown }): Promise<unknown> {
    await Promise.resolve();
    requests.push(method);
    if (declined.has(method)) throw new FakeProviderError(4001, 'User rejected the request.');
    switch (method) {
      case 'eth_requestAccounts':
        authorised = true;
        return accounts;
      case 'eth_accounts':
        return authorised ? accounts : [];
      case 'eth_chainId':
        return chainId;
      case 'personal_sign':
        return `0x${'ab'.repeat(65)}`;
      default:
        throw new FakeProviderError(4200, `Unsupported method ${method}`);
    }
  }

  const provider = {
    request,
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)?.add(listener);
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
    },
  };

  return {
    provider: provider as unknown as EIP1193Provider,
    requests,
    /** The member declines every later request of `method`. */
    decline(method: string) {
      declined.add(method);
    },
    emit(event: 'accountsChanged' | 'chainChanged', payload: unknown) {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
    listenerCount(event: string): number {
      return listeners.get(event)?.size ?? 0;
    },
  };
}
