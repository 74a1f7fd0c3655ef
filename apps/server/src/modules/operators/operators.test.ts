import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletMember, fund } from '../../testing/members.ts';
import {
  cookieOf,
  createOperator,
  enrolWith,
  nextCode,
  OPERATOR_PASSWORD,
  tokenOf,
  totpCode,
  type TestOperator,
} from '../../testing/operators.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';

// Step 8a §2, §3, §5: operators sign in with a password and a second factor, hold roles the server
// checks on every call, need a fresh second factor for money actions, lock out after failures, and
// every change and sign-in is in an audit log the database keeps append-only.

const SERVICE_KEY = 'svc-support-key-0123456789-0123456789-01';
let t: TestApp;
let admin: TestOperator;

beforeAll(async () => {
  t = await createTestApp({ RUN_CHAIN_WORKERS: 'false', OPERATOR_KEYS: `robot@support+compliance:${SERVICE_KEY}` });
  admin = await createOperator(t, ['admin'], 'first.admin@ops.example');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const signIn = (email: string, code: string, password = OPERATOR_PASSWORD) =>
  t.call('/api/operator/auth/login', { email, password, code });

async function auditActions(targetId: string): Promise<string[]> {
  const rows: unknown = await t.database.db.execute(
    sql`select action from audit_log where target_id = ${targetId} order by id`,
  );
  return (rows as { rows: { action: string }[] }).rows.map((row) => row.action);
}

describe(`operators (${testDatabaseKind()})`, () => {
  it('enrols from a one-time link: password, authenticator and ten recovery codes, then signs in', async () => {
    const invited = await admin.call('/api/operator/operators/invite', {
      email: 'Finance.One@Ops.example',
      name: 'Finance One',
      roles: ['finance'],
    });
    expect(invited).toMatchObject({
      code: 200,
      data: { operator: { email: 'finance.one@ops.example', status: 'invited' } },
    });
    const token = tokenOf(invited.data.enrolmentUrl as string);
    const enrolment = await t.call('/api/operator/auth/enrolment', { token });
    expect(enrolment.data).toMatchObject({ email: 'finance.one@ops.example', roles: ['finance'] });
    expect(enrolment.data.otpauthUri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    // A wrong code enrols nothing.
    const wrong = await t.call('/api/operator/auth/enrol', { token, password: OPERATOR_PASSWORD, code: '000000' });
    expect(wrong.code).toBe(1803);
    const finance = await enrolWith(t, token, 'finance.one@ops.example');
    expect(finance.recoveryCodes).toHaveLength(10);
    expect(new Set(finance.recoveryCodes).size).toBe(10);
    // The link is spent.
    expect((await t.call('/api/operator/auth/enrolment', { token })).code).toBe(1802);
    const me = await finance.call('/api/operator/auth/me');
    expect(me.data).toMatchObject({ operator: { roles: ['finance'] }, recoveryCodesLeft: 10 });
    expect(me.data.operator.permissions).toContain('withdrawals.review');
    // Signing in again: password and a TOTP code.
    const code = nextCode(t, finance.totpSecret);
    const signedIn = await signIn('finance.one@ops.example', code);
    expect(signedIn).toMatchObject({ code: 200, data: { operator: { email: 'finance.one@ops.example' } } });
    expect(signedIn.response.headers['set-cookie']).toMatch(/HttpOnly; SameSite=Strict/);
    // The same code again is a replay: refused.
    expect((await signIn('finance.one@ops.example', code)).code).toBe(1800);
    // A recovery code signs in once.
    const recovery = finance.recoveryCodes[0]!;
    expect((await signIn('finance.one@ops.example', recovery.toLowerCase())).code).toBe(200);
    expect((await signIn('finance.one@ops.example', recovery)).code).toBe(1800);
    expect(await auditActions(finance.id)).toEqual(
      expect.arrayContaining(['operator.invite', 'operator.enrol', 'operator.sign_in', 'operator.sign_in_failed']),
    );
  });

  it('answers every sign-in failure alike and locks the account after five in a row, audited', async () => {
    const support = await createOperator(t, ['support']);
    const unknown = await signIn('nobody@ops.example', '123456');
    const wrongPassword = await signIn(support.email, nextCode(t, support.totpSecret), 'not the password at all');
    const wrongCode = await signIn(support.email, '000000');
    for (const answer of [unknown, wrongPassword, wrongCode]) {
      expect([answer.code, answer.msg]).toEqual([1800, unknown.msg]);
    }
    for (let i = 0; i < 3; i += 1) await signIn(support.email, '000000');
    // Locked: even the right password and code are refused, with the same message.
    const locked = await signIn(support.email, nextCode(t, support.totpSecret));
    expect([locked.code, locked.msg]).toEqual([1800, unknown.msg]);
    expect(await auditActions(support.id)).toContain('operator.locked_out');
    t.clock.advance(15 * 60 + 30);
    expect((await signIn(support.email, totpCode(t, support.totpSecret))).code).toBe(200);
  });

  it('refuses no session, a member token, a wrong role, a stale second factor and a disabled operator', async () => {
    const support = await createOperator(t, ['support']);
    const compliance = await createOperator(t, ['compliance']);
    const member = await createWalletMember(t);
    const freeze = { memberId: member.memberId, reason: 'test' };
    // No session; a member's token is never an operator's.
    for (const headers of [{}, member.headers, { cookie: 'kpc_operator=forged' }]) {
      const answer = await t.call('/api/operator/members/freeze', freeze, headers);
      expect([answer.status, answer.code]).toEqual([401, 401]);
    }
    // A role without the permission: HTTP 403 in the envelope, localised.
    const forbidden = await support.call('/api/operator/members/freeze', freeze, { language: 'zh_CN' });
    expect(forbidden).toMatchObject({ status: 403, code: 1808, msg: '您的角色无权执行此操作。' });
    // A service account holding the role still has no second factor for a money action.
    const robot = await t.call('/api/operator/members/freeze', freeze, { 'x-operator-key': SERVICE_KEY });
    expect([robot.status, robot.code]).toEqual([403, 1808]);
    // Enrolment counts as a fresh second factor; five minutes later it is stale.
    t.clock.advance(301);
    const stale = await compliance.call('/api/operator/members/freeze', freeze);
    expect([stale.status, stale.code]).toEqual([403, 1801]);
    expect((await compliance.call('/api/operator/auth/step-up', { code: '000000' })).code).toBe(1803);
    const stepped = await compliance.call('/api/operator/auth/step-up', { code: nextCode(t, compliance.totpSecret) });
    expect(stepped.code).toBe(200);
    expect((await compliance.call('/api/operator/members/freeze', freeze)).code).toBe(200);
    // A recovery code is never a step-up.
    expect((await compliance.call('/api/operator/auth/step-up', { code: compliance.recoveryCodes[0] })).code).toBe(
      1000,
    );
    // Disabled: its session ends at once.
    await admin.signIn();
    const disabled = await admin.call('/api/operator/operators/disable', {
      id: compliance.id,
      reason: 'left the team',
    });
    expect(disabled).toMatchObject({ code: 200, data: { status: 'disabled' } });
    expect((await compliance.call('/api/operator/auth/me')).status).toBe(401);
    expect((await signIn(compliance.email, nextCode(t, compliance.totpSecret))).code).toBe(1800);
  });

  it('ends a session after its idle time and after signing out', async () => {
    const support = await createOperator(t, ['support']);
    t.clock.advance(31 * 60);
    expect((await support.call('/api/operator/auth/me')).status).toBe(401);
    const again = await signIn(support.email, nextCode(t, support.totpSecret));
    const cookie = cookieOf(again.response);
    expect((await t.call('/api/operator/auth/me', {}, { cookie })).code).toBe(200);
    const out = await t.call('/api/operator/auth/logout', {}, { cookie });
    expect(out.response.headers['set-cookie']).toMatch(/Max-Age=0/);
    expect((await t.call('/api/operator/auth/me', {}, { cookie })).status).toBe(401);
  });

  it('keeps one active administrator, and lets an administrator reset a lost second factor', async () => {
    await admin.signIn();
    expect((await admin.call('/api/operator/operators/list', {})).code).toBe(200);
    expect((await admin.call('/api/operator/operators/roles', { id: admin.id, roles: ['finance'] })).code).toBe(1806);
    expect((await admin.call('/api/operator/operators/disable', { id: admin.id, reason: 'x' })).code).toBe(1807);
    const support = await createOperator(t, ['support']);
    const reset = await admin.call('/api/operator/operators/reset-second-factor', {
      id: support.id,
      reason: 'lost phone',
    });
    expect(reset.code).toBe(200);
    // The old authenticator and session stop at once; the new link enrols again.
    expect((await support.call('/api/operator/auth/me')).status).toBe(401);
    expect((await signIn(support.email, nextCode(t, support.totpSecret))).code).toBe(1800);
    const again = await enrolWith(t, tokenOf(reset.data.enrolmentUrl as string), support.email);
    expect(again.totpSecret).not.toBe(support.totpSecret);
    expect((await again.call('/api/operator/auth/me')).code).toBe(200);
  });

  it('writes the audit entry with the change, and the database refuses to alter it', async () => {
    const compliance = await createOperator(t, ['compliance']);
    const member = await createWalletMember(t);
    const frozen = await compliance.call('/api/operator/members/freeze', {
      memberId: member.memberId,
      reason: 'fraud check',
    });
    expect(frozen.code).toBe(200);
    await admin.signIn();
    const list = await admin.call('/api/operator/audit/list', { targetId: member.memberId });
    expect(list.data.list).toMatchObject([
      {
        action: 'member.freeze',
        actorType: 'operator',
        actorId: compliance.id,
        role: 'compliance',
        reason: 'fraud check',
        before: { frozen: false },
        after: { frozen: true },
      },
    ]);
    for (const statement of [
      sql`update audit_log set reason = 'edited'`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ]) {
      await expect(t.database.db.execute(statement)).rejects.toThrow();
    }
    const count: unknown = await t.database.db.execute(sql`select count(*)::int as n from audit_log`);
    expect((count as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(5);
    // The export streams the same rows as CSV.
    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/operator/audit/export',
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ action: 'member.' }),
    });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('member.freeze');
    expect(csv.body).toContain('fraud check');
    // Support may not read the audit log.
    const support = await createOperator(t, ['support']);
    expect((await support.call('/api/operator/audit/list', {})).status).toBe(403);
  });

  it("refuses a frozen member's money calls while reads work, then lets them move money again", async () => {
    const compliance = await createOperator(t, ['compliance']);
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '100', 'income');
    await fund(t, member, 'USDT', '100');
    expect(
      (await compliance.call('/api/operator/members/freeze', { memberId: member.memberId, reason: 'review' })).code,
    ).toBe(200);
    const transfer = await t.call(
      '/api/ass/transfer',
      { asset: 'USDT', amount: '1', requestId: randomUUID() },
      member.headers,
    );
    expect(transfer.code).toBe(1112);
    // Reads go on.
    expect((await t.call('/api/ass/lst', {}, member.headers)).code).toBe(200);
    expect((await t.call('/api/acc/info', {}, member.headers)).code).toBe(200);
    await compliance.call('/api/operator/members/unfreeze', { memberId: member.memberId, reason: 'cleared' });
    const after = await t.call(
      '/api/ass/transfer',
      { asset: 'USDT', amount: '1', requestId: randomUUID() },
      member.headers,
    );
    expect(after.code).toBe(200);
  });
});
