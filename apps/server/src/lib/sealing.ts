import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * Data kept encrypted at rest (activation codes, KYC details, the sandbox issuer's cards): sealed
 * with AES-256-GCM under a key derived from APP_SECRET for one purpose. In production APP_SECRET
 * is required and never stored in the database (config/env.ts), so a copy of the database alone
 * opens nothing.
 */

/** A 256-bit key for one purpose (`kyc:v1`, …), derived from the server secret. */
export function deriveKey(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(purpose).digest();
}

/** `iv.tag.ciphertext`, base64url. */
export function seal(key: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

/** The sealed text; null when it was sealed under another key or altered. */
export function unseal(key: Buffer, sealed: string): string | null {
  const [iv, tag, body, extra] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body || extra !== undefined || iv.length !== 12 || tag.length !== 16) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** A keyed digest (HMAC-SHA256, hex) that lets a value be found without keeping it. */
export function digest(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}
