import { z } from 'zod';
import { ZTotpCode, ZVerificationCode } from './account.ts';
import { ZPasskeyAssertion } from './webauthn.ts';

/**
 * Members' two-step verification (Step 11 §2): an authenticator app (TOTP, RFC 6238: 6 digits every
 * 30 seconds). When it is on, a withdrawal and a change of security settings (the password, turning
 * it off) take its code as well as the emailed one.
 */

export const ZTwoStepStatus = z.object({
  totp: z.object({
    enabled: z.boolean(),
    /** When it was turned on; null while off. */
    enabledAt: z.iso.datetime().nullable(),
  }),
  /** How many passkeys the member keeps: with one or more, two-step verification is on too. */
  passkeys: z.object({ count: z.number().int().min(0) }),
  /** Where the code for turning it off is mailed, masked; null: the account has no email (the authenticator alone suffices). */
  email: z.string().nullable(),
});
export type TTwoStepStatus = z.infer<typeof ZTwoStepStatus>;

/** POST /api/2fa/totp/begin — a new secret to add to the authenticator; on only once a code from it is given. */
export const ZTotpBeginResponse = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** `otpauth://totp/KPC:<account>?…`, for the QR code. */
  uri: z.string(),
});
export type TTotpBeginResponse = z.infer<typeof ZTotpBeginResponse>;

export const ZTotpEnableRequest = z.object({ code: ZTotpCode });
export type TTotpEnableRequest = z.infer<typeof ZTotpEnableRequest>;

/**
 * Turning it off is a security change: the authenticator's code (or, with a passkey, its answer),
 * and the emailed code when the account has an email.
 */
export const ZTotpDisableRequest = z.object({
  code: ZTotpCode.optional(),
  passkey: ZPasskeyAssertion.optional(),
  emailCode: ZVerificationCode.optional(),
});
export type TTotpDisableRequest = z.infer<typeof ZTotpDisableRequest>;
