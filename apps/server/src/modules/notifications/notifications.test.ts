import { randomUUID } from 'node:crypto';
import { DEV_ACCOUNTS } from '@kpc/contracts/dev-chain';
import { ErrorCode, NotificationKind, SecurityEventKind, type TNotificationPrefs } from '@kpc/shared';
import { and, eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberNotifications, members, planReleases, withdrawals } from '../../db/schema/index.ts';
import { createSmtpMailer, type Mailer } from '../../mail/mailer.ts';
import { startLocalChain, type LocalChain } from '../../testing/local-chain.ts';
import { createWalletMember, fund, type TestMember } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { hashPassword } from '../account/passwords.ts';
import { NO_CLIENT, recordSecurityEvent } from '../account/security-events.ts';
import { createDepositWatcher } from '../recharge/deposit-watcher.ts';
import { createWithdrawalSender } from '../withdraw/withdrawal-sender.ts';
import {
  NOTIFY_MAX_ATTEMPTS,
  queueReleaseSummaries,
  sendNotificationsOnce,
  type NotificationSenderContext,
} from './sender.ts';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const PASSWORD = 'notify-password-1';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const SAFARI_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let local: LocalChain;
let t: TestApp;
let smtpMailer: Mailer;

interface EmailMember extends TestMember {
  email: string;
}

async function withEmail(member: TestMember): Promise<EmailMember> {
  const email = `n-${randomUUID().slice(0, 8)}@example.com`;
  await t.database.db.update(members).set({ email }).where(eq(members.id, member.memberId));
  return { ...member, email };
}

const emailMember = async () => withEmail(await createWalletMember(t, { chainId: 31337 }));

function senderContext(mailer: Mailer = smtpMailer): NotificationSenderContext {
  return {
    db: t.database.db,
    clock: t.clock,
    planClock: t.clock,
    mailer,
    logger: t.app.log,
    networkName: (chainId) => (chainId === 31337 ? 'Local test network' : `Chain ${chainId}`),
  };
}

const send = (mailer?: Mailer) => sendNotificationsOnce(senderContext(mailer));

const mailsTo = (email: string): ParsedMail[] =>
  t.smtp.mails.filter((mail) => JSON.stringify(mail.to).toLowerCase().includes(email.toLowerCase()));

const rowsOf = (memberId: string, kind?: string) =>
  t.database.db
    .select()
    .from(memberNotifications)
    .where(
      kind
        ? and(eq(memberNotifications.memberId, memberId), eq(memberNotifications.kind, kind))
        : eq(memberNotifications.memberId, memberId),
    );

async function loginEmail(member: EmailMember, userAgent: string, language = 'en_US') {
  const answer = await t.call(
    '/api/acc/loginEmail',
    { type: 1, email: member.email, password: PASSWORD },
    { 'user-agent': userAgent, language },
  );
  expect(answer.code).toBe(200);
  return answer.data.token as string;
}

/** A mailer whose server is down: every delivery throws. */
const downMailer: Mailer = {
  kind: 'smtp',
  isAvailable: () => true,
  send: () => Promise.reject(new Error('connect ECONNREFUSED')),
  close: () => undefined,
};

beforeAll(async () => {
  local = await startLocalChain();
  t = await createTestApp(
    { RUN_CHAIN_WORKERS: 'false', WITHDRAW_AUTO_APPROVE_DAILY: '1000' },
    { chains: local.runtime },
  );
  smtpMailer = createSmtpMailer({
    url: t.smtp.url,
    from: 'KPC <no-reply@kpc.local>',
    logger: t.app.log,
    pauseSeconds: 1,
  });
});
afterAll(async () => {
  smtpMailer?.close();
  await t?.close();
  await local?.stop();
});

