import { parseSiweMessage } from 'viem/siwe';
import { describe, expect, it } from 'vitest';
import { buildWalletMessage } from './wallet-message.ts';

const fields = {
  origin: 'https://app.kpc.example',
  address: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
  chainId: 137,
  nonce: 'Nonce0123456789abcdefghijklmnopq',
  issuedAt: new Date('2026-03-01T12:00:00.000Z'),
};

describe('buildWalletMessage', () => {
  it('names no account for a sign-in', () => {
    const message = parseSiweMessage(buildWalletMessage({ ...fields, purpose: 'login' }));
    expect(message).toMatchObject({
      domain: 'app.kpc.example',
      address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      statement: 'Sign in to KPC.',
      nonce: fields.nonce,
      chainId: 137,
    });
    expect(message.expirationTime?.toISOString()).toBe('2026-03-01T12:05:00.000Z');
  });

  it('names the account a wallet is bound to', () => {
    const message = buildWalletMessage({ ...fields, purpose: 'bind', account: 'KPCX7Q2M' });
    expect(parseSiweMessage(message).statement).toBe('Bind this wallet to my KPC account KPCX7Q2M.');
  });

  it('refuses an account that is not an invitation code', () => {
    for (const account of ['', 'KPC\nURI: https://evil.example', 'KPC X', 'A'.repeat(65)]) {
      expect(() => buildWalletMessage({ ...fields, purpose: 'bind', account })).toThrow();
    }
  });
});
