import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationCodes } from '../db/schema/index.ts';
import { startSmtpSink, type SmtpSink } from '../testing/smtp-sink.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const UNAVAILABLE = 'Emails cannot be sent right now, so no code was sent. Please try again in a few minutes.';

let t: TestApp;
let sink: SmtpSink;
let port: number;

beforeAll(async () => {
  sink = await startSmtpSink();
  port = Number(new URL(sink.url).port);
  t = await createTestApp({ SMTP_URL: sink.url, MAIL_PAUSE_SECONDS: '1' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const sendCode = (email: string, purpose: 'register' | 'login') => t.call('/api/acc/sendCode', { email, purpose });
const codesFor = async (email: string) =>
  (await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.email, email))).length;

describe('the mail server down (Step 10 §2)', () => {
  it('refuses codes with a clear message while SMTP is away, for every address alike, and sends again after', async () => {
    expect((await sendCode('before@example.com', 'register')).code).toBe(200);
    await sink.waitForCode('before@example.com');

    await sink.close();
    // The delivery that meets the outage: the answer stays the one every address gets (no enumeration).
    expect((await sendCode('first.down@example.com', 'register')).code).toBe(200);
    expect(t.logs.some((line) => line.includes('mail delivery failed'))).toBe(true);
    // From then on, every code is refused the same way, for a new address and an unknown login alike,
    // and nothing is made (no code, no cooldown).
    for (const [email, purpose] of [
      ['second.down@example.com', 'register'],
      ['nobody.down@example.com', 'login'],
    ] as const) {
      const answer = await sendCode(email, purpose);
      expect(answer).toMatchObject({ code: 1003, msg: UNAVAILABLE, data: null });
      expect(await codesFor(email)).toBe(0);
    }
    // Other calls are not affected.
    expect((await t.call('/api/plan/products', {})).code).toBe(200);

    sink = await startSmtpSink({ port });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await sendCode('second.down@example.com', 'register')).code).toBe(200);
    expect(await sink.waitForCode('second.down@example.com')).toMatch(/^\d{6}$/);
  });
});
