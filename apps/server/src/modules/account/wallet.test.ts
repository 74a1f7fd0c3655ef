import { buildWalletMessage, WALLET_NONCE_TTL_SECONDS, type TAppConfig, type TWalletSignIntent } from '@kpc/shared';
import { eq } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, sessions, walletNonces } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/crypto.ts';
import { createTestApp, GENESIS_CODE, type TestApp } from '../../testing/test-app.ts';

// The server's PUBLIC_URL in these tests; wallet messages must name its host.
const ORIGIN = 'http://localhost:8080';
const CHAIN_ID = 137;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function newWallet(): PrivateKeyAccount {
  return privateKeyToAccount(generatePrivateKey());
}

/** A nonce from `/api/acc/auth`, asked for by the session of `token` when one is given. */
async function getNonce(token?: string): Promise<string> {
  const answer = await t.call('/api/acc/auth', {}, token ? { token } : {});
  expect(answer.code).toBe(200);
  return answer.data.auth as string;
}

interface SignOptions {
  intent?: TWalletSignIntent;
  origin?: string;
  chainId?: number;
  nonce?: string;
  issuedAt?: Date;
  signer?: PrivateKeyAccount;
}

/** A message for `wallet`, signed (by `signer`, default the wallet itself) as the member app does. */
async function signIn(wallet: PrivateKeyAccount, options: SignOptions = {}) {
  const random = buildWalletMessage({
    ...(options.intent ?? { purpose: 'login' }),
    origin: options.origin ?? ORIGIN,
    address: wallet.address,
    chainId: options.chainId ?? CHAIN_ID,
    nonce: options.nonce ?? (await getNonce()),
    issuedAt: options.issuedAt ?? t.clock.now(),
  });
  const sign = await (options.signer ?? wallet).signMessage({ message: random });
  return { random, sign, address: wallet.address };
}

interface EmailMember {
  token: string;
  inviteCode: string;
}

/**
 * A binding message for `wallet`, as the member app builds it for `member`: naming its account,
 * over a nonce its session asked for (unless `nonce` is given).
 */
async function signBind(wallet: PrivateKeyAccount, member: EmailMember, options: SignOptions = {}) {
  return signIn(wallet, {
    intent: { purpose: 'bind', account: member.inviteCode },
    nonce: await getNonce(member.token),
    ...options,
  });
}

async function bind(member: EmailMember, body: object) {
  return t.call('/api/acc/bindWallet', body, { token: member.token });
}

async function walletLogin(body: object) {
  return t.call('/api/acc/login', body);
}

async function findMember(address: string) {
  const [member] = await t.database.db.select().from(members).where(eq(members.walletAddress, address.toLowerCase()));
  return member;
}

async function rootMemberId() {
  const [root] = await t.database.db.select().from(members).where(eq(members.inviteCode, GENESIS_CODE));
  return root!.id;
}

