import { randomUUID } from 'node:crypto';
import { resolveLocale } from '@kpc/shared';
import { sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from './lib/i18n.ts';
import { buyKlkTier } from './testing/klk.ts';
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
 * "Never a 500 on a NUL" (Step 7b, issue 23 item 10). PostgreSQL text cannot hold U+0000, so a
 * string carrying one must be refused before any code sees it. For every POST route of the OpenAPI
 * document a VALID body is built from its schema, then each string field alone (nested ones too),
 * and each object's keys, get a NUL at the start, in the middle and at the end while the rest stays
 * valid: sent anonymously, as a member and with the operator key. Each answer must be the
 * localised validation refusal, and no row of any table may change. The hostile fuzz of
 * api-fuzz.test.ts fills whole bodies and rarely gets one NUL past the other fields' checks.
 */

/** Fixed: the same pattern-generated strings on every run and both databases. */
const SEED = 20_251_123;
const OPERATOR_KEY = 'nul-fuzz-operator-key-0123456789abcdef';
const NUL = '\u0000';
const OPERATOR = { 'x-operator-key': OPERATOR_KEY };

let t: TestApp;
let member: TestMember;
/** Record ids of the fixtures, by route prefix: a valid id gets a request as far as the write. */
const recordIds = new Map<string, Record<string, string>>();

beforeAll(async () => {
  t = await createTestApp({
    RUN_CHAIN_WORKERS: 'false',
    OPERATOR_KEYS: `fuzz@admin+finance+compliance+support+content:${OPERATOR_KEY}`,
    RATE_LIMIT_LOGIN_MAX: '1000000',
    RATE_LIMIT_ACCOUNT_MAX: '1000000',
    RATE_LIMIT_CODE_MAX: '1000000',
  });
  // Fixtures the valid bodies point at: the member's activation codes, node and shareholder
  // applications awaiting review, a draft notice.
  member = await createWalletMember(t);
  await fund(t, member, 'USDT', '20000');
  await fund(t, member, 'KPC', '1000');
  expect((await buyKlkTier(t, member, 'partner')).code).toBe(200);
  const codes = await t.call('/api/card/codes', {}, member.headers);
  const node = await t.call(
    '/api/node/apply',
    { name: 'Node Ltd', contact: '@node', region: 'Singapore' },
    member.headers,
  );
  const holder = await t.call(
    '/api/stockholder/apply',
    { name: 'Holder Ltd', contact: '@holder', contribution: '1000' },
    member.headers,
  );
  const notice = await t.call(
    '/api/operator/notice/create',
    { translations: { en: { title: 'Hello', body: '<p>Hello</p>' } } },
    OPERATOR,
  );
  // A second member's node, paid and awaiting authorization.
  const payer = await createWalletMember(t);
  await fund(t, payer, 'USDT', '20000');
  const paidNode = await t.call(
    '/api/node/apply',
    { name: 'Paid Node Ltd', contact: '@paid', region: 'Tokyo' },
    payer.headers,
  );
  const paidId = (paidNode.data as { id: string }).id;
  const approved = await t.call('/api/operator/node/review', { id: paidId, approve: true }, OPERATOR);
  const price = ((await t.call('/api/node/status', {}, payer.headers)).data as { price: string }).price;
  const paid = await t.call('/api/node/pay', { amount: price, requestId: randomUUID() }, payer.headers);
  for (const answer of [codes, node, holder, notice, paidNode, approved, paid]) expect(answer.code).toBe(200);
  recordIds.set('/api/card/codes/give', { codeId: (codes.data as { list: { id: string }[] }).list[0]!.id });
  recordIds.set('/api/operator/node/', { id: (node.data as { id: string }).id });
  recordIds.set('/api/operator/node/authorize', { id: paidId });
  recordIds.set('/api/operator/stockholder/', { id: (holder.data as { id: string }).id });
  recordIds.set('/api/operator/notice/', { id: (notice.data as { id: string }).id });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

// ---------------------------------------------------------------------------------------------
// A valid body for a route, from its schema.

/** Valid values of fields by name, where the schema (its refinements are not in the document) does not say. */
const EXAMPLES: Record<string, unknown> = {
  asset: 'USDT',
  from: 'USDT',
  to: 'KPC',
  amount: '10',
  chainId: 137,
  limit: 20,
  cursor: '1',
  email: 'member@example.com',
  inviteCode: 'GENESIS1',
  inviteAddress: 'GENESIS1',
  code: '123456',
  password: 'password-123',
  confirmPassword: 'password-123',
  name: 'Example Ltd',
  contact: '@example',
  region: 'Singapore',
  note: 'A note',
  contribution: '1000',
  title: 'A title',
  body: '<p>A body</p>',
  merchant: 'Coffee shop',
  firstName: 'Alice',
  lastName: 'Doe',
  dateOfBirth: '1990-01-31',
  nationality: 'DE',
  country: 'DE',
  documentNumber: 'X1234567',
  phone: '+85291234567',
  line1: '1 Main Street',
  line2: 'Floor 2',
  city: 'Berlin',
  postalCode: '10115',
  cardNumber: '4111111111111111',
  random: 'a sign-in message',
  address: `0x${'1'.repeat(40)}`,
  txHash: `0x${'ab'.repeat(32)}`,
  quote: 'payload.signature',
};
/** Record ids: the fixtures' where a route names one (recordIds), else the first row. */
const ID_FIELDS = new Set(['id', 'codeId', 'productId', 'termId', 'pledgeId', 'orderId', 'tierId', 'recordId']);
/** The key of a record's one entry (notice translations are keyed by language). */
const RECORD_KEY = 'en';

function fits(schema: JsonSchema, value: unknown): boolean {
  if (schema.type === 'string') {
    if (typeof value !== 'string') return false;
    if (schema.minLength !== undefined && value.length < schema.minLength) return false;
    if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
    return schema.pattern === undefined || new RegExp(schema.pattern, 'u').test(value);
  }
  if (schema.type === 'integer' || schema.type === 'number') {
    return typeof value === 'number' && value >= lowerBound(schema) && value <= upperBound(schema);
  }
  return false;
}

function exampleString(schema: JsonSchema): string {
  if (schema.format === 'uuid') return randomUUID();
  if (schema.format === 'email') return 'member@example.com';
  if (schema.pattern) {
    const [sample] = fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { seed: SEED, numRuns: 1 });
    if (sample !== undefined) return sample;
  }
  const text = 'valid text';
  return text.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? text.length);
}

/** The variant with the most properties: the most string fields to put a NUL into. */
function richestVariant(variants: JsonSchema[]): JsonSchema {
  const size = (schema: JsonSchema) => Object.keys(schema.properties ?? {}).length;
  return variants.reduce((best, variant) => (size(variant) > size(best) ? variant : best));
}

function exampleOf(schema: JsonSchema, path: string, name?: string): unknown {
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants?.length) return exampleOf(richestVariant(variants), path, name);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (name !== undefined && ID_FIELDS.has(name)) {
    // The longest prefix wins: `/api/operator/node/authorize` before `/api/operator/node/`.
    const fixture = [...recordIds]
      .filter(([prefix]) => path.startsWith(prefix))
      .sort(([a], [b]) => b.length - a.length)[0]?.[1][name];
    return fixture ?? '1';
  }
  const named = name === undefined ? undefined : EXAMPLES[name];
  if (named !== undefined && fits(schema, named)) return named;
  switch (schema.type) {
    case 'object': {
      const body: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(schema.properties ?? {})) body[key] = exampleOf(inner, path, key);
      if (typeof schema.additionalProperties === 'object') {
        body[RECORD_KEY] = exampleOf(schema.additionalProperties, path);
      }
      return body;
    }
    case 'string':
      return exampleString(schema);
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, lowerBound(schema)), upperBound(schema));
    case 'boolean':
      return true;
    case 'array':
      return schema.items ? [exampleOf(schema.items, path)] : [];
    default:
      return 'valid text';
  }
}

