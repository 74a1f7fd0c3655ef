import { randomUUID } from 'node:crypto';
import { ErrorCode, type TSecurityEventsResponse, type TTotpBeginResponse } from '@kpc/shared';
import { eq } from 'drizzle-orm';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, memberTotp, withdrawals } from '../../db/schema/index.ts';
import { startLocalChain, type LocalChain } from '../../testing/local-chain.ts';
import { fund, type TestMember } from '../../testing/members.ts';
import {
  authenticatorOf,
  emailMember as newEmailMember,
  enableTotp,
  mailedCode,
  type EmailMember,
} from '../../testing/second-steps.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { TOTP_LOCK_MINUTES, TOTP_MAX_FAILURES } from './service.ts';

let local: LocalChain;
let t: TestApp;

const emailMember = (usdt?: string) => newEmailMember(t, usdt);

/** The member's authenticator app: the code of the test clock's current 30 s step. */
const authenticator = (secret: string) => authenticatorOf(t, secret);

/** Turns the authenticator on; answers its code maker. */
const enable = (member: TestMember) => enableTotp(t, member);

const mailed = (member: EmailMember, path: string) => mailedCode(t, member, path);

const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address;

async function withdraw(member: EmailMember, extra: Record<string, unknown>) {
  return t.call(
    '/api/withdraw/apply',
    { requestId: randomUUID(), chainId: 31337, asset: 'USDT', address: freshAddress(), amount: '20', ...extra },
    { ...member.headers, language: 'en_US' },
  );
}

const withdrawalsOf = (member: TestMember) =>
  t.database.db.select().from(withdrawals).where(eq(withdrawals.memberId, member.memberId));

beforeAll(async () => {
  local = await startLocalChain();
  t = await createTestApp({ RUN_CHAIN_WORKERS: 'false' }, { chains: local.runtime });
});
afterAll(async () => {
  await t?.close();
  await local?.stop();
});

describe('turning the authenticator on (Step 11 §2)', () => {
  it('is on only after a code from the new secret, which is sealed at rest', async () => {
    const member = await emailMember();
    expect((await t.call('/api/2fa/status', {}, member.headers)).data.totp).toEqual({
      enabled: false,
      enabledAt: null,
    });
    const begun = (await t.call('/api/2fa/totp/begin', {}, member.headers)).data as TTotpBeginResponse;
    // A wrong code leaves it off.
    const wrong = await t.call(
      '/api/2fa/totp/enable',
      { code: '000000' === authenticator(begun.secret)() ? '111111' : '000000' },
      member.headers,
    );
    expect(wrong.code).toBe(ErrorCode.TOTP_INVALID);
    expect((await t.call('/api/2fa/status', {}, member.headers)).data.totp.enabled).toBe(false);
    const ok = await t.call('/api/2fa/totp/enable', { code: authenticator(begun.secret)() }, member.headers);
    expect(ok.data.totp.enabled).toBe(true);
    expect(ok.data.email).toMatch(/^2\*\*\*@example\.com$/);
    const [row] = await t.database.db.select().from(memberTotp).where(eq(memberTotp.memberId, member.memberId));
    expect(row!.secretSealed).toBeTruthy();
    expect(row!.secretSealed).not.toContain(begun.secret);
    expect(row!.pendingSealed).toBeNull();
    // The member's security activity shows it, from the enabling request's session.
    const events = (await t.call('/api/acc/security/events', {}, member.headers)).data as TSecurityEventsResponse;
    expect(events.list.map((event) => event.kind)).toContain('two_step_enabled');
    // On already: no second secret, and enabling again is refused.
    expect((await t.call('/api/2fa/totp/begin', {}, member.headers)).code).toBe(ErrorCode.TOTP_WRONG_STATE);
  });

  it('refuses malformed codes with a localized message and never a 500', async () => {
    const member = await emailMember();
    for (const code of ['', '12345', '1234567', 'abcdef', 123456, null]) {
      const answer = await t.call('/api/2fa/totp/enable', { code }, { ...member.headers, language: 'en_US' });
      expect(answer.code, JSON.stringify(code)).toBe(ErrorCode.INVALID_REQUEST);
      expect(answer.msg).toMatch(/authenticator|6-digit/);
    }
    expect((await t.call('/api/2fa/totp/enable', { code: '123456' }, member.headers)).code).toBe(
      ErrorCode.TOTP_WRONG_STATE,
    );
  });
});

