import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, GENESIS_CODE, type TestApp } from './testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('wire protocol (SPEC §7-§8)', () => {
  it('answers an unknown path with HTTP 404 and a localised message', async () => {
    const answer = await t.call('/api/nothing/here', {}, { language: 'zh_CN' });
    expect(answer).toMatchObject({ status: 404, code: 404, msg: '接口不存在。' });
  });

  it.each([
    ['broken JSON', '{"email":', 'application/json'],
    ['a JSON array', '[1,2,3]', 'application/json'],
    ['a JSON string', '"hello"', 'application/json'],
    ['null', 'null', 'application/json'],
    ['plain text', 'email=a@b.c', 'text/plain'],
    ['form encoding', 'email=a%40b.c', 'application/x-www-form-urlencoded'],
    [
      'a prototype-poisoning body',
      '{"__proto__":{"admin":true},"email":"a@b.co","purpose":"login"}',
      'application/json',
    ],
    ['wrong types', '{"email":12,"purpose":["register"]}', 'application/json'],
    ['a huge body', JSON.stringify({ email: 'a'.repeat(200_000) }), 'application/json'],
  ])('never answers %s with a 500 or a stack trace', async (_name, payload, contentType) => {
    for (const url of [
      '/api/acc/sendCode',
      '/api/acc/register',
      '/api/acc/loginEmail',
      '/api/acc/resetPassword',
      '/api/acc/info',
      '/api/acc/logout',
    ]) {
      const response = await t.app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });
      expect(response.statusCode, url).toBeLessThan(500);
      const body = response.json<{ code: number; msg: string; data: unknown }>();
      expect(body.code, url).not.toBe(200);
      expect(body.data).toBeNull();
      expect(response.body).not.toMatch(/at .*\.ts:\d+|stack|select |insert /i);
    }
  });

  it('treats a missing body as an empty payload', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/acc/sendCode' });
    expect(response.json()).toMatchObject({ code: 1000, msg: 'Please enter email.' });
  });

  it('serves an OpenAPI document generated from the schemas, and its reference page', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/docs/json' });
    const openapi = doc.json<{ paths: Record<string, { post?: { requestBody?: unknown } }> }>();
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining([
        '/api/acc/sendCode',
        '/api/acc/register',
        '/api/acc/loginEmail',
        '/api/acc/resetPassword',
        '/api/acc/info',
        '/api/acc/logout',
      ]),
    );
    expect(JSON.stringify(openapi.paths['/api/acc/register']?.post?.requestBody)).toContain('inviteCode');
    const page = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBeLessThan(400);
  });

  it('reports health with the database kind', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.json()).toMatchObject({ code: 200, data: { status: 'ok', version: '1.0.0' } });
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends HSTS only over TLS, and takes a proxy at its word only when told to trust it', async () => {
    const overHttp = await t.app.inject({ method: 'GET', url: '/health' });
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    // Anyone can send this header: without TRUST_PROXY it is not believed.
    const claimed = await t.app.inject({ method: 'GET', url: '/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
    const behindProxy = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const overTls = await behindProxy.app.inject({
        method: 'GET',
        url: '/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(overTls.headers['strict-transport-security']).toMatch(/^max-age=31536000; includeSubDomains/);
      expect(overTls.headers['content-security-policy']).toContain("script-src 'self'");
    } finally {
      await behindProxy.close();
    }
  });
});

describe('logs', () => {
  it('never contain passwords, codes or tokens', async () => {
    const email = `logcheck.${Date.now()}@example.com`;
    const password = 'log secret passphrase';
    await t.call('/api/acc/sendCode', { email, purpose: 'register' });
    const code = await t.smtp.waitForCode(email);
    await t.call('/api/acc/register', {
      email,
      password,
      confirmPassword: password,
      code,
      inviteCode: 'GENESIS1',
      agreed: true,
    });
    const login = await t.call('/api/acc/loginEmail', { type: 1, email, password });
    const token = login.data.token as string;
    await t.call('/api/acc/info', {}, { token });
    // Make the server log a request body and headers on purpose, the way a careless handler might.
    t.app.log.info({ req: { headers: { token } }, body: { password, code, token } }, 'careless log line');
    const logs = t.logs.join('\n');
    expect(logs).toContain('careless log line');
    expect(logs).not.toContain(password);
    expect(logs).not.toContain(token);
    expect(logs).not.toContain(`"${code}"`);
  });
});

