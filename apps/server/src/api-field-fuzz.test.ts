import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletMember, type TestMember } from './testing/members.ts';
import { openApiPostRoutes, wireProblemOf, type JsonSchema, type Route } from './testing/openapi-routes.ts';
import type { TestApp } from './testing/test-app.ts';
import { testDatabaseKind } from './testing/test-database.ts';
import { changedTables, tableDigests } from './testing/table-snapshot.ts';
import { createFuzzApp, validBodies, type RecordIds } from './testing/valid-bodies.ts';

/**
 * "Never a 5xx, never a record written by a refused request" (Step 10 §2). The NUL fuzz
 * (api-nul-fuzz.test.ts) generalised: for every POST route of the OpenAPI document a VALID body is
 * built from its schema (testing/valid-bodies.ts), then each field alone (nested ones, array items
 * and the body itself too) is replaced by each hostile value below while the rest stays valid, and
 * each object gets a key that is a lone surrogate: sent anonymously, as a member and with the
 * operator key. Every answer must be the wire protocol's `{code,msg,data}` and never a 5xx; every
 * refusal (body code other than 200) must leave every table as it was; no error may be logged. An
 * accepted request may write (some hostile-looking values are legal: `-0` for a version, `{}` for a
 * body whose fields are all optional), but not one the OpenAPI document refuses, nor a body over the
 * limit, nor a lone surrogate: the wire refuses those on every route, as it does a NUL
 * (plugins/wire.ts). Nothing is random: the bodies and values are fixed.
 */

const OPERATOR_KEY = 'field-fuzz-operator-key-0123456789abcdef';
const OPERATOR = { 'x-operator-key': OPERATOR_KEY };
/** Past the 64 KB body limit (app.ts) sixteen times over: refused before any parsing. */
const ONE_MEGABYTE = 1_048_576;
const DEPTH = 10_000;

let t: TestApp;
let member: TestMember;
let recordIds: RecordIds;

beforeAll(async () => {
  // The server and the fixtures the valid bodies point at (testing/valid-bodies.ts).
  ({ t, member, recordIds } = await createFuzzApp(OPERATOR_KEY));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

// ---------------------------------------------------------------------------------------------
// The hostile values.

/** JSON text sent as is: JSON.stringify writes `-0` as `0` and cannot nest 10,000 deep. */
class RawJson {
  constructor(readonly text: string) {}
}

const DEEP_ARRAYS = new RawJson('['.repeat(DEPTH) + ']'.repeat(DEPTH));
const DEEP_OBJECTS = new RawJson('{"a":'.repeat(DEPTH - 1) + '{}' + '}'.repeat(DEPTH - 1));
const MEGABYTE_STRING = 'x'.repeat(ONE_MEGABYTE);
const HIGH = '\ud800';
const LOW = '\udc00';

/** A lone high surrogate in the middle of the field's own text (a pattern's refusal), or of 'ab'. */
function surrogateInside(original: unknown): string {
  const text = typeof original === 'string' && original.length >= 2 ? original : 'ab';
  const middle = Math.floor(text.length / 2);
  return `${text.slice(0, middle)}${HIGH}${text.slice(middle)}`;
}

const HOSTILE: [label: string, value: (original: unknown) => unknown][] = [
  ['a lone high surrogate', () => HIGH],
  ['a lone low surrogate', () => LOW],
  ['a lone surrogate inside a string', surrogateInside],
  ['a 1 MB string', () => MEGABYTE_STRING],
  ['1e308', () => 1e308],
  ['-1e308', () => -1e308],
  ['-0', () => new RawJson('-0')],
  ['[value]', (original) => [original]],
  ['[]', () => []],
  ['{}', () => ({})],
  [`${DEPTH} nested arrays`, () => DEEP_ARRAYS],
  [`${DEPTH} nested objects`, () => DEEP_OBJECTS],
];

/** The JSON text of a body, RawJson values written as they are. */
function toPayload(body: unknown): string {
  const raws: string[] = [];
  const json =
    JSON.stringify(body, (_key, value: unknown) =>
      value instanceof RawJson ? `__kpc_raw_${raws.push(value.text) - 1}__` : value,
    ) ?? 'null';
  return raws.length ? json.replace(/"__kpc_raw_(\d+)__"/g, (_whole, index: string) => raws[Number(index)]!) : json;
}

// ---------------------------------------------------------------------------------------------
// The same valid body with one field hostile.

type Path = (string | number)[];
interface Mutation {
  label: string;
  /** The hostile value's label: `a 1 MB string` and the lone surrogates must be refused on every route. */
  kind: string;
  payload: () => string;
}

/** Every value's path (the body itself, nested fields, array items), and every object's path. */
function walk(value: unknown, path: Path, values: Path[], objects: Path[]): void {
  values.push(path);
  if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...path, index], values, objects));
  else if (value !== null && typeof value === 'object') {
    objects.push(path);
    for (const [key, inner] of Object.entries(value)) walk(inner, [...path, key], values, objects);
  }
}

