import { randomUUID } from 'node:crypto';
import { ErrorCode, type TPlanOrdersResponse } from '@kpc/shared';
import type { TMemberDetail, TMemberSearchResponse } from '@kpc/shared/operator';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposits, members, withdrawals } from '../../db/schema/index.ts';
import { createWalletMember, fund, type TestMember } from '../../testing/members.ts';
import { createOperator, type TestOperator } from '../../testing/operators.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';

// Step 8a §4: operators find a member by part of an email, a wallet address (or part), an
// invitation code or the id, and read that member's page and records: that member's only, as
// the member app shows them.

let t: TestApp;
let support: TestOperator;
let alice: TestMember;
let aliceCode: string;
let bob: TestMember;
let carol: TestMember;
let dave: TestMember;

const ALICE_EMAIL = 'alice.the-first@example.com';

async function inviteCodeOf(member: TestMember): Promise<string> {
  const [row] = await t.database.db
    .select({ code: members.inviteCode })
    .from(members)
    .where(eq(members.id, member.memberId));
  return row!.code;
}

/** Records of every kind for `member`: funds, a plan, a pledge, a withdrawal, a deposit, applications. */
async function giveRecords(
  member: TestMember,
  products: { investment: { id: string }[]; pledgeTerms: { id: string; days: number }[] },
) {
  await fund(t, member, 'USDT', '1000');
  await fund(t, member, 'KPC', '500');
  const ok = (answer: { code: number; msg: string }) => expect([answer.code, answer.msg]).toEqual([200, 'success']);
  ok(
    await t.call(
      '/api/plan/join',
      { productId: products.investment[0]!.id, amount: '100', requestId: randomUUID() },
      member.headers,
    ),
  );
  const term = products.pledgeTerms.find((candidate) => candidate.days === 30)!;
  ok(await t.call('/api/plan/pledge', { termId: term.id, amount: '200', requestId: randomUUID() }, member.headers));
  ok(await t.call('/api/node/apply', { name: 'Node Ltd', contact: '@node', region: 'SG' }, member.headers));
  ok(
    await t.call(
      '/api/stockholder/apply',
      { name: 'Holder', contact: '@holder', contribution: '5000' },
      member.headers,
    ),
  );
  await t.database.db.insert(withdrawals).values({
    memberId: member.memberId,
    requestId: randomUUID(),
    chainId: 137,
    asset: 'USDT',
    toAddress: `0x${'d'.repeat(40)}`,
    amount: '10',
    fee: '1',
    feeFrom: 'balance',
    received: '10',
    status: 'submitted',
  });
  await t.database.db.insert(deposits).values({
    chainId: 137,
    txHash: `0x${randomUUID().replace(/-/g, '').padEnd(64, '0')}`,
    receiptLogIndex: 0,
    blockNumber: 5n,
    blockHash: `0x${'b'.repeat(64)}`,
    method: 'contract',
    fromAddress: member.address.toLowerCase(),
    memberId: member.memberId,
    asset: 'USDT',
    amount: '42',
    status: 'pending',
  });
}

