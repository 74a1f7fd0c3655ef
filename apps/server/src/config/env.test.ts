import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.ts';
import { configuredSecrets } from './secrets.ts';

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
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://localhost:25', APP_SECRET: 'p'.repeat(32) };
    expect(loadConfig({ ...production, CARD_ISSUER: 'none' }).isMailboxEnabled).toBe(false);
    expect(loadConfig({ SMTP_URL: 'smtp://localhost:25' }).isMailboxEnabled).toBe(false);
  });

  describe('refused at start-up (Step 4b §5, §6)', () => {
    const realChain = { CHAIN_137_RPC_URL: 'https://polygon.example/v2/key' };
    const hotWallet = { CHAIN_137_HOT_WALLET_KEY: `0x${'22'.repeat(32)}` };

    it('production without SMTP: codes would have nowhere to go but the log', () => {
      expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL: required in production/);
    });

    it('the faucet and the mailbox in production, or beside a real chain or a hot wallet key', () => {
      for (const flag of ['DEV_FAUCET', 'DEV_MAILBOX']) {
        expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://m:25', [flag]: 'true' })).toThrow(
          new RegExp(`${flag}: never in production`),
        );
        expect(() => loadConfig({ ...realChain, [flag]: 'true' })).toThrow(
          new RegExp(`${flag}: never together with a real chain \\(CHAIN_137_RPC_URL\\)`),
        );
        expect(() => loadConfig({ ...hotWallet, [flag]: 'true' })).toThrow(/CHAIN_137_HOT_WALLET_KEY/);
      }
    });

    it('production or a real chain without APP_SECRET: card numbers, codes and KYC would be keyed from the database', () => {
      const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://m:25', CARD_ISSUER: 'none' };
      expect(() => loadConfig(production)).toThrow(/APP_SECRET: required in production/);
      expect(() => loadConfig({ ...realChain, CARD_ISSUER: 'none' })).toThrow(
        /APP_SECRET: required beside a real chain \(CHAIN_137_RPC_URL\)/,
      );
      expect(loadConfig({ ...production, APP_SECRET: 'p'.repeat(32) }).CARD_ISSUER).toBe('none');
    });

    it('the sandbox card issuer in production or beside a real chain, and no issuer named there', () => {
      const secret = { APP_SECRET: 'p'.repeat(32) };
      const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://m:25', ...secret };
      expect(() => loadConfig({ ...production, CARD_ISSUER: 'sandbox' })).toThrow(
        /CARD_ISSUER: sandbox never in production/,
      );
      expect(() => loadConfig({ ...realChain, ...secret, CARD_ISSUER: 'sandbox' })).toThrow(
        /CARD_ISSUER: sandbox never beside a real chain/,
      );
      expect(() => loadConfig(production)).toThrow(/CARD_ISSUER: required in production/);
      expect(() => loadConfig({ ...realChain, ...secret })).toThrow(/CARD_ISSUER: required beside a real chain/);
      // Development alone keeps the sandbox as its default.
      expect(loadConfig({}).CARD_ISSUER).toBe('sandbox');
    });

    it('a forgotten NODE_ENV=production: test funds and the mailbox stay off beside a real chain', () => {
      const forgotten = loadConfig({ ...realChain, ...hotWallet, APP_SECRET: 'p'.repeat(32), CARD_ISSUER: 'none' });
      expect(forgotten).toMatchObject({ NODE_ENV: 'development', isFaucetEnabled: false, isMailboxEnabled: false });
      // Even with the embedded chain forced on beside it.
      expect(
        loadConfig({ ...realChain, DEV_CHAIN: 'on', APP_SECRET: 'p'.repeat(32), CARD_ISSUER: 'none' }),
      ).toMatchObject({
        isFaucetEnabled: false,
        isMailboxEnabled: false,
      });
    });

    it('turns the faucet and the mailbox on by default only while the embedded chain runs', () => {
      expect(loadConfig({})).toMatchObject({ runsDevChain: true, isFaucetEnabled: true, isMailboxEnabled: true });
      expect(loadConfig({ DEV_CHAIN: 'off' })).toMatchObject({ isFaucetEnabled: false, isMailboxEnabled: false });
      expect(loadConfig({ DEV_CHAIN: 'off', DEV_FAUCET: 'true' }).isFaucetEnabled).toBe(true);
    });
  });

  it('refuses release workers that would hold every database connection', () => {
    const url = 'postgres://kpc@127.0.0.1:5432/kpc';
    expect(() => loadConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: '4', PLAN_RELEASE_WORKERS: '4' })).toThrow(
      /PLAN_RELEASE_WORKERS: must be below DATABASE_POOL_SIZE/,
    );
    expect(
      loadConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: '4', PLAN_RELEASE_WORKERS: '3' }).PLAN_RELEASE_WORKERS,
    ).toBe(3);
    // PGlite runs the engine with one worker whatever the setting.
    expect(loadConfig({ DATABASE_POOL_SIZE: '1', PLAN_RELEASE_WORKERS: '4' }).PLAN_RELEASE_WORKERS).toBe(4);
  });

  it('refuses an idle timeout longer than the absolute one', () => {
    expect(() => loadConfig({ SESSION_IDLE_SECONDS: '100', SESSION_MAX_AGE_SECONDS: '10' })).toThrow(
      /SESSION_IDLE_SECONDS/,
    );
  });
});