function valueAt(body: unknown, path: Path): unknown {
  let node = body;
  for (const key of path) node = (node as Record<string | number, unknown>)[key];
  return node;
}

/** A copy of `body` with `value` at `path` (the body itself for the empty path). */
function replaced(body: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(body);
  (valueAt(copy, path.slice(0, -1)) as Record<string | number, unknown>)[path.at(-1)!] = value;
  return copy;
}

function mutationsOf(body: unknown): Mutation[] {
  const values: Path[] = [];
  const objects: Path[] = [];
  walk(body, [], values, objects);
  const mutations: Mutation[] = [];
  for (const path of values) {
    const field = path.length ? path.join('.') : 'the body';
    const original = valueAt(body, path);
    for (const [label, hostile] of HOSTILE) {
      mutations.push({
        label: `${field} = ${label}`,
        kind: label,
        payload: () => toPayload(replaced(body, path, hostile(original))),
      });
    }
  }
  for (const path of objects) {
    const where = path.length ? path.join('.') : 'the body';
    for (const [label, key] of [
      ['high', HIGH],
      ['low', LOW],
    ]) {
      mutations.push({
        label: `a key of ${where} = a lone ${label} surrogate`,
        kind: `a lone ${label} surrogate key`,
        payload: () => {
          const copy = structuredClone(body);
          (valueAt(copy, path) as Record<string, unknown>)[key!] = 'x';
          return toPayload(copy);
        },
      });
    }
  }
  return mutations;
}

// ---------------------------------------------------------------------------------------------
// Whether the OpenAPI document accepts a body: an accepted request it refuses is a defect.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A JSON Schema check of what the document says (refinements are not in it, so it is the looser one). */
function documentAccepts(schema: JsonSchema, value: unknown): boolean {
  if (schema.oneOf && !schema.oneOf.some((variant) => documentAccepts(variant, value))) return false;
  if (schema.anyOf && !schema.anyOf.some((variant) => documentAccepts(variant, value))) return false;
  if (schema.allOf && !schema.allOf.every((part) => documentAccepts(part, value))) return false;
  if (value === null) return schema.nullable === true || schema.type === undefined;
  if (schema.const !== undefined && value !== schema.const) return false;
  if (schema.enum && !schema.enum.includes(value)) return false;
  const more = schema as JsonSchema & { minItems?: number; maxItems?: number };
  switch (schema.type) {
    case undefined:
      return true;
    case 'string':
      return (
        typeof value === 'string' &&
        value.length >= (schema.minLength ?? 0) &&
        value.length <= (schema.maxLength ?? Infinity) &&
        (schema.pattern === undefined || new RegExp(schema.pattern, 'u').test(value)) &&
        (schema.format !== 'uuid' || UUID.test(value))
      );
    case 'integer':
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return false;
      if (schema.type === 'integer' && !Number.isInteger(value)) return false;
      const { minimum, maximum, exclusiveMinimum: low, exclusiveMaximum: high } = schema;
      if (minimum !== undefined && (low === true ? value <= minimum : value < minimum)) return false;
      if (maximum !== undefined && (high === true ? value >= maximum : value > maximum)) return false;
      if (typeof low === 'number' && value <= low) return false;
      return typeof high !== 'number' || value < high;
    }
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return (
        Array.isArray(value) &&
        value.length >= (more.minItems ?? 0) &&
        value.length <= (more.maxItems ?? Infinity) &&
        (schema.items === undefined || value.every((item) => documentAccepts(schema.items!, item)))
      );
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return false;
      const record = value as Record<string, unknown>;
      const properties = schema.properties ?? {};
      if ((schema.required ?? []).some((key) => !(key in record))) return false;
      return Object.entries(record).every(([key, inner]) => {
        if (key in properties) return documentAccepts(properties[key]!, inner);
        const rest = schema.additionalProperties;
        return rest === undefined || rest === true || (rest !== false && documentAccepts(rest, inner));
      });
    }
    default:
      return true;
  }
}

// ---------------------------------------------------------------------------------------------
// Who sends it, what must come back, and that a refusal wrote nothing.