/** One valid body per top-level variant (loginEmail's password and code forms). */
function validBodies(route: Route): unknown[] {
  if (!route.schema) return [{}];
  const variants = route.schema.oneOf ?? route.schema.anyOf ?? [route.schema];
  return variants.map((variant) => exampleOf(variant, route.path));
}

// ---------------------------------------------------------------------------------------------
// The same body with one NUL.

type Path = (string | number)[];
interface Mutation {
  label: string;
  body: unknown;
}

function clone<T>(value: T): T {
  return structuredClone(value);
}

function containerAt(body: unknown, path: Path): Record<string | number, unknown> {
  let node = body as Record<string | number, unknown>;
  for (const key of path) node = node[key] as Record<string | number, unknown>;
  return node;
}

/** Every string leaf's path, and every object's path (for its keys). */
function walk(value: unknown, path: Path, strings: Path[], objects: Path[]): void {
  if (typeof value === 'string') strings.push(path);
  else if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...path, index], strings, objects));
  else if (value !== null && typeof value === 'object') {
    objects.push(path);
    for (const [key, inner] of Object.entries(value)) walk(inner, [...path, key], strings, objects);
  }
}

function withNul(text: string): [position: string, value: string][] {
  const middle = Math.floor(text.length / 2);
  return [
    ['start', `${NUL}${text}`],
    ['middle', `${text.slice(0, middle)}${NUL}${text.slice(middle)}`],
    ['end', `${text}${NUL}`],
  ];
}

