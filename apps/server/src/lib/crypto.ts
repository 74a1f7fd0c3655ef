import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A session token: 32 random bytes (256 bits), URL-safe. Only its hash is stored. */
export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a high-entropy secret (tokens); fine unkeyed because tokens cannot be guessed. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Keyed hash of a low-entropy secret (6-digit codes): without the server secret a leaked table
 * cannot be brute-forced offline.
 */
export function hashWithSecret(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

export function equalHashes(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** `length` random decimal digits from the CSPRNG, leading zeros kept. */
export function createDigits(length: number): string {
  let digits = '';
  for (let i = 0; i < length; i++) digits += randomInt(10).toString();
  return digits;
}

/** `length` random characters of `alphabet`, from the CSPRNG. */
export function createCode(alphabet: string, length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += alphabet[randomInt(alphabet.length)];
  return code;
}

export function createSecret(): string {
  return randomBytes(48).toString('base64url');
}