const IDENTITIES = [
  { name: 'anonymous', language: 'en_US', headers: (): Record<string, string> => ({}) },
  { name: 'member', language: 'zh_CN', headers: (): Record<string, string> => ({ token: member.token }) },
  { name: 'operator', language: 'ru_RU', headers: (): Record<string, string> => OPERATOR },
] as const;
type Identity = (typeof IDENTITIES)[number];

interface Attempt {
  route: Route;
  mutation: Mutation;
  identity: Identity;
}
const describeAttempt = ({ route, mutation, identity }: Attempt) =>
  `${route.path} ${mutation.label} as ${identity.name}`;

/** The tables at one moment: their digests, and the transaction id mark they were taken at. */
interface Tables {
  mark: string;
  digests: Map<string, string>;
}
let digests = 0;

/**
 * The tables now. A digest of every table is slow (tens of ms); the next transaction id is not, and
 * it moves whenever a transaction that wrote anything (rolled back or not) has ended: while it has
 * not moved since `previous`, nothing was written and `previous` still holds. (On a shared
 * PostgreSQL server other databases move it too: then every check is a digest, slower, still right.)
 */
async function tablesNow(previous?: Tables): Promise<Tables> {
  const { rows } = (await t.database.db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as mark`)) as {
    rows: { mark: string }[];
  };
  const mark = rows[0]!.mark;
  if (previous?.mark === mark) return previous;
  digests++;
  return { mark, digests: await tableDigests(t.database.db) };
}

const writtenBetween = (before: Tables, after: Tables) =>
  before === after ? [] : changedTables(before.digests, after.digests);

let requests = 0;
let replays = 0;
/** Body codes answered (200 for a CSV download), and the hostile values accepted by kind. */
const codes = new Map<number, number>();
const acceptedKinds = new Map<string, number>();

async function send(attempt: Attempt, payload: string): Promise<LightMyRequestResponse> {
  const response = await t.app.inject({
    method: 'POST',
    url: attempt.route.path,
    headers: { 'content-type': 'application/json', language: attempt.identity.language, ...attempt.identity.headers() },
    payload,
  });
  // What an accepted request started after answering (an on-demand snapshot) is its write, not the next one's.
  await t.app.backgroundWork.settled();
  return response;
}

/** An export's answer (`/api/operator/<list>/export`): a CSV download, the one success that is not JSON. */
function isCsvDownload(path: string, response: LightMyRequestResponse): boolean {
  return (
    path.endsWith('/export') &&
    response.statusCode === 200 &&
    String(response.headers['content-type']).startsWith('text/csv')
  );
}

/** The body code (200 for a CSV download), or undefined for an answer that is not the wire protocol's. */
function codeOf(path: string, response: LightMyRequestResponse): number | undefined {
  if (isCsvDownload(path, response)) return 200;
  try {
    const code = (JSON.parse(response.body) as { code?: unknown }).code;
    return typeof code === 'number' ? code : undefined;
  } catch {
    return undefined;
  }
}

async function replay(attempt: Attempt): Promise<number | undefined> {
  replays++;
  return codeOf(attempt.route.path, await send(attempt, attempt.mutation.payload()));
}

/** Each attempt sent again alone, the tables looked at after each: the refused ones that still write. */
async function writersAmong(attempts: Attempt[], tables: Tables): Promise<{ writers: string[]; tables: Tables }> {
  const writers: string[] = [];
  let current = tables;
  for (const attempt of attempts) {
    const code = await replay(attempt);
    const after = await tablesNow(current);
    const written = writtenBetween(current, after);
    if (code !== 200 && written.length) {
      writers.push(`${describeAttempt(attempt)}: refused (${code}) yet wrote to ${written.join(', ')}`);
    }
    current = after;
  }
  return { writers, tables: current };
}

/**
 * The tables changed over a run of refused attempts, ended by an accepted one (`endsAccepted`) or
 * by the route's end; `tables` is how they are now. Without an acceptance, the refusals wrote: named
 * by sending each again alone. With one, it may be the writer: the refusals are sent again as a
 * batch, and alone if that writes. Returns the failures and how the tables are after the replays.
 */
async function blame(
  refused: Attempt[],
  endsAccepted: boolean,
  written: string[],
  tables: Tables,
): Promise<{ failures: string[]; tables: Tables }> {
  const where = refused[0]?.route.path ?? '?';
  const unnamed = (names: string[]) => [`${where}: refused requests wrote to ${names.join(', ')} (none does alone)`];
  if (!endsAccepted) {
    const alone = await writersAmong(refused, tables);
    return { failures: alone.writers.length ? alone.writers : unnamed(written), tables: alone.tables };
  }
  let acceptedAgain = false;
  for (const attempt of refused) if ((await replay(attempt)) === 200) acceptedAgain = true;
  const after = await tablesNow(tables);
  const again = writtenBetween(tables, after);
  if (!again.length) return { failures: [], tables: after };
  const alone = await writersAmong(refused, after);
  // One refused the first time and accepted now (the state moved on) may have written the batch's change.
  return { failures: alone.writers.length || acceptedAgain ? alone.writers : unnamed(again), tables: alone.tables };
}

/** The route that ends the member's session when accepted goes last: the member stays signed in for the others. */
const endsSession = (route: Route) => route.path === '/api/acc/logout';

describe(`never a 5xx, never a write by a refusal: each field of every POST route, alone, hostile (${testDatabaseKind()})`, () => {
  it('answers every hostile field with {code,msg,data}, and a refused request writes nothing', async () => {
    const started = Date.now();
    const routes = (await openApiPostRoutes(t.app)).sort((a, b) => Number(endsSession(a)) - Number(endsSession(b)));
    expect(routes.length).toBeGreaterThanOrEqual(60);
    expect(routes.map((route) => route.path)).toEqual(
      expect.arrayContaining(['/api/node/apply', '/api/card/codes/give', '/api/operator/notice/create']),
    );
    const failures: string[] = [];
    // The mark moves on a write (a sign-in nonce), or a refusal's write would go unseen.
    const quiet = await tablesNow();
    expect((await t.call('/api/acc/auth', {})).code).toBe(200);
    let tables = await tablesNow(quiet);
    expect(writtenBetween(quiet, tables)).toEqual(['wallet_nonces']);

    for (const route of routes) {
      /** The refused attempts since `tables` was taken. */
      let refused: Attempt[] = [];
      let memberAccepted = false;
      for (const body of validBodies(route, recordIds)) {
        for (const mutation of mutationsOf(body)) {
          const payload = mutation.payload();
          for (const identity of IDENTITIES) {
            const attempt: Attempt = { route, mutation, identity };
            requests++;
            const response = await send(attempt, payload);
            const code = codeOf(route.path, response);
            const count = (answered: number) => codes.set(answered, (codes.get(answered) ?? 0) + 1);
            const csv = isCsvDownload(route.path, response);
            if (csv) count(200);
            const problem = csv ? null : wireProblemOf(response, count);
            if (problem) failures.push(`${describeAttempt(attempt)}: ${problem}`);
            if (code !== 200) {
              refused.push(attempt);
              continue;
            }
            // Accepted: legal, unless the body limit, the wire or the document should have refused it.
            acceptedKinds.set(mutation.kind, (acceptedKinds.get(mutation.kind) ?? 0) + 1);
            if (identity.name === 'member') memberAccepted = true;
            if (mutation.kind === 'a 1 MB string') {
              failures.push(`${describeAttempt(attempt)}: accepted a body over the limit`);
            } else if (mutation.kind.includes('surrogate')) {
              failures.push(
                `${describeAttempt(attempt)}: accepted a lone surrogate (jsonb refuses it, text stores U+FFFD)`,
              );
            } else if (route.schema && !documentAccepts(route.schema, JSON.parse(payload))) {
              failures.push(`${describeAttempt(attempt)}: accepted what the OpenAPI document refuses`);
            }
            // The refusals before this acceptance wrote nothing (or else the acceptance wrote).
            const after = await tablesNow(tables);
            const written = writtenBetween(tables, after);
            tables = after;
            if (written.length && refused.length) {
              const blamed = await blame(refused, true, written, after);
              failures.push(...blamed.failures);
              tables = blamed.tables;
            }
            refused = [];
          }
        }
      }
      const after = await tablesNow(tables);
      const written = writtenBetween(tables, after);
      tables = after;
      if (written.length) {
        const blamed = await blame(refused, false, written, after);
        failures.push(...blamed.failures);
        tables = blamed.tables;
      }
      // An accepted request may have ended the member's session (sign-out, a password change).
      if (memberAccepted && (await t.call('/api/acc/info', {}, member.headers)).code !== 200) {
        member = await createWalletMember(t);
        tables = await tablesNow(tables);
      }
    }

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const answered = [...codes].sort(([a], [b]) => a - b).map(([code, count]) => `${code}×${count}`);
    const kinds = [...acceptedKinds].map(([kind, count]) => `${kind}×${count}`);
    console.info(
      `field fuzz (${testDatabaseKind()}): ${routes.length} routes, ${requests} requests (+${replays} replays, ` +
        `${digests} table digests) in ${seconds} s; codes ${answered.join(' ')}; accepted: ${kinds.join(' ')}`,
    );
    expect(failures).toEqual([]);
    const errors = t.logs.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
    expect(errors).toEqual([]);
  }, 300_000);
});
