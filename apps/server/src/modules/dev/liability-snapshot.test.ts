import { verifyLiabilityProof, type TLiabilityProofResponse } from '@kpc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletMember, fund } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RUN_CHAIN_WORKERS: 'false' });
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('the development snapshot (/api/dev/liability-snapshot)', () => {
  it('counts a member funded a moment ago, whose proof then climbs to the published root', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '42.5');
    const before = (await t.call('/api/pol/proof', {}, member.headers)).data as TLiabilityProofResponse;
    expect(before.proof).toBeNull();

    const taken = await t.call('/api/dev/liability-snapshot', {});
    expect(taken.code).toBe(200);
    const after = (await t.call('/api/pol/proof', {}, member.headers)).data as TLiabilityProofResponse;
    expect(after.snapshot?.id).toBe(taken.data.id);
    expect(after.snapshot?.kind).toBe('on_demand');
    expect(after.proof?.balances[after.snapshot!.assets.indexOf('USDT')]).toBe('42.5');
    const published = (await t.call('/api/pol/latest', {})).data.snapshot;
    expect(published.rootHash).toBe(after.snapshot?.rootHash);
    expect(await verifyLiabilityProof(published, after.proof!)).toEqual({ ok: true });
  });
});

describe('without the development switch', () => {
  it('has no snapshot endpoint (as the faucet: never in production or beside a real chain)', async () => {
    const off = await createTestApp({ RUN_CHAIN_WORKERS: 'false', DEV_FAUCET: 'false' });
    try {
      const answer = await off.app.inject({ method: 'POST', url: '/api/dev/liability-snapshot', payload: {} });
      expect(answer.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
