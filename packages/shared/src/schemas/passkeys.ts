import { z } from 'zod';
import { ZTotpCode, ZVerificationCode } from './account.ts';
import { ZPasskeyAssertion, ZPasskeyAttestation } from './webauthn.ts';

/**
 * Members' passkeys (Step 11 §2): the other kind of second step beside the authenticator app. Adding
 * or removing one is a change of security settings: the emailed code, and the second step already on.
 */

/** Most passkeys one member may keep. */
export const PASSKEY_MAX_COUNT = 10;
export const PASSKEY_NAME_MAX_LENGTH = 40;

/** What a security change carries while two-step verification is on: an authenticator code or a passkey's answer. */
export const ZSecondStepProof = z.object({
  totpCode: ZTotpCode.optional(),
  passkey: ZPasskeyAssertion.optional(),
});
export type TSecondStepProof = z.infer<typeof ZSecondStepProof>;

export const ZPasskeyName = z
  .string({ error: 'validation.invalid' })
  .trim()
  .min(1, 'validation.invalid')
  .max(PASSKEY_NAME_MAX_LENGTH, 'validation.invalid');

/** POST /api/2fa/passkey/registerOptions — the emailed code (when the account has an email) and the second step when on. */
export const ZPasskeyRegisterOptionsRequest = ZSecondStepProof.extend({ emailCode: ZVerificationCode.optional() });
export type TPasskeyRegisterOptionsRequest = z.infer<typeof ZPasskeyRegisterOptionsRequest>;

/** POST /api/2fa/passkey/register — the browser's new credential for the challenge just granted. */
export const ZPasskeyRegisterRequest = z.object({ response: ZPasskeyAttestation, name: ZPasskeyName.optional() });
export type TPasskeyRegisterRequest = z.infer<typeof ZPasskeyRegisterRequest>;

/** `PublicKeyCredentialCreationOptionsJSON`, handed to `startRegistration` as it is. */
export const ZPasskeyCreationOptions = z.looseObject({
  challenge: z.string(),
  rp: z.looseObject({ id: z.string().optional(), name: z.string() }),
  user: z.looseObject({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.looseObject({ alg: z.number(), type: z.string() })),
});
export type TPasskeyCreationOptions = z.infer<typeof ZPasskeyCreationOptions>;

/** `PublicKeyCredentialRequestOptionsJSON`, handed to `startAuthentication` as it is. */
export const ZPasskeyRequestOptions = z.looseObject({
  challenge: z.string(),
  rpId: z.string().optional(),
  allowCredentials: z.array(z.looseObject({ id: z.string(), type: z.string() })).optional(),
});
export type TPasskeyRequestOptions = z.infer<typeof ZPasskeyRequestOptions>;

export const ZPasskey = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  /** The last time it confirmed a withdrawal or a change; null: never yet. */
  lastUsedAt: z.iso.datetime().nullable(),
});
export type TPasskey = z.infer<typeof ZPasskey>;
export const ZPasskeyList = z.object({ list: z.array(ZPasskey) });
export type TPasskeyList = z.infer<typeof ZPasskeyList>;

export const ZPasskeyRenameRequest = z.object({ id: z.uuid({ error: 'validation.invalid' }), name: ZPasskeyName });
export type TPasskeyRenameRequest = z.infer<typeof ZPasskeyRenameRequest>;

/** POST /api/2fa/passkey/remove — a security change: the emailed code and the second step. */
export const ZPasskeyRemoveRequest = ZPasskeyRegisterOptionsRequest.extend({
  id: z.uuid({ error: 'validation.invalid' }),
});
export type TPasskeyRemoveRequest = z.infer<typeof ZPasskeyRemoveRequest>;
