import { randomUUID } from 'node:crypto';
import { ErrorCode, type TSecurityEventsResponse } from '@kpc/shared';
import type { TMemberDetail } from '@kpc/shared/operator';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalChain, type LocalChain } from '../../testing/local-chain.ts';
import { createOperator, nextCode, type TestOperator } from '../../testing/operators.ts';
import { emailMember, enableTotp, type EmailMember } from '../../testing/second-steps.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';

// Step 11 §2: a member who lost their authenticator is not locked out of their money for ever:
// compliance turns two-step verification off after checking who they are, and the member is told.

let local: LocalChain;
let t: TestApp;
let compliance: TestOperator;

beforeAll(async () => {
  local = await startLocalChain();
  t = await createTestApp({ RUN_CHAIN_WORKERS: 'false' }, { chains: local.runtime });
  compliance = await createOperator(t, ['compliance']);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await local?.stop();
});

const withdraw = (member: EmailMember, extra: Record<string, unknown> = {}) =>
  t.call(
    '/api/withdraw/apply',
    {
      requestId: randomUUID(),
      chainId: 31337,
      asset: 'USDT',
      address: privateKeyToAccount(generatePrivateKey()).address,
      amount: '20',
      ...extra,
    },
    { ...member.headers, language: 'en_US' },
  );
const detailOf = async (member: EmailMember) =>
  (await compliance.call('/api/operator/members/detail', { memberId: member.memberId })).data as TMemberDetail;
const reset = (operator: TestOperator, member: EmailMember, reason = 'lost phone; identity checked against KYC') =>
  operator.call('/api/operator/members/reset-two-step', { memberId: member.memberId, reason });

describe(`support turns off a lost second step (${testDatabaseKind()})`, () => {
  it("turns the authenticator off for compliance only, audited, in the member's activity, and withdrawals need the email code alone again", async () => {
    const member = await emailMember(t, '100');
    await enableTotp(t, member);
    expect((await withdraw(member, { code: '123456' })).code).toBe(ErrorCode.TOTP_REQUIRED);
    expect((await detailOf(member)).twoStep).toEqual({ totp: true, passkeys: 0 });

    // Support may end sessions but not this; finance neither; a member's token never.
    const support = await createOperator(t, ['support']);
    const finance = await createOperator(t, ['finance']);
    for (const operator of [support, finance]) expect((await reset(operator, member)).status).toBe(403);
    expect(
      (await t.call('/api/operator/members/reset-two-step', { memberId: member.memberId, reason: 'x' }, member.headers))
        .status,
    ).toBe(401);
    // A fresh second factor of the operator's is needed.
    t.clock.advance(301);
    expect((await reset(compliance, member)).code).toBe(ErrorCode.OPERATOR_STEP_UP_REQUIRED);
    const stepped = await compliance.call('/api/operator/auth/step-up', { code: nextCode(t, compliance.totpSecret) });
    expect(stepped.code).toBe(200);

    const done = await reset(compliance, member);
    expect(done.code, done.msg).toBe(200);
    expect(done.data).toEqual({ memberId: member.memberId, totpRemoved: true, passkeysRemoved: 0 });
    expect((await detailOf(member)).twoStep).toEqual({ totp: false, passkeys: 0 });
    expect((await t.call('/api/2fa/status', {}, member.headers)).data.totp.enabled).toBe(false);
    // The member sees it in their security activity.
    const events = (await t.call('/api/acc/security/events', {}, member.headers)).data as TSecurityEventsResponse;
    expect(events.list[0]).toMatchObject({ kind: 'two_step_reset', detail: 'totp' });
    // Audited with the reason.
    const audit = await compliance.call('/api/operator/audit/list', { action: 'member.two_step_reset' });
    expect(audit.data.list[0]).toMatchObject({
      targetId: member.memberId,
      reason: 'lost phone; identity checked against KYC',
    });
    // A withdrawal asks for no authenticator code any more (the email code is still checked).
    expect((await withdraw(member, { code: '123456' })).code).toBe(ErrorCode.CODE_INVALID);

    // A repeat changes nothing and records nothing more.
    expect((await reset(compliance, member)).data).toEqual({
      memberId: member.memberId,
      totpRemoved: false,
      passkeysRemoved: 0,
    });
    const again = (await t.call('/api/acc/security/events', {}, member.headers)).data as TSecurityEventsResponse;
    expect(again.list.filter((event) => event.kind === 'two_step_reset')).toHaveLength(1);
  });

  it('refuses an unknown member and a malformed request, never a 500', async () => {
    const unknown = await compliance.call('/api/operator/members/reset-two-step', {
      memberId: randomUUID(),
      reason: 'x',
    });
    expect(unknown.code).toBe(ErrorCode.MEMBER_NOT_FOUND);
    for (const body of [
      {},
      { memberId: 'nope', reason: 'x' },
      { memberId: randomUUID() },
      { memberId: randomUUID(), reason: '' },
    ]) {
      expect((await compliance.call('/api/operator/members/reset-two-step', body)).code).toBe(
        ErrorCode.INVALID_REQUEST,
      );
    }
  });
});
