import { VERIFICATION_CODE_RESEND_SECONDS, VERIFICATION_CODE_TTL_SECONDS } from '@kpc/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, sessions, verificationCodes } from '../../db/schema/index.ts';
import { createWalletMember } from '../../testing/members.ts';
import { createTestApp, GENESIS_CODE, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let emailCounter = 0;
const PASSWORD = 'correct horse battery staple';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function newEmail() {
  emailCounter += 1;
  return `member${emailCounter}.${Date.now()}@example.com`;
}

async function requestCode(email: string, purpose: 'register' | 'resetPassword' | 'login') {
  const since = t.smtp.mails.length;
  const answer = await t.call('/api/acc/sendCode', { email, purpose });
  expect(answer.code).toBe(200);
  return t.smtp.waitForCode(email, { since });
}

async function registerMember(email = newEmail(), inviteCode = GENESIS_CODE) {
  const code = await requestCode(email, 'register');
  const answer = await t.call('/api/acc/register', {
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    code,
    inviteCode,
    agreed: true,
  });
  expect(answer).toMatchObject({ code: 200, data: { token: expect.any(String), address: '' } });
  return email;
}

async function login(email: string, password = PASSWORD) {
  const answer = await t.call('/api/acc/loginEmail', { type: 1, email, password });
  expect(answer.code).toBe(200);
  return answer.data.token as string;
}

async function countMembers() {
  return (await t.database.db.select({ id: members.id }).from(members)).length;
}

describe('register (SPEC §1, §4, §5)', () => {
  it('registers with an emailed code and the genesis invitation code, then logs in', async () => {
    const email = newEmail();
    const code = await requestCode(email, 'register');
    const mail = t.smtp.mails.at(-1)!;
    expect(mail.subject).toContain(code);
    expect(mail.html).toContain(code);

    const answer = await t.call('/api/acc/register', {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      code,
      inviteCode: GENESIS_CODE.toLowerCase(),
      agreed: true,
    });
    // A new member: the app greets them as new, not "Welcome back" (issue 24 item 11).
    expect(answer).toMatchObject({ status: 200, code: 200, msg: 'success', data: { address: '', isNew: true } });

    const [stored] = await t.database.db.select().from(members).where(eq(members.email, email));
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(stored?.passwordHash).not.toContain(PASSWORD);
    expect(stored?.inviteCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);

    const token = await login(email);
    const info = await t.call('/api/acc/info', { address: '' }, { token });
    expect(info.code).toBe(200);
    expect(info.data).toMatchObject({
      email,
      address: '',
      inviteCode: stored?.inviteCode,
      referrerInviteCode: GENESIS_CODE,
      level: 'member',
    });
  });

  it('logs the new member in: the token works at once, like an email login by password', async () => {
    const email = newEmail();
    const code = await requestCode(email, 'register');
    const answer = await t.call('/api/acc/register', {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      code,
      inviteCode: GENESIS_CODE,
      agreed: true,
    });
    expect(answer.code).toBe(200);
    const token = answer.data.token as string;
    expect(token.length).toBeGreaterThan(20);

    const info = await t.call('/api/acc/info', {}, { token });
    expect(info).toMatchObject({ code: 200, data: { email, address: '', referrerInviteCode: GENESIS_CODE } });
    const [member] = await t.database.db.select().from(members).where(eq(members.email, email));
    const stored = await t.database.db.select().from(sessions).where(eq(sessions.memberId, member!.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ loginType: 1, revokedAt: null });
    // Only a hash of the token is kept, as for every session.
    expect(JSON.stringify(stored)).not.toContain(token);

    // An ordinary session: logout ends it.
    expect((await t.call('/api/acc/logout', {}, { token })).code).toBe(200);
    expect((await t.call('/api/acc/info', {}, { token })).code).not.toBe(200);
  });

  it('issues no session when the registration fails', async () => {
    const countSessions = async () => (await t.database.db.select({ id: sessions.id }).from(sessions)).length;
    const email = newEmail();
    const code = await requestCode(email, 'register');
    const body = { email, password: PASSWORD, confirmPassword: PASSWORD, inviteCode: GENESIS_CODE, agreed: true };
    const before = await countSessions();
    const wrong = code === '000000' ? '111111' : '000000';
    for (const attempt of [
      { ...body, code: wrong },
      { ...body, code, inviteCode: 'NOSUCHCODE' },
      { ...body, code, confirmPassword: `${PASSWORD}!` },
    ]) {
      const answer = await t.call('/api/acc/register', attempt);
      expect(answer.code).not.toBe(200);
      expect(answer.data).toBeNull();
    }
    expect(await countSessions()).toBe(before);

    // A taken address (its owner registering again with a fresh code of their own) gets no session either.
    const taken = await registerMember();
    const sessionsOfTaken = await countSessions();
    t.clock.advance(VERIFICATION_CODE_RESEND_SECONDS);
    await t.call('/api/acc/sendCode', { email: taken, purpose: 'register' });
    const again = await t.call('/api/acc/register', { ...body, email: taken, code: '123456' });
    expect(again).toMatchObject({ code: 1101, data: null });
    expect(await countSessions()).toBe(sessionsOfTaken);

    // Another registration of the address won the race after this code was mailed: the insert
    // fails, and the session of the same transaction is never written.
    const raced = newEmail();
    const racedCode = await requestCode(raced, 'register');
    const { memberId } = await createWalletMember(t);
    await t.database.db.update(members).set({ email: raced }).where(eq(members.id, memberId));
    const beforeRace = await countSessions();
    const lost = await t.call('/api/acc/register', { ...body, email: raced, code: racedCode });
    expect(lost).toMatchObject({ code: 1104, data: null });
    expect(await countSessions()).toBe(beforeRace);
  });

  it('fixes the referrer by the invitation code of an existing member', async () => {
    const referrerEmail = await registerMember();
    const referrerToken = await login(referrerEmail);
    const referrer = await t.call('/api/acc/info', {}, { token: referrerToken });

    const email = await registerMember(newEmail(), referrer.data.inviteCode);
    const info = await t.call('/api/acc/info', {}, { token: await login(email) });
    expect(info.data.referrerInviteCode).toBe(referrer.data.inviteCode);
    expect(info.data.inviteCode).not.toBe(referrer.data.inviteCode);
  });

  it('refuses an unknown invitation code without burning the email code', async () => {
    const email = newEmail();
    const code = await requestCode(email, 'register');
    const before = await countMembers();
    const bad = await t.call('/api/acc/register', {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      code,
      inviteCode: 'NOSUCHCODE',
      agreed: true,
    });
    expect(bad).toMatchObject({ code: 1102, msg: 'The invitation code is not valid.' });
    expect(await countMembers()).toBe(before);
    const good = await t.call('/api/acc/register', {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      code,
      inviteCode: GENESIS_CODE,
      agreed: true,
    });
    expect(good.code).toBe(200);
  });

  it.each([
    [{}, 'Please enter email.'],
    [{ email: 'not-an-email' }, 'Please enter a correct email.'],
    [{ email: 'a@example.com' }, 'Enter password.'],
    [{ email: 'a@example.com', password: 'short' }, 'The password must have at least 8 characters.'],
    [{ email: 'a@example.com', password: 'x'.repeat(129) }, 'The password must have at most 128 characters.'],
    [{ email: 'a@example.com', password: PASSWORD }, 'Please confirm the password.'],
    [{ email: 'a@example.com', password: PASSWORD, confirmPassword: PASSWORD }, 'Enter verification code.'],
    [
      { email: 'a@example.com', password: PASSWORD, confirmPassword: PASSWORD, code: '12ab' },
      'The verification code has 6 digits.',
    ],
    [
      { email: 'a@example.com', password: PASSWORD, confirmPassword: PASSWORD, code: '123456' },
      'Enter invitation code.',
    ],
    [
      {
        email: 'a@example.com',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        code: '123456',
        inviteCode: GENESIS_CODE,
      },
      'Please read and agree to the Terms of Service, Privacy Policy and AML Guide.',
    ],
    [
      {
        email: 'a@example.com',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        code: '123456',
        inviteCode: GENESIS_CODE,
        agreed: false,
      },
      'Please read and agree to the Terms of Service, Privacy Policy and AML Guide.',
    ],
    [
      {
        email: 'a@example.com',
        password: PASSWORD,
        confirmPassword: `${PASSWORD}!`,
        code: '123456',
        inviteCode: GENESIS_CODE,
        agreed: true,
      },
      'The passwords are inconsistent.',
    ],
  ])('answers %j with the localised message "%s" and changes nothing', async (body, message) => {
    const before = await countMembers();
    const answer = await t.call('/api/acc/register', body);
    expect(answer).toMatchObject({ status: 200, code: 1000, msg: message, data: null });
    expect(await countMembers()).toBe(before);
  });

  it('localises validation messages by the language header', async () => {
    const zh = await t.call('/api/acc/register', {}, { language: 'zh_CN' });
    expect(zh.msg).toBe('请输入邮箱。');
    const ru = await t.call('/api/acc/register', { email: 'x' }, { language: 'ru_RU' });
    expect(ru.code).toBe(1000);
    expect(ru.msg).not.toBe('Please enter a correct email.');
    const fallback = await t.call('/api/acc/register', {}, { language: 'xx_XX' });
    expect(fallback.msg).toBe('Please enter email.');
  });

  it('does not reveal a taken email: the owner gets a notice instead of a code', async () => {
    const email = await registerMember();
    t.clock.advance(VERIFICATION_CODE_RESEND_SECONDS);
    const since = t.smtp.mails.length;
    const answer = await t.call('/api/acc/sendCode', { email, purpose: 'register' });
    expect(answer).toMatchObject({ code: 200, data: { cooldownSeconds: VERIFICATION_CODE_RESEND_SECONDS } });
    const notice = await t.smtp.waitForMail(email, { since });
    expect(notice.subject).toBe('Someone tried to register with your email at KPC');
    expect(notice.text).not.toMatch(/\b\d{6}\b/);
    // No code was mailed, so no code can register the address a second time.
    const attempt = await t.call('/api/acc/register', {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      code: '000000',
      inviteCode: GENESIS_CODE,
      agreed: true,
    });
    expect(attempt.code).toBe(1101);
  });

  it('sends mails in the language of the request', async () => {
    const email = newEmail();
    const since = t.smtp.mails.length;
    await t.call('/api/acc/sendCode', { email, purpose: 'register' }, { language: 'zh_CN' });
    const mail = await t.smtp.waitForMail(email, { since });
    expect(mail.subject).toMatch(/^您的 KPC 注册验证码：\d{6}$/);
    expect(mail.text).toContain('10 分钟内有效');
  });
});

describe('verification codes', () => {
  it('stores only a keyed hash of the code', async () => {
    const email = newEmail();
    const code = await requestCode(email, 'register');
    const rows = await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('enforces the 60 s resend cooldown, then a new code replaces the old one', async () => {
    const email = newEmail();
    const first = await requestCode(email, 'register');
    const again = await t.call('/api/acc/sendCode', { email, purpose: 'register' });
    expect(again.code).toBe(1100);
    expect(again.msg).toMatch(/in (59|60) seconds/);

    t.clock.advance(VERIFICATION_CODE_RESEND_SECONDS);
    const second = await requestCode(email, 'register');
    const body = { email, password: PASSWORD, confirmPassword: PASSWORD, inviteCode: GENESIS_CODE, agreed: true };
    if (first !== second) {
      expect((await t.call('/api/acc/register', { ...body, code: first })).code).toBe(1101);
    }
    expect((await t.call('/api/acc/register', { ...body, code: second })).code).toBe(200);
  });

  it('is single use', async () => {
    const email = newEmail();
    const code = await requestCode(email, 'register');
    const body = { email, password: PASSWORD, confirmPassword: PASSWORD, code, inviteCode: GENESIS_CODE, agreed: true };
    expect((await t.call('/api/acc/register', body)).code).toBe(200);
    const reused = await t.call('/api/acc/register', body);
    expect(reused).toMatchObject({
      code: 1101,
      msg: 'The verification code is incorrect or has expired. Please request a new one.',
    });
  });

  it('expires after 10 minutes', async () => {
    const email = newEmail();
    const code = await requestCode(email, 'register');
    t.clock.advance(VERIFICATION_CODE_TTL_SECONDS);
    const answer = await t.call('/api/acc/register', {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      code,
      inviteCode: GENESIS_CODE,
      agreed: true,
    });
    expect(answer.code).toBe(1101);
  });

  it('burns after 5 wrong tries, even for the right code afterwards', async () => {
    const email = newEmail();
    const code = await requestCode(email, 'register');
    const wrong = code === '000000' ? '111111' : '000000';
    const body = { email, password: PASSWORD, confirmPassword: PASSWORD, inviteCode: GENESIS_CODE, agreed: true };
    for (let i = 0; i < 5; i++) expect((await t.call('/api/acc/register', { ...body, code: wrong })).code).toBe(1101);
    expect((await t.call('/api/acc/register', { ...body, code })).code).toBe(1101);
  });

  it('only works for its own purpose', async () => {
    const email = await registerMember();
    t.clock.advance(VERIFICATION_CODE_RESEND_SECONDS);
    const loginCode = await requestCode(email, 'login');
    const reset = await t.call('/api/acc/resetPassword', {
      email,
      code: loginCode,
      password: 'another password',
      confirmPassword: 'another password',
    });
    expect(reset.code).toBe(1101);
    const answer = await t.call('/api/acc/loginEmail', { type: 2, email, code: loginCode });
    expect(answer.code).toBe(200);
  });

  it('gives codes for unknown emails the same answer but mails nothing', async () => {
    const email = newEmail();
    const since = t.smtp.mails.length;
    const answer = await t.call('/api/acc/sendCode', { email, purpose: 'resetPassword' });
    expect(answer).toMatchObject({ code: 200, data: { cooldownSeconds: 60 } });
    await expect(t.smtp.waitForMail(email, { since, timeoutMs: 500 })).rejects.toThrow(/no mail/);
    expect((await t.call('/api/acc/sendCode', { email, purpose: 'resetPassword' })).code).toBe(1100);
  });

  it('refuses an unknown purpose', async () => {
    const answer = await t.call('/api/acc/sendCode', { email: newEmail(), purpose: 'withdraw-everything' });
    expect(answer).toMatchObject({ code: 1000, msg: 'The request is invalid.' });
  });
});

describe('email login (/api/acc/loginEmail)', () => {
  it('logs in with the password and returns a long opaque token stored only as a hash', async () => {
    const email = await registerMember();
    const answer = await t.call('/api/acc/loginEmail', { type: 1, email: email.toUpperCase(), password: PASSWORD });
    expect(answer).toMatchObject({ code: 200, data: { address: '', isNew: false } });
    const token = answer.data.token as string;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await t.database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(stored.some((s) => s.tokenHash === token)).toBe(false);
  });

  it('says the same for a wrong password and an unknown email', async () => {
    const email = await registerMember();
    const wrong = await t.call('/api/acc/loginEmail', { type: 1, email, password: 'wrong password!' });
    const unknown = await t.call('/api/acc/loginEmail', { type: 1, email: newEmail(), password: PASSWORD });
    expect(wrong).toMatchObject({ code: 1103, msg: 'Incorrect email or password.' });
    expect(unknown).toMatchObject({ code: 1103, msg: 'Incorrect email or password.' });
  });

  it('logs in with an emailed code (type 2) once', async () => {
    const email = await registerMember();
    const code = await requestCode(email, 'login');
    const answer = await t.call('/api/acc/loginEmail', { type: 2, email, code });
    expect(answer.code).toBe(200);
    expect((await t.call('/api/acc/loginEmail', { type: 2, email, code })).code).toBe(1101);
  });

  it('refuses an unknown login type', async () => {
    const answer = await t.call('/api/acc/loginEmail', { type: 3, email: newEmail(), password: PASSWORD });
    expect(answer.code).toBe(1000);
  });
});

describe('sessions', () => {
  it('answers 401 without a token and with an unknown one', async () => {
    expect((await t.call('/api/acc/info', {})).code).toBe(401);
    expect((await t.call('/api/acc/info', {}, { token: 'not-a-token' })).code).toBe(401);
  });

  it('logout revokes the token (5000 afterwards)', async () => {
    const token = await login(await registerMember());
    expect((await t.call('/api/acc/logout', undefined, { token })).code).toBe(200);
    const after = await t.call('/api/acc/info', {}, { token });
    expect(after).toMatchObject({ code: 5000, msg: 'You have been logged out. Please log in again.' });
  });

  it('expires after the idle time, and after the absolute age even when used', async () => {
    const email = await registerMember();
    const idle = await login(email);
    t.clock.advance(7 * 24 * 3600);
    expect((await t.call('/api/acc/info', {}, { token: idle })).code).toBe(401);

    const busy = await login(email);
    for (let day = 0; day < 30; day++) {
      t.clock.advance(24 * 3600);
      const answer = await t.call('/api/acc/info', {}, { token: busy });
      expect(answer.code).toBe(day < 29 ? 200 : 401);
    }
  });

  it('keeps a short idle session alive while it is used, and ends it once unused for the idle time', async () => {
    const short = await createTestApp({ SESSION_IDLE_SECONDS: '20' });
    try {
      const { token } = await createWalletMember(short);
      for (let second = 8; second <= 64; second += 8) {
        short.clock.advance(8);
        expect((await short.call('/api/acc/info', {}, { token })).code, `after ${second} s`).toBe(200);
      }
      short.clock.advance(21);
      expect((await short.call('/api/acc/info', {}, { token })).code).toBe(401);
    } finally {
      await short.close();
    }
  });

  it('answers 403 for a disabled member', async () => {
    const email = await registerMember();
    const token = await login(email);
    await t.database.db.update(members).set({ status: 'disabled' }).where(eq(members.email, email));
    expect((await t.call('/api/acc/info', {}, { token })).code).toBe(403);
    expect((await t.call('/api/acc/loginEmail', { type: 1, email, password: PASSWORD })).code).toBe(403);
  });
});

describe('reset and change password (/pages/change/pwd)', () => {
  it('forgot password: a new password works, the old one and every session stop', async () => {
    const email = await registerMember();
    const oldToken = await login(email);
    const code = await requestCode(email, 'resetPassword');
    const since = t.smtp.mails.length;
    const answer = await t.call('/api/acc/resetPassword', {
      email,
      code,
      password: 'a brand new passphrase',
      confirmPassword: 'a brand new passphrase',
    });
    expect(answer.code).toBe(200);
    expect((await t.call('/api/acc/info', {}, { token: oldToken })).code).toBe(5000);
    expect((await t.call('/api/acc/loginEmail', { type: 1, email, password: PASSWORD })).code).toBe(1103);
    expect((await t.call('/api/acc/loginEmail', { type: 1, email, password: 'a brand new passphrase' })).code).toBe(
      200,
    );
    const notice = await t.smtp.waitForMail(email, { since });
    expect(notice.subject).toBe('Your KPC password was changed');
  });

  it('change password while logged in keeps this session and ends the others', async () => {
    const email = await registerMember();
    const here = await login(email);
    const elsewhere = await login(email);
    const code = await requestCode(email, 'resetPassword');
    const answer = await t.call(
      '/api/acc/resetPassword',
      { email, code, password: 'changed passphrase', confirmPassword: 'changed passphrase' },
      { token: here },
    );
    expect(answer.code).toBe(200);
    expect((await t.call('/api/acc/info', {}, { token: here })).code).toBe(200);
    expect((await t.call('/api/acc/info', {}, { token: elsewhere })).code).toBe(5000);
  });

  it('refuses mismatched passwords before touching the code', async () => {
    const email = await registerMember();
    const code = await requestCode(email, 'resetPassword');
    const mismatch = await t.call('/api/acc/resetPassword', {
      email,
      code,
      password: 'changed passphrase',
      confirmPassword: 'other passphrase',
    });
    expect(mismatch).toMatchObject({ code: 1000, msg: 'The passwords are inconsistent.' });
    const ok = await t.call('/api/acc/resetPassword', {
      email,
      code,
      password: 'changed passphrase',
      confirmPassword: 'changed passphrase',
    });
    expect(ok.code).toBe(200);
  });
});

describe('concurrency', () => {
  it('one code registers one member even when ten requests race', async () => {
    const email = newEmail();
    const code = await requestCode(email, 'register');
    const body = { email, password: PASSWORD, confirmPassword: PASSWORD, code, inviteCode: GENESIS_CODE, agreed: true };
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.call('/api/acc/register', body)));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.every((a) => a.code === 200 || a.code === 1101 || a.code === 1104)).toBe(true);
    expect(await t.database.db.select().from(members).where(eq(members.email, email))).toHaveLength(1);
  });

  it('ten simultaneous code requests send one code', async () => {
    const email = newEmail();
    const since = t.smtp.mails.length;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.call('/api/acc/sendCode', { email, purpose: 'register' })),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 1100)).toHaveLength(9);
    await t.smtp.waitForMail(email, { since });
    expect(t.smtp.mails.slice(since).filter((m) => m.subject?.includes('registration code'))).toHaveLength(1);
  });
});
