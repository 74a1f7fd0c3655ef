import { ErrorCode } from '@kpc/shared';
import { OperatorRole, type TOperatorRole } from '@kpc/shared/operator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletMember, type TestMember } from '../testing/members.ts';
import { createOperator, type TestOperator } from '../testing/operators.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { testDatabaseKind } from '../testing/test-database.ts';

// Step 8a §5: every call of the console's daily queues and data (dashboard, members, withdrawals,
// deposits, chains, channels) is refused without an operator session, with a member's token and
// with a role that lacks its permission; a money action also without a fresh second factor, and
// always to a service account. The role that holds the permission gets through.

const SERVICE_KEY = 'svc-finance-key-0123456789-0123456789-01';
const MEMBER_ID = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let member: TestMember;
const operators = new Map<TOperatorRole, TestOperator>();

interface Call {
  path: string;
  body: unknown;
  /** A role without the permission (null: every role holds it, e.g. the dashboard). */
  wrongRole: TOperatorRole | null;
  /** A role with it. */
  rightRole: TOperatorRole;
  money?: true;
}

const { ADMIN, FINANCE, COMPLIANCE, SUPPORT, CONTENT } = OperatorRole;
const records = { memberId: MEMBER_ID };
const CALLS: Call[] = [
  { path: 'dashboard/daily', body: { days: 7 }, wrongRole: null, rightRole: CONTENT },
  { path: 'dashboard/balances', body: {}, wrongRole: null, rightRole: SUPPORT },
  { path: 'dashboard/ledger-check', body: {}, wrongRole: null, rightRole: ADMIN },
  { path: 'members/search', body: { query: 'x' }, wrongRole: CONTENT, rightRole: SUPPORT },
  { path: 'members/detail', body: records, wrongRole: CONTENT, rightRole: SUPPORT },
  { path: 'members/flow', body: records, wrongRole: CONTENT, rightRole: ADMIN },
  { path: 'members/withdrawals', body: records, wrongRole: CONTENT, rightRole: SUPPORT },
  { path: 'members/deposits', body: records, wrongRole: CONTENT, rightRole: SUPPORT },
  { path: 'members/plans', body: { ...records, kind: 'esop' }, wrongRole: CONTENT, rightRole: SUPPORT },
  { path: 'members/pledges', body: records, wrongRole: CONTENT, rightRole: SUPPORT },
  { path: 'members/cards', body: records, wrongRole: CONTENT, rightRole: SUPPORT },
  { path: 'members/applications', body: { ...records, kind: 'node' }, wrongRole: CONTENT, rightRole: SUPPORT },
  { path: 'members/team', body: records, wrongRole: CONTENT, rightRole: COMPLIANCE },
  { path: 'withdrawals/list', body: {}, wrongRole: ADMIN, rightRole: SUPPORT },
  { path: 'withdrawals/detail', body: { id: '1' }, wrongRole: CONTENT, rightRole: COMPLIANCE },
  {
    path: 'withdrawals/review',
    body: { ids: ['1'], decision: 'approved' },
    wrongRole: COMPLIANCE,
    rightRole: FINANCE,
    money: true,
  },
  {
    path: 'withdrawals/settle',
    body: { id: '1', outcome: 'failed', detail: 'explorer' },
    wrongRole: SUPPORT,
    rightRole: FINANCE,
    money: true,
  },
  { path: 'deposits/list', body: {}, wrongRole: ADMIN, rightRole: SUPPORT },
  { path: 'chains/status', body: {}, wrongRole: CONTENT, rightRole: FINANCE },
  { path: 'channels/list', body: {}, wrongRole: ADMIN, rightRole: COMPLIANCE },
  {
    path: 'channels/set',
    body: { direction: 'deposit', chainId: 137, method: 'wallet', status: 'open' },
    wrongRole: COMPLIANCE,
    rightRole: FINANCE,
  },
];

beforeAll(async () => {
  t = await createTestApp({ RUN_CHAIN_WORKERS: 'false', OPERATOR_KEYS: `robot@finance+support:${SERVICE_KEY}` });
  member = await createWalletMember(t);
  for (const role of [ADMIN, FINANCE, COMPLIANCE, SUPPORT, CONTENT])
    operators.set(role, await createOperator(t, [role]));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const call = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  t.call(`/api/operator/${path}`, body, headers);

describe(`the console's queues and data refuse whoever may not call them (${testDatabaseKind()})`, () => {
  it.each(CALLS.map((entry) => [entry.path, entry] as const))('%s', async (_path, entry) => {
    for (const headers of [{}, member.headers, { cookie: 'kpc_operator=forged' }]) {
      const answer = await call(entry.path, entry.body, headers);
      expect([answer.status, answer.code]).toEqual([401, ErrorCode.UNAUTHORIZED]);
    }
    if (entry.wrongRole) {
      const forbidden = await operators.get(entry.wrongRole)!.call(`/api/operator/${entry.path}`, entry.body, {
        language: 'zh_CN',
      });
      expect(forbidden).toMatchObject({
        status: 403,
        code: ErrorCode.OPERATOR_FORBIDDEN,
        msg: '您的角色无权执行此操作。',
      });
    }
    const right = operators.get(entry.rightRole)!;
    if (entry.money) {
      // The service account holds the role but has no second factor; a person's goes stale.
      const robot = await call(entry.path, entry.body, { 'x-operator-key': SERVICE_KEY });
      expect([robot.status, robot.code]).toEqual([403, ErrorCode.OPERATOR_FORBIDDEN]);
      t.clock.advance(301);
      const stale = await right.call(`/api/operator/${entry.path}`, entry.body);
      expect([stale.status, stale.code]).toEqual([403, ErrorCode.OPERATOR_STEP_UP_REQUIRED]);
      await right.stepUp();
    }
    const allowed = await right.call(`/api/operator/${entry.path}`, entry.body);
    expect(allowed.status).toBe(200);
    // Through the checks: the call's own answer (a missing record is the call's business error).
    expect([200, ErrorCode.MEMBER_NOT_FOUND, ErrorCode.WITHDRAWAL_NOT_FOUND]).toContain(allowed.code);
  });
});