/** Registers an email member through the real endpoints, which logs it in. */
async function emailMember(): Promise<EmailMember> {
  const email = `binder.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;
  const password = 'a long enough password';
  const since = t.smtp.mails.length;
  expect((await t.call('/api/acc/sendCode', { email, purpose: 'register' })).code).toBe(200);
  const code = await t.smtp.waitForCode(email, { since });
  const registered = await t.call('/api/acc/register', {
    email,
    password,
    confirmPassword: password,
    code,
    inviteCode: GENESIS_CODE,
    agreed: true,
  });
  expect(registered.code).toBe(200);
  // A registration logs the member in (its only session).
  const token = registered.data.token as string;
  const info = await t.call('/api/acc/info', {}, { token });
  return { token, inviteCode: info.data.inviteCode as string };
}

describe('/api/acc/auth', () => {
  it('gives a fresh alphanumeric nonce of at least 128 bits each time, stored only as a hash', async () => {
    const first = await getNonce();
    const second = await getNonce();
    expect(first).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(second).not.toBe(first);
    const stored = await t.database.db.select().from(walletNonces);
    expect(stored.some((row) => row.nonceHash.includes(first))).toBe(false);
    const expiry = stored.at(-1)!.expiresAt.getTime() - stored.at(-1)!.createdAt.getTime();
    expect(expiry).toBe(WALLET_NONCE_TTL_SECONDS * 1000);
  });

  it("keeps the asking member's session with the nonce, and none for an anonymous caller", async () => {
    const member = await emailMember();
    const [session] = await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(members, eq(members.id, sessions.memberId))
      .where(eq(members.inviteCode, member.inviteCode));
    const sessionOf = async (nonce: string) => {
      const rows = await t.database.db.select().from(walletNonces);
      return rows.find((row) => row.nonceHash === hashToken(nonce))?.sessionId;
    };
    expect(await sessionOf(await getNonce(member.token))).toBe(session!.id);
    expect(await sessionOf(await getNonce())).toBeNull();
    // An unknown token is no error here: the nonce simply belongs to no session.
    expect(await sessionOf(await getNonce('not-a-token'))).toBeNull();
  });
});

describe('/api/acc/login (SPEC §7 wallet sign-in)', () => {
  it('makes a new address a member under the invitation code, then signs it in again without one', async () => {
    const wallet = newWallet();
    const first = await walletLogin({ ...(await signIn(wallet)), inviteAddress: GENESIS_CODE.toLowerCase() });
    expect(first).toMatchObject({ code: 200, data: { address: wallet.address, isNew: true } });
    expect(first.data.token).toMatch(/^[\w-]{43}$/);

    const member = await findMember(wallet.address);
    expect(member).toMatchObject({ email: null, passwordHash: null, referrerId: await rootMemberId() });
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.memberId, member!.id));
    expect(session?.loginType).toBe(-1);

    const again = await walletLogin(await signIn(wallet));
    expect(again).toMatchObject({ code: 200, data: { isNew: false } });
    expect(again.data.token).not.toBe(first.data.token);
    const info = await t.call('/api/acc/info', { address: wallet.address }, { token: again.data.token });
    expect(info.data).toMatchObject({ id: member!.id, email: null, address: wallet.address });
  });

  it('asks a new address for an invitation, without burning the nonce, then accepts it', async () => {
    const wallet = newWallet();
    const signed = await signIn(wallet);
    const refused = await walletLogin(signed);
    expect(refused).toMatchObject({ status: 200, code: 1107 });
    expect(refused.msg).toContain('invitation code');
    expect(await findMember(wallet.address)).toBeUndefined();

    const unknown = await walletLogin({ ...signed, inviteAddress: 'NOSUCHCODE' });
    expect(unknown.code).toBe(1108);
    const localised = await t.call('/api/acc/login', { ...signed, inviteAddress: 'NOSUCHCODE' }, { language: 'zh_CN' });
    expect(localised.msg).toBe('没有会员拥有此邀请码或钱包地址。');

    const accepted = await walletLogin({ ...signed, inviteAddress: GENESIS_CODE });
    expect(accepted.code).toBe(200);
  });

  it("takes an existing member's wallet address, in any case, as the inviter", async () => {
    const inviter = newWallet();
    expect((await walletLogin({ ...(await signIn(inviter)), inviteAddress: GENESIS_CODE })).code).toBe(200);
    const invitee = newWallet();
    const answer = await walletLogin({ ...(await signIn(invitee)), inviteAddress: inviter.address.toLowerCase() });
    expect(answer.code).toBe(200);
    expect((await findMember(invitee.address))?.referrerId).toBe((await findMember(inviter.address))?.id);
  });

  it('compares addresses case-insensitively: a lower-case address is the same member', async () => {
    const wallet = newWallet();
    expect((await walletLogin({ ...(await signIn(wallet)), inviteAddress: GENESIS_CODE })).code).toBe(200);
    const signed = await signIn(wallet);
    const answer = await walletLogin({ ...signed, address: wallet.address.toLowerCase() });
    expect(answer).toMatchObject({ code: 200, data: { address: wallet.address } });
    const rows = await t.database.db
      .select()
      .from(members)
      .where(eq(members.walletAddress, wallet.address.toLowerCase()));
    expect(rows).toHaveLength(1);
  });

  it('refuses a bad signature, and a signature by another key, without burning the nonce for the owner', async () => {
    const wallet = newWallet();
    const nonce = await getNonce();
    const signed = await signIn(wallet, { nonce });

    const garbage = await walletLogin({ ...signed, sign: `0x${'11'.repeat(65)}`, inviteAddress: GENESIS_CODE });
    expect(garbage.code).toBe(1105);
    const forged = await signIn(wallet, { nonce, signer: newWallet() });
    expect((await walletLogin({ ...forged, inviteAddress: GENESIS_CODE })).code).toBe(1105);
    // Someone else's valid signature over our message text is still not ours.
    const otherSigner = newWallet();
    const claimed = await walletLogin({ ...signed, address: otherSigner.address, inviteAddress: GENESIS_CODE });
    expect(claimed.code).toBe(1105);
    expect(await findMember(wallet.address)).toBeUndefined();

    const owner = await walletLogin({ ...signed, inviteAddress: GENESIS_CODE });
    expect(owner.code).toBe(200);
  });

  it('uses a nonce once: a replayed message is refused', async () => {
    const wallet = newWallet();
    const signed = await signIn(wallet);
    expect((await walletLogin({ ...signed, inviteAddress: GENESIS_CODE })).code).toBe(200);
    const replay = await walletLogin({ ...signed, inviteAddress: GENESIS_CODE });
    expect(replay.code).toBe(1106);
  });

  it('refuses a nonce the server never issued', async () => {
    const answer = await walletLogin({
      ...(await signIn(newWallet(), { nonce: 'a'.repeat(32) })),
      inviteAddress: GENESIS_CODE,
    });
    expect(answer.code).toBe(1106);
  });

  it('refuses an expired nonce, and a message past its expiration time', async () => {
    const wallet = newWallet();
    const nonce = await getNonce();
    t.clock.advance(WALLET_NONCE_TTL_SECONDS + 1);
    // A fresh message on a stale nonce.
    expect((await walletLogin({ ...(await signIn(wallet, { nonce })), inviteAddress: GENESIS_CODE })).code).toBe(1106);

    // A live nonce in a message that has already expired.
    const staleMessage = await signIn(wallet, {
      issuedAt: new Date(t.clock.now().getTime() - (WALLET_NONCE_TTL_SECONDS + 1) * 1000),
    });
    expect((await walletLogin({ ...staleMessage, inviteAddress: GENESIS_CODE })).code).toBe(1106);
  });

  it('refuses a message for another domain, another purpose or issued in the future', async () => {
    const wallet = newWallet();
    const nonce = await getNonce();
    const phishing = await signIn(wallet, { nonce, origin: 'https://kpc-app.evil.example' });
    expect((await walletLogin({ ...phishing, inviteAddress: GENESIS_CODE })).code).toBe(1105);
    const bindMessage = await signIn(wallet, { nonce, intent: { purpose: 'bind', account: GENESIS_CODE } });
    expect((await walletLogin({ ...bindMessage, inviteAddress: GENESIS_CODE })).code).toBe(1105);
    const future = await signIn(wallet, { nonce, issuedAt: new Date(t.clock.now().getTime() + 3600_000) });
    expect((await walletLogin({ ...future, inviteAddress: GENESIS_CODE })).code).toBe(1105);
    const tampered = await signIn(wallet, { nonce });
    const edited = tampered.random.replace('Sign in to KPC.', 'Sign in to KPC!');
    expect((await walletLogin({ ...tampered, random: edited, inviteAddress: GENESIS_CODE })).code).toBe(1105);
    // The nonce survived every refusal.
    expect((await walletLogin({ ...(await signIn(wallet, { nonce })), inviteAddress: GENESIS_CODE })).code).toBe(200);
  });

  it('refuses a chain outside the allowed list, naming the list', async () => {
    const answer = await walletLogin({ ...(await signIn(newWallet(), { chainId: 5 })), inviteAddress: GENESIS_CODE });
    expect(answer).toMatchObject({
      code: 1109,
      msg: 'Please switch to the correct network. Required network ID: 137,56,1',
    });
  });

  it('accepts the localhost twin of PUBLIC_URL outside production', async () => {
    const answer = await walletLogin({
      ...(await signIn(newWallet(), { origin: 'http://127.0.0.1:8080' })),
      inviteAddress: GENESIS_CODE,
    });
    expect(answer.code).toBe(200);
  });

  it('answers malformed requests with code 1000 and changes nothing', async () => {
    const before = (await t.database.db.select().from(members)).length;
    for (const body of [
      {},
      { random: 'x', sign: '0x12', address: '0xnot-an-address' },
      // A mixed-case address whose EIP-55 checksum is wrong (one letter's case changed).
      { random: 'x', sign: `0x${'ab'.repeat(65)}`, address: '0x52908400098527886E0F7030069857D2E4169Ee7' },
      { random: 42, sign: [], address: null },
    ]) {
      const answer = await walletLogin(body);
      expect(answer).toMatchObject({ status: 200, code: 1000 });
    }
    const notAMessage = { random: 'x', sign: `0x${'ab'.repeat(65)}`, address: newWallet().address };
    expect((await walletLogin(notAMessage)).code).toBe(1105);
    expect((await t.database.db.select().from(members)).length).toBe(before);
  });

  it('lets one of ten simultaneous uses of one signed message through', async () => {
    const signed = await signIn(newWallet());
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => walletLogin({ ...signed, inviteAddress: GENESIS_CODE })),
    );
    expect(answers.filter((answer) => answer.code === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.code === 1106)).toHaveLength(9);
  });

  it('creates one member when a new address signs in five times at once', async () => {
    const wallet = newWallet();
    const messages = await Promise.all(Array.from({ length: 5 }, () => signIn(wallet)));
    const answers = await Promise.all(
      messages.map((signed) => walletLogin({ ...signed, inviteAddress: GENESIS_CODE })),
    );
    expect(answers.map((answer) => answer.code)).toEqual([200, 200, 200, 200, 200]);
    const rows = await t.database.db
      .select()
      .from(members)
      .where(eq(members.walletAddress, wallet.address.toLowerCase()));
    expect(rows).toHaveLength(1);
  });
});

describe('/api/acc/bindWallet', () => {
  it('binds a wallet to an email member, who can then sign in with it', async () => {
    const member = await emailMember();
    const wallet = newWallet();
    const signed = await signBind(wallet, member);
    expect(signed.random).toContain(`Bind this wallet to my KPC account ${member.inviteCode}.`);
    const bound = await bind(member, signed);
    expect(bound).toMatchObject({ code: 200, data: { address: wallet.address } });
    // In the member's security activity, in the binding's transaction (Step 11 §2).
    const events = await t.call('/api/acc/security/events', {}, { token: member.token });
    expect(events.data.list[0]).toMatchObject({ kind: 'wallet_bound', detail: wallet.address, current: true });
    const info = await t.call('/api/acc/info', {}, { token: member.token });
    expect(info.data.address).toBe(wallet.address);

    // Binding the same wallet again changes nothing.
    const again = await bind(member, await signBind(wallet, member));
    expect(again.code).toBe(200);

    const login = await walletLogin(await signIn(wallet));
    expect(login.code).toBe(200);
    const viaWallet = await t.call('/api/acc/info', {}, { token: login.data.token });
    expect(viaWallet.data).toMatchObject({ id: info.data.id, email: info.data.email });
  });

  it('refuses an address that belongs to another member, and a second wallet', async () => {
    const taken = newWallet();
    expect((await walletLogin({ ...(await signIn(taken)), inviteAddress: GENESIS_CODE })).code).toBe(200);
    const member = await emailMember();
    const conflict = await bind(member, await signBind(taken, member));
    expect(conflict).toMatchObject({ code: 1110, msg: 'This wallet address is already bound to another account.' });

    const first = newWallet();
    expect((await bind(member, await signBind(first, member))).code).toBe(200);
    const second = await bind(member, await signBind(newWallet(), member));
    expect(second.code).toBe(1111);
  });

  it('binds one of two members racing for the same address', async () => {
    const [memberA, memberB] = [await emailMember(), await emailMember()];
    const wallet = newWallet();
    const answers = await Promise.all([
      bind(memberA, await signBind(wallet, memberA)),
      bind(memberB, await signBind(wallet, memberB)),
    ]);
    expect(answers.map((answer) => answer.code).sort((a, b) => a - b)).toEqual([200, 1110]);
  });

  it('needs a login, and a message signed for binding', async () => {
    const wallet = newWallet();
    const member = await emailMember();
    const signed = await signBind(wallet, member);
    expect((await t.call('/api/acc/bindWallet', signed)).code).toBe(401);
    const loginMessage = await bind(member, await signIn(wallet, { nonce: await getNonce(member.token) }));
    expect(loginMessage.code).toBe(1105);
  });

  it("does not let another member replay a binding signed for a member's account and session", async () => {
    const [memberA, memberB] = [await emailMember(), await emailMember()];
    const wallet = newWallet();
    const signedForA = await signBind(wallet, memberA);
    const replay = await bind(memberB, signedForA);
    expect(replay.code).toBe(1105);

    // A message naming B's account, signed over a nonce that A's session asked for.
    const nonceOfA = await getNonce(memberA.token);
    const namingB = await signBind(wallet, memberB, { nonce: nonceOfA });
    expect(namingB.random).toContain(`KPC account ${memberB.inviteCode}.`);
    expect((await bind(memberB, namingB)).code).toBe(1106);

    const infoB = await t.call('/api/acc/info', {}, { token: memberB.token });
    expect(infoB.data.address).toBe('');
    // Neither refusal used up A's nonces: A binds with each of them.
    expect((await bind(memberA, signedForA)).code).toBe(200);
    expect((await bind(memberA, await signBind(wallet, memberA, { nonce: nonceOfA }))).code).toBe(200);
  });

  it('refuses a nonce issued without a session, and leaves it unused', async () => {
    const member = await emailMember();
    const wallet = newWallet();
    const nonce = await getNonce();
    const answer = await bind(member, await signBind(wallet, member, { nonce }));
    expect(answer.code).toBe(1106);
    expect((await t.call('/api/acc/info', {}, { token: member.token })).data.address).toBe('');
    // Still good for a sign-in, which takes a nonce from any session or none.
    expect((await walletLogin({ ...(await signIn(wallet, { nonce })), inviteAddress: GENESIS_CODE })).code).toBe(200);
  });

  it('refuses a binding message that names no account, or another one', async () => {
    const member = await emailMember();
    const wallet = newWallet();
    const nonce = await getNonce(member.token);
    const unnamed = await signBind(wallet, member, { nonce });
    const random = unnamed.random.replace(` ${member.inviteCode}.`, '.');
    expect(random).toContain('Bind this wallet to my KPC account.');
    const withoutAccount = { ...unnamed, random, sign: await wallet.signMessage({ message: random }) };
    expect((await bind(member, withoutAccount)).code).toBe(1105);
    const otherAccount = await signIn(wallet, { nonce, intent: { purpose: 'bind', account: GENESIS_CODE } });
    expect((await bind(member, otherAccount)).code).toBe(1105);
    expect((await bind(member, await signBind(wallet, member, { nonce }))).code).toBe(200);
  });
});

describe('/api/app/config', () => {
  it('tells the member app the allowed chains, without the server node URLs', async () => {
    const answer = await t.call('/api/app/config', {});
    expect(answer.code).toBe(200);
    expect(answer.data).toMatchObject({
      allowedChainIds: [137, 56, 1],
      tokenCode: 'KPC',
      usdtQuantity: '150000',
      devChain: false,
    });
    expect((answer.data as TAppConfig).chains.map((chain) => chain.name)).toEqual([
      'Polygon',
      'BNB Smart Chain',
      'Ethereum',
    ]);
  });
});
