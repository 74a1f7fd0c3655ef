import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bindIssuedCard,
  cardContextOf,
  createSandboxCardApp,
  type SandboxCardApp,
} from '../../testing/card-sandbox.ts';
import { houseBalance, memberBalance } from '../../testing/ledger-balances.ts';
import { findLedgerViolations } from '../../testing/ledger-invariants.ts';
import { createWalletMember, fund, type TestMember } from '../../testing/members.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { CardIssuerError } from './issuer/issuer.ts';
import { settlePendingTopUps } from './top-ups.ts';

// The job `card pending top-ups`: a top-up the issuer did not answer holds the member's money as
// `pending`; the job asks the issuer again under the same key, so it settles or returns once,
// without the member retrying, and whoever gets there first (the job, the member, another process).

let app: SandboxCardApp;
const errors: unknown[] = [];

beforeAll(async () => {
  app = await createSandboxCardApp();
}, 60_000);
afterAll(async () => {
  await app.t.close();
});

const context = () => cardContextOf(app, (error) => void errors.push(error));
const settle = () => settlePendingTopUps(context(), 0);
const usdt = (member: TestMember) => memberBalance(app.t.database.db, member.memberId, 'USDT');
/** The member's (only) card's balance, as the issuer answers it through the card list. */
const cardBalance = async (member: TestMember) =>
  ((await app.t.call('/api/card/list', {}, member.headers)).data.list[0] as { balance: string | null }).balance;
const topUp = (member: TestMember, id: string, amount: string, requestId = randomUUID()) =>
  app.t.call('/api/card/topup', { id, amount, requestId }, member.headers);

async function expectSoundLedger() {
  expect(await findLedgerViolations(app.t.database.db)).toEqual({
    unbalanced: [],
    drifted: [],
    staleAfter: [],
    negative: [],
  });
}

/** A member with a bound gold eagle card (balance 50) and 100 USDT available; the issuer then stops answering top-ups. */
async function memberWithUnansweredTopUp() {
  const member = await createWalletMember(app.t);
  await fund(app.t, member, 'USDT', '170');
  const card = await bindIssuedCard(app, member);
  await fund(app.t, member, 'USDT', '100');
  const down = vi.spyOn(app.sandbox, 'topUp').mockRejectedValue(new CardIssuerError('unavailable', 'issuer down'));
  const requestId = randomUUID();
  const pending = await topUp(member, card.recordId, '10', requestId);
  down.mockRestore();
  expect(pending).toMatchObject({ code: 200, data: { status: 'pending', total: '11', balance: null } });
  expect(await usdt(member)).toBe('89');
  return { member, card, requestId };
}

describe(`pending card top-ups (${testDatabaseKind()})`, () => {
  it('settles a top-up the issuer did not answer, once, without the member retrying', async () => {
    const { member, card, requestId } = await memberWithUnansweredTopUp();
    const floatBefore = await houseBalance(app.t.database.db, 'card_float', 'USDT');
    // Three processes' jobs at once: the issuer loads the card once, the row settles once.
    await Promise.all([settle(), settle(), settle()]);
    expect(await cardBalance(member)).toBe('60');
    const retried = await topUp(member, card.recordId, '10', requestId);
    expect(retried).toMatchObject({ code: 200, data: { status: 'completed', balance: '60' } });
    expect(await usdt(member)).toBe('89');
    expect(await houseBalance(app.t.database.db, 'card_float', 'USDT')).toBe(floatBefore);
    expect(await settle()).toBe(0);
    await expectSoundLedger();
  });

  it('returns the money once when the issuer, asked again, refuses', async () => {
    const { member, card, requestId } = await memberWithUnansweredTopUp();
    await app.t.call('/api/card/freeze', { id: card.recordId }, member.headers);
    // The issuer refuses a frozen card: the job reverses the entry; the member's retry and a second run change nothing.
    await Promise.all([settle(), settle()]);
    expect(await usdt(member)).toBe('100');
    expect((await topUp(member, card.recordId, '10', requestId)).code).toBe(1653);
    expect(await settle()).toBe(0);
    expect(await usdt(member)).toBe('100');
    await expectSoundLedger();
  });

  it('leaves a top-up pending while the issuer still does not answer, and leaves young ones to their request', async () => {
    const { member } = await memberWithUnansweredTopUp();
    const down = vi.spyOn(app.sandbox, 'topUp').mockRejectedValue(new CardIssuerError('unavailable', 'still down'));
    try {
      await settle();
    } finally {
      down.mockRestore();
    }
    const young = await settlePendingTopUps(context(), 3600);
    expect(young).toBe(0);
    expect(await usdt(member)).toBe('89');
    expect(await cardBalance(member)).toBe('50');
    expect(await settle()).toBeGreaterThanOrEqual(1);
    expect(await cardBalance(member)).toBe('60');
    await expectSoundLedger();
  });
});
