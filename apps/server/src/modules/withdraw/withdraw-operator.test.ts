import { randomUUID } from 'node:crypto';
import { ErrorCode, type TWithdrawalDetail } from '@kpc/shared';
import type {
  TOperatorWithdrawalDetail,
  TOperatorWithdrawalListResponse,
  TReviewWithdrawalsResponse,
} from '@kpc/shared/operator';
import { eq, sql } from 'drizzle-orm';
import { getAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainRuntime } from '../../chain/runtime.ts';
import { describeChain } from '../../config/chains.ts';
import { withdrawals } from '../../db/schema/index.ts';
import { memberBalance } from '../../testing/ledger-balances.ts';
import { findLedgerViolations } from '../../testing/ledger-invariants.ts';
import { createWalletMember, fund, type TestMember } from '../../testing/members.ts';
import { createOperator, type TestOperator } from '../../testing/operators.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { submitWithdrawal } from './service.ts';

// Step 8a §4, §5: the withdrawals queue. Operators approve or reject submitted withdrawals one by
// one or in batches; each decision applies once however many operators (or copies of one batch)
// decide at once, a rejection returns the frozen funds once, every decision has exactly one audit
// entry, and the member sees the decision in the app.

let t: TestApp;
let finance: TestOperator;
let otherFinance: TestOperator;
let support: TestOperator;

/** A chain that "pays" (a hot wallet configured) without a node: submitting needs no chain call. */
const CHAIN_ID = 137;
const runtime: ChainRuntime = {
  allowedChainIds: [CHAIN_ID],
  chains: [
    {
      ...describeChain(CHAIN_ID),
      rpcUrl: 'http://127.0.0.1:9',
      usdt: getAddress('0x00000000000000000000000000000000000000a1'),
      hotWalletKey: generatePrivateKey(),
      // Lets the faucet's test funds leave, as on the development chain.
      isDevelopment: true,
    },
  ],
  tokenCode: 'KPC',
  usdtQuantity: '1',
  devChain: false,
};

