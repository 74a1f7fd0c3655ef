import { isAddress } from 'viem';
import { z } from 'zod';

/**
 * Wallet sign-in and binding (Step 2, SPEC §3, §4, §7). The wallet signs an EIP-4361
 * (Sign-In with Ethereum) message that carries the nonce from `/api/acc/auth`; the server checks
 * it and consumes the nonce only on success.
 */

/** What the signed message says, per purpose; the server refuses a message signed for another purpose. */
export const WalletSignPurpose = { LOGIN: 'login', BIND: 'bind' } as const;
export type TWalletSignPurpose = (typeof WalletSignPurpose)[keyof typeof WalletSignPurpose];

/**
 * Why the wallet signs: to sign in (any account the address owns), or to bind the wallet to one
 * named account — the member's invitation code — so the signature binds to nobody else.
 */
export type TWalletSignIntent =
  { purpose: typeof WalletSignPurpose.LOGIN } | { purpose: typeof WalletSignPurpose.BIND; account: string };

/** The EIP-4361 `statement` for an intent; the server rebuilds it and refuses any other text. */
export function buildWalletSignStatement(intent: TWalletSignIntent): string {
  if (intent.purpose === WalletSignPurpose.LOGIN) return 'Sign in to KPC.';
  // An invitation code is letters and digits; anything else would let the text say more than this.
  if (!/^[A-Za-z0-9]{1,64}$/.test(intent.account)) throw new Error('a wallet binding names an invitation code');
  return `Bind this wallet to my KPC account ${intent.account}.`;
}
/** A nonce from `/api/acc/auth` is single use and lives 5 minutes; so does the message built on it. */
export const WALLET_NONCE_TTL_SECONDS = 300;
/** How far a wallet's clock may run ahead of the server's for `issuedAt`. */
export const WALLET_CLOCK_SKEW_SECONDS = 60;

/** A 0x address; mixed case must carry a valid EIP-55 checksum. */
export const ZWalletAddress = z
  .string({ error: 'validation.addressRequired' })
  .trim()
  .min(1, 'validation.addressRequired')
  .refine((value) => isAddress(value), 'validation.addressInvalid');

const ZSignedMessage = z
  .string({ error: 'validation.invalid' })
  .min(1, 'validation.invalid')
  .max(2_000, 'validation.invalid');
/** A 65-byte signature (an EOA's), or a longer one from a contract wallet; hex with 0x. */
const ZSignature = z.string({ error: 'validation.invalid' }).regex(/^0x[0-9a-fA-F]{128,1000}$/, 'validation.invalid');

/** POST /api/acc/auth — a fresh nonce (`auth`, SPEC §7) for the wallet to sign. */
export const ZAuthResponse = z.object({ auth: z.string() });
export type TAuthResponse = z.infer<typeof ZAuthResponse>;

/**
 * POST /api/acc/login (SPEC §7). `random` is the EIP-4361 message the wallet signed: the nonce
 * combined with the account address, domain, chain and times. `inviteAddress` is needed only the
 * first time an address signs in: an invitation code, or the inviter's wallet address.
 */
export const ZWalletLoginRequest = z.object({
  random: ZSignedMessage,
  sign: ZSignature,
  address: ZWalletAddress,
  inviteAddress: z.string({ error: 'validation.invalid' }).trim().max(64, 'validation.inviteCodeInvalid').optional(),
});
export type TWalletLoginRequest = z.input<typeof ZWalletLoginRequest>;

/** POST /api/acc/bindWallet — binds the signing wallet to the logged-in (email) member. */
export const ZBindWalletRequest = z.object({ random: ZSignedMessage, sign: ZSignature, address: ZWalletAddress });
export type TBindWalletRequest = z.input<typeof ZBindWalletRequest>;
export const ZBindWalletResponse = z.object({ address: z.string() });
export type TBindWalletResponse = z.infer<typeof ZBindWalletResponse>;
