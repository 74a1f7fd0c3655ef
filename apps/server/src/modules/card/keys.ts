import { deriveKey, digest } from '../../lib/sealing.ts';
import { hashWithSecret } from '../../lib/crypto.ts';

/**
 * The card module's keys, each derived from APP_SECRET for one purpose (lib/sealing.ts). In
 * production APP_SECRET is required and never stored in the database, so a copy of the database
 * alone recovers no card number and opens no KYC details.
 */
export interface CardKeys {
  /** Seals the holder's KYC details on an application (`card_applications.holder_sealed`). */
  kyc: Buffer;
  /** Seals every value of the sandbox issuer's store. */
  sandboxStore: Buffer;
  /** Names a card number in the sandbox's keys without keeping it. */
  numberDigest: (number: string) => string;
  /** Keyed hash of a full card number: binding compares a typed number with it. */
  numberHash: (number: string) => string;
}

export function cardKeysOf(secret: string): CardKeys {
  const numbers = deriveKey(secret, 'card-sandbox-number:v1');
  // Kept as Step 6 derived it, so cards issued before bind as before.
  const numberHashKey = hashWithSecret(secret, 'card-number-key');
  return {
    kyc: deriveKey(secret, 'card-kyc:v1'),
    sandboxStore: deriveKey(secret, 'card-sandbox-store:v1'),
    numberDigest: (number) => digest(numbers, number),
    numberHash: (number) => hashWithSecret(numberHashKey, number),
  };
}
