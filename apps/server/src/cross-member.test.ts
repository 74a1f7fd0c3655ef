import { randomInt, randomUUID } from 'node:crypto';
import { DEV_ACCOUNTS } from '@kpc/contracts/dev-chain';
import {
  ACTIVATION_CODE_ALPHABET,
  ACTIVATION_CODE_LENGTH,
  ErrorCode,
  luhnCheckDigit,
  type TActivationCode,
  type TMemberSessionsResponse,
  type TPasskeyAssertion,
  type TPlanProductsResponse,
} from '@kpc/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from './db/schema/index.ts';
import { advancePlanDays } from './modules/plan/testing.ts';
import { cardHolder, createSandboxCardApp, issueCard, type SandboxCardApp } from './testing/card-sandbox.ts';
import { buyKlkTier } from './testing/klk.ts';
import { startLocalChain, type LocalChain } from './testing/local-chain.ts';
import { createWalletMember, fund, type TestMember } from './testing/members.ts';
import { openApiOperations, openApiPostRoutes, wireProblemOf, type JsonSchema } from './testing/openapi-routes.ts';
import { softAuthenticator, type SoftAuthenticator } from './testing/soft-authenticator.ts';
import { changedTables, tableDigests } from './testing/table-snapshot.ts';
import type { TestApp } from './testing/test-app.ts';
import { testDatabaseKind } from './testing/test-database.ts';

/**
 * The cross-member matrix (Step 10 §2). For every member route of the server's own OpenAPI
 * document that names a record in its body, member A makes the record through the API, then member
 * B (funded, so no refusal is "no balance") sends A's id: B's answer must be exactly the answer to
 * an id of the same shape that nobody has (same HTTP status, code, msg and data, none of A's data
 * in it) and no row of any table may change. Then A's own call on the same id must work, which
 * proves the fixture was real and the refusal meaningful. The routes are discovered from the
 * document: a route added later that names a record fails here until a fixture covers it.
 * Also: every console route of the document refuses a member's token exactly as no credential.
 */

const CHAIN = 31337;
let local: LocalChain;
let t: TestApp;
let cards: SandboxCardApp;
let a: TestMember;
let b: TestMember;
/** A's records (and B's invitation code), made in beforeAll. */
const f = {
  // An issued card (not bound yet) and its application; an activation code to pay with, one to give.
  applicationId: '',
  cardRecordId: '',
  cardNumber: '',
  cardId: '',
  code: '',
  codeId: '',
  quote: '',
  orderId: '',
  esopOrderId: '',
  pledgeId: '',
  withdrawalId: '',
  withdrawalRecordId: '',
  /** A withdrawal address A saved (Step 11 §2). */
  savedAddressId: '',
  depositTx: '',
  /** A transaction on the chain that is nobody's deposit. */
  otherTx: '',
  /** One of A's two passkeys (Step 11 §2), the security code and the passkey's answer that remove it. */
  passkeyId: '',
  passkeyRemoveCode: '',
  passkeyAnswer: {} as TPasskeyAssertion,
  bInvite: '',
  /** A's second session (signed in again), which A may end from the first. */
  sessionId: '',
};

// ---------------------------------------------------------------------------------------------
// Which routes name a record, and the cases.

/**
 * A string field names a record by its description (ZRecordId) or its name. Not one: a mailed
 * six-digit code, and `requestId`, a retry key the caller chose (replays look among its own rows).
 */
