import { randomUUID } from 'node:crypto';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { ErrorCode, type TPasskeyAssertion, type TSecurityEventsResponse, type TTotpBeginResponse } from '@kpc/shared';
import { eq } from 'drizzle-orm';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberPasskeys, withdrawals } from '../../db/schema/index.ts';
import { startLocalChain, type LocalChain } from '../../testing/local-chain.ts';
import type { TestMember } from '../../testing/members.ts';
import { softAuthenticator, type SoftAuthenticator } from '../../testing/soft-authenticator.ts';
import { emailMember as newEmailMember, mailedCode, type EmailMember } from '../../testing/second-steps.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { CHALLENGE_MINUTES } from './passkey-step.ts';

const RP = { rpId: 'kpc.test', origin: 'https://app.kpc.test' };

let local: LocalChain;
let t: TestApp;

const emailMember = (usdt?: string) => newEmailMember(t, usdt);

const mailed = (member: EmailMember, path: string) => mailedCode(t, member, path);

const securityCode = (member: EmailMember) => mailed(member, '/api/2fa/sendCode');

/** Adds a software passkey (emailed code, plus `proof()`, made after it, when two-step verification is already on). */
async function addPasskey(
  member: EmailMember,
  proof: () => Record<string, unknown> = () => ({}),
): Promise<SoftAuthenticator> {
  const key = softAuthenticator(RP);
  const emailCode = await securityCode(member);
  const options = await t.call('/api/2fa/passkey/registerOptions', { emailCode, ...proof() }, member.headers);
  expect(options.code, options.msg).toBe(200);
  const added = await t.call('/api/2fa/passkey/register', { response: key.register(options.data) }, member.headers);
  expect(added.code, added.msg).toBe(200);
  return key;
}

/** A passkey's answer to a fresh challenge of `member` (signed by `key`, which may be someone else's). */
async function answer(member: TestMember, key: SoftAuthenticator, overrides = {}): Promise<TPasskeyAssertion> {
  const options = await t.call('/api/2fa/passkey/options', {}, member.headers);
  expect(options.code, options.msg).toBe(200);
  return key.assert(options.data, overrides);
}

const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address;

async function withdraw(member: EmailMember, extra: Record<string, unknown>) {
  return t.call(
    '/api/withdraw/apply',
    { requestId: randomUUID(), chainId: 31337, asset: 'USDT', address: freshAddress(), amount: '20', ...extra },
    { ...member.headers, language: 'en_US' },
  );
}

const withdrawalsOf = (member: TestMember) =>
  t.database.db.select().from(withdrawals).where(eq(withdrawals.memberId, member.memberId));

const eventsOf = async (member: TestMember) =>
  ((await t.call('/api/acc/security/events', {}, member.headers)).data as TSecurityEventsResponse).list;

beforeAll(async () => {
  local = await startLocalChain();
  t = await createTestApp(
    { RUN_CHAIN_WORKERS: 'false', WEBAUTHN_RP_ID: RP.rpId, WEBAUTHN_ORIGINS: RP.origin },
    { chains: local.runtime },
  );
});
afterAll(async () => {
  await t?.close();
  await local?.stop();
});