beforeAll(async () => {
  t = await createTestApp({ RUN_CHAIN_WORKERS: 'false' });
  finance = await createOperator(t, ['finance']);
  otherFinance = await createOperator(t, ['finance']);
  support = await createOperator(t, ['support']);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** A submitted withdrawal of 10 USDT (fee 1 from the balance: 11 frozen), waiting for an operator. */
async function submitted(member: TestMember, amount = '10'): Promise<string> {
  const withdrawal = await submitWithdrawal(
    {
      db: t.database.db,
      clock: t.clock,
      chains: runtime,
      network: { isAvailable: () => true },
      terms: { feeRate: '0.01', minFee: '1', autoApproveDaily: '0' },
    },
    member.memberId,
    {
      requestId: randomUUID(),
      chainId: CHAIN_ID,
      asset: 'USDT',
      address: privateKeyToAccount(generatePrivateKey()).address,
      amount,
    },
  );
  expect(withdrawal.status).toBe('submitted');
  return withdrawal.id;
}

async function fundedMember(usdt: string): Promise<TestMember> {
  const member = await createWalletMember(t);
  await fund(t, member, 'USDT', usdt);
  return member;
}

const usdt = async (member: TestMember) => ({
  available: await memberBalance(t.database.db, member.memberId, 'USDT'),
  frozen: await memberBalance(t.database.db, member.memberId, 'USDT', 'frozen'),
});

/** Every audit entry of these withdrawals: `[id, action]`, by id. */
async function auditOf(ids: string[]): Promise<Map<string, string[]>> {
  const result: unknown = await t.database.db.execute(
    sql`select target_id, action from audit_log where target_type = 'withdrawal' order by id`,
  );
  const found = new Map<string, string[]>(ids.map((id) => [id, []]));
  for (const row of (result as { rows: { target_id: string; action: string }[] }).rows) {
    found.get(row.target_id)?.push(row.action);
  }
  return found;
}

const statusOf = async (id: string) =>
  (
    await t.database.db
      .select({ status: withdrawals.status })
      .from(withdrawals)
      .where(eq(withdrawals.id, BigInt(id)))
  )[0]?.status;

const detailFor = async (member: TestMember, id: string) =>
  (await t.call('/api/withdraw/detail', { id }, member.headers)).data as TWithdrawalDetail;

describe(`the withdrawals queue (${testDatabaseKind()})`, () => {
  it('approves a batch of 50 once, sent twice at once beside another operator: one decision and one audit entry each', async () => {
    const owners: TestMember[] = [];
    for (let i = 0; i < 5; i += 1) owners.push(await fundedMember('200'));
    const ids: string[] = [];
    const ownerOf = new Map<string, TestMember>();
    for (let i = 0; i < 50; i += 1) {
      const owner = owners[i % owners.length]!;
      const id = await submitted(owner);
      ids.push(id);
      ownerOf.set(id, owner);
    }
    for (const owner of owners) expect(await usdt(owner)).toEqual({ available: '90', frozen: '110' });
    await finance.stepUp();
    await otherFinance.stepUp();

    // Another operator rejected one before.
    const [rejectedFirst, raced] = [ids[7]!, ids[31]!];
    const first = await otherFinance.call('/api/operator/withdrawals/review', {
      ids: [rejectedFirst],
      decision: 'rejected',
      detail: 'address on a watch list',
    });
    expect(first.data).toEqual({ results: [{ id: rejectedFirst, outcome: 'rejected', status: 'rejected' }] });

    // The same batch twice at once, and the other operator rejecting one of it meanwhile.
    const batch = { ids, decision: 'approved' };
    const [a, b, c] = await Promise.all([
      finance.call('/api/operator/withdrawals/review', batch),
      finance.call('/api/operator/withdrawals/review', batch),
      otherFinance.call('/api/operator/withdrawals/review', { ids: [raced], decision: 'rejected', detail: 'late' }),
    ]);
    expect([a.code, b.code, c.code]).toEqual([200, 200, 200]);
    const answers = [a, b, c].map((answer) => (answer.data as TReviewWithdrawalsResponse).results);
    const racedWentTo = await statusOf(raced);
    expect(['approved', 'rejected']).toContain(racedWentTo);

    // A decision made stands: rejecting an approved one later is refused, not a second decision.
    const late = await otherFinance.call('/api/operator/withdrawals/review', {
      ids: [ids[0]!],
      decision: 'rejected',
      detail: 'second thoughts',
    });
    expect(late.data).toEqual({ results: [{ id: ids[0], outcome: 'already_decided', status: 'approved' }] });

    const audit = await auditOf(ids);
    for (const id of ids) {
      const decisions = answers.flat().filter((result) => result.id === id && result.outcome !== 'already_decided');
      const expected = id === rejectedFirst ? 'rejected' : id === raced ? racedWentTo : 'approved';
      // Of every answer naming this id in this round, at most one decided it (none for the one rejected before).
      expect(decisions.length).toBe(id === rejectedFirst ? 0 : 1);
      expect(await statusOf(id)).toBe(expected);
      expect(audit.get(id)).toEqual([expected === 'approved' ? 'withdrawal.approve' : 'withdrawal.reject']);
      // The losers were told where it is.
      for (const result of answers.flat().filter((entry) => entry.id === id)) expect(result.status).toBe(expected);
    }
    // One release each for the rejected ones, none for the approved: funds returned once.
    const rejectedIds = new Set([rejectedFirst, ...(racedWentTo === 'rejected' ? [raced] : [])]);
    for (const owner of owners) {
      const back = ids.filter((id) => ownerOf.get(id) === owner && rejectedIds.has(id)).length;
      expect(await usdt(owner)).toEqual({ available: String(90 + 11 * back), frozen: String(110 - 11 * back) });
    }
    expect(await findLedgerViolations(t.database.db)).toEqual({
      unbalanced: [],
      drifted: [],
      staleAfter: [],
      negative: [],
    });

    // The member sees each decision in the app (never the operator's reason).
    const rejectedView = await detailFor(ownerOf.get(rejectedFirst)!, rejectedFirst);
    expect(rejectedView).toMatchObject({ status: 'rejected', reason: 'review_rejected' });
    expect(rejectedView.timeline.map((entry) => entry.step)).toEqual(['submitted', 'rejected']);
    expect(JSON.stringify(rejectedView)).not.toContain('watch list');
    const approvedView = await detailFor(ownerOf.get(ids[0]!)!, ids[0]!);
    expect(approvedView).toMatchObject({ status: 'approved', reason: null });
    expect(approvedView.timeline.map((entry) => entry.step)).toEqual(['submitted', 'approved']);

    // The audit says who, as which role, and the history names the operator.
    const entries = await finance.call('/api/operator/audit/list', {}); // finance holds no audit.read
    expect(entries.code).toBe(ErrorCode.OPERATOR_FORBIDDEN);
    const audited: unknown = await t.database.db.execute(
      sql`select actor_id, role, before, after, reason from audit_log where target_id = ${rejectedFirst}`,
    );
    const [entry] = (audited as { rows: Record<string, unknown>[] }).rows;
    expect(entry).toEqual({
      actor_id: otherFinance.id,
      role: 'finance',
      before: { status: 'submitted' },
      after: { status: 'rejected' },
      reason: 'address on a watch list',
    });
    const history = (await support.call('/api/operator/withdrawals/detail', { id: rejectedFirst }))
      .data as TOperatorWithdrawalDetail;
    expect(history.events.map((event) => event.actor)).toEqual(['member', `operator:${otherFinance.id}`]);
  });

  it('rejects a batch sent twice at once by two operators: the frozen funds come back once', async () => {
    const member = await fundedMember('100');
    const ids = [await submitted(member), await submitted(member), await submitted(member, '20')];
    expect(await usdt(member)).toEqual({ available: '57', frozen: '43' });
    await finance.stepUp();
    await otherFinance.stepUp();
    const batch = { ids: [...ids, ids[0]!], decision: 'rejected', detail: 'duplicate requests' };
    const answers = await Promise.all([
      finance.call('/api/operator/withdrawals/review', batch),
      otherFinance.call('/api/operator/withdrawals/review', batch),
      finance.call('/api/operator/withdrawals/review', batch),
    ]);
    // A duplicated id counts once.
    for (const answer of answers) {
      expect((answer.data as TReviewWithdrawalsResponse).results.map((result) => result.id)).toEqual(ids);
    }
    const rejected = answers.flatMap((answer) =>
      (answer.data as TReviewWithdrawalsResponse).results.filter((result) => result.outcome === 'rejected'),
    );
    expect(rejected.map((result) => result.id).sort()).toEqual([...ids].sort());
    expect(await usdt(member)).toEqual({ available: '100', frozen: '0' });
    const audit = await auditOf(ids);
    for (const id of ids) expect(audit.get(id)).toEqual(['withdrawal.reject']);
    const releases: unknown = await t.database.db.execute(
      sql`select count(*)::int as n from ledger_entries where idempotency_key like 'withdrawal:%:released' and member_id = ${member.memberId}`,
    );
    expect((releases as { rows: { n: number }[] }).rows[0]!.n).toBe(3);
  });

  it('needs a reason to reject, answers unknown ids, and will not approve for a frozen member', async () => {
    const member = await fundedMember('100');
    const id = await submitted(member);
    await finance.stepUp();
    const unexplained = await finance.call(
      '/api/operator/withdrawals/review',
      { ids: [id], decision: 'rejected' },
      {
        language: 'en_US',
      },
    );
    expect([unexplained.code, unexplained.msg]).toEqual([ErrorCode.INVALID_REQUEST, 'Enter a reason.']);
    const missing = await finance.call('/api/operator/withdrawals/review', {
      ids: ['987654321'],
      decision: 'approved',
    });
    expect(missing.data.results).toEqual([{ id: '987654321', outcome: 'not_found', status: null }]);

    const compliance = await createOperator(t, ['compliance']);
    expect(
      (await compliance.call('/api/operator/members/freeze', { memberId: member.memberId, reason: 'fraud check' }))
        .code,
    ).toBe(200);
    const refused = await finance.call('/api/operator/withdrawals/review', { ids: [id], decision: 'approved' });
    expect(refused.data.results).toEqual([{ id, outcome: 'member_frozen', status: 'submitted' }]);
    expect((await auditOf([id])).get(id)).toEqual([]);
    // Rejecting returns the funds (to the frozen member's available): it never moves money out.
    const rejected = await finance.call('/api/operator/withdrawals/review', {
      ids: [id],
      decision: 'rejected',
      detail: 'account frozen',
    });
    expect(rejected.data.results).toEqual([{ id, outcome: 'rejected', status: 'rejected' }]);
    expect(await usdt(member)).toEqual({ available: '100', frozen: '0' });
  });

  it('settles an unknown withdrawal once, audited with the evidence', async () => {
    const member = await fundedMember('100');
    const id = await submitted(member);
    await finance.stepUp();
    const settle = (outcome: string) =>
      finance.call(
        '/api/operator/withdrawals/settle',
        { id, outcome, detail: 'explorer: no transfer' },
        {
          language: 'en_US',
        },
      );
    const early = await settle('failed');
    expect([early.code, early.msg]).toEqual([
      ErrorCode.WITHDRAWAL_NOT_UNKNOWN,
      'Only a withdrawal whose payout is unknown can be settled.',
    ]);
    expect(
      (await finance.call('/api/operator/withdrawals/settle', { id: '987654321', outcome: 'failed', detail: 'x' }))
        .code,
    ).toBe(ErrorCode.WITHDRAWAL_NOT_FOUND);
    // Where a lagging node leaves a payout.
    await t.database.db
      .update(withdrawals)
      .set({ status: 'unknown' })
      .where(eq(withdrawals.id, BigInt(id)));
    const [first, second] = await Promise.all([settle('failed'), settle('completed')]);
    const winner = first.code === 200 ? first : second;
    const loser = first.code === 200 ? second : first;
    expect(loser.code).toBe(ErrorCode.WITHDRAWAL_NOT_UNKNOWN);
    expect(winner.data).toMatchObject({ id, memberId: member.memberId });
    expect((await auditOf([id])).get(id)).toEqual(['withdrawal.settle']);
    const paid = winner.data.status === 'completed';
    expect(await usdt(member)).toEqual(paid ? { available: '89', frozen: '0' } : { available: '100', frozen: '0' });
    expect((await detailFor(member, id)).status).toBe(winner.data.status);
  });

  it('lists by state, chain and member, newest first, with the member and paging', async () => {
    const member = await fundedMember('100');
    const mine = [await submitted(member), await submitted(member)];
    const list = await support.call('/api/operator/withdrawals/list', { status: 'submitted', limit: 1 });
    expect(list.data.list).toHaveLength(1);
    expect(list.data.list[0]).toMatchObject({
      id: mine[1],
      status: 'submitted',
      memberId: member.memberId,
      memberWallet: member.address,
      memberEmail: null,
      amount: '10',
      fee: '1',
      network: 'Polygon',
    });
    const next = await support.call('/api/operator/withdrawals/list', {
      status: 'submitted',
      limit: 1,
      cursor: list.data.nextCursor,
    });
    expect(next.data.list[0].id).toBe(mine[0]);
    const byMember = (await support.call('/api/operator/members/withdrawals', { memberId: member.memberId }))
      .data as TOperatorWithdrawalListResponse;
    expect(byMember.list.map((row) => row.id)).toEqual([...mine].reverse());
    expect((await support.call('/api/operator/withdrawals/list', { chainId: 56 })).data.list).toEqual([]);
    const approved = (await support.call('/api/operator/withdrawals/list', { status: 'approved', limit: 50 }))
      .data as TOperatorWithdrawalListResponse;
    expect(approved.list.length).toBeGreaterThan(0);
    expect(approved.list.every((row) => row.status === 'approved')).toBe(true);
  });
});
