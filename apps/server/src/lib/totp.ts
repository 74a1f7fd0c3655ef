import { randomBytes } from 'node:crypto';
import { encodeBase32UpperCaseNoPadding } from '@oslojs/encoding';
import { createTOTPKeyURI, generateHOTP } from '@oslojs/otp';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@kpc/shared/operator';
import { seal, unseal } from './sealing.ts';

/**
 * TOTP (RFC 6238, SHA-1, 6 digits, 30 s, as every authenticator app reads it) with the secret
 * sealed at rest under a key derived from APP_SECRET (lib/sealing.ts): operators' second factor
 * (modules/operators) and members' two-step verification (modules/two-step), each under its own
 * key. A code is matched to its time step; the caller records the step so that neither it nor an
 * earlier one is ever accepted again.
 */

/** The key TOTP secrets are sealed under (one per kind of account). */
export interface TotpKey {
  totp: Buffer;
}

/** Steps either side of now that still count (clock drift between phone and server). */
const DRIFT_STEPS = 1n;

/** A new TOTP secret (160 bits, as RFC 4226 recommends), sealed for storage. */
export function newTotpSecret(keys: TotpKey): { sealed: string; base32: string } {
  const secret = randomBytes(20);
  return { sealed: seal(keys.totp, secret.toString('base64')), base32: encodeBase32UpperCaseNoPadding(secret) };
}

function openSecret(keys: TotpKey, sealed: string): Uint8Array {
  const opened = unseal(keys.totp, sealed);
  if (opened === null) throw new Error('a TOTP secret is sealed under another APP_SECRET');
  return Buffer.from(opened, 'base64');
}

export function totpBase32(keys: TotpKey, sealed: string): string {
  return encodeBase32UpperCaseNoPadding(openSecret(keys, sealed));
}

/** `otpauth://totp/KPC:<email>?…`, for the enrolment QR code. */
export function totpUri(keys: TotpKey, sealed: string, issuer: string, account: string): string {
  return createTOTPKeyURI(issuer, account, openSecret(keys, sealed), TOTP_PERIOD_SECONDS, TOTP_DIGITS);
}

export const totpStepAt = (now: Date) => BigInt(Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS));

/**
 * The time step `code` belongs to (now, or one step either side), if it is later than `lastStep`;
 * null otherwise (wrong, too old, or replayed).
 */
export function matchTotp(keys: TotpKey, sealed: string, code: string, now: Date, lastStep: bigint): bigint | null {
  if (!/^\d{6}$/.test(code)) return null;
  const secret = openSecret(keys, sealed);
  const current = totpStepAt(now);
  for (let step = current - DRIFT_STEPS; step <= current + DRIFT_STEPS; step += 1n) {
    if (step > lastStep && generateHOTP(secret, step, TOTP_DIGITS) === code) return step;
  }
  return null;
}