describe('configuredSecrets', () => {
  it("hides the operators' keys from the log, not their names", () => {
    const key = 'k'.repeat(40);
    const config = loadConfig({ OPERATOR_KEYS: `alice@admin:${key}` });
    const secrets = configuredSecrets(config, config.chains);
    expect(secrets).toContain(key);
    expect(secrets).not.toContain('alice');
  });
});

describe('passkeys (WEBAUTHN_RP_ID, WEBAUTHN_ORIGINS; Step 11 §2)', () => {
  const production = {
    NODE_ENV: 'production',
    SMTP_URL: 'smtp://m:25',
    APP_SECRET: 'p'.repeat(32),
    CARD_ISSUER: 'none',
  };

  it("default to PUBLIC_URL's host name and origin", () => {
    expect(loadConfig({ PUBLIC_URL: 'https://app.example.com/' }).webauthn).toEqual({
      rpId: 'app.example.com',
      origins: ['https://app.example.com'],
    });
    const set = loadConfig({
      WEBAUTHN_RP_ID: 'localhost',
      WEBAUTHN_ORIGINS: 'http://localhost:4630, http://localhost:5173',
    });
    expect(set.webauthn).toEqual({ rpId: 'localhost', origins: ['http://localhost:4630', 'http://localhost:5173'] });
  });

  it('refuse in production an IP address, a domain PUBLIC_URL is not on, and origins of another site', () => {
    expect(() => loadConfig({ ...production, PUBLIC_URL: 'https://10.0.0.5' })).toThrow(
      /WEBAUTHN_RP_ID: 10\.0\.0\.5 is an IP address/,
    );
    expect(() =>
      loadConfig({ ...production, PUBLIC_URL: 'https://app.example.com', WEBAUTHN_RP_ID: 'other.com' }),
    ).toThrow(/WEBAUTHN_RP_ID: other\.com must be PUBLIC_URL's host/);
    expect(() =>
      loadConfig({ ...production, PUBLIC_URL: 'https://app.example.com', WEBAUTHN_ORIGINS: 'https://evil.com' }),
    ).toThrow(/WEBAUTHN_ORIGINS: https:\/\/evil\.com not on app\.example\.com/);
    // The parent domain is allowed: passkeys then work on its other subdomains too.
    const parent = loadConfig({ ...production, PUBLIC_URL: 'https://app.example.com', WEBAUTHN_RP_ID: 'example.com' });
    expect(parent.webauthn.rpId).toBe('example.com');
    // Outside production an IP address is only useless, not refused (the journeys' server runs on 127.0.0.1).
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:8181' }).webauthn.rpId).toBe('127.0.0.1');
    expect(() => loadConfig({ WEBAUTHN_ORIGINS: 'not an origin' })).toThrow(/WEBAUTHN_ORIGINS: each must be an origin/);
  });
});
