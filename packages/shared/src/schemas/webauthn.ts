import { z } from 'zod';

/**
 * The WebAuthn JSON shapes a browser sends (@simplewebauthn/browser 13's `startRegistration` and
 * `startAuthentication` answers), checked for structure and size only: what they prove is checked
 * by the server's WebAuthn verification (Step 11 §2 passkeys).
 */

/** A base64url string (no padding) of at most `max` characters. */
export const ZBase64Url = (max: number) =>
  z
    .string({ error: 'validation.invalid' })
    .min(1, 'validation.invalid')
    .max(max, 'validation.invalid')
    .regex(/^[A-Za-z0-9_-]+$/, 'validation.invalid');

/** Credential ids are at most 1023 bytes (WebAuthn §5.8.3): 1364 base64url characters. */
const ZCredentialId = ZBase64Url(1364).meta({
  description:
    "A WebAuthn credential id (base64url), as the authenticator names it: only the member's own passkeys answer.",
});

export const ZAuthenticatorTransport = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

const ZClientExtensionResults = z.object({}, { error: 'validation.invalid' });
const ZAttachment = z.enum(['platform', 'cross-platform']).optional();

/** A passkey's answer to a second-step challenge (`navigator.credentials.get`). */
export const ZPasskeyAssertion = z.object(
  {
    id: ZCredentialId,
    rawId: ZCredentialId,
    type: z.literal('public-key', { error: 'validation.invalid' }),
    response: z.object(
      {
        clientDataJSON: ZBase64Url(4096),
        authenticatorData: ZBase64Url(4096),
        signature: ZBase64Url(1024),
        userHandle: ZBase64Url(128).optional(),
      },
      { error: 'validation.invalid' },
    ),
    authenticatorAttachment: ZAttachment,
    clientExtensionResults: ZClientExtensionResults,
  },
  { error: 'validation.invalid' },
);
export type TPasskeyAssertion = z.infer<typeof ZPasskeyAssertion>;

/** A new passkey (`navigator.credentials.create`), attestation included. */
export const ZPasskeyAttestation = z.object(
  {
    id: ZCredentialId,
    rawId: ZCredentialId,
    type: z.literal('public-key', { error: 'validation.invalid' }),
    response: z.object(
      {
        clientDataJSON: ZBase64Url(4096),
        attestationObject: ZBase64Url(16384),
        authenticatorData: ZBase64Url(8192).optional(),
        transports: z.array(z.string().max(32)).max(10).optional(),
        publicKeyAlgorithm: z.number().int().optional(),
        publicKey: ZBase64Url(2048).optional(),
      },
      { error: 'validation.invalid' },
    ),
    authenticatorAttachment: ZAttachment,
    clientExtensionResults: ZClientExtensionResults,
  },
  { error: 'validation.invalid' },
);
export type TPasskeyAttestation = z.infer<typeof ZPasskeyAttestation>;
