import { resolveLocale } from '@kpc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from './lib/i18n.ts';
import { type TestMember } from './testing/members.ts';
import { openApiPostRoutes, wireProblemOf, type Route } from './testing/openapi-routes.ts';
import type { TestApp } from './testing/test-app.ts';
import { testDatabaseKind } from './testing/test-database.ts';
import { changedTables, tableDigests as digestsOf } from './testing/table-snapshot.ts';
import { createFuzzApp, validBodies as validBodiesOf, type RecordIds } from './testing/valid-bodies.ts';

/**
 * "Never a 500 on a NUL" (Step 7b, issue 23 item 10). PostgreSQL text cannot hold U+0000, so a
 * string carrying one must be refused before any code sees it. For every POST route of the OpenAPI
 * document a VALID body is built from its schema, then each string field alone (nested ones too),
 * and each object's keys, get a NUL at the start, in the middle and at the end while the rest stays
 * valid: sent anonymously, as a member and with the operator key. Each answer must be the
 * localised validation refusal, and no row of any table may change. The hostile fuzz of
 * api-fuzz.test.ts fills whole bodies and rarely gets one NUL past the other fields' checks.
 */

const OPERATOR_KEY = 'nul-fuzz-operator-key-0123456789abcdef';
const NUL = '\u0000';
const OPERATOR = { 'x-operator-key': OPERATOR_KEY };

let t: TestApp;
let member: TestMember;
/** Record ids of the fixtures, by route prefix: a valid id gets a request as far as the write. */
let recordIds: RecordIds;

beforeAll(async () => {
  // The server and the fixtures the valid bodies point at (testing/valid-bodies.ts).
  ({ t, member, recordIds } = await createFuzzApp(OPERATOR_KEY));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

// ---------------------------------------------------------------------------------------------
// A valid body for a route, from its schema (testing/valid-bodies.ts).

const validBodies = (route: Route) => validBodiesOf(route, recordIds);

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

const tableDigests = () => digestsOf(t.database.db);

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
