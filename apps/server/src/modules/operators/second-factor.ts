import { RECOVERY_CODE_COUNT } from '@kpc/shared/operator';
import { createCode } from '../../lib/crypto.ts';
import { deriveKey, digest } from '../../lib/sealing.ts';

export { matchTotp, newTotpSecret, totpBase32, totpStepAt, totpUri } from '../../lib/totp.ts';

/**
 * Operators' second factor (Step 8a §2): TOTP (RFC 6238, SHA-1, 6 digits, 30 s, as every
 * authenticator app reads it) with the secret sealed at rest under a key derived from APP_SECRET,
 * and single-use recovery codes kept as keyed hashes. A code is matched to its time step; the
 * caller records the step so that neither it nor an earlier one is ever accepted again.
 */

const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export interface SecondFactorKeys {
  /** Seals TOTP secrets. */
  totp: Buffer;
  /** Keys recovery-code hashes. */
  recovery: Buffer;
}

export function secondFactorKeysOf(secret: string): SecondFactorKeys {
  return { totp: deriveKey(secret, 'operator-totp:v1'), recovery: deriveKey(secret, 'operator-recovery:v1') };
}

/** Ten recovery codes (`XXXXX-XXXXX`, 50 bits each) and their keyed hashes. */
export function newRecoveryCodes(keys: SecondFactorKeys): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = createCode(RECOVERY_ALPHABET, 10);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  return { codes, hashes: codes.map((code) => recoveryCodeHash(keys, code)) };
}

/** Typed codes are read case-blind, dashes and spaces ignored. */
export function recoveryCodeHash(keys: SecondFactorKeys, code: string): string {
  return digest(keys.recovery, code.toUpperCase().replace(/[\s-]/g, ''));
}
