import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletMember } from '../testing/members.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { testDatabaseKind } from '../testing/test-database.ts';

/**
 * The server's log holds no card or identity data (issue 23 item 9), whatever carries it in: a
 * request's URL (logged with every request), a body the parser refuses (its error is logged), an
 * error a module logs with the details it was given.
 */

const PAN = '4111111111111111';
const PAN_SPACED = '5555 5555 5555 4444';
const PAN_DASHED = '3782-822463-10005';
const CVV = '737';
const DOCUMENT_NUMBER = 'X9876543';
const DATE_OF_BIRTH = '1987-06-05';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RUN_CHAIN_WORKERS: 'false' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe(`the log holds no card or identity data (${testDatabaseKind()})`, () => {
  it('redacts card numbers, security codes, document numbers and dates of birth from every line', async () => {
    const member = await createWalletMember(t);
    t.logs.length = 0;
    const query = new URLSearchParams({
      cardNumber: PAN,
      cvv: CVV,
      documentNumber: DOCUMENT_NUMBER,
      dateOfBirth: DATE_OF_BIRTH,
      note: `card ${PAN_SPACED} or ${PAN_DASHED}`,
    });
    // The URL is logged with the request.
    const bind = await t.app.inject({
      method: 'POST',
      url: `/api/card/bind?${query.toString()}`,
      headers: { 'content-type': 'application/json', ...member.headers },
      payload: { cardNumber: PAN, cardId: 'AB123456' },
    });
    expect(bind.statusCode).toBeLessThan(500);
    // A body the parser refuses: its error is logged.
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/card/bind',
      headers: { 'content-type': 'application/json' },
      payload: `${PAN} {"cvv":"${CVV}"`,
    });
    expect(broken.json()).toMatchObject({ code: 1000 });
    // What a module logs with the details it was given, nested as an error's are.
    t.app.log.error(
      {
        err: { message: `issuer refused card ${PAN_SPACED}`, details: { holder: { dateOfBirth: DATE_OF_BIRTH } } },
        application: { holder: { documentNumber: DOCUMENT_NUMBER, passport: { number: DOCUMENT_NUMBER } } },
        card: { pan: PAN, cvc2: CVV, last4: '1111' },
      },
      'card issuer: test',
    );

    const log = t.logs.join('');
    expect(log).toContain('/api/card/bind?');
    expect(log).toContain('"last4":"1111"');
    for (const secret of [PAN, PAN_SPACED, PAN_DASHED, DOCUMENT_NUMBER, DATE_OF_BIRTH]) {
      expect(log, secret).not.toContain(secret);
      expect(log, `${secret} URL-encoded`).not.toContain(encodeURIComponent(secret));
    }
    expect(log).not.toMatch(new RegExp(`(cvv|cvc2)\\W+${CVV}`));
    // Every line is still one JSON object.
    for (const line of t.logs) expect(() => JSON.parse(line) as unknown).not.toThrow();
  });
});
