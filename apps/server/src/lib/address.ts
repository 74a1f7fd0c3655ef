import { getAddress } from 'viem';

/** Wallet addresses are stored lower-case (unique, case-insensitive) and sent EIP-55 checksummed; '' for none. */
export function toWireAddress(stored: string | null): string {
  return stored ? getAddress(stored) : '';
}

/** The stored form of an address: lower-case 0x hex. */
export function toStoredAddress(address: string): string {
  return address.toLowerCase();
}
