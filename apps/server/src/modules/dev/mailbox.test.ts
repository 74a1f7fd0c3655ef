import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    const production = await createTestApp({ SMTP_URL: '', NODE_ENV: 'production' });
    try {
      expect((await production.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
