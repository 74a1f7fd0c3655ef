import { createHmac, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletMember, fund, type TestMember } from './testing/members.ts';
import {
  lowerBound,
  openApiPostRoutes,
  upperBound,
  wireProblemOf,
  type JsonSchema,
  type Route,
} from './testing/openapi-routes.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';
import { testDatabaseKind } from './testing/test-database.ts';

/**
 * "Never a 500" (Step 4b): every route of the server's own OpenAPI document is fuzzed with
 * generated bodies, anonymously and as a logged-in member, in every language. A route added later
 * is fuzzed without touching this file. Then one regression case per reported defect. A NUL in
 * each string field alone, the rest of the body valid, is api-nul-fuzz.test.ts.
 */

/** Fixed: the same requests on every run and both databases. */
const SEED = 20_240_917;
/** Generated bodies per route (each sent once, with generated headers). */
const RUNS_PER_ROUTE = 200;

let t: TestApp;
let member: TestMember;
let requests = 0;
/** Body codes answered, to show the fuzz reaches past the schemas (200s, balances, quotes), not only 1000s. */
const codes = new Map<number, number>();

/** Funds reach deeper code (transfers, exchanges, withdrawals) when the faucet is on. */
async function fundedMember(withFaucet: boolean): Promise<TestMember> {
  const created = await createWalletMember(t);
  if (withFaucet) {
    await fund(t, created, 'USDT', '1000');
    await fund(t, created, 'USDT', '100', 'income');
    await fund(t, created, 'KPC', '1000');
  }
  return created;
}

beforeAll(async () => {
  // Thousands of credential and code calls from one client address: the limits are not under test here.
  t = await createTestApp({
    RATE_LIMIT_LOGIN_MAX: '1000000',
    RATE_LIMIT_ACCOUNT_MAX: '1000000',
    RATE_LIMIT_CODE_MAX: '1000000',
  });
});
afterAll(async () => {
  await t?.close();
});

// ---------------------------------------------------------------------------------------------
// Generators.

const INT4_MAX = 2_147_483_647;

/** A number literal sent as is: JSON.stringify cannot write `-0`, `1e999` or 30 digits. */
class RawJson {
  constructor(readonly text: string) {}
}

const hostileNumbers = fc.oneof(
  fc.constantFrom(
    1e308,
    -1e308,
    -0,
    -1,
    0,
    0.5,
    1.5,
    -1.5,
    5e-324,
    INT4_MAX + 1,
    -INT4_MAX - 2,
    2 ** 53,
    2 ** 63,
    2 ** 64,
    Number.MAX_SAFE_INTEGER,
    Number.MIN_SAFE_INTEGER,
  ),
  fc.double(),
  fc.integer(),
  // Past int4, still safe integers.
  fc.bigInt(2n ** 31n, 2n ** 53n - 1n).map(Number),
  fc
    .constantFrom(
      '-0',
      '-0.0',
      '1e999',
      '-1e999',
      '1E400',
      '0.0000000000000000000000001',
      '123456789012345678901234567890',
      '9223372036854775808',
      '-9223372036854775809',
      '18446744073709551616',
      '2147483648',
    )
    .map((text) => new RawJson(text)),
);

/** Decimal-looking strings: what amounts, cursors and ids are made of, out of every range. */
const hostileNumericStrings = fc.oneof(
  fc.constantFrom(
    'NaN',
    'Infinity',
    '-Infinity',
    '1e308',
    '1e-308',
    '-0',
    '0',
    '00',
    '0.0',
    '-1',
    '+1',
    '1e3',
    '0x1F',
    '1_000',
    '1,5',
    '1.',
    '.5',
    ' 1 ',
    '1 000',
    '１２３',
    '١٢٣',
    '2147483647',
    '2147483648',
    '-2147483649',
    '9223372036854775807',
    '9223372036854775808',
    '-9223372036854775809',
    '18446744073709551616',
    '99999999999999999999',
    '100000000000000000000',
    '999999999999999',
    '1000000000000000',
    '0.000000000000000001',
    '0.0000000000000000001',
    '1.0000000000000000001',
  ),
  // 20 to 40 digits, with and without a fraction.
  { arbitrary: fc.stringMatching(/^[1-9]\d{19,39}$/), weight: 2 },
  fc
    .tuple(fc.stringMatching(/^\d{1,40}$/), fc.stringMatching(/^\d{1,40}$/))
    .map(([whole, fraction]) => `${whole}.${fraction}`),
  // 19 digits past int8.
  fc.bigInt(2n ** 63n, 10n ** 19n - 1n).map(String),
  fc.bigInt({ min: -(2n ** 130n), max: 2n ** 130n }).map(String),
  fc.double().map(String),
);