const ID_NAME = /^(id|ids|code|quote|txHash|address)$|^(?!request)[a-z]+Id$/;
function idFieldsOf(schema: JsonSchema | undefined, prefix = ''): string[] {
  if (!schema) return [];
  const nested = [...(schema.oneOf ?? []), ...(schema.anyOf ?? []), ...(schema.items ? [schema.items] : [])];
  return [
    ...nested.flatMap((inner) => idFieldsOf(inner, prefix)),
    ...Object.entries(schema.properties ?? {}).flatMap(([name, field]) => {
      const leaf = field.type === 'array' ? (field.items ?? {}) : field;
      const named =
        leaf.type === 'string' &&
        leaf.pattern !== '^\\d{6}$' &&
        (ID_NAME.test(name) || /^A record's id/.test((leaf as { description?: string }).description ?? '')) &&
        // A passkey's credential id names the member's own passkey: passkeys.test.ts refuses another's.
        !/^A WebAuthn credential id/.test((leaf as { description?: string }).description ?? '');
      return [...(named ? [`${prefix}${name}`] : []), ...idFieldsOf(field, `${prefix}${name}.`)];
    }),
  ];
}

/** Member routes whose id field names no member's own record, and why. */
const NOT_OWNED: Record<string, string> = {
  '/api/acc/login': 'the address signs in: the signature of its key proves it',
  '/api/acc/bindWallet': 'the address is bound with the signature of its key',
  '/api/withdraw/apply': 'the address is where the money goes: any address',
  '/api/wdaddr/add': 'the address is one the member saves: any address',
  '/api/plan/join': 'productId names a public plan product',
  '/api/plan/pledge': 'termId names a public pledge term',
  '/api/klk/buy': 'tierId names a public KLK tier',
  '/api/notice/detail': 'a notice is published to every member (drafts answer as missing: notice.test.ts)',
};

interface Case {
  path: string;
  /** The field that names the record. */
  field: string;
  /** The body naming A's record. */
  own: () => Record<string, unknown>;
  /** The same body naming a record of the same shape that nobody has. */
  unknown: () => Record<string, unknown>;
}
const anyId = () => `9${String(randomInt(2 ** 47)).padStart(15, '0')}`;
/** Each digit and letter replaced by a random one of its kind. */
const sameShape = (text: string) =>
  text.replace(/[0-9]|[A-Z]|[a-z]/g, (c) => {
    const kind = /\d/.test(c)
      ? '0123456789'
      : /[A-Z]/.test(c)
        ? 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
        : 'abcdefghijklmnopqrstuvwxyz';
    return kind[randomInt(kind.length)]!;
  });
const anyCode = () =>
  Array.from(
    { length: ACTIVATION_CODE_LENGTH },
    () => ACTIVATION_CODE_ALPHABET[randomInt(ACTIVATION_CODE_ALPHABET.length)],
  ).join('');
function anyCardNumber() {
  const body = f.cardNumber.slice(0, 6) + sameShape(f.cardNumber.slice(6, -1));
  return body + luhnCheckDigit(body);
}
const byId = (path: string, field: string, key: keyof typeof f, extra = () => ({})): Case => ({
  path,
  field,
  own: () => ({ [field]: f[key], ...extra() }),
  unknown: () => ({ [field]: anyId(), ...extra() }),
});
const request = () => ({ requestId: randomUUID() });
const applyWith = (code: string) => ({
  ...request(),
  product: 'royal_black_eagle',
  network: 'visa',
  holder: cardHolder(),
  payment: { method: 'code', code },
});

/** In this order: the card is bound first, frozen before it is unfrozen. */
const CASES: Case[] = [
  {
    path: '/api/acc/info',
    field: 'address',
    own: () => ({ address: a.address }),
    unknown: () => ({ address: privateKeyToAccount(generatePrivateKey()).address }),
  },
  {
    path: '/api/exchange/confirm',
    field: 'quote',
    own: () => ({ quote: f.quote }),
    unknown: () => ({ quote: sameShape(f.quote) }),
  },
  {
    path: '/api/acc/sessions/end',
    field: 'sessionId',
    own: () => ({ sessionId: f.sessionId }),
    unknown: () => ({ sessionId: randomUUID() }),
  },
  byId('/api/card/application', 'id', 'applicationId'),
  {
    path: '/api/card/bind',
    field: 'cardId',
    own: () => ({ cardNumber: f.cardNumber, cardId: f.cardId }),
    unknown: () => ({ cardNumber: anyCardNumber(), cardId: sameShape(f.cardId) }),
  },
  byId('/api/card/topup', 'id', 'cardRecordId', () => ({ amount: '20', ...request() })),
  byId('/api/card/transactions', 'id', 'cardRecordId'),
  byId('/api/card/freeze', 'id', 'cardRecordId'),
  byId('/api/card/unfreeze', 'id', 'cardRecordId'),
  byId('/api/dev/card/delivery', 'id', 'cardRecordId'),
  { path: '/api/card/apply', field: 'payment.code', own: () => applyWith(f.code), unknown: () => applyWith(anyCode()) },
  {
    path: '/api/card/codes/give',
    field: 'codeId',
    own: () => ({ codeId: f.codeId, to: f.bInvite, ...request() }),
    unknown: () => ({ codeId: anyId(), to: f.bInvite, ...request() }),
  },
  byId('/api/plan/log', 'orderId', 'orderId'),
  byId('/api/plan/esop/log', 'orderId', 'esopOrderId'),
  byId('/api/plan/pledge/redeem', 'pledgeId', 'pledgeId', request),
  byId('/api/withdraw/detail', 'id', 'withdrawalId'),
  byId('/api/withdraw/detail', 'recordId', 'withdrawalRecordId'),
  byId('/api/wdaddr/remove', 'id', 'savedAddressId'),
  {
    // A hash is public on its chain: the same shape here is a transaction the chain knows that is nobody's deposit.
    path: '/api/recharge/accelerate',
    field: 'txHash',
    own: () => ({ chainId: CHAIN, txHash: f.depositTx }),
    unknown: () => ({ chainId: CHAIN, txHash: f.otherTx }),
  },
  {
    path: '/api/2fa/passkey/rename',
    field: 'id',
    own: () => ({ id: f.passkeyId, name: 'Laptop' }),
    unknown: () => ({ id: randomUUID(), name: 'Laptop' }),
  },
  {
    path: '/api/2fa/passkey/remove',
    field: 'id',
    own: () => ({ id: f.passkeyId, emailCode: f.passkeyRemoveCode, passkey: f.passkeyAnswer }),
    unknown: () => ({ id: randomUUID(), emailCode: f.passkeyRemoveCode, passkey: f.passkeyAnswer }),
  },
];

// ---------------------------------------------------------------------------------------------
// A's records, through the API.

beforeAll(async () => {
  local = await startLocalChain();
  cards = await createSandboxCardApp(
    {
      EXCHANGE_QUOTE_SECONDS: '600',
      WITHDRAW_AUTO_APPROVE_DAILY: '1000',
      RATE_LIMIT_LOGIN_MAX: '1000000',
      RATE_LIMIT_ACCOUNT_MAX: '1000000',
      RATE_LIMIT_CODE_MAX: '1000000',
    },
    { chains: local.runtime },
  );
  t = cards.t;
  a = await createWalletMember(t, { chainId: CHAIN, privateKey: DEV_ACCOUNTS.demo.privateKey });
  b = await createWalletMember(t, { chainId: CHAIN });
  for (const member of [a, b]) {
    await fund(t, member, 'USDT', '20000');
    await fund(t, member, 'KPC', '5000');
  }
  const ok = <T>(answer: { code: number; msg: string; data: T }) => {
    expect(answer.code, answer.msg).toBe(200);
    return answer.data as T & Record<string, any>;
  };
  const call = (path: string, body: unknown) => t.call(path, body, a.headers).then(ok);

  // Plans first: the plans' clock is also the cards' fee clock. ESOP: locked 6 months, then phases.
  const products = ok(await t.call('/api/plan/products', {})) as TPlanProductsResponse;
  f.esopOrderId = (await call('/api/plan/esop/join', { amount: '300', price: products.esop.price, ...request() })).id;
  await advancePlanDays(t, 215);
  const starter = products.investment[0]!.id;
  f.orderId = (await call('/api/plan/join', { productId: starter, amount: '1000', ...request() })).id;
  const term = products.pledgeTerms.find((candidate) => candidate.days === 30)!.id;
  f.pledgeId = (await call('/api/plan/pledge', { termId: term, amount: '500', ...request() })).id;
  await advancePlanDays(t, 1);

  // Activation codes (one to pay with, one to give), and a card issued but not bound yet.
  ok(await buyKlkTier(t, a, 'partner'));
  const codes = (await call('/api/card/codes', {})).list as TActivationCode[];
  [f.code, f.codeId] = [codes[0]!.code!, codes[1]!.id];
  f.bInvite = ok(await t.call('/api/acc/info', {}, b.headers)).inviteCode;
  // A signs in a second time: a session of A's that A's first session may end.
  await createWalletMember(t, { chainId: CHAIN, privateKey: DEV_ACCOUNTS.demo.privateKey });
  const sessions = (await call('/api/acc/sessions', {})) as TMemberSessionsResponse;
  f.sessionId = sessions.list.find((session) => !session.current)!.id;
  const card = await issueCard(cards, a);
  [f.cardRecordId, f.cardNumber, f.cardId] = [card.recordId, card.number, card.cardId];
  f.applicationId = (await call('/api/card/applications', {})).list[0].id;

  // A withdrawal (with the mailed code) and its asset record.
  const email = `a-${randomUUID().slice(0, 8)}@example.com`;
  await t.database.db.update(members).set({ email }).where(eq(members.id, a.memberId));
  const since = t.smtp.mails.length;
  await call('/api/withdraw/sendCode', {});
  const address = privateKeyToAccount(generatePrivateKey()).address;
  const code = await t.smtp.waitForCode(email, { since });
  const body = { ...request(), chainId: CHAIN, asset: 'USDT', address, amount: '20', code };
  f.withdrawalId = (await call('/api/withdraw/apply', body)).id;
  f.withdrawalRecordId = (await call('/api/ass/history', { kind: 'withdraw' })).list[0].id;
  // A saved withdrawal address (the security code mailed for it).
  const mailed = t.smtp.mails.length;
  await call('/api/wdaddr/sendCode', {});
  const securityCode = await t.smtp.waitForCode(email, { since: mailed });
  const saved = { chainId: CHAIN, address: privateKeyToAccount(generatePrivateKey()).address, label: 'Cold' };
  f.savedAddressId = (await call('/api/wdaddr/add', { ...saved, code: securityCode })).id;

  // A deposit through the Recharge contract, credited; and a transaction that is nobody's deposit.
  f.depositTx = (await local.depositThroughContract(DEV_ACCOUNTS.demo.privateKey, '6')).transactionHash;
  await local.mine(19);
  expect((await call('/api/recharge/accelerate', { chainId: CHAIN, txHash: f.depositTx })).list[0].status).toBe(
    'credited',
  );
  const spare = DEV_ACCOUNTS.spare[0].address;
  f.otherTx = (await local.transferUsdt(DEV_ACCOUNTS.demo.privateKey, spare, '1')).transactionHash;

  f.quote = (await call('/api/exchange/quote', { from: 'USDT', to: 'KPC', amount: '10' })).quote;

  // Two passkeys (software authenticators; the test server's site is localhost:8080), so removing one leaves one.
  const passkeyCode = async () => {
    const since = t.smtp.mails.length;
    t.clock.advance(61);
    await call('/api/2fa/sendCode', {});
    return t.smtp.waitForCode(email, { since });
  };
  const keys: SoftAuthenticator[] = [];
  for (let index = 0; index < 2; index += 1) {
    const emailCode = await passkeyCode();
    // The second needs the second step: the first passkey's answer.
    const proof = keys[0] ? { passkey: keys[0].assert(await call('/api/2fa/passkey/options', {})) } : {};
    const options = await call('/api/2fa/passkey/registerOptions', { emailCode, ...proof });
    const key = softAuthenticator({ rpId: options.rp.id, origin: 'http://localhost:8080' });
    keys.push(key);
    f.passkeyId = (await call('/api/2fa/passkey/register', { response: key.register(options) })).id;
  }
  f.passkeyRemoveCode = await passkeyCode();
  f.passkeyAnswer = keys[0]!.assert(await call('/api/2fa/passkey/options', {}));
}, 120_000);
afterAll(async () => {
  await t?.close();
  await local?.stop();
});

const send = (path: string, body: unknown, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/json', language: 'en_US', ...headers },
    payload: JSON.stringify(body),
  });
