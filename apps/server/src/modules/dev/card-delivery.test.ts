import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxCardApp, issueCard, type SandboxCardApp } from '../../testing/card-sandbox.ts';
import { createWalletMember, fund, type TestMember } from '../../testing/members.ts';
import { createTestApp } from '../../testing/test-app.ts';

// `/api/dev/card/delivery`: the sandbox's stand-in for the card arriving in the post. It tells a
// member their own card's number and ID, which then bind; nobody else's card, and never in production.

let app: SandboxCardApp;

beforeAll(async () => {
  app = await createSandboxCardApp();
}, 60_000);
afterAll(async () => {
  await app.t.close();
});

async function issuedCardOf(member: TestMember): Promise<string> {
  await fund(app.t, member, 'USDT', '170');
  return (await issueCard(app, member, { method: 'balance' }, { network: 'visa' })).recordId;
}

describe('/api/dev/card/delivery', () => {
  it("tells a member their own card's number and ID, which bind", async () => {
    const member = await createWalletMember(app.t);
    const id = await issuedCardOf(member);
    const delivery = await app.t.call('/api/dev/card/delivery', { id }, member.headers);
    expect(delivery.code).toBe(200);
    const { cardNumber, cardId } = delivery.data as { cardNumber: string; cardId: string };
    expect(cardNumber).toMatch(/^4\d{15}$/);
    const bound = await app.t.call('/api/card/bind', { cardNumber, cardId }, member.headers);
    expect(bound).toMatchObject({ code: 200, data: { id, isBound: true } });
  });

  it("answers another member's card like a missing one, and refuses without a session", async () => {
    const owner = await createWalletMember(app.t);
    const other = await createWalletMember(app.t);
    const id = await issuedCardOf(owner);
    const stranger = await app.t.call('/api/dev/card/delivery', { id }, other.headers);
    const missing = await app.t.call('/api/dev/card/delivery', { id: '999999999' }, other.headers);
    expect(stranger.code).not.toBe(200);
    expect({ code: stranger.code, msg: stranger.msg }).toEqual({ code: missing.code, msg: missing.msg });
    expect((await app.t.call('/api/dev/card/delivery', { id })).code).toBe(401);
    expect((await app.t.call('/api/dev/card/delivery', { id: 'x' }, owner.headers)).code).toBe(1000);
  });

  it('does not exist in production', async () => {
    const production = await createTestApp({ RUN_CHAIN_WORKERS: 'false', DEV_FAUCET: 'false' });
    try {
      const response = await production.app.inject({ method: 'POST', url: '/api/dev/card/delivery', payload: {} });
      expect(response.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