describe('a deposit credited (Step 11 §2)', () => {
  it('is mailed once, however often the watcher rescans its block', async () => {
    const demo = await withEmail(await createWalletMember(t, { privateKey: DEV_ACCOUNTS.demo.privateKey }));
    const watcher = () =>
      createDepositWatcher({
        db: t.database.db,
        chain: local.runtime.chains.find((chain) => chain.chainId === 31337)!,
        logger: silent,
        blockRange: 7,
        client: local.client,
      });
    const receipt = await local.depositThroughContract(DEV_ACCOUNTS.demo.privateKey, '25.5');
    await watcher().scanOnce();
    expect(await rowsOf(demo.memberId, NotificationKind.DEPOSIT_CREDITED)).toHaveLength(0); // pending, not credited
    await local.mine(25);
    await watcher().scanOnce();
    await Promise.all([watcher().scanOnce(), watcher().scanOnce()]); // replays, two processes at once
    const rows = await rowsOf(demo.memberId, NotificationKind.DEPOSIT_CREDITED);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.payload).toMatchObject({ amount: '25.5', asset: 'USDT', chainId: 31337 });
    expect(rows[0]!.payload).toMatchObject({ txHash: receipt.transactionHash.toLowerCase() });

    await send();
    await send();
    const mails = mailsTo(demo.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Deposit credited: 25.5 USDT');
    expect(mails[0]!.text).toContain('Network: Local test network');
    expect(mails[0]!.text).toContain(receipt.transactionHash.slice(0, 8).toLowerCase());
    expect((await rowsOf(demo.memberId, NotificationKind.DEPOSIT_CREDITED))[0]!.status).toBe('sent');
  });
});

describe('a withdrawal sent and completed (Step 11 §2)', () => {
  it('gives one mail each, however often the sender runs', async () => {
    const member = await emailMember();
    await fund(t, member, 'USDT', '100');
    t.clock.advance(61);
    const since = t.smtp.mails.length;
    expect((await t.call('/api/withdraw/sendCode', {}, member.headers)).code).toBe(200);
    const code = await t.smtp.waitForCode(member.email, { since });
    const address = privateKeyToAccount(generatePrivateKey()).address;
    const applied = await t.call(
      '/api/withdraw/apply',
      { requestId: randomUUID(), chainId: 31337, asset: 'USDT', address, amount: '20', code },
      { ...member.headers, language: 'en_US' },
    );
    expect(applied.code).toBe(200);
    const sender = () =>
      createWithdrawalSender({
        db: t.database.db,
        chain: local.runtime.chains.find((chain) => chain.chainId === 31337)!,
        logger: silent,
        confirmations: 3,
        client: local.client,
      });
    await sender().sendOnce();
    expect((await rowsOf(member.memberId, NotificationKind.WITHDRAWAL_SENT)).length).toBe(1);
    expect(await rowsOf(member.memberId, NotificationKind.WITHDRAWAL_COMPLETED)).toHaveLength(0);
    for (let round = 0; round < 6; round += 1) {
      await local.mine(3);
      await Promise.all([sender().sendOnce(), sender().sendOnce()]);
    }
    const [row] = await t.database.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.id, BigInt(applied.data.id as string)));
    expect(row!.status).toBe('completed');
    expect(await rowsOf(member.memberId, NotificationKind.WITHDRAWAL_SENT)).toHaveLength(1);
    expect(await rowsOf(member.memberId, NotificationKind.WITHDRAWAL_COMPLETED)).toHaveLength(1);

    const before = mailsTo(member.email).length;
    await send();
    await send();
    const subjects = mailsTo(member.email)
      .slice(before)
      .map((mail) => mail.subject)
      .sort();
    expect(subjects).toEqual(['Withdrawal completed: 20 USDT', 'Withdrawal sent: 20 USDT']);
    expect(mailsTo(member.email).at(-1)!.text).toContain(address);
  });
});

