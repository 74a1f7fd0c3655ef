import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRequestId, pickRequestId } from './request-id.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('request ids of money calls', () => {
  it('are UUID v4, also where crypto.randomUUID is missing (plain HTTP)', () => {
    expect(createRequestId()).toMatch(UUID_V4);
    const realCrypto = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: realCrypto.getRandomValues.bind(realCrypto) });
    const id = createRequestId();
    expect(id).toMatch(UUID_V4);
    expect(createRequestId()).not.toBe(id);
  });

  it('stay the same when the same submission is retried and change for a different one', () => {
    const first = pickRequestId(null, 'USDT:20');
    expect(pickRequestId(first, 'USDT:20')).toBe(first);
    const other = pickRequestId(first, 'USDT:21');
    expect(other.id).not.toBe(first.id);
    expect(other.fingerprint).toBe('USDT:21');
  });
});
