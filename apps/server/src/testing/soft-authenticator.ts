import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { TPasskeyAssertion, TPasskeyAttestation } from '@kpc/shared';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey for tests (Step 11 §2): an ES256 key pair that answers WebAuthn ceremonies the
 * way a browser and an authenticator would (attestation `none`), so the server's real verification
 * runs. `origin` and `rpId` can be set wrong on purpose; the counter rises with each assertion.
 */
export interface SoftAuthenticator {
  /** The credential id, base64url. */
  id: string;
  /** Answers registration options (`startRegistration`). */
  register(options: { challenge: string }, overrides?: { origin?: string; rpId?: string }): TPasskeyAttestation;
  /** Answers authentication options (`startAuthentication`). */
  assert(options: { challenge: string }, overrides?: { origin?: string; rpId?: string }): TPasskeyAssertion;
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** flags: UP (user present) 0x01, UV (user verified) 0x04, AT (attested credential data) 0x40. */
function authenticatorData(rpId: string, flags: number, counter: number, attested?: Uint8Array): Buffer {
  const head = Buffer.alloc(37);
  sha256(rpId).copy(head, 0);
  head.writeUInt8(flags, 32);
  head.writeUInt32BE(counter, 33);
  return attested ? Buffer.concat([head, attested]) : head;
}

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  // kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]),
  );
}

export function softAuthenticator(defaults: { origin: string; rpId: string }): SoftAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = randomBytes(32);
  const id = b64url(credentialId);
  let counter = 0;

  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    id,
    register({ challenge }, overrides = {}) {
      const { origin, rpId } = { ...defaults, ...overrides };
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, coseKey(publicKey)]);
      const authData = authenticatorData(rpId, 0x01 | 0x04 | 0x40, counter, attested);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', new Uint8Array(authData)],
        ]) as never,
      );
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', challenge, origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    assert({ challenge }, overrides = {}) {
      const { origin, rpId } = { ...defaults, ...overrides };
      counter += 1;
      const authData = authenticatorData(rpId, 0x01 | 0x04, counter);
      const clientDataJSON = clientData('webauthn.get', challenge, origin);
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), privateKey);
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
        },
        clientExtensionResults: {},
      };
    },
  };
}
