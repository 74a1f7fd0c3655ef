import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockholderApplications } from '../../db/schema/index.ts';
import { createWalletMember } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';

/**
 * Issue 23 item 13: of N simultaneous reviews of one shareholder application exactly one is
 * recorded and answered 200; every other is told it was already reviewed, so the kept note and
 * operator are the winner's.
 */

const KEYS = { alice: 'a'.repeat(32), bob: 'b'.repeat(32) };

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

describe(`simultaneous shareholder reviews (${testDatabaseKind()})`, () => {
  it('ten at once (approve and reject, two operators): one recorded, nine told it was already reviewed', async () => {
    const member = await createWalletMember(t);
    const body = { name: 'Ann', contact: 'ann@example.com', contribution: '25000' };
    const id = (await t.call('/api/stockholder/apply', body, member.headers)).data.id as string;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        t.call(
          '/api/operator/stockholder/review',
          { id, approve: index % 3 !== 0, note: `note ${index}` },
          { 'x-operator-key': KEYS[operatorOf(index)], language: 'ja_JP' },
        ),
      ),
    );
    const winners = answers.flatMap((answer, index) => (answer.code === 200 ? [index] : []));
    expect(winners).toHaveLength(1);
    const winner = winners[0]!;
    for (const answer of answers.filter((_, index) => index !== winner)) {
      expect(answer).toMatchObject({ code: 1632, msg: 'この株主申請はすでに審査済みです。', data: null });
    }
    const [row] = await t.database.db
      .select()
      .from(stockholderApplications)
      .where(eq(stockholderApplications.id, BigInt(id)));
    expect(row).toMatchObject({
      status: winner % 3 !== 0 ? 'approved' : 'rejected',
      reviewNote: `note ${winner}`,
      reviewedBy: operatorOf(winner),
    });
    const status = (await t.call('/api/stockholder/status', {}, member.headers)).data.application;
    expect(status).toMatchObject({ status: row!.status, reviewNote: `note ${winner}` });
  });
});
