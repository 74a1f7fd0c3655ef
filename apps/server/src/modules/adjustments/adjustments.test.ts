import { ErrorCode } from '@kpc/shared';
import type { TAdjustment, TAdjustmentListResponse } from '@kpc/shared/operator';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ledgerAdjustments, ledgerEntries } from '../../db/schema/index.ts';
import { memberBalance } from '../../testing/ledger-balances.ts';
import { findLedgerViolations } from '../../testing/ledger-invariants.ts';
import { createWalletMember, fund, type TestMember } from '../../testing/members.ts';
import { createOperator, totpCode, type TestOperator } from '../../testing/operators.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';

// Step 8b §3: two-person adjustments. The proposer never approves (the API refuses, and so does the
// database), one operator counts once even from two sessions, concurrent approvals apply once, a
// debit is checked against the balance at approval, two approvers above the threshold, proposals
// expire, everything is audited, and the member's flow shows the public reason only.

let t: TestApp;
let proposer: TestOperator;
let approvers: TestOperator[];
let support: TestOperator;

beforeAll(async () => {
  t = await createTestApp({ RUN_CHAIN_WORKERS: 'false', ADJUSTMENT_TWO_APPROVER_THRESHOLD: '1000' });
  proposer = await createOperator(t, ['finance']);
  approvers = [];
  for (let i = 0; i < 10; i += 1) approvers.push(await createOperator(t, ['finance']));
  support = await createOperator(t, ['support']);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

/** A fresh time step: every operator's next code is unused. */
function nextStep() {
  t.clock.advance(30);
}

async function propose(body: Record<string, unknown>, by = proposer): Promise<TAdjustment> {
  await by.stepUp();
  const answer = await by.call('/api/operator/adjustments/propose', {
    kind: 'member_credit',
    bucket: 'available',
    asset: 'USDT',
    publicReason: 'Compensation for the delayed deposit',
    internalReason: 'Ticket 4711: chain reorg, deposit credited late',
    ...body,
  });
  expect(answer.code, answer.msg).toBe(200);
  return answer.data as TAdjustment;
}

function approve(by: TestOperator, id: string, code = totpCode(t, by.totpSecret)) {
  return by.call('/api/operator/adjustments/approve', { id, code });
}

async function entriesFor(id: string) {
  return t.database.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.idempotencyKey, `adjustment:${id}`));
}

