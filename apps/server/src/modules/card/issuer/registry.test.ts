import { describe, expect, it } from 'vitest';
import { systemClock } from '../../../lib/clock.ts';
import { createCardIssuer } from './registry.ts';
import { SandboxCardIssuer } from './sandbox-issuer.ts';
import { memorySandboxStore } from './sandbox-store.ts';

const dependencies = { clock: systemClock, store: memorySandboxStore(), isProduction: false, onError: () => {} };

describe('card issuer registry', () => {
  it('builds the sandbox by its name', () => {
    const issuer = createCardIssuer('sandbox', dependencies);
    expect(issuer).toBeInstanceOf(SandboxCardIssuer);
    expect(issuer.name).toBe('sandbox');
  });

  it('stops on an unknown name, listing the choices', () => {
    expect(() => createCardIssuer('acme', dependencies)).toThrow(
      'CARD_ISSUER=acme is not a card issuer; choose one of: sandbox',
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