beforeAll(async () => {
  t = await createTestApp({ RUN_CHAIN_WORKERS: 'false' });
  support = await createOperator(t, ['support']);
  alice = await createWalletMember(t);
  await t.database.db.update(members).set({ email: ALICE_EMAIL }).where(eq(members.id, alice.memberId));
  aliceCode = await inviteCodeOf(alice);
  bob = await createWalletMember(t, { inviteAddress: aliceCode });
  carol = await createWalletMember(t, { inviteAddress: alice.address });
  dave = await createWalletMember(t);
  const products = (await t.call('/api/plan/products', {}, alice.headers)).data;
  await giveRecords(alice, products);
  await giveRecords(dave, products);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const search = async (body: Record<string, unknown>) =>
  (await support.call('/api/operator/members/search', body)).data as TMemberSearchResponse;
const idsOf = (found: TMemberSearchResponse) => found.list.map((member) => member.id);
const records = async (path: string, member: TestMember, extra: Record<string, unknown> = {}) => {
  const answer = await support.call(`/api/operator/members/${path}`, { memberId: member.memberId, ...extra });
  expect(answer.code).toBe(200);
  return answer.data as { list: Record<string, unknown>[]; nextCursor: string | null };
};

describe(`members for operators (${testDatabaseKind()})`, () => {
  it('finds a member by part of an email, a wallet address or part of one, an invitation code, the id', async () => {
    for (const query of ['the-first', 'ALICE.THE', ALICE_EMAIL])
      expect(idsOf(await search({ query }))).toEqual([alice.memberId]);
    for (const query of [alice.address, alice.address.toLowerCase(), alice.address.slice(-10).toUpperCase()]) {
      expect(idsOf(await search({ query }))).toEqual([alice.memberId]);
    }
    expect(idsOf(await search({ query: aliceCode.toLowerCase() }))).toEqual([alice.memberId]);
    expect(idsOf(await search({ query: alice.memberId.toUpperCase() }))).toEqual([alice.memberId]);
    expect((await search({ query: 'nobody-at-all' })).list).toEqual([]);
    // A LIKE wildcard is a plain character.
    expect((await search({ query: '%' })).list).toEqual([]);
    const [found] = (await search({ query: alice.memberId })).list;
    expect(found).toEqual({
      id: alice.memberId,
      email: ALICE_EMAIL,
      walletAddress: alice.address,
      inviteCode: aliceCode,
      level: 'member',
      status: 'active',
      frozenAt: null,
      referrerId: expect.any(String),
      createdAt: expect.any(String),
    });
  });

  it('lists every member newest first, page by page, never the programme root', async () => {
    const first = await search({ limit: 2 });
    expect(idsOf(first)).toEqual([dave.memberId, carol.memberId]);
    const second = await search({ limit: 2, cursor: first.nextCursor });
    expect(idsOf(second)).toEqual([bob.memberId, alice.memberId]);
    expect(second.nextCursor).toBeNull();
  });

  it("shows a member's page: profile, freeze, referrer, team, balances, sessions", async () => {
    const detail = async (member: TestMember) =>
      (await support.call('/api/operator/members/detail', { memberId: member.memberId })).data as TMemberDetail;
    const page = await detail(alice);
    expect(page.member).toMatchObject({ id: alice.memberId, email: ALICE_EMAIL, frozenAt: null, frozenReason: null });
    expect(page.referrer).toBeNull();
    expect(page.team).toMatchObject({ directCount: 2, teamCount: 2 });
    expect(page.balances).toEqual(
      expect.arrayContaining([
        { asset: 'USDT', bucket: 'available', balance: '900' },
        { asset: 'KPC', bucket: 'available', balance: '300' },
        { asset: 'KPC', bucket: 'staked', balance: '200' },
      ]),
    );
    expect(page.sessions).toHaveLength(1);
    expect(page.sessions[0]).toMatchObject({ loginType: -1, active: true, revokedAt: null });
    expect((await detail(bob)).referrer).toEqual({
      id: alice.memberId,
      email: ALICE_EMAIL,
      walletAddress: alice.address,
      inviteCode: aliceCode,
    });

    const compliance = await createOperator(t, ['compliance']);
    await compliance.call('/api/operator/members/freeze', { memberId: dave.memberId, reason: 'chargeback' });
    await compliance.call('/api/operator/members/revoke-sessions', { memberId: dave.memberId, reason: 'chargeback' });
    const frozen = await detail(dave);
    expect(frozen.member).toMatchObject({ frozenReason: 'chargeback', frozenAt: expect.any(String) });
    expect(frozen.sessions[0]).toMatchObject({ active: false, revokedAt: expect.any(String) });
    const missing = await support.call(
      '/api/operator/members/detail',
      { memberId: randomUUID() },
      { language: 'en_US' },
    );
    expect([missing.code, missing.msg]).toEqual([ErrorCode.MEMBER_NOT_FOUND, 'No such member.']);
  });

  it("answers a member's records, that member's only, as the member app shows them", async () => {
    const mine = (rows: Record<string, unknown>[], key = 'memberId') =>
      expect(rows.every((row) => row[key] === alice.memberId)).toBe(true);
    // The same lists the member reads in the app.
    const flow = await records('flow', alice, { limit: 50 });
    expect(flow.list).toEqual((await t.call('/api/ass/log', { limit: 50 }, alice.headers)).data.list);
    expect(flow.list.length).toBeGreaterThan(0);
    const plans = await records('plans', alice, { kind: 'investment' });
    const ownOrders = ((await t.call('/api/plan/orders', {}, alice.headers)).data as TPlanOrdersResponse).list;
    expect(plans.list).toEqual(ownOrders.map((order) => ({ ...order, kind: 'investment' })));
    expect(plans.list).toHaveLength(1);
    expect((await records('plans', alice, { kind: 'esop' })).list).toEqual([]);
    const pledges = await records('pledges', alice);
    expect(pledges.list).toEqual((await t.call('/api/plan/pledges', {}, alice.headers)).data.list);
    expect(pledges.list).toHaveLength(1);
    expect((await records('cards', alice)).list).toEqual((await t.call('/api/card/list', {}, alice.headers)).data.list);

    const withdrawn = await records('withdrawals', alice);
    expect(withdrawn.list).toHaveLength(1);
    mine(withdrawn.list);
    const deposited = await records('deposits', alice);
    expect(deposited.list).toEqual([
      expect.objectContaining({ memberId: alice.memberId, amount: '42', status: 'pending', method: 'wallet' }),
    ]);
    const nodes = await records('applications', alice, { kind: 'node' });
    expect(nodes.list).toEqual([
      expect.objectContaining({ kind: 'node', memberId: alice.memberId, status: 'applied' }),
    ]);
    const shareholders = await records('applications', alice, { kind: 'shareholder' });
    expect(shareholders.list).toEqual([expect.objectContaining({ kind: 'shareholder', memberId: alice.memberId })]);
    expect((await records('applications', alice, { kind: 'card' })).list).toEqual([]);

    const team = await records('team', alice);
    expect(team.list.map((row) => row.id)).toEqual([carol.memberId, bob.memberId]);
    expect(team.list[0]).toMatchObject({ walletAddress: carol.address, referrerId: alice.memberId, teamCount: 0 });
    const paged = await records('team', alice, { limit: 1 });
    expect(paged.list.map((row) => row.id)).toEqual([carol.memberId]);
    expect((await records('team', alice, { limit: 1, cursor: paged.nextCursor })).list.map((row) => row.id)).toEqual([
      bob.memberId,
    ]);
    expect((await records('team', dave)).list).toEqual([]);
  });
});
