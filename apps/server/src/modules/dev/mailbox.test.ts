import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

describe('outbox and development mailbox (no SMTP_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: '', NODE_ENV: 'development' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the mail, logs it and lists it on /dev/mailbox', async () => {
    const email = 'outbox.reader@example.com';
    expect((await t.call('/api/acc/sendCode', { email, purpose: 'register' })).code).toBe(200);
    expect(t.smtp.mails).toHaveLength(0);
    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.headers['content-type']).toContain('text/html');
    const code = /(\d{6})/.exec(page.body)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(page.body).toContain(email);
    expect(t.logs.join('\n')).toContain('mail kept in outbox');
  });

  it('is not served in production', async () => {
    const production = await createTestApp({ NODE_ENV: 'production', DEV_FAUCET: '', CARD_ISSUER: 'none' });
    try {
      expect((await production.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('mail without SMTP and without the mailbox (Step 4b §6)', () => {
  it('is not delivered, and neither its code nor its subject reaches the log or the outbox', async () => {
    // Outside production, but no embedded chain (as with a real chain configured): no mailbox.
    const t = await createTestApp({ SMTP_URL: '', DEV_CHAIN: 'off', DEV_FAUCET: '' });
    try {
      const email = 'nowhere@example.com';
      expect((await t.call('/api/acc/sendCode', { email, purpose: 'register' })).code).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
      const logs = t.logs.join('\n');
      expect(logs).toContain('mail not delivered');
      expect(logs).not.toMatch(/registration code|outboxMail|"text"/);
      expect(await t.database.db.select().from(mailOutbox)).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});

describe('mail through SMTP (Step 4b §6)', () => {
  it('logs the recipient and the kind of mail, never the code (which is in the subject)', async () => {
    const t = await createTestApp();
    try {
      const email = 'smtp.reader@example.com';
      await t.call('/api/acc/sendCode', { email, purpose: 'register' });
      const code = await t.smtp.waitForCode(email);
      expect(code).toMatch(/^\d{6}$/);
      const logs = t.logs.join('\n');
      expect(logs).toContain('"template":"code:register"');
      expect(logs).not.toMatch(/registration code/);
    } finally {
      await t.close();
    }
  });
});
