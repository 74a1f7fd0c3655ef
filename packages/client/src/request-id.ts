/**
 * Request ids make a money call safe to retry (`requestId` of `/api/ass/transfer`): the server
 * applies one id once. A retry of the same submission must carry the same id; a different
 * submission needs a new one.
 */

/** A random UUID v4; `crypto.randomUUID` exists only in secure contexts, so plain HTTP builds one. */
export function createRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40; // version 4
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The id of the last submission and what it submitted. */
export interface PendingRequest {
  fingerprint: string;
  id: string;
}

/**
 * The id for submitting `fingerprint` (e.g. `USDT:20`): the previous one when the same submission
 * is tried again after a failure, a new one otherwise.
 */
export function pickRequestId(previous: PendingRequest | null, fingerprint: string): PendingRequest {
  return previous?.fingerprint === fingerprint ? previous : { fingerprint, id: createRequestId() };
}