describe('adding a passkey (Step 11 §2)', () => {
  it('needs the emailed security code, and stores only the public key', async () => {
    const member = await emailMember();
    const without = await t.call('/api/2fa/passkey/registerOptions', {}, member.headers);
    expect(without.code).toBe(ErrorCode.CODE_INVALID);
    const wrong = await t.call('/api/2fa/passkey/registerOptions', { emailCode: '000000' }, member.headers);
    expect(wrong.code).toBe(ErrorCode.CODE_INVALID);
    // Without options granted, a credential is not taken.
    const key = softAuthenticator(RP);
    const ungranted = await t.call(
      '/api/2fa/passkey/register',
      { response: key.register({ challenge: 'AAAAAAAAAAAAAAAAAAAAAA' }) },
      member.headers,
    );
    expect(ungranted.code).toBe(ErrorCode.PASSKEY_CHALLENGE_EXPIRED);

    const options = await t.call(
      '/api/2fa/passkey/registerOptions',
      { emailCode: await securityCode(member) },
      member.headers,
    );
    expect(options.code).toBe(200);
    expect(options.data.rp).toEqual({ id: RP.rpId, name: 'KPC' });
    expect(options.data.user.name).toBe(member.email);
    const response = key.register(options.data);
    const added = await t.call('/api/2fa/passkey/register', { response, name: 'My phone' }, member.headers);
    expect(added.code).toBe(200);
    expect(added.data).toMatchObject({ name: 'My phone', lastUsedAt: null });
    // The same answer again: its challenge is spent.
    const again = await t.call('/api/2fa/passkey/register', { response }, member.headers);
    expect(again.code).toBe(ErrorCode.PASSKEY_CHALLENGE_EXPIRED);

    const status = await t.call('/api/2fa/status', {}, member.headers);
    expect(status.data).toMatchObject({ totp: { enabled: false }, passkeys: { count: 1 } });
    const [row] = await t.database.db.select().from(memberPasskeys).where(eq(memberPasskeys.memberId, member.memberId));
    expect(row!.credentialId).toBe(key.id);
    expect(row!.publicKey.length).toBeGreaterThan(60);
    const events = await eventsOf(member);
    expect(events[0]).toMatchObject({ kind: 'passkey_added', detail: 'My phone' });
  });

  it('refuses a credential made for another site or origin, and a granted challenge after 5 minutes', async () => {
    const member = await emailMember();
    const key = softAuthenticator(RP);
    for (const overrides of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }]) {
      const options = await t.call(
        '/api/2fa/passkey/registerOptions',
        { emailCode: await securityCode(member) },
        member.headers,
      );
      const refused = await t.call(
        '/api/2fa/passkey/register',
        { response: key.register(options.data, overrides) },
        member.headers,
      );
      expect(refused.code, JSON.stringify(overrides)).toBe(ErrorCode.PASSKEY_INVALID);
    }
    const options = await t.call(
      '/api/2fa/passkey/registerOptions',
      { emailCode: await securityCode(member) },
      member.headers,
    );
    t.clock.advance(CHALLENGE_MINUTES * 60 + 1);
    const late = await t.call('/api/2fa/passkey/register', { response: key.register(options.data) }, member.headers);
    expect(late.code).toBe(ErrorCode.PASSKEY_CHALLENGE_EXPIRED);
    expect((await t.call('/api/2fa/passkey/list', {}, member.headers)).data.list).toEqual([]);
  });

  it('refuses malformed WebAuthn answers with a clear message and never a 500', async () => {
    const member = await emailMember('100');
    await addPasskey(member);
    const bad = [
      { id: 'not base64url!', rawId: 'x', type: 'public-key', response: {}, clientExtensionResults: {} },
      { id: 'a'.repeat(2000), rawId: 'a', type: 'public-key', response: {}, clientExtensionResults: {} },
      'a string',
    ];
    for (const response of bad) {
      const answered = await t.call(
        '/api/2fa/passkey/register',
        { response },
        { ...member.headers, language: 'en_US' },
      );
      expect(answered.code).toBe(ErrorCode.INVALID_REQUEST);
      const withdrawal = await withdraw(member, { code: '123456', passkey: response });
      expect(withdrawal.code).toBe(ErrorCode.INVALID_REQUEST);
    }
    // Well formed but nonsense (its clientDataJSON is `{}`): a passkey's answer that does not verify.
    const garbage = await withdraw(member, {
      code: '123456',
      passkey: {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
        clientExtensionResults: {},
      },
    });
    expect(garbage.code).toBe(ErrorCode.PASSKEY_INVALID);
  });
});