describe('a sign-in from a new device (Step 11 §2)', () => {
  it('is mailed in the language of the sign-in, and not for a device seen before', async () => {
    const member = await emailMember(); // its first sign-in (the wallet's) is never "new"
    await t.database.db
      .update(members)
      .set({ passwordHash: await hashPassword(PASSWORD) })
      .where(eq(members.id, member.memberId));
    expect(await rowsOf(member.memberId)).toHaveLength(0);

    await loginEmail(member, CHROME_ANDROID, 'zh_CN');
    await loginEmail(member, CHROME_ANDROID, 'zh_CN'); // the same device again
    expect(await rowsOf(member.memberId, NotificationKind.NEW_DEVICE_SIGN_IN)).toHaveLength(1);
    await send();
    const [mail] = mailsTo(member.email);
    expect(mail!.subject).toBe('您的 KPC 账户有新的登录');
    expect(mail!.text).toContain('Chrome · Android');
    expect(mail!.text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);

    await loginEmail(member, SAFARI_IOS, 'ru_RU');
    expect(await rowsOf(member.memberId, NotificationKind.NEW_DEVICE_SIGN_IN)).toHaveLength(2);
    await send();
    expect(mailsTo(member.email).at(-1)!.subject).toBe('Новый вход в ваш аккаунт KPC');
    expect(mailsTo(member.email)).toHaveLength(2);
  });
});

describe('a security change (Step 11 §2)', () => {
  it('queues one mail per event from recordSecurityEvent, and none for a password change (mailed on its own)', async () => {
    const member = await emailMember();
    await t.database.db.transaction((tx) =>
      recordSecurityEvent(tx, {
        memberId: member.memberId,
        kind: SecurityEventKind.TWO_STEP_DISABLED,
        at: t.clock.now(),
        client: NO_CLIENT,
      }),
    );
    await t.database.db.transaction((tx) =>
      recordSecurityEvent(tx, {
        memberId: member.memberId,
        kind: SecurityEventKind.PASSWORD_CHANGED,
        at: t.clock.now(),
        client: NO_CLIENT,
      }),
    );
    const rows = await rowsOf(member.memberId, NotificationKind.SECURITY_CHANGE);
    expect(rows.map((row) => row.payload)).toMatchObject([{ change: 'two_step_disabled' }]);
    await send();
    expect(mailsTo(member.email).map((mail) => mail.text)).toEqual([
      expect.stringContaining('two-step verification turned off'),
    ]);
  });

  it('cannot be turned off, and the refusal changes nothing', async () => {
    const member = await emailMember();
    const refused = await t.call(
      '/api/notify/prefs/set',
      { kind: NotificationKind.SECURITY_CHANGE, enabled: false },
      member.headers,
    );
    expect(refused.code).toBe(ErrorCode.NOTIFICATION_MANDATORY);
    const prefs = (await t.call('/api/notify/prefs', {}, member.headers)).data as TNotificationPrefs;
    expect(prefs.prefs.find((pref) => pref.kind === NotificationKind.SECURITY_CHANGE)).toEqual({
      kind: NotificationKind.SECURITY_CHANGE,
      enabled: true,
      mandatory: true,
    });
    const bad = await t.call('/api/notify/prefs/set', { kind: 'nonsense', enabled: false }, member.headers);
    expect(bad.code).toBe(ErrorCode.INVALID_REQUEST);
  });
});