const hostileStrings = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'USDT\u0000',
    '\ud800',
    '\u202eTDSU',
    '😀',
    'null',
    'undefined',
    'true',
    '[]',
    '{}',
    "'; drop table members; --",
    '%00',
    '<script>alert(1)</script>',
    '${7*7}',
    '../../etc/passwd',
    '__proto__',
    'constructor',
    'USDT',
    'usdt',
    'KPC',
    `0x${'0'.repeat(40)}`,
    `0x${'f'.repeat(64)}`,
  ),
  // Past the SPEC §9 maxlength, past every column, past the 64 KB body limit.
  fc.constantFrom(141, 255, 2_001, 10_000, 70_000).map((length) => 'x'.repeat(length)),
);

const hostileStructures = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 }),
  fc.constantFrom(200, 1_000).map((depth) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown),
);

/** A value that does not belong in any field. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileNumbers },
  { weight: 6, arbitrary: hostileNumericStrings },
  { weight: 3, arbitrary: hostileStrings },
  { weight: 2, arbitrary: hostileStructures },
);

/** Values a field of this name takes when valid: they let a request get past the schema into the services. */
const VALID_SAMPLES: Record<string, unknown[]> = {
  asset: ['USDT', 'KPC'],
  from: ['USDT', 'KPC'],
  to: ['KPC', 'USDT'],
  amount: ['1', '10', '0.5', '0.000001', '999999999999999', '12.345678'],
  chainId: [137, 56, 1, INT4_MAX],
  cursor: ['1', '9223372036854775807'],
  limit: [1, 20, 50],
  email: ['member@example.com'],
  inviteCode: ['GENESIS1'],
  code: ['123456'],
  fromDate: ['2026-01-01'],
  toDate: ['2026-01-31', '2026-12-31'],
};

/** A value the schema accepts (or nearly: refinements are not in the document). */
function validValue(schema: JsonSchema, name?: string): fc.Arbitrary<unknown> {
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants?.length) return fc.oneof(...variants.map((variant) => validValue(variant, name)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const generic = genericValue(schema);
  const samples = name === undefined ? undefined : VALID_SAMPLES[name];
  return samples
    ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...samples) }, { weight: 1, arbitrary: generic })
    : generic;
}

function genericValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  switch (schema.type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(properties).map(([key, inner]) => [key, validValue(inner, key)]));
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    case 'string':
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) });
    case 'integer':
      return fc.integer({
        min: Math.max(lowerBound(schema), Number.MIN_SAFE_INTEGER),
        max: Math.min(upperBound(schema), Number.MAX_SAFE_INTEGER),
      });
    case 'number':
      return fc.double({ min: lowerBound(schema), max: upperBound(schema), noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schema.items ? validValue(schema.items) : fc.jsonValue({ maxDepth: 1 }), { maxLength: 4 });
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Every property name the schema (or any of its variants) knows. */
function propertyNames(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const own = Object.keys(schema.properties ?? {});
  const inner = [...(schema.oneOf ?? []), ...(schema.anyOf ?? []), ...(schema.allOf ?? [])].flatMap(propertyNames);
  return [...new Set([...own, ...inner])];
}

type Poison = 'none' | 'proto' | 'constructor';
interface Generated {
  body: unknown;
  poison: Poison;
}

/**
 * Bodies for one route: arbitrary JSON, valid bodies, and (mostly) valid bodies with some fields
 * replaced by hostile values, some dropped, unknown ones added, and prototype keys.
 */
function bodiesFor(route: Route): fc.Arbitrary<Generated> {
  const valid = route.schema ? validValue(route.schema) : fc.constant({});
  const names = propertyNames(route.schema);
  const keys = [...names, 'extra', 'constructor', 'toString', 'hasOwnProperty'];
  // Mostly one field at a time, so the other fields stay valid and the hostile one reaches the code behind.
  const several = fc.dictionary(fc.constantFrom(...keys), hostileValue, { minKeys: 1, maxKeys: 3 });
  const replacements = names.length
    ? fc.oneof(
        {
          weight: 3,
          arbitrary: fc.tuple(fc.constantFrom(...names), hostileValue).map(([key, value]) => ({ [key]: value })),
        },
        { weight: 1, arbitrary: several },
      )
    : several;
  const mutated = fc
    .record({
      base: valid,
      replaced: replacements,
      dropped: fc.oneof({ weight: 3, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.subarray(names) }),
    })
    .map(({ base, replaced, dropped }) => {
      const body: Record<string, unknown> =
        base !== null && typeof base === 'object' && !Array.isArray(base) ? { ...base } : {};
      for (const key of dropped) delete body[key];
      for (const [key, value] of Object.entries(replaced)) {
        Object.defineProperty(body, key, { value, enumerable: true, writable: true, configurable: true });
      }
      return body;
    });
  return fc.record({
    body: fc.oneof(
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
      { weight: 2, arbitrary: valid },
      { weight: 6, arbitrary: mutated },
    ),
    poison: fc.constantFrom<Poison>('none', 'none', 'none', 'none', 'proto', 'constructor'),
  });
}

function toPayload({ body, poison }: Generated): string {
  const raws: string[] = [];
  const json =
    JSON.stringify(body, (_key, value: unknown) =>
      value instanceof RawJson ? `__kpc_raw_${raws.push(value.text) - 1}__` : value,
    ) ?? 'null';
  const text = json.replace(/"__kpc_raw_(\d+)__"/g, (_whole, index: string) => raws[Number(index)] ?? '0');
  if (poison === 'none' || !text.startsWith('{')) return text;
  const key =
    poison === 'proto' ? '"__proto__":{"isAdmin":true,"memberId":"0"}' : '"constructor":{"prototype":{"isAdmin":true}}';
  return text === '{}' ? `{${key}}` : `{${key},${text.slice(1)}`;
}

type TokenKind = 'member' | 'none' | 'garbage' | 'long';
const headerChoices = fc.record({
  token: fc.constantFrom<TokenKind>('member', 'member', 'member', 'member', 'none', 'garbage', 'long'),
  language: fc.constantFrom<string | undefined>(
    undefined,
    'en_US',
    'zh_CN',
    'hi_IN',
    'ja_JP',
    'ko_KR',
    'ru_RU',
    'vi_VN',
    'zh',
    'xx_YY',
    '',
    'EN-us',
    'a'.repeat(300),
  ),
});

function headersFor(choice: { token: TokenKind; language: string | undefined }): Record<string, string> {
  const headers: Record<string, string> = {};
  if (choice.token === 'member') headers.token = member.token;
  if (choice.token === 'garbage') headers.token = 'not-a-token';
  if (choice.token === 'long') headers.token = 'x'.repeat(4_096);
  if (choice.language !== undefined) headers.language = choice.language;
  return headers;
}

// ---------------------------------------------------------------------------------------------
// What every answer must be.

async function post(
  path: string,
  payload: string | Buffer,
  headers: Record<string, string>,
  contentType = 'application/json',
): Promise<LightMyRequestResponse> {
  requests++;
  return t.app.inject({ method: 'POST', url: path, headers: { 'content-type': contentType, ...headers }, payload });
}

/**
 * Why this answer breaks the wire protocol, or null; counts the body codes answered. An export
 * (`…/export`, e.g. the member's `/api/ass/export`) answers a CSV download, the one success that is
 * not JSON: counted as 200.
 */
function problemOf(path: string, response: LightMyRequestResponse): string | null {
  const count = (code: number) => codes.set(code, (codes.get(code) ?? 0) + 1);
  if (
    path.endsWith('/export') &&
    response.statusCode === 200 &&
    String(response.headers['content-type']).startsWith('text/csv')
  ) {
    count(200);
    return null;
  }
  return wireProblemOf(response, count);
}

/** Sign-out routes end the fuzzing member's session: a new member takes over for the next route. */
async function ensureMember(withFaucet: boolean): Promise<void> {
  const info = await t.call('/api/acc/info', {}, member.headers);
  if (info.code !== 200) member = await fundedMember(withFaucet);
}

/** Bodies the parser itself must refuse politely, on every route. */
const RAW_PAYLOADS: [name: string, payload: string | Buffer, contentType: string][] = [
  ['broken JSON', '{"amount":', 'application/json'],
  ['a JSON array', '[1,2,3]', 'application/json'],
  ['a JSON string', '"hello"', 'application/json'],
  ['a JSON number too big for a double', '1e999', 'application/json'],
  ['null', 'null', 'application/json'],
  ['no body', '', 'application/json'],
  ['plain text', 'amount=1', 'text/plain'],
  ['form encoding', 'amount=1&cursor=9223372036854775808', 'application/x-www-form-urlencoded'],
  ['a prototype-poisoning body', '{"__proto__":{"isAdmin":true},"amount":"1"}', 'application/json'],
  ['a constructor-poisoning body', '{"constructor":{"prototype":{"isAdmin":true}}}', 'application/json'],
  ['a body over the 64 KB limit', JSON.stringify({ amount: '1'.repeat(70_000) }), 'application/json'],
  ['10,000 nested arrays', '['.repeat(10_000) + ']'.repeat(10_000), 'application/json'],
  [
    'invalid UTF-8',
    Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x22, 0x7d]),
    'application/json',
  ],
];