describe('withdrawals with the authenticator on', () => {
  it('are refused without its code or with a used one, and go through with a fresh one', async () => {
    const member = await emailMember('500');
    const code = await enable(member);

    // The code that turned it on (this same 30 s step) was used once already.
    const enabling = await withdraw(member, { code: '123456', totpCode: code() });
    expect(enabling.code).toBe(ErrorCode.TOTP_INVALID);
    const without = await withdraw(member, { code: await mailed(member, '/api/withdraw/sendCode') });
    expect(without.code).toBe(ErrorCode.TOTP_REQUIRED);
    expect(without.msg).toContain('authenticator');
    const emailCode = await mailed(member, '/api/withdraw/sendCode');
    const fresh = code();
    expect((await withdraw(member, { code: emailCode, totpCode: fresh })).code).toBe(200);
    // The same code again, at once, is refused before the emailed code is even looked at.
    expect((await withdraw(member, { code: '123456', totpCode: fresh })).code).toBe(ErrorCode.TOTP_INVALID);
    expect(await withdrawalsOf(member)).toHaveLength(1);
  });

  it('with the same fresh code sent twice at once, exactly one withdrawal is made', async () => {
    const member = await emailMember('500');
    const code = await enable(member);
    t.clock.advance(30);
    const emailCode = await mailed(member, '/api/withdraw/sendCode');
    const totpCode = code();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => withdraw(member, { code: emailCode, totpCode, requestId: randomUUID() })),
    );
    expect(answers.filter((answer) => answer.code === 200)).toHaveLength(1);
    expect(await withdrawalsOf(member)).toHaveLength(1);
  });

  it(`lock after ${TOTP_MAX_FAILURES} wrong codes in a row, for ${TOTP_LOCK_MINUTES} minutes`, async () => {
    const member = await emailMember('500');
    const code = await enable(member);
    t.clock.advance(30);
    const wrongCode = code() === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < TOTP_MAX_FAILURES; attempt += 1) {
      expect((await withdraw(member, { code: '123456', totpCode: wrongCode })).code).toBe(ErrorCode.TOTP_INVALID);
    }
    const locked = await withdraw(member, { code: '123456', totpCode: code() });
    expect(locked.code).toBe(ErrorCode.TOTP_LOCKED);
    expect(locked.msg).toContain(String(TOTP_LOCK_MINUTES));
    t.clock.advance(TOTP_LOCK_MINUTES * 60);
    const emailCode = await mailed(member, '/api/withdraw/sendCode');
    expect((await withdraw(member, { code: emailCode, totpCode: code() })).code).toBe(200);
  });
});

describe('security changes with the authenticator on', () => {
  it('turning it off needs its code and the emailed one', async () => {
    const member = await emailMember();
    const code = await enable(member);
    t.clock.advance(30);
    const noEmailCode = await t.call('/api/2fa/totp/disable', { code: code() }, member.headers);
    expect(noEmailCode.code).toBe(ErrorCode.CODE_INVALID);
    const emailCode = await mailed(member, '/api/2fa/sendCode');
    const mail = t.smtp.mails.at(-1)!;
    expect(mail.subject).toContain('security');
    const off = await t.call('/api/2fa/totp/disable', { code: code(), emailCode }, member.headers);
    expect(off.code).toBe(200);
    expect(off.data.totp.enabled).toBe(false);
    const events = (await t.call('/api/acc/security/events', {}, member.headers)).data as TSecurityEventsResponse;
    expect(events.list[0]?.kind).toBe('two_step_disabled');
    // Off: a withdrawal needs the emailed code alone again.
    await fund(t, member, 'USDT', '100');
    expect((await withdraw(member, { code: await mailed(member, '/api/withdraw/sendCode') })).code).toBe(200);
  });

  it('a password reset needs its code, asked only after the emailed code proved the address', async () => {
    const member = await emailMember();
    const code = await enable(member);
    const reset = (body: Record<string, unknown>) =>
      t.call('/api/acc/resetPassword', {
        email: member.email,
        password: 'N3w-password!',
        confirmPassword: 'N3w-password!',
        ...body,
      });
    // A wrong emailed code says only that: nothing about the authenticator.
    expect((await reset({ code: '000000' })).code).toBe(ErrorCode.CODE_INVALID);
    const withoutTotp = await reset({ code: await mailedReset(member) });
    expect(withoutTotp.code).toBe(ErrorCode.TOTP_REQUIRED);
    const [before] = await t.database.db.select().from(members).where(eq(members.id, member.memberId));
    const withTotp = await reset({ code: await mailedReset(member), totpCode: code() });
    expect(withTotp.code).toBe(200);
    const [after] = await t.database.db.select().from(members).where(eq(members.id, member.memberId));
    expect(after!.passwordHash).not.toBe(before!.passwordHash);
  });
});

/** A password reset code (the public sendCode call names the purpose). */
async function mailedReset(member: EmailMember): Promise<string> {
  t.clock.advance(61);
  const since = t.smtp.mails.length;
  expect((await t.call('/api/acc/sendCode', { email: member.email, purpose: 'resetPassword' })).code).toBe(200);
  return t.smtp.waitForCode(member.email, { since });
}
