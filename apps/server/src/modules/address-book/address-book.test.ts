import { randomUUID } from 'node:crypto';
import {
  ADDRESS_BOOK_MAX,
  ErrorCode,
  type TAddressBookResponse,
  type TSavedAddress,
  type TSecurityEventsResponse,
} from '@kpc/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withdrawalAddresses, withdrawals } from '../../db/schema/index.ts';
import { startLocalChain, type LocalChain } from '../../testing/local-chain.ts';
import type { TestMember } from '../../testing/members.ts';
import { changedTables, tableDigests } from '../../testing/table-snapshot.ts';
import { emailMember as newEmailMember, enableTotp, mailedCode, type EmailMember } from '../../testing/second-steps.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { CANCEL_LINK_DAYS } from './cancel.ts';

let local: LocalChain;
let t: TestApp;
const CHAIN = 31337;
const en = { language: 'en_US' };

const emailMember = (usdt?: string) => newEmailMember(t, usdt);

const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address;

/** A fresh emailed code from `path` (past the resend cooldown, and into a new TOTP step). */
const mailed = (member: EmailMember, path = '/api/wdaddr/sendCode') => mailedCode(t, member, path);

async function add(member: EmailMember, body: Record<string, unknown>) {
  return t.call(
    '/api/wdaddr/add',
    { chainId: CHAIN, address: freshAddress(), label: 'My wallet', code: await mailed(member), ...body },
    { ...member.headers, ...en },
  );
}

async function withdraw(member: EmailMember, address: string) {
  return t.call(
    '/api/withdraw/apply',
    {
      requestId: randomUUID(),
      chainId: CHAIN,
      asset: 'USDT',
      address,
      amount: '20',
      code: await mailed(member, '/api/withdraw/sendCode'),
    },
    { ...member.headers, ...en },
  );
}

const list = async (member: TestMember) =>
  (await t.call('/api/wdaddr/list', {}, member.headers)).data as TAddressBookResponse;

const activeRows = (member: TestMember) =>
  t.database.db
    .select()
    .from(withdrawalAddresses)
    .where(and(eq(withdrawalAddresses.memberId, member.memberId), isNull(withdrawalAddresses.removedAt)));

