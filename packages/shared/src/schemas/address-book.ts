import { z } from 'zod';
import { ZVerificationCode } from './account.ts';
import { ZChainId, ZRecordId } from './common.ts';
import { ZSecondStepProof } from './passkeys.ts';
import { ZWalletAddress } from './wallet.ts';

/**
 * The withdrawal address book (Step 11 §2, `/pages/asset/withdraw/addresses`): named addresses per
 * network. A new address can receive withdrawals only once its lock ends (WITHDRAW_ADDRESS_LOCK_HOURS
 * after it was added, 24 by default); the mail announcing it carries a link that cancels it. With
 * "address book only" on, withdrawals go to the member's usable saved addresses alone.
 */

/** Most saved addresses a member may keep (ADDRESS_BOOK_FULL beyond). */
export const ADDRESS_BOOK_MAX = 50;
/** A saved address's name: 1 to 30 characters after trimming. */
export const ADDRESS_LABEL_MAX_LENGTH = 30;

export const ZAddressLabel = z
  .string({ error: 'validation.addressLabelRequired' })
  .trim()
  .min(1, 'validation.addressLabelRequired')
  .max(ADDRESS_LABEL_MAX_LENGTH, 'validation.addressLabelTooLong')
  // No control characters: the label is shown in mails and lists.
  .regex(/^[^\p{Cc}]*$/u, 'validation.invalid');

/** One saved address. */
export const ZSavedAddress = z.object({
  id: z.string(),
  chainId: z.number().int(),
  network: z.string(),
  /** EIP-55 checksummed. */
  address: z.string(),
  label: z.string(),
  createdAt: z.iso.datetime(),
  /** From when withdrawals to it are accepted. */
  usableAt: z.iso.datetime(),
  /** Whether `usableAt` has passed (by the server's clock). */
  usable: z.boolean(),
});
export type TSavedAddress = z.infer<typeof ZSavedAddress>;

/** POST /api/wdaddr/list {} — the member's saved addresses, newest first, and the book's settings. */
export const ZAddressBookResponse = z.object({
  list: z.array(ZSavedAddress),
  /** Withdrawals only to usable saved addresses. */
  addressBookOnly: z.boolean(),
  /** Hours a new address waits before it can receive withdrawals. */
  lockHours: z.number(),
  max: z.number().int(),
  /** The networks an address can be saved for (the withdrawal networks). */
  networks: z.array(z.object({ chainId: z.number().int(), network: z.string() })),
  /** Where the code for a change is mailed, masked; null: the account has no email (it cannot withdraw). */
  email: z.string().nullable(),
});
export type TAddressBookResponse = z.infer<typeof ZAddressBookResponse>;

/**
 * POST /api/wdaddr/add — a security change: the emailed code, and the second step (an authenticator
 * code or a passkey's answer) when two-step verification is on.
 */
export const ZAddressAddRequest = ZSecondStepProof.extend({
  chainId: ZChainId,
  address: ZWalletAddress.refine((value) => !/^0x0{40}$/i.test(value), 'validation.addressInvalid'),
  label: ZAddressLabel,
  code: ZVerificationCode,
});
export type TAddressAddRequest = z.input<typeof ZAddressAddRequest>;

/** POST /api/wdaddr/remove {id} — removes one of the member's saved addresses; answers it (a ZSavedAddress). */
export const ZAddressRemoveRequest = z.object({ id: ZRecordId });
export type TAddressRemoveRequest = z.input<typeof ZAddressRemoveRequest>;

/** POST /api/wdaddr/setOnly — turns "address book only" on or off: a security change, like adding. */
export const ZAddressBookOnlyRequest = ZSecondStepProof.extend({
  on: z.boolean({ error: 'validation.invalid' }),
  code: ZVerificationCode,
});
export type TAddressBookOnlyRequest = z.input<typeof ZAddressBookOnlyRequest>;

/** The token of a cancel link (32 random bytes, base64url). */
export const ZAddressCancelToken = z
  .string({ error: 'validation.invalid' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'validation.invalid');

/** POST /api/wdaddr/cancel/peek {token} and /api/wdaddr/cancel {token} — public: the token is the authority. */
export const ZAddressCancelRequest = z.object({ token: ZAddressCancelToken });
export type TAddressCancelRequest = z.input<typeof ZAddressCancelRequest>;

/** What a cancel link would cancel (the address masked), and whether it is still in the book. */
export const ZAddressCancelPeek = z.object({
  label: z.string(),
  chainId: z.number().int(),
  network: z.string(),
  /** Masked: `0x12...5678`. */
  address: z.string(),
  /** `active`: cancelling removes it; `cancelled`: already removed (by this link or by the member). */
  state: z.enum(['active', 'cancelled']),
});
export type TAddressCancelPeek = z.infer<typeof ZAddressCancelPeek>;

/** POST /api/wdaddr/cancel — `cancelled`: this call removed it; `already`: it was removed before. */
export const ZAddressCancelResponse = z.object({ outcome: z.enum(['cancelled', 'already']) });
export type TAddressCancelResponse = z.infer<typeof ZAddressCancelResponse>;
