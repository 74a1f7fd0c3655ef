import { randomUUID } from 'node:crypto';
import type { TActivationCode } from '@kpc/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema/index.ts';
import { buyKlkTier } from '../../testing/klk.ts';
import { createWalletMember, fund, type TestMember } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { consumeActivationCode } from './service.ts';

/**
 * Giving an activation code tells nothing about other members (issue 23 item 11): the code is
 * checked before the recipient, so a failure never depends on whether an email exists, and every
 * failed give counts toward one limit per member.
 */

const SECRET = 'test-secret-test-secret-test-secret-0123';
/** Failed gives per member and window in the limited app. */
const FAILURE_LIMIT = 3;

/** The test app's limits are high: answers are compared without the limiter. */
let t: TestApp;
/** The same server with a low limit, to trip it. */
let limited: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RUN_CHAIN_WORKERS: 'false' });
  limited = await createTestApp({ RUN_CHAIN_WORKERS: 'false', RATE_LIMIT_ACCOUNT_MAX: String(FAILURE_LIMIT) });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await limited?.close();
});

interface Owner {
  member: TestMember;
  codes: TActivationCode[];
  email: string;
  inviteCode: string;
}

/** A member with an email and the codes of a partner package. */
async function owner(app: TestApp): Promise<Owner> {
  const member = await createWalletMember(app);
  const email = `owner-${randomUUID()}@example.com`;
  await app.database.db.update(members).set({ email }).where(eq(members.id, member.memberId));
  await fund(app, member, 'USDT', '5000');
  expect((await buyKlkTier(app, member, 'partner')).code).toBe(200);
  const codes = (await app.call('/api/card/codes', {}, member.headers)).data as { list: TActivationCode[] };
  const info = await app.call('/api/acc/info', {}, member.headers);
  return { member, codes: codes.list, email, inviteCode: info.data.inviteCode as string };
}

const give = (app: TestApp, who: TestMember, codeId: string, to: string, language = 'en_US') =>
  app.call('/api/card/codes/give', { codeId, to, requestId: randomUUID() }, { ...who.headers, language });

/** Everything a client can observe of an answer. */
const observed = (answer: Awaited<ReturnType<typeof give>>) => ({
  status: answer.status,
  body: answer.response.body,
  retryAfter: answer.response.headers['retry-after'],
});

async function useCode(app: TestApp, who: Owner, code: TActivationCode) {
  await app.database.db.transaction((tx) =>
    consumeActivationCode(tx, {
      secret: SECRET,
      memberId: who.member.memberId,
      code: code.code!,
      reference: `card_application:${randomUUID()}`,
      now: new Date(),
    }),
  );
}

describe(`giving an activation code reveals no member (${testDatabaseKind()})`, () => {
  it('answers a code the caller does not own, or a used one, the same for known and unknown recipients', async () => {
    const caller = await owner(t);
    const stranger = await owner(t);
    const used = caller.codes[1]!;
    await useCode(t, caller, used);
    const recipients = [
      stranger.email,
      stranger.email.toUpperCase(),
      stranger.inviteCode,
      `nobody-${randomUUID()}@example.com`,
      'ZZZZZZZZ',
    ];
    const cases: [name: string, codeId: string, code: number][] = [
      ["another member's code", stranger.codes[0]!.id, 1610],
      ['a code that does not exist', '999999999', 1610],
      ['a used code', used.id, 1611],
    ];
    for (const [name, codeId, code] of cases) {
      for (const language of ['en_US', 'zh_CN']) {
        const answers = [];
        for (const to of recipients)
          answers.push({ to, answer: observed(await give(t, caller.member, codeId, to, language)) });
        const [first] = answers;
        expect(JSON.parse(first!.answer.body), `${name} (${language})`).toMatchObject({ code, data: null });
        for (const { to, answer } of answers) expect(answer, `${name} to ${to} (${language})`).toEqual(first!.answer);
      }
    }
    // Nothing moved.
    const listed = async (who: Owner) =>
      ((await t.call('/api/card/codes', {}, who.member.headers)).data as { unused: number }).unused;
    expect(await listed(stranger)).toBe(stranger.codes.length);
    expect(await listed(caller)).toBe(caller.codes.length - 1);
  });

  it('still gives an own unused code by email, and tells the holder of such a code an unknown recipient', async () => {
    const caller = await owner(t);
    const friend = await owner(t);
    const nobody = await give(t, caller.member, caller.codes[0]!.id, `nobody-${randomUUID()}@example.com`);
    expect(nobody).toMatchObject({ code: 1612, msg: 'No member matches this invitation code or email.' });
    expect((await give(t, caller.member, caller.codes[0]!.id, caller.email)).code).toBe(1613);
    const given = await give(t, caller.member, caller.codes[0]!.id, friend.email.toUpperCase());
    expect(given).toMatchObject({ code: 200, data: { codeId: caller.codes[0]!.id } });
  });

  it('counts every kind of failed give toward one limit per member', async () => {
    const stranger = await owner(limited);
    const kinds: [name: string, fail: (caller: Owner) => ReturnType<typeof give>, code: number][] = [
      [
        "another member's code, to a known email",
        (c) => give(limited, c.member, stranger.codes[0]!.id, stranger.email),
        1610,
      ],
      [
        "another member's code, to an unknown email",
        (c) => give(limited, c.member, stranger.codes[0]!.id, `nobody-${randomUUID()}@example.com`),
        1610,
      ],
      ['a code that does not exist', (c) => give(limited, c.member, '999999999', stranger.inviteCode), 1610],
      ['a used code', (c) => give(limited, c.member, c.codes[1]!.id, stranger.email), 1611],
      ['an unknown recipient', (c) => give(limited, c.member, c.codes[0]!.id, 'ZZZZZZZZ'), 1612],
      ['oneself', (c) => give(limited, c.member, c.codes[0]!.id, c.email), 1613],
    ];
    /** A member whose second code is used. */
    const freshCaller = async () => {
      const caller = await owner(limited);
      await useCode(limited, caller, caller.codes[1]!);
      return caller;
    };
    for (const [name, fail, code] of kinds) {
      // The limit is per member: each kind starts from a fresh one.
      const caller = await freshCaller();
      for (let attempt = 1; attempt <= FAILURE_LIMIT; attempt++) {
        expect((await fail(caller)).code, `${name}, attempt ${attempt}`).toBe(code);
      }
      const tripped = await fail(caller);
      expect(tripped, name).toMatchObject({ status: 429, code: 1001, data: null });
      expect(tripped.response.headers['retry-after'], name).toBeDefined();
      // Another member's gives are not limited by this one's failures.
      expect((await fail(await freshCaller())).code, `${name}, another member`).toBe(code);
    }
  });
});