describe('withdrawals with a passkey', () => {
  it('are refused without the second step, go through with an answer, and refuse its replay', async () => {
    const member = await emailMember('500');
    const key = await addPasskey(member);
    const without = await withdraw(member, { code: await mailed(member, '/api/withdraw/sendCode') });
    expect(without.code).toBe(ErrorCode.SECOND_STEP_REQUIRED);
    expect(without.msg).toMatch(/passkey/i);

    const assertion = await answer(member, key);
    const emailCode = await mailed(member, '/api/withdraw/sendCode');
    expect((await withdraw(member, { code: emailCode, passkey: assertion })).code).toBe(200);
    // The same answer (its challenge) again is refused before anything else.
    const replay = await withdraw(member, { code: await mailed(member, '/api/withdraw/sendCode'), passkey: assertion });
    expect(replay.code).toBe(ErrorCode.PASSKEY_CHALLENGE_EXPIRED);
    expect(await withdrawalsOf(member)).toHaveLength(1);
    const [row] = await t.database.db.select().from(memberPasskeys).where(eq(memberPasskeys.memberId, member.memberId));
    expect(row!.counter).toBe(1);
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it("refuse another member's passkey, and answers for another site or origin", async () => {
    const member = await emailMember('500');
    const own = await addPasskey(member);
    const other = await emailMember();
    const othersKey = await addPasskey(other);
    // The other member's passkey signs this member's challenge: not one of theirs.
    const foreign = await withdraw(member, { code: '123456', passkey: await answer(member, othersKey) });
    expect(foreign.code).toBe(ErrorCode.PASSKEY_INVALID);
    // An answer to the other member's challenge is not a challenge of this member.
    const borrowed = await withdraw(member, { code: '123456', passkey: await answer(other, own) });
    expect(borrowed.code).toBe(ErrorCode.PASSKEY_CHALLENGE_EXPIRED);
    const wrongOrigin = await withdraw(member, {
      code: '123456',
      passkey: await answer(member, own, { origin: 'https://app.kpc.test.evil.example' }),
    });
    expect(wrongOrigin.code).toBe(ErrorCode.PASSKEY_INVALID);
    const wrongRp = await withdraw(member, {
      code: '123456',
      passkey: await answer(member, own, { rpId: 'evil.example' }),
    });
    expect(wrongRp.code).toBe(ErrorCode.PASSKEY_INVALID);
    expect(await withdrawalsOf(member)).toHaveLength(0);
    // The member's own answer still goes through (the refusals changed nothing).
    const emailCode = await mailed(member, '/api/withdraw/sendCode');
    expect((await withdraw(member, { code: emailCode, passkey: await answer(member, own) })).code).toBe(200);
  });

  it('with one answer sent four times at once, exactly one withdrawal is made', async () => {
    const member = await emailMember('500');
    const key = await addPasskey(member);
    const assertion = await answer(member, key);
    const code = await mailed(member, '/api/withdraw/sendCode');
    const answers = await Promise.all(Array.from({ length: 4 }, () => withdraw(member, { code, passkey: assertion })));
    expect(answers.filter((reply) => reply.code === 200)).toHaveLength(1);
    expect(await withdrawalsOf(member)).toHaveLength(1);
  });
});

describe('managing passkeys', () => {
  it('removing one needs the emailed code and the second step; another member sees and touches none', async () => {
    const member = await emailMember('100');
    const key = await addPasskey(member);
    const [passkey] = (await t.call('/api/2fa/passkey/list', {}, member.headers)).data.list;
    const stranger = await emailMember();
    expect((await t.call('/api/2fa/passkey/list', {}, stranger.headers)).data.list).toEqual([]);
    expect((await t.call('/api/2fa/passkey/options', {}, stranger.headers)).code).toBe(ErrorCode.PASSKEY_NOT_FOUND);
    const rename = await t.call('/api/2fa/passkey/rename', { id: passkey.id, name: 'Mine now' }, stranger.headers);
    expect(rename.code).toBe(ErrorCode.PASSKEY_NOT_FOUND);
    const strangerRemove = await t.call(
      '/api/2fa/passkey/remove',
      { id: passkey.id, emailCode: await securityCode(stranger) },
      stranger.headers,
    );
    expect(strangerRemove.code).toBe(ErrorCode.PASSKEY_NOT_FOUND);

    const renamed = await t.call('/api/2fa/passkey/rename', { id: passkey.id, name: '  Laptop  ' }, member.headers);
    expect(renamed.data.name).toBe('Laptop');
    const noSecondStep = await t.call(
      '/api/2fa/passkey/remove',
      { id: passkey.id, emailCode: await securityCode(member) },
      member.headers,
    );
    expect(noSecondStep.code).toBe(ErrorCode.SECOND_STEP_REQUIRED);
    const noEmailCode = await t.call(
      '/api/2fa/passkey/remove',
      { id: passkey.id, passkey: await answer(member, key) },
      member.headers,
    );
    expect(noEmailCode.code).toBe(ErrorCode.CODE_INVALID);
    const removed = await t.call(
      '/api/2fa/passkey/remove',
      { id: passkey.id, emailCode: await securityCode(member), passkey: await answer(member, key) },
      member.headers,
    );
    expect(removed.code, removed.msg).toBe(200);
    expect(removed.data.list).toEqual([]);
    expect((await eventsOf(member))[0]).toMatchObject({ kind: 'passkey_removed', detail: 'Laptop' });
    // None left: a withdrawal needs the emailed code alone again, and the removed passkey answers nothing.
    expect((await t.call('/api/2fa/passkey/options', {}, member.headers)).code).toBe(ErrorCode.PASSKEY_NOT_FOUND);
    expect((await withdraw(member, { code: await mailed(member, '/api/withdraw/sendCode') })).code).toBe(200);
  });

  it('with the authenticator on, adding a passkey needs its code too; then either one confirms', async () => {
    const member = await emailMember('500');
    const begun = (await t.call('/api/2fa/totp/begin', {}, member.headers)).data as TTotpBeginResponse;
    const secret = decodeBase32IgnorePadding(begun.secret);
    const totp = () => generateHOTP(secret, BigInt(Math.floor(t.clock.now().getTime() / 30_000)), 6);
    expect((await t.call('/api/2fa/totp/enable', { code: totp() }, member.headers)).code).toBe(200);
    const refused = await t.call(
      '/api/2fa/passkey/registerOptions',
      { emailCode: await securityCode(member) },
      member.headers,
    );
    expect(refused.code).toBe(ErrorCode.TOTP_REQUIRED);
    const key = await addPasskey(member, () => ({ totpCode: totp() }));
    // Both on: without either, the message names both.
    const without = await withdraw(member, { code: await mailed(member, '/api/withdraw/sendCode') });
    expect(without.code).toBe(ErrorCode.SECOND_STEP_REQUIRED);
    expect(
      (await withdraw(member, { code: await mailed(member, '/api/withdraw/sendCode'), totpCode: totp() })).code,
    ).toBe(200);
    const viaPasskey = await withdraw(member, {
      code: await mailed(member, '/api/withdraw/sendCode'),
      passkey: await answer(member, key),
    });
    expect(viaPasskey.code).toBe(200);
    // Turning the authenticator off can be confirmed with the passkey.
    const off = await t.call(
      '/api/2fa/totp/disable',
      { passkey: await answer(member, key), emailCode: await securityCode(member) },
      member.headers,
    );
    expect(off.code, off.msg).toBe(200);
    expect(off.data).toMatchObject({ totp: { enabled: false }, passkeys: { count: 1 } });
  });
});