function mutationsOf(body: unknown): Mutation[] {
  const strings: Path[] = [];
  const objects: Path[] = [];
  walk(body, [], strings, objects);
  const mutations: Mutation[] = [];
  for (const path of strings) {
    const field = path.join('.');
    const original = containerAt(body, path.slice(0, -1))[path.at(-1)!] as string;
    for (const [position, value] of withNul(original)) {
      const mutated = clone(body);
      containerAt(mutated, path.slice(0, -1))[path.at(-1)!] = value;
      mutations.push({ label: `${field} (NUL at ${position})`, body: mutated });
    }
  }
  for (const path of objects) {
    const where = path.length ? path.join('.') : 'the body';
    for (const [position, key] of withNul('note')) {
      const mutated = clone(body);
      containerAt(mutated, path)[key] = 'x';
      mutations.push({ label: `a key of ${where} (NUL at ${position})`, body: mutated });
    }
  }
  return mutations;
}

// ---------------------------------------------------------------------------------------------
// Who sends it, what must come back, and that nothing was written.

const IDENTITIES = [
  { name: 'anonymous', language: 'en_US', headers: (): Record<string, string> => ({}) },
  { name: 'member', language: 'zh_CN', headers: (): Record<string, string> => ({ token: member.token }) },
  { name: 'operator', language: 'ru_RU', headers: (): Record<string, string> => OPERATOR },
] as const;

const refusal = (language: string) => translate(resolveLocale(language), 'validation.invalidCharacter');

/** Each table's row count and a digest of its rows: any insert, update or delete changes it. */
async function tableDigests(): Promise<Map<string, string>> {
  const rowsOf = async <Row>(query: SQL) => ((await t.database.db.execute(query)) as { rows: Row[] }).rows;
  const tables = await rowsOf<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const parts = tables.map(
    ({ name }) =>
      `select '${name}' as name, count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as digest from "${name}" x`,
  );
  const digests = await rowsOf<{ name: string; digest: string }>(sql.raw(parts.join(' union all ')));
  return new Map(digests.map((row) => [row.name, row.digest]));
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([name, digest]) => before.get(name) !== digest).map(([name]) => name);
}

describe(`never a 500 on a NUL: each string of every POST route, alone (${testDatabaseKind()})`, () => {
  it('refuses a NUL in any string or key with the localised validation message, writing nothing', async () => {
    const routes = await openApiPostRoutes(t.app);
    expect(routes.length).toBeGreaterThanOrEqual(60);
    expect(routes.map((route) => route.path)).toEqual(
      expect.arrayContaining(['/api/node/apply', '/api/card/codes/give', '/api/operator/notice/create']),
    );
    const failures: string[] = [];
    let requests = 0;
    for (const route of routes) {
      const before = await tableDigests();
      for (const body of validBodies(route)) {
        for (const mutation of mutationsOf(body)) {
          for (const identity of IDENTITIES) {
            requests++;
            const response = await t.app.inject({
              method: 'POST',
              url: route.path,
              headers: { 'content-type': 'application/json', language: identity.language, ...identity.headers() },
              payload: JSON.stringify(mutation.body),
            });
            const where = `${route.path} ${mutation.label} as ${identity.name}`;
            const problem = wireProblemOf(response);
            if (problem) {
              failures.push(`${where}: ${problem}`);
              continue;
            }
            const { code, msg } = response.json<{ code: number; msg: string }>();
            // The operator key is checked before the body is read; a money action (step-up) refuses
            // a service account before it too (HTTP 403, OPERATOR_FORBIDDEN).
            const keyRefused =
              route.path.startsWith('/api/operator/') &&
              ((identity.name !== 'operator' && code === 401) ||
                (identity.name === 'operator' && response.statusCode === 403 && code === 1808));
            if (!keyRefused && !(code === 1000 && msg === refusal(identity.language))) {
              failures.push(`${where}: answered ${code} "${msg}"`);
            }
          }
        }
      }
      const written = changedTables(before, await tableDigests());
      if (written.length) failures.push(`${route.path}: wrote to ${written.join(', ')}`);
    }
    console.info(`nul fuzz (${testDatabaseKind()}): ${routes.length} routes, ${requests} requests`);
    expect(failures).toEqual([]);
    const errors = t.logs.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
    expect(errors).toEqual([]);
  }, 300_000);
});

describe(`never a 500 on a NUL in a header (${testDatabaseKind()})`, () => {
  // None reaches a query as text: the language is resolved to a known one, the token hashed, the key digested.
  it('answers a NUL in the token, language or operator key headers without a 500', async () => {
    const routes = await openApiPostRoutes(t.app);
    const failures: string[] = [];
    for (const route of routes) {
      const [body] = validBodies(route);
      for (const headers of [
        { token: `${member.token}${NUL}` },
        { token: `${NUL}` },
        { language: `zh${NUL}CN` },
        { 'x-operator-key': `${OPERATOR_KEY}${NUL}` },
      ]) {
        const response = await t.app.inject({
          method: 'POST',
          url: route.path,
          headers: { 'content-type': 'application/json', ...headers },
          payload: JSON.stringify(body),
        });
        const problem = wireProblemOf(response);
        if (problem) failures.push(`${route.path} with ${JSON.stringify(headers)}: ${problem}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