/** One call from the client at `remoteAddress`, as a server behind no proxy sees it. */
async function callFrom(app: TestApp, remoteAddress: string, path: string, body: object) {
  const response = await app.app.inject({
    method: 'POST',
    url: path,
    remoteAddress,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  const { code, msg } = response.json<{ code: number; msg: string }>();
  return { status: response.statusCode, code, msg, retryAfter: response.headers['retry-after'] };
}

const PASSWORD = 'whatever password';
const passwordLogin = (email: string) => ({ type: 1, email, password: PASSWORD });
const walletLogin = (address: string) => ({ random: 'x', sign: `0x${'ab'.repeat(65)}`, address });

describe('rate limits', () => {
  it('hold in each process, with no failed request, while Redis does not answer', async () => {
    // Nothing listens on port 1: Redis is away from the start (as when it is down or unreachable).
    const t = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_LOGIN_MAX: '3' });
    try {
      const body = passwordLogin('nobody.redis@example.com');
      const codes = [];
      for (let i = 0; i < 5; i++) codes.push((await t.call('/api/acc/loginEmail', body)).code);
      expect(codes).toEqual([1103, 1103, 1103, 1001, 1001]);
      expect(t.logs.some((line) => line.includes('each process counts alone'))).toBe(true);
    } finally {
      await t.close();
    }
  });

  it.runIf(process.env.TEST_REDIS_URL)('are shared by every server process through Redis', async () => {
    const env = {
      REDIS_URL: process.env.TEST_REDIS_URL ?? '',
      REDIS_KEY_PREFIX: `kpc-test-${Date.now()}-${Math.random()}:`,
      RATE_LIMIT_LOGIN_MAX: '4',
    };
    const first = await createTestApp(env);
    const second = await createTestApp(env);
    try {
      const body = { type: 1, email: 'nobody@example.com', password: 'whatever password' };
      for (const process of [first, second, first, second])
        expect((await process.call('/api/acc/loginEmail', body)).code).toBe(1103);
      expect((await first.call('/api/acc/loginEmail', body)).code).toBe(1001);
      expect((await second.call('/api/acc/loginEmail', body)).code).toBe(1001);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it.runIf(process.env.TEST_REDIS_URL)('share the per-account bucket between server processes too', async () => {
    const env = {
      REDIS_URL: process.env.TEST_REDIS_URL ?? '',
      REDIS_KEY_PREFIX: `kpc-test-${Date.now()}-${Math.random()}:`,
      RATE_LIMIT_ACCOUNT_MAX: '2',
    };
    const first = await createTestApp(env);
    const second = await createTestApp(env);
    try {
      const body = passwordLogin('shared.victim@example.com');
      expect((await callFrom(first, '10.1.0.1', '/api/acc/loginEmail', body)).code).toBe(1103);
      expect((await callFrom(second, '10.1.0.2', '/api/acc/loginEmail', body)).code).toBe(1103);
      expect((await callFrom(first, '10.1.0.3', '/api/acc/loginEmail', body)).code).toBe(1001);
      const reset = {
        email: 'shared.victim@example.com',
        code: '123456',
        password: PASSWORD,
        confirmPassword: PASSWORD,
      };
      expect((await callFrom(second, '10.1.0.4', '/api/acc/resetPassword', reset)).code).toBe(1001);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('count attempts over every credential call in one bucket per client', async () => {
    const limited = await createTestApp({ RATE_LIMIT_LOGIN_MAX: '5' });
    const client = '203.0.113.7';
    const email = (name: string) => `${name}@example.com`;
    try {
      const attempts = [
        callFrom(limited, client, '/api/acc/loginEmail', passwordLogin(email('one'))),
        callFrom(limited, client, '/api/acc/register', {
          email: email('two'),
          password: PASSWORD,
          confirmPassword: PASSWORD,
          code: '123456',
          inviteCode: GENESIS_CODE,
          agreed: true,
        }),
        callFrom(limited, client, '/api/acc/resetPassword', {
          email: email('three'),
          code: '123456',
          password: PASSWORD,
          confirmPassword: PASSWORD,
        }),
        callFrom(limited, client, '/api/acc/login', walletLogin('0x90F79bf6EB2c4f870365E785982E1f101E93b906')),
        callFrom(limited, client, '/api/acc/bindWallet', walletLogin('0x90F79bf6EB2c4f870365E785982E1f101E93b906')),
      ];
      for (const attempt of attempts) expect((await attempt).code).not.toBe(1001);

      for (const path of ['/api/acc/loginEmail', '/api/acc/register', '/api/acc/resetPassword', '/api/acc/login']) {
        const blocked = await callFrom(limited, client, path, passwordLogin(email('four')));
        expect(blocked, path).toMatchObject({ status: 429, code: 1001 });
        expect(Number(blocked.retryAfter)).toBeGreaterThan(0);
      }
      // Asking for a nonce or a code is no credential attempt; other clients are not affected.
      expect((await callFrom(limited, client, '/api/acc/auth', {})).code).toBe(200);
      expect(
        (await callFrom(limited, client, '/api/acc/sendCode', { email: email('five'), purpose: 'login' })).code,
      ).toBe(200);
      expect((await callFrom(limited, '198.51.100.1', '/api/acc/loginEmail', passwordLogin(email('one')))).code).toBe(
        1103,
      );
    } finally {
      await limited.close();
    }
  });

  it('stop attempts on one account from many clients, the same way whether the account exists or not', async () => {
    const limited = await createTestApp({ RATE_LIMIT_ACCOUNT_MAX: '3' });
    const existing = `existing.${Date.now()}@example.com`;
    const unknown = `unknown.${Date.now()}@example.com`;
    let client = 0;
    const nextClient = () => `10.0.0.${++client}`;
    try {
      // One attempt on each: registering the existing member, and a refused registration.
      const since = limited.smtp.mails.length;
      expect((await limited.call('/api/acc/sendCode', { email: existing, purpose: 'register' })).code).toBe(200);
      const code = await limited.smtp.waitForCode(existing, { since });
      const rightPassword = 'the right password';
      const register = {
        password: rightPassword,
        confirmPassword: rightPassword,
        inviteCode: GENESIS_CODE,
        agreed: true,
      };
      expect((await limited.call('/api/acc/register', { ...register, email: existing, code })).code).toBe(200);
      expect((await limited.call('/api/acc/register', { ...register, email: unknown, code })).code).toBe(1101);

      for (const email of [existing, unknown]) {
        for (let i = 0; i < 2; i++) {
          const answer = await callFrom(limited, nextClient(), '/api/acc/loginEmail', passwordLogin(email));
          expect(answer.code).toBe(1103);
        }
        const blocked = await callFrom(limited, nextClient(), '/api/acc/loginEmail', passwordLogin(email));
        expect(blocked).toMatchObject({ status: 429, code: 1001 });
        // However the email is written, and on every credential call.
        const shouted = await callFrom(
          limited,
          nextClient(),
          '/api/acc/loginEmail',
          passwordLogin(email.toUpperCase()),
        );
        expect(shouted.code).toBe(1001);
        const reset = { email, code: '123456', password: PASSWORD, confirmPassword: PASSWORD };
        expect((await callFrom(limited, nextClient(), '/api/acc/resetPassword', reset)).code).toBe(1001);
      }
      // Even the right password waits: the bucket does not know which attempts are the owner's.
      const rightLogin = { type: 1, email: existing, password: rightPassword };
      expect((await callFrom(limited, nextClient(), '/api/acc/loginEmail', rightLogin)).code).toBe(1001);
      expect(
        (await callFrom(limited, nextClient(), '/api/acc/loginEmail', passwordLogin('other@example.com'))).code,
      ).toBe(1103);

      // A wallet address is an account too.
      const address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
      for (let i = 0; i < 3; i++) {
        expect((await callFrom(limited, nextClient(), '/api/acc/login', walletLogin(address))).code).toBe(1105);
      }
      const lowerCase = walletLogin(address.toLowerCase());
      expect((await callFrom(limited, nextClient(), '/api/acc/login', lowerCase)).code).toBe(1001);
      const other = walletLogin('0x90F79bf6EB2c4f870365E785982E1f101E93b906');
      expect((await callFrom(limited, nextClient(), '/api/acc/login', other)).code).toBe(1105);
    } finally {
      await limited.close();
    }
  });

  it('stops a client after the configured number of login attempts, with a localised message', async () => {
    const limited = await createTestApp({ RATE_LIMIT_LOGIN_MAX: '3', RATE_LIMIT_CODE_MAX: '2' });
    try {
      const body = { type: 1, email: 'nobody@example.com', password: 'whatever password' };
      for (let i = 0; i < 3; i++) expect((await limited.call('/api/acc/loginEmail', body)).code).toBe(1103);
      const blocked = await limited.call('/api/acc/loginEmail', body, { language: 'ja_JP' });
      expect(blocked).toMatchObject({ status: 429, code: 1001 });
      expect(blocked.msg).toMatch(/\d+/);
      expect(blocked.msg).not.toContain('Too many');

      for (let i = 0; i < 2; i++)
        await limited.call('/api/acc/sendCode', { email: `rl${i}@example.com`, purpose: 'login' });
      expect((await limited.call('/api/acc/sendCode', { email: 'rl9@example.com', purpose: 'login' })).code).toBe(1001);
    } finally {
      await limited.close();
    }
  });
});