describe(`never a 500: every POST route of the OpenAPI document (${testDatabaseKind()})`, () => {
  it(`answers generated hostile bodies with {code,msg,data} and no internals (seed ${SEED}, ${RUNS_PER_ROUTE} bodies per route)`, async () => {
    const started = Date.now();
    const routes = await openApiPostRoutes(t.app);
    // The list is the app's own: fuzzing nothing must not pass.
    expect(routes.length).toBeGreaterThanOrEqual(20);
    expect(routes.map((route) => route.path)).toEqual(
      expect.arrayContaining(['/api/acc/login', '/api/ass/transfer', '/api/exchange/quote', '/api/recharge/pending']),
    );
    const withFaucet = routes.some((route) => route.path === '/api/dev/faucet');
    member = await fundedMember(withFaucet);
    const failures: string[] = [];

    for (const route of routes) {
      await ensureMember(withFaucet);
      for (const [name, payload, contentType] of RAW_PAYLOADS) {
        for (const headers of [{}, member.headers]) {
          const problem = problemOf(route.path, await post(route.path, payload, headers, contentType));
          if (problem) failures.push(`${route.path} with ${name}: ${problem}`);
        }
      }
      const details = await fc.check(
        fc.asyncProperty(bodiesFor(route), headerChoices, async (generated, choice) => {
          const payload = toPayload(generated);
          const problem = problemOf(route.path, await post(route.path, payload, headersFor(choice)));
          if (problem) throw new Error(`${problem}\n  payload: ${payload.slice(0, 500)}`);
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
      if (details.failed) failures.push(`${route.path}: ${fc.defaultReportMessage(details) ?? 'failed'}`);
    }

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const answered = [...codes].sort(([a], [b]) => a - b).map(([code, count]) => `${code}×${count}`);
    console.info(
      `api fuzz (${testDatabaseKind()}): ${routes.length} routes, ${requests} requests in ${seconds} s; codes ${answered.join(' ')}`,
    );
    expect(failures).toEqual([]);
    // Nothing failed quietly either: no request logged an unexpected failure.
    const errors = t.logs.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
    expect(errors).toEqual([]);
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------
// Regression cases: the 500s of the Step 4b fuzz report (26 of 37,392 requests).

const AMOUNT_INVALID = { en_US: 'Enter a valid amount.', zh_CN: '请输入正确的数量。' };
const REQUEST_INVALID = { en_US: 'The request is invalid.', zh_CN: '请求无效。' };
const TOO_LONG_AMOUNTS = [
  '100000000000000000000',
  '99999999999999999999',
  `1${'0'.repeat(25)}.5`,
  // One digit past the bound: the ledger's NUMERIC(38,18) would hold it, but not sums of it.
  '1000000000000000',
  // More fraction digits than the ledger's scale.
  '1.0000000000000000001',
];
const BIG_CURSORS = ['9223372036854775808', '99999999999999999999'];

/** The test app's APP_SECRET (testing/test-app.ts): quotes are signed with it. */
const TEST_APP_SECRET = 'test-secret-test-secret-test-secret-0123';

/** A quote token as the server signs one (`exchange/service.ts`), with terms of the test's choosing. */
function signQuote(terms: Record<string, string>): string {
  const payload = Buffer.from(JSON.stringify(terms)).toString('base64url');
  const signature = createHmac('sha256', `exchange-quote:${TEST_APP_SECRET}`).update(payload).digest('hex');
  return `${payload}.${signature}`;
}

describe('never a 500: regressions of the fuzz report', () => {
  it.each(TOO_LONG_AMOUNTS)('refuses the amount %s on ass/transfer with "Enter a valid amount"', async (amount) => {
    const someone = await createWalletMember(t);
    for (const language of ['en_US', 'zh_CN'] as const) {
      const answer = await t.call(
        '/api/ass/transfer',
        { asset: 'USDT', amount, requestId: randomUUID() },
        { ...someone.headers, language },
      );
      expect(answer).toMatchObject({ status: 200, code: 1000, msg: AMOUNT_INVALID[language], data: null });
    }
  });

  it.each(TOO_LONG_AMOUNTS)('never signs a quote for the amount %s on exchange/quote', async (amount) => {
    const someone = await createWalletMember(t);
    for (const language of ['en_US', 'zh_CN'] as const) {
      const answer = await t.call(
        '/api/exchange/quote',
        { from: 'USDT', to: 'KPC', amount },
        { ...someone.headers, language },
      );
      expect(answer).toMatchObject({ status: 200, code: 1000, msg: AMOUNT_INVALID[language], data: null });
    }
  });

  it('accepts up to 15 integer digits and 18 decimals, leading zeros aside, then checks the balance', async () => {
    const someone = await createWalletMember(t);
    for (const amount of ['999999999999999', '0000000999999999999999', '1.000000']) {
      const answer = await t.call(
        '/api/ass/transfer',
        { asset: 'USDT', amount, requestId: randomUUID() },
        someone.headers,
      );
      expect(answer, amount).toMatchObject({ code: 1200, msg: 'Insufficient balance.' });
    }
  });

  it('refuses a quote token carrying an out-of-range amount on exchange/confirm, changing nothing', async () => {
    const someone = await createWalletMember(t);
    const terms = (amount: string, fee: string, received: string) => ({
      id: randomUUID(),
      member: someone.memberId,
      from: 'USDT',
      to: 'KPC',
      amount,
      rate: '10',
      feeRate: '0.003',
      fee,
      received,
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    // The forging works: an in-range quote signed this way gets as far as the balance.
    const inRange = await t.call(
      '/api/exchange/confirm',
      { quote: signQuote(terms('1', '0.003', '9.97')) },
      someone.headers,
    );
    expect(inRange).toMatchObject({ code: 1200 });
    for (const amount of ['100000000000000000000', '99999999999999999999', '1000000000000000']) {
      const quote = signQuote(terms(amount, '0', `${amount}0`));
      for (const language of ['en_US', 'zh_CN'] as const) {
        const answer = await t.call('/api/exchange/confirm', { quote }, { ...someone.headers, language });
        expect(answer, amount).toMatchObject({
          status: 200,
          code: 1205,
          msg: { en_US: 'The quote is not valid. Please get a new quote.', zh_CN: '报价无效，请重新获取报价。' }[
            language
          ],
        });
      }
    }
    const history = await t.call('/api/ass/history', {}, someone.headers);
    expect(history.data.list).toEqual([]);
  });

  it.each(['/api/ass/log', '/api/ass/history', '/api/exchange/log'])(
    'refuses cursors past PostgreSQL int8 on %s, and takes the largest one',
    async (path) => {
      const someone = await createWalletMember(t);
      for (const cursor of BIG_CURSORS) {
        for (const language of ['en_US', 'zh_CN'] as const) {
          const answer = await t.call(path, { cursor }, { ...someone.headers, language });
          expect(answer, cursor).toMatchObject({ status: 200, code: 1000, msg: REQUEST_INVALID[language], data: null });
        }
      }
      const largest = await t.call(path, { cursor: '9223372036854775807' }, someone.headers);
      expect(largest).toMatchObject({ code: 200, data: { list: [], nextCursor: null } });
    },
  );

  it('refuses chain ids past PostgreSQL int4 on recharge/pending, recharge/accelerate and withdraw/apply', async () => {
    const someone = await createWalletMember(t);
    const txHash = `0x${'ab'.repeat(32)}`;
    const calls: [string, object][] = [
      ['/api/recharge/pending', { chainId: 2_147_483_648 }],
      ['/api/recharge/accelerate', { chainId: 2_147_483_648, txHash }],
      [
        '/api/withdraw/apply',
        {
          requestId: randomUUID(),
          chainId: 2_147_483_648,
          asset: 'USDT',
          address: someone.address,
          amount: '10',
          code: '123456',
        },
      ],
    ];
    for (const [path, body] of calls) {
      for (const language of ['en_US', 'zh_CN'] as const) {
        const answer = await t.call(path, body, { ...someone.headers, language });
        expect(answer, path).toMatchObject({ status: 200, code: 1000, msg: REQUEST_INVALID[language], data: null });
      }
    }
    const largest = await t.call('/api/recharge/pending', { chainId: 2_147_483_647 }, someone.headers);
    expect(largest).toMatchObject({ code: 200, data: { list: [] } });
  });

  it('refuses an amount past the bound on withdraw/apply before anything else', async () => {
    const someone = await createWalletMember(t);
    const answer = await t.call(
      '/api/withdraw/apply',
      {
        requestId: randomUUID(),
        chainId: 137,
        asset: 'USDT',
        address: someone.address,
        amount: '100000000000000000000',
        code: '123456',
      },
      { ...someone.headers, language: 'zh_CN' },
    );
    expect(answer).toMatchObject({ code: 1000, msg: AMOUNT_INVALID.zh_CN });
  });
});
