import { z } from 'zod';
import { EmailLoginType, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, VERIFICATION_CODE_LENGTH } from '../constants.ts';
import { ZEmail } from './common.ts';
import { ZPasskeyAssertion } from './webauthn.ts';

/** What a verification code may be used for; a code only works for its own purpose. */
export const CodePurpose = {
  REGISTER: 'register',
  RESET_PASSWORD: 'resetPassword',
  LOGIN: 'login',
  /** Confirms a withdrawal; mailed only to the logged-in member's own email. */
  WITHDRAW: 'withdraw',
  /** Confirms a change of security settings (turning two-step verification off); mailed only to the member's own email. */
  SECURITY: 'security',
} as const;
/** Purposes anyone may ask a code for by email; the withdrawal code has its own logged-in call. */
export const ZCodePurpose = z.enum([CodePurpose.REGISTER, CodePurpose.RESET_PASSWORD, CodePurpose.LOGIN], {
  error: 'validation.invalid',
});
export type TCodePurpose = (typeof CodePurpose)[keyof typeof CodePurpose];

/** A code from the authenticator app (two-step verification, Step 11 §2: 6 digits every 30 s). */
export const ZTotpCode = z
  .string({ error: 'validation.totpRequired' })
  .trim()
  .min(1, 'validation.totpRequired')
  .regex(/^\d{6}$/, 'validation.totpInvalid');

export const ZPassword = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, 'validation.passwordRequired')
  .min(PASSWORD_MIN_LENGTH, 'validation.passwordTooShort')
  .max(PASSWORD_MAX_LENGTH, 'validation.passwordTooLong');

export const ZVerificationCode = z
  .string({ error: 'validation.codeRequired' })
  .trim()
  .min(1, 'validation.codeRequired')
  .regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), 'validation.codeInvalid');

export const ZInviteCode = z
  .string({ error: 'validation.inviteCodeRequired' })
  .trim()
  .min(1, 'validation.inviteCodeRequired')
  .max(64, 'validation.inviteCodeInvalid')
  .transform((code) => code.toUpperCase());

const ZConfirmPassword = z
  .string({ error: 'validation.confirmPasswordRequired' })
  .min(1, 'validation.confirmPasswordRequired');

function passwordsMatch(value: { password: string; confirmPassword: string }) {
  return value.password === value.confirmPassword;
}
/**
 * zod skips an object's refinement once any of its fields failed; this one needs only the two
 * passwords, so it runs whenever both are text and one submit shows every error at once.
 */
function hasBothPasswords({ value }: { value: unknown }): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { password, confirmPassword } = value as Record<string, unknown>;
  return typeof password === 'string' && typeof confirmPassword === 'string';
}
const mismatch = { message: 'validation.passwordMismatch', path: ['confirmPassword'], when: hasBothPasswords };

/** POST /api/acc/sendCode — mails a code; the answer never tells whether the email has an account. */
export const ZSendCodeRequest = z.object({ email: ZEmail, purpose: ZCodePurpose });
export const ZSendCodeResponse = z.object({ cooldownSeconds: z.number().int() });
export type TSendCodeRequest = z.input<typeof ZSendCodeRequest>;
export type TSendCodeResponse = z.infer<typeof ZSendCodeResponse>;

/** POST /api/acc/register — the referrer is fixed here, by the invitation code. */
export const ZRegisterRequest = z
  .object({
    email: ZEmail,
    password: ZPassword,
    confirmPassword: ZConfirmPassword,
    code: ZVerificationCode,
    inviteCode: ZInviteCode,
    agreed: z.literal(true, { error: 'validation.agreementRequired' }),
  })
  .refine(passwordsMatch, mismatch);
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;

/** Token and address after a login (SPEC §7). `address` is the bound wallet, or '' for none. */
export const ZLoginResponse = z.object({
  token: z.string(),
  address: z.string(),
  /** True when this very call made the member (a registration, a wallet's first sign-in): the app greets them as new. */
  isNew: z.boolean(),
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

/** A registration logs the new member in: the same session as an email login by password. */
export const ZRegisterResponse = ZLoginResponse;
export type TRegisterResponse = TLoginResponse;

/** POST /api/acc/loginEmail — `type` 1 logs in with the password, 2 with an emailed code. */
export const ZLoginEmailRequest = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal(EmailLoginType.PASSWORD), email: ZEmail, password: ZPassword }),
    z.object({ type: z.literal(EmailLoginType.CODE), email: ZEmail, code: ZVerificationCode }),
  ],
  { error: 'validation.invalid' },
);
export type TLoginEmailRequest = z.input<typeof ZLoginEmailRequest>;

/** POST /api/acc/resetPassword — forgot or change password by emailed code; ends the other sessions. */
export const ZResetPasswordRequest = z
  .object({
    email: ZEmail,
    code: ZVerificationCode,
    password: ZPassword,
    confirmPassword: ZConfirmPassword,
    /** Required when the account has two-step verification on (a change of security settings). */
    totpCode: ZTotpCode.optional(),
    /** Or a passkey's answer (a logged-in member, `/api/2fa/passkey/options`). */
    passkey: ZPasskeyAssertion.optional(),
  })
  .refine(passwordsMatch, mismatch);
export type TResetPasswordRequest = z.input<typeof ZResetPasswordRequest>;

/** Member levels shown as labels (SPEC §6): ordinary member, ambassador/promoter, VIP member. */
export const ZMemberLevel = z.enum(['member', 'ambassador', 'vip']);
export type TMemberLevel = z.infer<typeof ZMemberLevel>;

/** POST /api/acc/info — the logged-in member. `address` (SPEC §7) is accepted and ignored: the token decides. */
export const ZInfoRequest = z.object({ address: z.string().max(128).optional() });
export const ZUserInfo = z.object({
  id: z.string(),
  email: z.string().nullable(),
  address: z.string(),
  inviteCode: z.string(),
  referrerInviteCode: z.string().nullable(),
  level: ZMemberLevel,
  createdAt: z.string(),
});
export type TUserInfo = z.infer<typeof ZUserInfo>;
