import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { expect } from 'vitest';
import { buyKlkTier } from './klk.ts';
import { createWalletMember, fund, type TestMember } from './members.ts';
import { lowerBound, upperBound, type JsonSchema, type Route } from './openapi-routes.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * What the one-field-at-a-time fuzz tests share (api-nul-fuzz.test.ts, api-field-fuzz.test.ts): a
 * VALID body for every POST route, built from its schema in the OpenAPI document; the fixtures those
 * bodies point at (so a valid id gets a request as far as the write). That a refused request wrote
 * nothing is testing/table-snapshot.ts.
 */

/** Fixed: the same pattern-generated strings on every run and both databases. */
const SEED = 20_251_123;

/** Record ids of the fixtures, by route prefix: a valid id gets a request as far as the write. */
export type RecordIds = Map<string, Record<string, string>>;

/**
 * The server the one-field fuzz tests send to: no chain workers, `operatorKey` an operator with
 * every role, limits out of the way, and the fixtures below.
 */
export async function createFuzzApp(
  operatorKey: string,
): Promise<{ t: TestApp; member: TestMember; recordIds: RecordIds }> {
  const t = await createTestApp({
    RUN_CHAIN_WORKERS: 'false',
    OPERATOR_KEYS: `fuzz@admin+finance+compliance+support+content:${operatorKey}`,
    RATE_LIMIT_LOGIN_MAX: '1000000',
    RATE_LIMIT_ACCOUNT_MAX: '1000000',
    RATE_LIMIT_CODE_MAX: '1000000',
  });
  return { t, ...(await createBodyFixtures(t, { 'x-operator-key': operatorKey })) };
}

/**
 * Fixtures the valid bodies point at: a member with funds and a partner KLK tier, its activation
 * codes, node and shareholder applications awaiting review, a draft notice, and a second member's
 * node, paid and awaiting authorization. `operator`: headers carrying a key with every role.
 */
export async function createBodyFixtures(
  t: TestApp,
  operator: Record<string, string>,
): Promise<{ member: TestMember; recordIds: RecordIds }> {
  const recordIds: RecordIds = new Map();
  const member = await createWalletMember(t);
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
    operator,
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
  const approved = await t.call('/api/operator/node/review', { id: paidId, approve: true }, operator);
  const price = ((await t.call('/api/node/status', {}, payer.headers)).data as { price: string }).price;
  const paid = await t.call('/api/node/pay', { amount: price, requestId: randomUUID() }, payer.headers);
  for (const answer of [codes, node, holder, notice, paidNode, approved, paid]) expect(answer.code).toBe(200);
  recordIds.set('/api/card/codes/give', { codeId: (codes.data as { list: { id: string }[] }).list[0]!.id });
  recordIds.set('/api/operator/node/', { id: (node.data as { id: string }).id });
  recordIds.set('/api/operator/node/authorize', { id: paidId });
  recordIds.set('/api/operator/stockholder/', { id: (holder.data as { id: string }).id });
  recordIds.set('/api/operator/notice/', { id: (notice.data as { id: string }).id });
  return { member, recordIds };
}

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
  fromDate: '2026-01-01',
  toDate: '2026-01-31',
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

/** The variant with the most properties: the most fields to make hostile. */
function richestVariant(variants: JsonSchema[]): JsonSchema {
  const size = (schema: JsonSchema) => Object.keys(schema.properties ?? {}).length;
  return variants.reduce((best, variant) => (size(variant) > size(best) ? variant : best));
}

function exampleOf(schema: JsonSchema, path: string, recordIds: RecordIds, name?: string): unknown {
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants?.length) return exampleOf(richestVariant(variants), path, recordIds, name);
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
      for (const [key, inner] of Object.entries(schema.properties ?? {})) {
        body[key] = exampleOf(inner, path, recordIds, key);
      }
      if (typeof schema.additionalProperties === 'object') {
        body[RECORD_KEY] = exampleOf(schema.additionalProperties, path, recordIds);
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
      return schema.items ? [exampleOf(schema.items, path, recordIds)] : [];
    default:
      return 'valid text';
  }
}

/** One valid body per top-level variant (loginEmail's password and code forms). */
export function validBodies(route: Route, recordIds: RecordIds): unknown[] {
  if (!route.schema) return [{}];
  const variants = route.schema.oneOf ?? route.schema.anyOf ?? [route.schema];
  return variants.map((variant) => exampleOf(variant, route.path, recordIds));
}