describe('two-person adjustments', () => {
  let member: TestMember;
  beforeAll(async () => {
    member = await createWalletMember(t);
  });

  it('the proposer cannot approve: the API refuses and so does the database', async () => {
    const adjustment = await propose({ member: member.memberId, amount: '5' });
    expect(adjustment).toMatchObject({ status: 'pending', requiredApprovals: 1, amount: '5' });
    expect(adjustment.postings).toEqual([
      { memberId: member.memberId, bucket: 'available', house: null, asset: 'USDT', amount: '5' },
      { memberId: null, bucket: null, house: 'adjustments', asset: 'USDT', amount: '-5' },
    ]);
    nextStep();
    const own = await approve(proposer, adjustment.id);
    expect(own.code).toBe(ErrorCode.ADJUSTMENT_OWN);
    // Straight into the table, around the API: the CHECK refuses it.
    await expect(
      t.database.db.execute(sql`insert into ledger_adjustment_approvals (adjustment_id, approver_id, proposer_id)
        values (${adjustment.id}, ${proposer.id}, ${proposer.id})`),
    ).rejects.toThrow();
    // A forged proposer copy is refused by the composite key to the adjustment.
    await expect(
      t.database.db.execute(sql`insert into ledger_adjustment_approvals (adjustment_id, approver_id, proposer_id)
        values (${adjustment.id}, ${proposer.id}, ${approvers[0]!.id})`),
    ).rejects.toThrow();
    expect(await memberBalance(t.database.db, member.memberId, 'USDT')).toBe('0');
    expect(await entriesFor(adjustment.id)).toHaveLength(0);
  });

  it('needs permission and, per approval, a valid unused code', async () => {
    const adjustment = await propose({ member: member.memberId, amount: '1' });
    nextStep();
    expect((await approve(support, adjustment.id)).status).toBe(403);
    const wrong = await approve(approvers[0]!, adjustment.id, '000000');
    expect(wrong.code).toBe(ErrorCode.OPERATOR_TOTP_INVALID);
    const code = totpCode(t, approvers[0]!.totpSecret);
    const approved = await approve(approvers[0]!, adjustment.id, code);
    expect(approved.code).toBe(200);
    // The same code again (another adjustment): used up.
    const other = await propose({ member: member.memberId, amount: '1' });
    expect((await approve(approvers[0]!, other.id, code)).code).toBe(ErrorCode.OPERATOR_TOTP_INVALID);
  });

  it('two sessions of one operator count once (two approvers needed above the threshold)', async () => {
    const adjustment = await propose({ member: member.memberId, amount: '1500' });
    expect(adjustment.requiredApprovals).toBe(2);
    const approver = approvers[1]!;
    const firstCookie = approver.cookie;
    await approver.signIn();
    const second = { ...approver, cookie: approver.cookie };
    nextStep();
    const code = totpCode(t, approver.totpSecret);
    // Both sessions at once; the next step's code for the second (each code counts once).
    const [a, b] = await Promise.all([
      approver.call('/api/operator/adjustments/approve', { id: adjustment.id, code }, { cookie: firstCookie }),
      (async () => {
        const later = totpCode(t, approver.totpSecret);
        return second.call('/api/operator/adjustments/approve', { id: adjustment.id, code: later });
      })(),
    ]);
    expect([a.code, b.code].filter((c) => c === 200)).toHaveLength(1);
    nextStep();
    const again = await approver.call('/api/operator/adjustments/approve', {
      id: adjustment.id,
      code: totpCode(t, approver.totpSecret),
    });
    expect(again.code).toBe(ErrorCode.ADJUSTMENT_ALREADY_APPROVED);
    // The database refuses the duplicate too.
    await expect(
      t.database.db.execute(sql`insert into ledger_adjustment_approvals (adjustment_id, approver_id, proposer_id)
        values (${adjustment.id}, ${approver.id}, ${proposer.id})`),
    ).rejects.toThrow();
    const view = await proposer.call('/api/operator/adjustments/get', { id: adjustment.id });
    expect(view.data).toMatchObject({ status: 'pending', approvals: [{ approverId: approver.id }] });
    expect(await entriesFor(adjustment.id)).toHaveLength(0);
    // A second, different approver makes it apply.
    const done = await approve(approvers[2]!, adjustment.id);
    expect(done.data).toMatchObject({ status: 'accepted' });
    expect(await entriesFor(adjustment.id)).toHaveLength(1);
  });

  it('ten concurrent approvals by different approvers apply once', async () => {
    const fresh = await createWalletMember(t);
    const adjustment = await propose({ member: fresh.memberId, amount: '7.25' });
    nextStep();
    const answers = await Promise.all(approvers.map((approver) => approve(approver, adjustment.id)));
    expect(answers.filter((answer) => answer.code === 200)).toHaveLength(1);
    for (const answer of answers.filter((one) => one.code !== 200)) {
      expect(answer.code).toBe(ErrorCode.ADJUSTMENT_NOT_PENDING);
    }
    expect(await entriesFor(adjustment.id)).toHaveLength(1);
    expect(await memberBalance(t.database.db, fresh.memberId, 'USDT')).toBe('7.25');
    const [row] = await t.database.db
      .select()
      .from(ledgerAdjustments)
      .where(eq(ledgerAdjustments.id, BigInt(adjustment.id)));
    expect(row!.status).toBe('accepted');
    expect(await findLedgerViolations(t.database.db)).toEqual({
      unbalanced: [],
      drifted: [],
      staleAfter: [],
      negative: [],
    });
  });

  it('a debit is checked against the balance at approval, not at proposal', async () => {
    const debited = await createWalletMember(t);
    await fund(t, debited, 'USDT', '10');
    const adjustment = await propose({ kind: 'member_debit', member: debited.memberId, amount: '8' });
    // Before its approval, another debit takes 5: 10 -> 5.
    const spend = await propose({ kind: 'member_debit', member: debited.memberId, amount: '5' });
    nextStep();
    expect((await approve(approvers[3]!, spend.id)).code).toBe(200);
    expect(await memberBalance(t.database.db, debited.memberId, 'USDT')).toBe('5');
    nextStep();
    const refused = await approve(approvers[4]!, adjustment.id);
    expect(refused.code).toBe(ErrorCode.ADJUSTMENT_INSUFFICIENT_BALANCE);
    expect(refused.msg).toContain('5');
    // Nothing changed; it stays pending with no approval recorded.
    expect(await memberBalance(t.database.db, debited.memberId, 'USDT')).toBe('5');
    const view = await proposer.call('/api/operator/adjustments/get', { id: adjustment.id });
    expect(view.data).toMatchObject({ status: 'pending', approvals: [] });
    expect(await entriesFor(adjustment.id)).toHaveLength(0);
    // Once the balance covers it again, it applies.
    await fund(t, debited, 'USDT', '3');
    nextStep();
    expect((await approve(approvers[4]!, adjustment.id)).data).toMatchObject({ status: 'accepted' });
    expect(await memberBalance(t.database.db, debited.memberId, 'USDT')).toBe('0');
  });

  it('proposals expire: approval refused, listed as expired', async () => {
    const adjustment = await propose({ member: member.memberId, amount: '2' });
    t.clock.advance(73 * 3600);
    await proposer.signIn();
    for (const approver of approvers.slice(5, 7)) await approver.signIn();
    nextStep();
    const late = await approve(approvers[5]!, adjustment.id);
    expect(late.code).toBe(ErrorCode.ADJUSTMENT_EXPIRED);
    const listed = await approvers[6]!.call('/api/operator/adjustments/list', { status: 'expired' });
    expect((listed.data as TAdjustmentListResponse).list.map((row) => row.id)).toContain(adjustment.id);
    const pending = await approvers[6]!.call('/api/operator/adjustments/list', { status: 'pending' });
    expect((pending.data as TAdjustmentListResponse).list.map((row) => row.id)).not.toContain(adjustment.id);
    expect(await entriesFor(adjustment.id)).toHaveLength(0);
  });

  it('a rejection needs a reason, is final and audited', async () => {
    const adjustment = await propose({ member: member.memberId, amount: '3' });
    const approver = approvers[7]!;
    // A fresh sign-in (the clock moved on past the session's idle time above) is a fresh second factor.
    await approver.signIn();
    const noReason = await approver.call('/api/operator/adjustments/reject', { id: adjustment.id, reason: ' ' });
    expect(noReason.code).toBe(ErrorCode.INVALID_REQUEST);
    const rejected = await approver.call('/api/operator/adjustments/reject', {
      id: adjustment.id,
      reason: 'duplicate',
    });
    expect(rejected.data).toMatchObject({ status: 'rejected', decisionReason: 'duplicate' });
    await approvers[8]!.signIn();
    nextStep();
    expect((await approve(approvers[8]!, adjustment.id)).code).toBe(ErrorCode.ADJUSTMENT_NOT_PENDING);
    const actions = await t.database.db
      .select({ action: auditLog.action, actorId: auditLog.actorId, reason: auditLog.reason })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'adjustment'), eq(auditLog.targetId, adjustment.id)));
    expect(actions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'adjustment.propose', actorId: proposer.id }),
        expect.objectContaining({ action: 'adjustment.reject', actorId: approver.id, reason: 'duplicate' }),
      ]),
    );
  });

  it('audits propose, approve and accept; the member sees the public reason, never the internal one', async () => {
    const reader = await createWalletMember(t);
    const adjustment = await propose({ member: reader.memberId, amount: '12.5' });
    await approvers[9]!.signIn();
    nextStep();
    expect((await approve(approvers[9]!, adjustment.id)).code).toBe(200);
    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'adjustment'), eq(auditLog.targetId, adjustment.id)));
    expect(actions.map((row) => row.action).sort()).toEqual(
      ['adjustment.accept', 'adjustment.approve', 'adjustment.propose'].sort(),
    );
    const flow = await t.call('/api/ass/log', {}, reader.headers);
    expect(flow.data.list[0]).toMatchObject({
      type: 'adjustment',
      asset: 'USDT',
      bucket: 'available',
      amount: '12.5',
      note: 'Compensation for the delayed deposit',
    });
    expect(JSON.stringify(flow.data)).not.toContain('Ticket 4711');
  });

  it('moves between house accounts, and refuses bad input without a change', async () => {
    const move = await propose({ kind: 'house_move', fromHouse: 'fees', toHouse: 'treasury', amount: '1' });
    expect(move.postings.map((posting) => [posting.house, posting.amount])).toEqual([
      ['fees', '-1'],
      ['treasury', '1'],
    ]);
    await proposer.stepUp();
    for (const body of [
      { kind: 'house_move', fromHouse: 'fees', toHouse: 'fees', amount: '1' },
      { kind: 'member_credit', bucket: 'available', amount: '1' },
      { kind: 'member_credit', member: 'nobody@example.com', bucket: 'available', amount: '1' },
      { kind: 'member_credit', member: member.memberId, bucket: 'locked', amount: '1' },
      { kind: 'member_credit', member: member.memberId, bucket: 'available', amount: '-1' },
      { kind: 'member_credit', member: member.memberId, bucket: 'available', amount: '1.0000001' },
    ]) {
      const answer = await proposer.call('/api/operator/adjustments/propose', {
        asset: 'USDT',
        publicReason: 'x',
        internalReason: 'y',
        ...body,
      });
      expect(answer.status, JSON.stringify(body)).toBeLessThan(500);
      expect(answer.code, JSON.stringify(body)).not.toBe(200);
    }
  });
});

it(`runs on ${testDatabaseKind()}`, () => {
  expect(testDatabaseKind()).toMatch(/pglite|postgres/);
});