describe('the sender', () => {
  async function queuedFor(member: TestMember, eventKey = randomUUID()) {
    await t.database.db.transaction((tx) =>
      recordSecurityEvent(tx, {
        memberId: member.memberId,
        kind: SecurityEventKind.TWO_STEP_ENABLED,
        at: t.clock.now(),
        client: NO_CLIENT,
        detail: eventKey,
      }),
    );
  }

  it('skips a kind the member turned off, and a member without an email', async () => {
    const member = await emailMember();
    const prefs = await t.call(
      '/api/notify/prefs/set',
      { kind: NotificationKind.DEPOSIT_CREDITED, enabled: false },
      { ...member.headers, language: 'ja_JP' },
    );
    expect(prefs.code).toBe(200);
    expect((prefs.data as TNotificationPrefs).prefs.find((p) => p.kind === 'deposit_credited')!.enabled).toBe(false);
    await t.database.db.insert(memberNotifications).values({
      memberId: member.memberId,
      kind: NotificationKind.DEPOSIT_CREDITED,
      eventKey: `test:${randomUUID()}`,
      payload: { amount: '1', asset: 'USDT', chainId: 31337, txHash: '0xabc' },
      nextAttemptAt: new Date(0),
    });
    const walletOnly = await createWalletMember(t, { chainId: 31337 });
    await queuedFor(walletOnly);
    await send();
    expect(mailsTo(member.email)).toHaveLength(0);
    expect((await rowsOf(member.memberId))[0]!.status).toBe('skipped');
    expect((await rowsOf(walletOnly.memberId))[0]!.status).toBe('skipped');
  });

  it('sends each row once when two passes run at once', async () => {
    const list = await Promise.all([emailMember(), emailMember(), emailMember()]);
    for (const member of list) for (let n = 0; n < 9; n += 1) await queuedFor(member);
    const counts = await Promise.all([send(), send(), send()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(27);
    for (const member of list) {
      expect(mailsTo(member.email)).toHaveLength(9);
      expect((await rowsOf(member.memberId)).every((row) => row.status === 'sent')).toBe(true);
    }
  });

  it('tries a failed delivery again later, then gives up after the last attempt', async () => {
    const member = await emailMember();
    await queuedFor(member);
    await send(downMailer);
    let [row] = await rowsOf(member.memberId);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
    await send(); // not due yet
    expect(mailsTo(member.email)).toHaveLength(0);
    t.clock.advance(31);
    await send();
    expect(mailsTo(member.email)).toHaveLength(1);

    const other = await emailMember();
    await queuedFor(other);
    for (let attempt = 0; attempt < NOTIFY_MAX_ATTEMPTS; attempt += 1) {
      await send(downMailer);
      t.clock.advance(3600);
    }
    [row] = await rowsOf(other.memberId);
    expect(row).toMatchObject({ status: 'failed', attempts: NOTIFY_MAX_ATTEMPTS });
    await send();
    expect(mailsTo(other.email)).toHaveLength(0);
  });
});

describe('the daily release summary (Step 11 §2)', () => {
  it('is off by default, and once a day per member who turned it on', async () => {
    const [on, off] = await Promise.all([emailMember(), emailMember()]);
    const set = await t.call(
      '/api/notify/prefs/set',
      { kind: NotificationKind.RELEASE_SUMMARY, enabled: true },
      { ...on.headers, language: 'en_US' },
    );
    expect(set.code).toBe(200);
    const offPrefs = (await t.call('/api/notify/prefs', {}, off.headers)).data as TNotificationPrefs;
    expect(offPrefs.prefs.find((p) => p.kind === NotificationKind.RELEASE_SUMMARY)!.enabled).toBe(false);
    const yesterday = Math.floor(t.clock.now().getTime() / 86_400_000) - 1;
    let entry = BigInt(Date.now()) * 10n;
    for (const member of [on, off]) {
      for (const [asset, amount] of [
        ['USDT', '1.5'],
        ['USDT', '2.25'],
        ['KPC', '10'],
      ] as const) {
        entry += 1n;
        await t.database.db.insert(planReleases).values({
          entryId: entry,
          kind: 'investment',
          sourceId: 1n,
          period: 1,
          memberId: member.memberId,
          asset,
          amount,
          dueDay: yesterday,
        });
      }
    }
    await queueReleaseSummaries(senderContext());
    await queueReleaseSummaries(senderContext());
    expect(await rowsOf(off.memberId)).toHaveLength(0);
    const rows = await rowsOf(on.memberId, NotificationKind.RELEASE_SUMMARY);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.payload).toEqual({
      day: new Date(yesterday * 86_400_000).toISOString().slice(0, 10),
      totals: 'KPC=10;USDT=3.75',
    });
    await send();
    const [mail] = mailsTo(on.email);
    expect(mail!.text).toContain('3.75 USDT');
    expect(mail!.text).toContain('10 KPC');
  });
});
