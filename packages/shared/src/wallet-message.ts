import { getAddress } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { buildWalletSignStatement, WALLET_NONCE_TTL_SECONDS, type TWalletSignIntent } from './schemas/wallet.ts';

interface WalletMessageFields {
  /** The page's origin, e.g. `https://app.example.com`; its host is the EIP-4361 domain. */
  origin: string;
  address: string;
  chainId: number;
  /** The `auth` string from `/api/acc/auth`. */
  nonce: string;
  issuedAt?: Date;
}

/** A login message, or a binding message that names the account (`account`: its invitation code). */
export type WalletMessageInput = WalletMessageFields & TWalletSignIntent;

/**
 * The EIP-4361 (Sign-In with Ethereum) message the wallet signs for a login or a binding: the
 * server's nonce combined with the account address (SPEC §7), the app's domain, the chain and a
 * lifetime of WALLET_NONCE_TTL_SECONDS; a binding also names the member's account. Web and tests
 * build it here so both sign the same text.
 */
export function buildWalletMessage(input: WalletMessageInput) {
  const { origin, address, chainId, nonce, issuedAt = new Date() } = input;
  const url = new URL(origin);
  return createSiweMessage({
    domain: url.host,
    uri: url.origin,
    address: getAddress(address),
    chainId,
    nonce,
    statement: buildWalletSignStatement(input),
    version: '1',
    issuedAt,
    expirationTime: new Date(issuedAt.getTime() + WALLET_NONCE_TTL_SECONDS * 1000),
  });
}
