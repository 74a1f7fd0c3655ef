import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      DATA_DIR: './data',
      NODE_ENV: 'development',
      isMailboxEnabled: true,
      publicUrl: 'http://localhost:8080',
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable', () => {
    let message = '';
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SMTP_URL: 'http://mail',
        GENESIS_INVITE_CODE: 'no spaces!',
        APP_SECRET: 'short',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'GENESIS_INVITE_CODE', 'APP_SECRET'])
      expect(message).toContain(name);
  });

  it('turns the development mailbox off in production and with SMTP', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).isMailboxEnabled).toBe(false);
    expect(loadConfig({ SMTP_URL: 'smtp://localhost:25' }).isMailboxEnabled).toBe(false);
  });

  it('refuses an idle timeout longer than the absolute one', () => {
    expect(() => loadConfig({ SESSION_IDLE_SECONDS: '100', SESSION_MAX_AGE_SECONDS: '10' })).toThrow(
      /SESSION_IDLE_SECONDS/,
    );
  });
});