const answerOf = (response: LightMyRequestResponse) => ({
  status: response.statusCode,
  ...response.json<{ code: number; msg: string; data: unknown }>(),
});

describe(`cross-member: another member's record answers as nobody's, and nothing changes (${testDatabaseKind()})`, () => {
  it('covers every member route of the document that names a record', async () => {
    const fields = (await openApiPostRoutes(t.app))
      .filter((route) => route.path.startsWith('/api/') && !route.path.startsWith('/api/operator/'))
      .flatMap((route) => idFieldsOf(route.schema).map((field) => `${route.path} ${field}`));
    const discovered = new Set(fields.map((field) => field.split(' ')[0]!));
    const covered = CASES.map((entry) => `${entry.path} ${entry.field}`);
    // One listed here but no longer discovered means the discovery broke: fix it, not the lists.
    expect([...discovered]).toEqual(expect.arrayContaining(Object.keys(NOT_OWNED)));
    expect(fields).toEqual(expect.arrayContaining(covered));
    // A route (or field) added later names a record: add a Case (A's record through the API), or
    // to NOT_OWNED if no member owns what it names.
    const uncovered = fields.filter((field) => !covered.includes(field) && !(field.split(' ')[0]! in NOT_OWNED));
    expect(uncovered, 'add a fixture for these routes to CASES').toEqual([]);
  });

  it.each(CASES.map((entry) => [`${entry.path} ${entry.field}`, entry] as const))('%s', async (_name, entry) => {
    // B's session is touched (if due) before the snapshot, not by the probe.
    await send('/api/acc/info', {}, b.headers);
    const before = await tableDigests(t.database.db);
    const foreign = await send(entry.path, entry.own(), b.headers);
    const nobody = await send(entry.path, entry.unknown(), b.headers);
    expect(changedTables(before, await tableDigests(t.database.db)), 'rows changed').toEqual([]);
    expect([wireProblemOf(foreign), wireProblemOf(nobody)]).toEqual([null, null]);
    expect(answerOf(foreign)).toEqual(answerOf(nobody));
    for (const secret of [a.memberId, a.address, f.cardNumber, f.cardId, f.code, f.quote]) {
      expect(foreign.body.toLowerCase()).not.toContain(secret.toLowerCase());
    }
    // A's own call on the same record works: the refusal was about whose record it is.
    const mine = answerOf(await send(entry.path, entry.own(), a.headers));
    expect(mine.code, JSON.stringify(mine)).toBe(200);
    const list = (mine.data as { list?: unknown[] } | null)?.list;
    if (list) expect(list.length, `${entry.path}: A's own list is empty`).toBeGreaterThan(0);
  });
});

