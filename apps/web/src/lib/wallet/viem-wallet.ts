import { buildWalletMessage } from '@kpc/shared';
import { createWalletClient, custom, getAddress, isAddress, type Address, type EIP1193Provider } from 'viem';

/**
 * Everything lib/wallet needs from viem (and the EIP-4361 message, which uses it), in the one module
 * `loadViemWallet` (wallet-store.ts) loads on first use: pages where no wallet is used never
 * download viem.
 */

/** The checksummed address, or null for anything that is not an address. */
export function toAccount(value: string | undefined): Address | null {
  return value !== undefined && isAddress(value, { strict: false }) ? getAddress(value) : null;
}

export function createClient(provider: EIP1193Provider, account: Address) {
  return createWalletClient({ account, transport: custom(provider) });
}

export { buildWalletMessage };
