import { describe, expect, it } from 'vitest';
import { createRedactor, secretPartsOf } from './redact.ts';

describe('log redaction', () => {
  it('hides an RPC URL, its API key wherever it appears alone, and credentials', () => {
    const url = 'https://polygon-mainnet.g.alchemy.com/v2/AbCdEf0123456789key?token=qwertyuiop';
    const redact = createRedactor([
      ...secretPartsOf(url),
      ...secretPartsOf('postgres://kpc:db-password-1@db:5432/kpc'),
    ]);
    const line = JSON.stringify({
      err: { message: `HTTP request failed.\nURL: ${url}`, url, details: 'key AbCdEf0123456789key rejected' },
      msg: 'login with qwertyuiop and db-password-1',
    });
    const out = redact(line);
    expect(out).not.toMatch(/AbCdEf0123456789key|qwertyuiop|db-password-1|alchemy\.com\/v2/);
    expect(JSON.parse(out)).toMatchObject({ msg: 'login with [redacted] and [redacted]' });
  });

  it('leaves short and ordinary words alone', () => {
    const redact = createRedactor(secretPartsOf('https://rpc.example/v2/abc'));
    expect(redact('v2 abc https://rpc.example/other')).toBe('v2 abc https://rpc.example/other');
  });
});
