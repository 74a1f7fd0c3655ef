import { describe, expect, it } from 'vitest';
import {
  createRedactor,
  isSensitiveFieldName,
  passesLuhn,
  redactPersonalData,
  redactSensitiveText,
  secretPartsOf,
} from './redact.ts';

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

/** Test card numbers of the networks (Luhn-valid), as typed: plain, in groups of 4, with dashes. */
const PANS = [
  '4111111111111111',
  '5555 5555 5555 4444',
  '3782-822463-10005',
  '4000 0566 5566 5556',
  '6011000990139424',
];
const digitsOf = (pan: string) => pan.replace(/\D/g, '');

describe('log redaction: card and identity data (issue 23 item 9)', () => {
  it('knows a card number by the Luhn check', () => {
    for (const pan of PANS) expect(passesLuhn(digitsOf(pan)), pan).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
  });

  it('knows card, security-code, document and birth-date fields by name, in any case or style', () => {
    for (const name of [
      'cardNumber',
      'card_number',
      'CARD-NUMBER',
      'pan',
      'PAN',
      'primaryAccountNumber',
      'cvv',
      'CVC',
      'cvv2',
      'cvc2',
      'securityCode',
      'card_security_code',
      'cardVerificationValue',
      'documentNumber',
      'document_no',
      'passport',
      'passportNumber',
      'nationalId',
      'idNumber',
      'dateOfBirth',
      'date_of_birth',
      'dob',
      'holderDob',
      'birthDate',
      'birthday',
    ]) {
      expect(isSensitiveFieldName(name), name).toBe(true);
    }
    for (const name of ['cardId', 'last4', 'documentType', 'nationality', 'code2', 'amount', 'id', 'span', 'company']) {
      expect(isSensitiveFieldName(name), name).toBe(false);
    }
  });

  it('removes card numbers from any text, with or without spaces or dashes, and leaves other numbers', () => {
    for (const pan of PANS) {
      const out = redactSensitiveText(`paid with ${pan}, thanks`);
      expect(out, pan).toBe('paid with [redacted], thanks');
    }
    // Beside other numbers, and as a URL writes spaces.
    expect(redactSensitiveText('order 12 4111 1111 1111 1111 of 2024-01-31')).toBe('order 12 [redacted] of 2024-01-31');
    expect(redactSensitiveText('?note=card+5555+5555+5555+4444&x=%204111111111111111')).toBe(
      '?note=card+[redacted]&x=%20[redacted]',
    );
    for (const text of [
      'amount 4111111111111112 (fails Luhn)',
      'order 123456789012 (12 digits)',
      'tx 0xab4111111111111111cd',
      'id 123e4567-e89b-12d3-a456-426614174000',
      '2024-01-31 12:00:00.000',
      '41111111111111110000 (20 digits)',
    ]) {
      expect(redactSensitiveText(text), text).toBe(text);
    }
  });

  it('removes sensitive name=value pairs from a URL or a quoted body', () => {
    const url = '/api/card/bind?cardNumber=4111-1111-1111-1111&cvv=737&dob=1990-01-31&passport=X1234567&lang=en';
    const out = redactSensitiveText(url);
    expect(out).toBe('/api/card/bind?cardNumber=[redacted]&cvv=[redacted]&dob=[redacted]&passport=[redacted]&lang=en');
    // Already redacted (pino's censor) stays as it is.
    expect(redactSensitiveText('cvv=[redacted]&lang=en')).toBe('cvv=[redacted]&lang=en');
    const quoted = redactSensitiveText('body {"documentNumber":"X1234567","securityCode":"123","name":"Ann"}');
    expect(quoted).not.toMatch(/X1234567|123"/);
    expect(quoted).toContain('"name":"Ann"');
  });

  it('redacts sensitive fields at any depth of a log line, and card numbers in its strings, keeping the rest', () => {
    const line = `${JSON.stringify({
      level: 30,
      time: 1_700_000_000_000,
      msg: 'card 5555 5555 5555 4444 declined',
      req: { url: '/x?cvc=123' },
      err: {
        details: {
          holder: { dateOfBirth: '1990-01-31', documentNumber: 'X1234567', documentType: 'passport', firstName: 'Ann' },
          cards: [{ pan: 4111111111111111, last4: '1111', cvv2: 737 }],
          note: 'passport X1234567 sent',
        },
      },
    })}\n`;
    const out = redactPersonalData(line);
    expect(out.endsWith('\n')).toBe(true);
    expect(out).not.toMatch(/5555 5555 5555 4444|4111111111111111|1990-01-31|737|=123/);
    expect(JSON.parse(out)).toEqual({
      level: 30,
      time: 1_700_000_000_000,
      msg: 'card [redacted] declined',
      req: { url: '/x?cvc=[redacted]' },
      err: {
        details: {
          holder: {
            dateOfBirth: '[redacted]',
            documentNumber: '[redacted]',
            documentType: 'passport',
            firstName: 'Ann',
          },
          cards: [{ pan: '[redacted]', last4: '1111', cvv2: '[redacted]' }],
          // Free text with a document number but no field name cannot be told from other text.
          note: 'passport X1234567 sent',
        },
      },
    });
  });

  it('writes a line without card or identity data exactly as it came', () => {
    const line = '{"level":30,"time":1700000000001,"reqId":"req-1","msg":"request completed","responseTime":1.5}\n';
    expect(redactPersonalData(line)).toBe(line);
    expect(redactPersonalData('not json 4111111111111111')).toBe('not json [redacted]');
  });
});
