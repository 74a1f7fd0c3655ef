import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  type TEndOtherSessionsResponse,
  type TMemberSession,
  type TSecurityEvent,
  type TSecurityEventsResponse,
  VERIFICATION_CODE_RESEND_SECONDS,
} from '@kpc/shared';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletMember, type TestMember } from '../../testing/members.ts';
import { createTestApp, GENESIS_CODE, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { describeDevice } from './device-label.ts';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0';
const PASSWORD = 'security activity passphrase';

let t: TestApp;

beforeAll(async () => {
  // Behind a proxy: the client address is the forwarded one, as in production.
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await t.close();
});

/** Headers of a request from a device at an address. */
const from = (userAgent: string, ip: string, token?: string) => ({
  'user-agent': userAgent,
  'x-forwarded-for': ip,
  ...(token ? { token } : {}),
});

async function eventsOf(token: string, body: object = {}): Promise<TSecurityEventsResponse> {
  const answer = await t.call('/api/acc/security/events', body, { token });
  expect(answer.code, answer.msg).toBe(200);
  return answer.data as TSecurityEventsResponse;
}

async function sessionsOf(token: string): Promise<TMemberSession[]> {
  const answer = await t.call('/api/acc/sessions', {}, { token });
  expect(answer.code, answer.msg).toBe(200);
  return (answer.data as { list: TMemberSession[] }).list;
}

/** The same wallet signed in again from another device: a second session of the member. */
async function signInAgain(privateKey: `0x${string}`, userAgent: string, ip: string): Promise<TestMember> {
  const original = t.call.bind(t);
  const withDevice: TestApp = {
    ...t,
    call: (path, body, headers = {}) => original(path, body, { ...from(userAgent, ip), ...headers }),
  };
  return createWalletMember(withDevice, { privateKey });
}

async function registerEmailMember(userAgent: string, ip: string) {
  const email = `security.${randomUUID().slice(0, 8)}@example.com`;
  const since = t.smtp.mails.length;
  expect((await t.call('/api/acc/sendCode', { email, purpose: 'register' })).code).toBe(200);
  const code = await t.smtp.waitForCode(email, { since });
  const registered = await t.call(
    '/api/acc/register',
    { email, password: PASSWORD, confirmPassword: PASSWORD, code, inviteCode: GENESIS_CODE, agreed: true },
    from(userAgent, ip),
  );
  expect(registered.code, registered.msg).toBe(200);
  return { email, token: registered.data.token as string };
}

describe(`security activity (Step 11 §2, ${testDatabaseKind()})`, () => {
  it('records a sign-in with the device and the client address, and lists the sessions with it', async () => {
    const { email, token: registered } = await registerEmailMember(IPHONE_SAFARI, '198.51.100.20');
    const login = await t.call(
      '/api/acc/loginEmail',
      { type: 1, email, password: PASSWORD },
      from(ANDROID_CHROME, '203.0.113.7'),
    );
    expect(login.code).toBe(200);
    const token = login.data.token as string;

    const { list } = await eventsOf(token);
    expect(list.map((event) => [event.kind, event.detail, event.device, event.ip, event.current])).toEqual([
      ['sign_in', 'password', 'Chrome · Android', '203.0.113.7', true],
      ['sign_in', 'register', 'Safari · iOS', '198.51.100.20', false],
    ]);

    const sessions = await sessionsOf(token);
    expect(sessions.map((session) => [session.device, session.ip, session.current, session.loginType])).toEqual([
      ['Chrome · Android', '203.0.113.7', true, 1],
      ['Safari · iOS', '198.51.100.20', false, 1],
    ]);
    expect(Date.parse(sessions[0]!.createdAt)).toBeGreaterThan(0);
    expect(Date.parse(sessions[0]!.lastSeenAt)).toBeGreaterThan(0);
    // The token is never shown, only the session's id.
    expect(JSON.stringify(sessions)).not.toContain(token);
    expect(JSON.stringify(sessions)).not.toContain(registered);
  });

  it('records a password change and a reset, and the sign-out', async () => {
    const { email, token } = await registerEmailMember(WINDOWS_FIREFOX, '192.0.2.1');
    const change = async (password: string, headers: Record<string, string>) => {
      // Past the resend cooldown of the code before.
      t.clock.advance(VERIFICATION_CODE_RESEND_SECONDS + 1);
      const since = t.smtp.mails.length;
      expect((await t.call('/api/acc/sendCode', { email, purpose: 'resetPassword' })).code).toBe(200);
      const code = await t.smtp.waitForCode(email, { since });
      const answer = await t.call(
        '/api/acc/resetPassword',
        { email, code, password, confirmPassword: password },
        headers,
      );
      expect(answer.code, answer.msg).toBe(200);
    };
    await change('changed while logged in', from(WINDOWS_FIREFOX, '192.0.2.1', token));
    await change('reset while logged out', from(ANDROID_CHROME, '192.0.2.2'));
    expect((await t.call('/api/acc/info', {}, { token })).code).toBe(ErrorCode.SESSION_REVOKED);

    const again = await t.call(
      '/api/acc/loginEmail',
      { type: 1, email, password: 'reset while logged out' },
      from(ANDROID_CHROME, '192.0.2.2'),
    );
    const fresh = again.data.token as string;
    expect((await t.call('/api/acc/logout', {}, from(ANDROID_CHROME, '192.0.2.2', fresh))).code).toBe(200);
    const last = await t.call(
      '/api/acc/loginEmail',
      { type: 1, email, password: 'reset while logged out' },
      from(ANDROID_CHROME, '192.0.2.2'),
    );
    const kinds = (await eventsOf(last.data.token as string)).list.map((event) => [event.kind, event.device]);
    expect(kinds).toEqual([
      ['sign_in', 'Chrome · Android'],
      ['sign_out', 'Chrome · Android'],
      ['sign_in', 'Chrome · Android'],
      ['password_reset', 'Chrome · Android'],
      ['password_changed', 'Firefox · Windows'],
      ['sign_in', 'Firefox · Windows'],
    ]);
  });

  it('lists only the member’s own events, newest first, a page at a time', async () => {
    const key = generatePrivateKey();
    const a = await signInAgain(key, ANDROID_CHROME, '203.0.113.1');
    await signInAgain(key, IPHONE_SAFARI, '203.0.113.2');
    await signInAgain(key, WINDOWS_FIREFOX, '203.0.113.3');
    const b = await signInAgain(generatePrivateKey(), ANDROID_CHROME, '203.0.113.99');

    const first = await eventsOf(a.token, { limit: 2 });
    expect(first.list.map((event) => event.ip)).toEqual(['203.0.113.3', '203.0.113.2']);
    expect(first.nextCursor).not.toBeNull();
    const second = await eventsOf(a.token, { limit: 2, cursor: first.nextCursor });
    expect(second.list.map((event) => [event.ip, event.current])).toEqual([['203.0.113.1', true]]);
    expect(second.nextCursor).toBeNull();

    const theirs = await eventsOf(b.token);
    expect(theirs.list.map((event: TSecurityEvent) => event.ip)).toEqual(['203.0.113.99']);
  });

  it('ends another session: its token is refused at once, an event is recorded', async () => {
    const key = generatePrivateKey();
    const here = await signInAgain(key, ANDROID_CHROME, '203.0.113.10');
    const there = await signInAgain(key, IPHONE_SAFARI, '203.0.113.11');
    // The other session is in use (and so in the session cache) before it is ended.
    expect((await t.call('/api/acc/info', {}, there.headers)).code).toBe(200);
    expect((await t.call('/api/acc/info', {}, there.headers)).code).toBe(200);

    const [mine, other] = await sessionsOf(here.token);
    expect([mine?.current, other?.current, other?.device]).toEqual([true, false, 'Safari · iOS']);
    const ended = await t.call(
      '/api/acc/sessions/end',
      { sessionId: other!.id },
      from(ANDROID_CHROME, '203.0.113.10', here.token),
    );
    expect(ended.code, ended.msg).toBe(200);

    expect((await t.call('/api/acc/info', {}, there.headers)).code).toBe(ErrorCode.SESSION_REVOKED);
    expect((await t.call('/api/acc/info', {}, here.headers)).code).toBe(200);
    expect((await sessionsOf(here.token)).map((session) => session.id)).toEqual([mine!.id]);
    expect((await eventsOf(here.token)).list[0]).toMatchObject({
      kind: 'session_ended',
      device: 'Chrome · Android',
      ip: '203.0.113.10',
      current: true,
    });
    // Ended once: a second time it is no longer there.
    const twice = await t.call('/api/acc/sessions/end', { sessionId: other!.id }, here.headers);
    expect(twice.code).toBe(ErrorCode.SESSION_NOT_FOUND);
  });

  it('ends all other sessions but never the one asking', async () => {
    const key = generatePrivateKey();
    const here = await signInAgain(key, ANDROID_CHROME, '203.0.113.20');
    const others = [
      await signInAgain(key, IPHONE_SAFARI, '203.0.113.21'),
      await signInAgain(key, WINDOWS_FIREFOX, '203.0.113.22'),
    ];
    const answer = await t.call('/api/acc/sessions/endOthers', {}, here.headers);
    expect(answer.code, answer.msg).toBe(200);
    expect((answer.data as TEndOtherSessionsResponse).ended).toBe(2);
    for (const other of others) {
      expect((await t.call('/api/acc/info', {}, other.headers)).code).toBe(ErrorCode.SESSION_REVOKED);
    }
    expect((await t.call('/api/acc/info', {}, here.headers)).code).toBe(200);
    const [latest] = (await eventsOf(here.token)).list;
    expect(latest).toMatchObject({ kind: 'other_sessions_ended', detail: '2', current: true });

    // Nothing left to end: nothing ended, nothing recorded, this session still works.
    const again = await t.call('/api/acc/sessions/endOthers', {}, here.headers);
    expect(again.data).toEqual({ ended: 0 });
    expect((await eventsOf(here.token)).list[0]!.id).toBe(latest!.id);
    expect((await t.call('/api/acc/info', {}, here.headers)).code).toBe(200);
  });

  it("refuses another member's session, and this one, exactly as an unknown id", async () => {
    const keyA = generatePrivateKey();
    const a = await signInAgain(keyA, ANDROID_CHROME, '203.0.113.30');
    const a2 = await signInAgain(keyA, IPHONE_SAFARI, '203.0.113.31');
    const b = await signInAgain(generatePrivateKey(), WINDOWS_FIREFOX, '203.0.113.32');
    const aSessions = await sessionsOf(a.token);
    const strip = (answer: { status: number; code: number; msg: string; data: unknown }) => ({
      status: answer.status,
      code: answer.code,
      msg: answer.msg,
      data: answer.data,
    });

    const unknown = strip(await t.call('/api/acc/sessions/end', { sessionId: randomUUID() }, b.headers));
    expect(unknown).toEqual({ status: 200, code: ErrorCode.SESSION_NOT_FOUND, msg: expect.any(String), data: null });
    for (const session of aSessions) {
      expect(strip(await t.call('/api/acc/sessions/end', { sessionId: session.id }, b.headers))).toEqual(unknown);
    }
    // Through "end one", the asking session is no other session either.
    const current = aSessions.find((session) => session.current)!;
    expect(strip(await t.call('/api/acc/sessions/end', { sessionId: current.id }, a.headers))).toEqual(unknown);
    for (const member of [a, a2, b]) expect((await t.call('/api/acc/info', {}, member.headers)).code).toBe(200);
    // B sees nothing of A.
    expect(JSON.stringify(await eventsOf(b.token))).not.toContain('203.0.113.30');
    expect((await sessionsOf(b.token)).map((session) => session.ip)).toEqual(['203.0.113.32']);
  });

  it('refuses malformed input with a localised message, never a 500', async () => {
    const member = await signInAgain(generatePrivateKey(), ANDROID_CHROME, '203.0.113.40');
    const bad: [string, unknown][] = [
      ['/api/acc/sessions/end', { sessionId: 'not-a-uuid' }],
      ['/api/acc/sessions/end', { sessionId: 42 }],
      ['/api/acc/sessions/end', {}],
      ['/api/acc/security/events', { cursor: 'abc' }],
      ['/api/acc/security/events', { limit: 1000 }],
      ['/api/acc/sessions', { extra: true }],
    ];
    for (const [path, body] of bad) {
      const answer = await t.call(path, body, { ...member.headers, language: 'zh_CN' });
      expect([path, answer.status < 500, answer.code]).toEqual([path, true, ErrorCode.INVALID_REQUEST]);
    }
    const missing = await t.call(
      '/api/acc/sessions/end',
      { sessionId: randomUUID() },
      { ...member.headers, language: 'ja_JP' },
    );
    expect(missing.msg).not.toBe('SESSION_NOT_FOUND');
    expect(missing.msg).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    for (const path of ['/api/acc/security/events', '/api/acc/sessions', '/api/acc/sessions/endOthers']) {
      expect((await t.call(path, {})).code).toBe(ErrorCode.UNAUTHORIZED);
    }
  });
});

describe('describeDevice', () => {
  it.each([
    [ANDROID_CHROME, 'Chrome · Android'],
    [IPHONE_SAFARI, 'Safari · iOS'],
    [WINDOWS_FIREFOX, 'Firefox · Windows'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
      'Edge · macOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 13; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/112.0.0.0 Mobile Safari/537.36 MetaMaskMobile',
      'MetaMask · Android',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.0.0 Safari/537.36',
      'Chrome · Linux',
    ],
    ['curl/8.5.0', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (userAgent, label) => {
    expect(describeDevice(userAgent)).toBe(label);
  });
});