/** The cancel link's token from the newest "new address" mail to the member. */
async function cancelToken(member: EmailMember, since: number): Promise<{ mail: ParsedMail; token: string }> {
  const mail = await t.smtp.waitForMail(member.email, { since, subject: /withdrawal address/ });
  const token = /address-cancel\?token=([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')?.[1];
  expect(token).toBeTruthy();
  return { mail, token: token! };
}

beforeAll(async () => {
  local = await startLocalChain();
  t = await createTestApp({ RUN_CHAIN_WORKERS: 'false' }, { chains: local.runtime });
});
afterAll(async () => {
  await t?.close();
  await local?.stop();
});

describe('saving an address (Step 11 §2)', () => {
  it('needs the emailed code, mails a cancel link, and shows the address locked for 24 hours', async () => {
    const member = await emailMember();
    const address = freshAddress();
    const wrong = await t.call(
      '/api/wdaddr/add',
      { chainId: CHAIN, address, label: 'Cold', code: '000000' },
      { ...member.headers, ...en },
    );
    expect(wrong.code).toBe(ErrorCode.CODE_INVALID);
    expect(await activeRows(member)).toHaveLength(0);

    const since = t.smtp.mails.length;
    const saved = await add(member, { address: address.toLowerCase(), label: '  Cold storage  ' });
    expect(saved.code).toBe(200);
    const entry = saved.data as TSavedAddress;
    expect(entry).toMatchObject({ chainId: CHAIN, address, label: 'Cold storage', usable: false });
    expect(new Date(entry.usableAt).getTime() - new Date(entry.createdAt).getTime()).toBe(24 * 3_600_000);

    const { mail, token } = await cancelToken(member, since);
    expect(mail.text).toContain('Cold storage');
    expect(mail.text).toContain(address);
    expect(mail.text).toContain(`${entry.usableAt.slice(0, 16).replace('T', ' ')} UTC`);
    // Only the token's hash is stored.
    const [row] = await activeRows(member);
    expect(row!.cancelTokenHash).not.toContain(token);

    const book = await list(member);
    expect(book.list.map((item) => item.address)).toEqual([address]);
    expect(book).toMatchObject({ addressBookOnly: false, lockHours: 24, max: ADDRESS_BOOK_MAX });
    const events = (await t.call('/api/acc/security/events', {}, member.headers)).data as TSecurityEventsResponse;
    expect(events.list.find((event) => event.kind === 'address_added')?.detail).toBe(`${CHAIN}:${address}`);

    // The same address on the same network again is refused.
    expect((await add(member, { address })).code).toBe(ErrorCode.ADDRESS_ALREADY_SAVED);
  });

  it('with two-step on, also needs the authenticator code', async () => {
    const member = await emailMember();
    const totp = await enableTotp(t, member);

    const without = await add(member, {});
    expect(without.code).toBe(ErrorCode.TOTP_REQUIRED);
    expect(await activeRows(member)).toHaveLength(0);
    const code = await mailed(member);
    const saved = await t.call(
      '/api/wdaddr/add',
      { chainId: CHAIN, address: freshAddress(), label: 'Phone', code, totpCode: totp() },
      member.headers,
    );
    expect(saved.code).toBe(200);
    expect(await activeRows(member)).toHaveLength(1);
  });

  it('refuses bad input with a localized message and writes nothing', async () => {
    const member = await emailMember();
    const code = await mailed(member);
    const good = { chainId: CHAIN, address: freshAddress(), label: 'Ok', code };
    const before = await tableDigests(t.database.db);
    const bad: Array<[Record<string, unknown>, RegExp]> = [
      [{ label: '' }, /name/],
      [{ label: '   ' }, /name/],
      [{ label: 'x'.repeat(31) }, /30/],
      [{ label: 'a\u0000b' }, /not allowed/],
      [{ address: '0x1234' }, /address/],
      [{ address: '0x0000000000000000000000000000000000000000' }, /address/],
      [{ chainId: -1 }, /invalid|Invalid/],
      [{ code: '12' }, /code/],
      [{ totpCode: 'abcdef' }, /authenticator|6-digit/],
    ];
    for (const [change, message] of bad) {
      const answer = await t.call('/api/wdaddr/add', { ...good, ...change }, { ...member.headers, ...en });
      expect(answer.code, JSON.stringify(change)).toBe(ErrorCode.INVALID_REQUEST);
      expect(answer.msg, JSON.stringify(change)).toMatch(message);
    }
    // A network the programme does not pay on, and the programme's own contract.
    expect((await t.call('/api/wdaddr/add', { ...good, chainId: 999 }, member.headers)).code).toBe(
      ErrorCode.CHANNEL_NOT_OPEN,
    );
    expect(changedTables(before, await tableDigests(t.database.db))).toEqual([]);
    // The code was not used by any of them.
    expect((await t.call('/api/wdaddr/add', good, member.headers)).code).toBe(200);
  });

  it('makes one entry when the same address is added twice at once', async () => {
    const member = await emailMember();
    const code = await mailed(member);
    const body = { chainId: CHAIN, address: freshAddress(), label: 'Twice', code };
    const answers = await Promise.all([
      t.call('/api/wdaddr/add', body, member.headers),
      t.call('/api/wdaddr/add', body, member.headers),
    ]);
    expect(answers.map((answer) => answer.code).sort()).toEqual(
      [200, answers.find((answer) => answer.code !== 200)!.code].sort(),
    );
    expect([ErrorCode.CODE_INVALID, ErrorCode.ADDRESS_ALREADY_SAVED]).toContain(
      answers.find((answer) => answer.code !== 200)!.code,
    );
    expect(await activeRows(member)).toHaveLength(1);
  });
});

describe('a full book', () => {
  it(`refuses a ${ADDRESS_BOOK_MAX + 1}th address before any code is used`, async () => {
    const member = await emailMember();
    const now = t.clock.now();
    await t.database.db.insert(withdrawalAddresses).values(
      Array.from({ length: ADDRESS_BOOK_MAX }, (_, index) => ({
        memberId: member.memberId,
        chainId: CHAIN,
        address: freshAddress(),
        label: `Saved ${index}`,
        usableAt: now,
        cancelTokenHash: randomUUID(),
      })),
    );
    const full = await add(member, {});
    expect(full.code).toBe(ErrorCode.ADDRESS_BOOK_FULL);
    expect(full.msg).toContain(String(ADDRESS_BOOK_MAX));
    expect(await activeRows(member)).toHaveLength(ADDRESS_BOOK_MAX);
  });
});

describe("a member's book is its own", () => {
  it('another member neither sees nor removes it', async () => {
    const owner = await emailMember();
    const other = await emailMember();
    const saved = (await add(owner, {})).data as TSavedAddress;
    expect((await list(other)).list).toEqual([]);
    const removing = await t.call('/api/wdaddr/remove', { id: saved.id }, { ...other.headers, ...en });
    expect(removing.code).toBe(ErrorCode.ADDRESS_NOT_FOUND);
    expect(await activeRows(owner)).toHaveLength(1);
    // The owner removes it, once.
    expect((await t.call('/api/wdaddr/remove', { id: saved.id }, owner.headers)).data.id).toBe(saved.id);
    expect((await list(owner)).list).toEqual([]);
    expect((await t.call('/api/wdaddr/remove', { id: saved.id }, owner.headers)).code).toBe(
      ErrorCode.ADDRESS_NOT_FOUND,
    );
  });
});

describe('withdrawals and the address book', () => {
  it('refuses a saved address before its lock ends and accepts it after (test clock)', async () => {
    const member = await emailMember('500');
    const address = freshAddress();
    const saved = (await add(member, { address })).data as TSavedAddress;
    const locked = await withdraw(member, address);
    expect(locked.code).toBe(ErrorCode.ADDRESS_LOCKED);
    expect(locked.msg).toContain(`${saved.usableAt.slice(0, 16).replace('T', ' ')} UTC`);
    // Nothing was frozen, and the emailed code was not used up by the refusal.
    expect(await t.database.db.select().from(withdrawals).where(eq(withdrawals.memberId, member.memberId))).toEqual([]);

    t.clock.advance(23 * 3600);
    expect((await withdraw(member, address)).code).toBe(ErrorCode.ADDRESS_LOCKED);
    t.clock.advance(3600);
    expect((await list(member)).list[0]!.usable).toBe(true);
    const accepted = await withdraw(member, address);
    expect(accepted.code).toBe(200);
    expect(accepted.data.address).toBe(address);
  });

  it('with "address book only" on, refuses an address not saved; turning it needs the code', async () => {
    const member = await emailMember('500');
    const address = freshAddress();
    await add(member, { address });
    t.clock.advance(24 * 3600);

    expect((await t.call('/api/wdaddr/setOnly', { on: true, code: '000000' }, { ...member.headers, ...en })).code).toBe(
      ErrorCode.CODE_INVALID,
    );
    expect((await list(member)).addressBookOnly).toBe(false);
    const on = await t.call('/api/wdaddr/setOnly', { on: true, code: await mailed(member) }, member.headers);
    expect(on.data.addressBookOnly).toBe(true);

    const elsewhere = await withdraw(member, freshAddress());
    expect(elsewhere.code).toBe(ErrorCode.ADDRESS_NOT_IN_BOOK);
    expect((await withdraw(member, address)).code).toBe(200);

    const off = await t.call('/api/wdaddr/setOnly', { on: false, code: await mailed(member) }, member.headers);
    expect(off.data.addressBookOnly).toBe(false);
    expect((await withdraw(member, freshAddress())).code).toBe(200);
    const events = (await t.call('/api/acc/security/events', {}, member.headers)).data as TSecurityEventsResponse;
    const kinds = events.list.map((event) => event.kind);
    expect(kinds).toContain('address_book_only_on');
    expect(kinds).toContain('address_book_only_off');
  });
});

describe('the cancel link of the mail', () => {
  it('shows the masked address, removes it once, then says already; a wrong token reveals nothing', async () => {
    const member = await emailMember('500');
    const address = freshAddress();
    const since = t.smtp.mails.length;
    await add(member, { address, label: 'Suspicious' });
    const { token } = await cancelToken(member, since);

    // Public: no session.
    const peek = await t.call('/api/wdaddr/cancel/peek', { token });
    expect(peek.data).toEqual({
      label: 'Suspicious',
      chainId: CHAIN,
      network: expect.any(String),
      address: `${address.slice(0, 4)}...${address.slice(-4)}`,
      state: 'active',
    });
    expect((await t.call('/api/wdaddr/cancel', { token })).data).toEqual({ outcome: 'cancelled' });
    expect(await activeRows(member)).toHaveLength(0);
    const [row] = await t.database.db
      .select()
      .from(withdrawalAddresses)
      .where(eq(withdrawalAddresses.memberId, member.memberId));
    expect(row!.removedBy).toBe('email-link');
    expect((await t.call('/api/wdaddr/cancel', { token })).data).toEqual({ outcome: 'already' });
    expect((await t.call('/api/wdaddr/cancel/peek', { token })).data.state).toBe('cancelled');
    const events = (await t.call('/api/acc/security/events', {}, member.headers)).data as TSecurityEventsResponse;
    expect(events.list.filter((event) => event.kind === 'address_removed')).toHaveLength(1);

    // A cancelled address is no longer in the book: a withdrawal to it is an ordinary one.
    expect((await withdraw(member, address)).code).toBe(200);

    const wrongToken = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const path of ['/api/wdaddr/cancel/peek', '/api/wdaddr/cancel']) {
      const answer = await t.call(path, { token: wrongToken }, en);
      expect(answer.code).toBe(ErrorCode.ADDRESS_CANCEL_LINK_INVALID);
      expect(answer.data ?? null).toBeNull();
      expect((await t.call(path, { token: 'short' }, en)).code).toBe(ErrorCode.INVALID_REQUEST);
    }
  });

  it(`stops working ${CANCEL_LINK_DAYS} days after the address was added`, async () => {
    const member = await emailMember();
    const since = t.smtp.mails.length;
    await add(member, {});
    const { token } = await cancelToken(member, since);
    t.clock.advance(CANCEL_LINK_DAYS * 86_400);
    expect((await t.call('/api/wdaddr/cancel', { token })).code).toBe(ErrorCode.ADDRESS_CANCEL_LINK_INVALID);
    expect(await activeRows(member)).toHaveLength(1);
  });
});
