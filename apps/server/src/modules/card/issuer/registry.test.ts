import { describe, expect, it } from 'vitest';
import { systemClock } from '../../../lib/clock.ts';
import { createCardIssuer } from './registry.ts';
import { DisabledCardIssuer } from './disabled-issuer.ts';
import { SandboxCardIssuer } from './sandbox-issuer.ts';
import { memorySandboxStore } from './sandbox-store.ts';

const dependencies = {
  clock: systemClock,
  store: memorySandboxStore(),
  numberDigest: (number: string) => number,
  onError: () => {},
};

describe('card issuer registry', () => {
  it('builds the sandbox by its name', () => {
    const issuer = createCardIssuer('sandbox', dependencies);
    expect(issuer).toBeInstanceOf(SandboxCardIssuer);
    expect(issuer.name).toBe('sandbox');
    expect(issuer.offersCards).toBe(true);
  });

  it('builds `none`: no cards offered, every call unavailable', async () => {
    const issuer = createCardIssuer('none', dependencies);
    expect(issuer).toBeInstanceOf(DisabledCardIssuer);
    expect(issuer.offersCards).toBe(false);
    await expect(issuer.balance('card_x')).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('stops on an unknown name, listing the choices', () => {
    expect(() => createCardIssuer('acme', dependencies)).toThrow(
      'CARD_ISSUER=acme is not a card issuer; choose one of: sandbox, none',
    );
    expect(() => createCardIssuer('toString', dependencies)).toThrow(/not a card issuer/);
  });
});

describe('memory sandbox store', () => {
  it('gets, writes several entries and lists by prefix in key order', async () => {
    const store = memorySandboxStore();
    await store.put([
      ['txn/a/2', 'two'],
      ['txn/a/1', 'one'],
      ['txn/b/1', 'other card'],
      ['txn-key/k', 'txn/a/1'],
    ]);
    expect(await store.get('txn/a/1')).toBe('one');
    expect(await store.get('missing')).toBeUndefined();
    expect(await store.list('txn/a/')).toEqual([
      ['txn/a/1', 'one'],
      ['txn/a/2', 'two'],
    ]);
    await store.put([['txn/a/1', 'changed']]);
    expect(await store.get('txn/a/1')).toBe('changed');
  });
});