describe(`every console route of the document refuses a member's token (${testDatabaseKind()})`, () => {
  it('answers a member token exactly as no credential: 401, but for signing in', async () => {
    const routes = (await openApiOperations(t.app)).filter((route) => route.path.startsWith('/api/operator/'));
    expect(routes.length).toBeGreaterThanOrEqual(90);
    const before = await tableDigests(t.database.db);
    const open: string[] = [];
    for (const { method, path } of routes) {
      const call = (headers: Record<string, string>) =>
        t.app.inject({
          method: method as 'GET' | 'POST',
          url: path,
          headers: {
            language: 'en_US',
            ...headers,
            ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
          },
          ...(method === 'POST' ? { payload: '{}' } : {}),
        });
      const anonymous = answerOf(await call({}));
      // The member's token as members send it, as a service key's bearer and as the console's cookie.
      const tokens = [b.headers, { authorization: `Bearer ${b.token}` }, { cookie: `kpc_operator=${b.token}` }];
      for (const headers of tokens) {
        expect(answerOf(await call(headers)), `${method} ${path}`).toEqual(anonymous);
      }
      if (anonymous.status !== 401 || anonymous.code !== ErrorCode.UNAUTHORIZED) open.push(path);
    }
    // Only signing in and enrolling take no session (console-access.test.ts covers roles and step-up).
    expect(open.sort()).toEqual([
      '/api/operator/auth/enrol',
      '/api/operator/auth/enrolment',
      '/api/operator/auth/login',
    ]);
    expect(changedTables(before, await tableDigests(t.database.db))).toEqual([]);
  });
});
