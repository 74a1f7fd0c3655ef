import { randomUUID } from 'node:crypto';
import { toLedgerUnits } from '@kpc/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeApplications } from '../../db/schema/index.ts';
import { findLedgerViolations } from '../../testing/ledger-invariants.ts';
import { houseBalance, memberBalance } from '../../testing/ledger-balances.ts';
import { createWalletMember, fund, type TestMember } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';

/**
 * Issue 23 item 13: of N simultaneous operator decisions on one node application exactly one is
 * recorded and answered 200; every other is told the application was already decided, so the
 * kept note and operator are the winner's. A member's simultaneous payments charge once.
 */

const KEYS = { alice: 'a'.repeat(32), bob: 'b'.repeat(32) };
const WRONG_STATE = 1622;
const ALREADY_DECIDED = 'This application has already been decided or is not at this step; nothing was changed.';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    RUN_CHAIN_WORKERS: 'false',
    OPERATOR_KEYS: `alice@compliance:${KEYS.alice},bob@compliance:${KEYS.bob}`,
  });
}, 60_000);
afterAll(async () => {
  await t.close();
});

const operatorOf = (index: number) => (index % 2 === 0 ? 'alice' : 'bob');
const operator = (path: string, body: unknown, index = 0) =>
  t.call(`/api/operator/node/${path}`, body, { 'x-operator-key': KEYS[operatorOf(index)] });
const pay = (member: TestMember, requestId: string = randomUUID()) =>
  t.call('/api/node/pay', { amount: '10000', requestId }, member.headers);

async function stored(id: string) {
  const [row] = await t.database.db
    .select()
    .from(nodeApplications)
    .where(eq(nodeApplications.id, BigInt(id)));
  return row!;
}

async function application(state: 'applied' | 'approved' | 'paid'): Promise<{ id: string; member: TestMember }> {
  const member = await createWalletMember(t);
  await fund(t, member, 'USDT', '10000');
  const id = (await t.call('/api/node/apply', { name: 'N', contact: '@n', region: 'R' }, member.headers)).data
    .id as string;
  if (state !== 'applied') expect((await operator('review', { id, approve: true })).code).toBe(200);
  if (state === 'paid') expect((await pay(member)).code).toBe(200);
  return { id, member };
}

/** Exactly one 200; every other answer the localised "already decided" refusal. */
function winnerOf(answers: Awaited<ReturnType<TestApp['call']>>[]): number {
  const winners = answers.flatMap((answer, index) => (answer.code === 200 ? [index] : []));
  expect(winners).toHaveLength(1);
  for (const answer of answers.filter((_, index) => index !== winners[0])) {
    expect(answer).toMatchObject({ status: 200, code: WRONG_STATE, msg: ALREADY_DECIDED, data: null });
  }
  return winners[0]!;
}

async function refunds(memberId: string): Promise<number> {
  const result: unknown = await t.database.db.execute(
    sql`select count(*)::int as n from ledger_entries where type = 'node_refund' and member_id = ${memberId}`,
  );
  return (result as { rows: { n: number }[] }).rows[0]!.n;
}

describe(`simultaneous node decisions (${testDatabaseKind()})`, () => {
  it('reviews: ten at once (approve and reject, two operators), one recorded, nine told it was decided', async () => {
    const { id } = await application('applied');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        operator('review', { id, approve: index % 3 !== 0, note: `review ${index}` }, index),
      ),
    );
    const winner = winnerOf(answers);
    const row = await stored(id);
    expect(row).toMatchObject({
      status: winner % 3 !== 0 ? 'approved' : 'rejected',
      reviewNote: `review ${winner}`,
      reviewedBy: operatorOf(winner),
    });
    expect(answers[winner]!.data).toMatchObject({ reviewNote: row.reviewNote, reviewedBy: row.reviewedBy });
  });

  it('authorizations: ten at once, one recorded with its note and operator', async () => {
    const { id } = await application('paid');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => operator('authorize', { id, note: `authorize ${index}` }, index)),
    );
    const winner = winnerOf(answers);
    expect(await stored(id)).toMatchObject({
      status: 'authorized',
      decisionNote: `authorize ${winner}`,
      decidedBy: operatorOf(winner),
    });
  });

  it('refusals of a paid node: ten at once, one recorded, refunded once', async () => {
    const { id, member } = await application('paid');
    const salesBefore = await houseBalance(t.database.db, 'node_sales', 'USDT');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => operator('refuse', { id, note: `refuse ${index}` }, index)),
    );
    const winner = winnerOf(answers);
    expect(await stored(id)).toMatchObject({
      status: 'refused',
      decisionNote: `refuse ${winner}`,
      decidedBy: operatorOf(winner),
    });
    expect(await memberBalance(t.database.db, member.memberId, 'USDT')).toBe('10000');
    expect(await refunds(member.memberId)).toBe(1);
    expect(Number(salesBefore) - Number(await houseBalance(t.database.db, 'node_sales', 'USDT'))).toBe(10000);
  });

  it('authorize and refuse racing on a paid node: one wins, and money follows the winner', async () => {
    const { id, member } = await application('paid');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        operator(index % 2 === 0 ? 'authorize' : 'refuse', { id, note: `decision ${index}` }, index),
      ),
    );
    const winner = winnerOf(answers);
    const refused = winner % 2 === 1;
    expect(await stored(id)).toMatchObject({
      status: refused ? 'refused' : 'authorized',
      decisionNote: `decision ${winner}`,
      decidedBy: operatorOf(winner),
    });
    expect(await memberBalance(t.database.db, member.memberId, 'USDT')).toBe(refused ? '10000' : '0');
    expect(await refunds(member.memberId)).toBe(refused ? 1 : 0);
  });

  it('a member paying ten times at once with different request ids is charged once', async () => {
    const { id, member } = await application('approved');
    await fund(t, member, 'USDT', '90000');
    const salesBefore = await houseBalance(t.database.db, 'node_sales', 'USDT');
    const requestIds = Array.from({ length: 10 }, () => randomUUID());
    const answers = await Promise.all(requestIds.map((requestId) => pay(member, requestId)));
    const winner = winnerOf(answers);
    const row = await stored(id);
    expect(row).toMatchObject({ status: 'paid', payRequestId: requestIds[winner] });
    expect(toLedgerUnits(row.paid!)).toBe(toLedgerUnits('10000'));
    expect(await memberBalance(t.database.db, member.memberId, 'USDT')).toBe('90000');
    expect(Number(await houseBalance(t.database.db, 'node_sales', 'USDT')) - Number(salesBefore)).toBe(10000);
    // The winner's retry still answers its payment.
    expect((await pay(member, requestIds[winner])).data).toMatchObject({ status: 'paid' });
    expect(await findLedgerViolations(t.database.db)).toEqual({
      unbalanced: [],
      drifted: [],
      staleAfter: [],
      negative: [],
    });
  });
});
