import { randomUUID } from 'node:crypto';
import { toLedgerUnits, type TCardListItem } from '@kpc/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import type { Clock } from '../../lib/clock.ts';
import { houseBalance, memberBalance } from '../../testing/ledger-balances.ts';
import { findLedgerViolations } from '../../testing/ledger-invariants.ts';
import { creditAsDeposit, createWalletMember, fund, type TestMember } from '../../testing/members.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { bindIssuedCard, createSandboxCardApp, type SandboxCardApp } from '../../testing/card-sandbox.ts';
import { CardIssuerError } from './issuer/issuer.ts';
import type { SandboxCardIssuer } from './issuer/sandbox-issuer.ts';
import { chargeMonthlyFees, feeClockOf, monthsAfter, monthsDue, type MonthlyFeeContext } from './monthly-fee.ts';

let app: SandboxCardApp;
let t: TestApp;
let sandbox: SandboxCardIssuer;
const errors: Array<{ error: unknown; where: string }> = [];

beforeAll(async () => {
  app = await createSandboxCardApp();
  ({ t, sandbox } = app);
}, 60_000);
afterAll(async () => {
  await t.close();
});

const iso = (value: string) => new Date(value);
/** A clock standing still at `at` (its fee clock has no offset). */
const at = (when: Date): Clock => ({ now: () => when });

/** The job as the server runs it, on the app's clock or one a test sets. */
function feeContext(clock: Clock = t.clock): MonthlyFeeContext {
  return {
    db: t.database.db,
    clock,
    issuer: sandbox,
    onError: (error, where) => void errors.push({ error, where }),
  };
}
const runFees = (clock?: Clock) => chargeMonthlyFees(feeContext(clock));

const usdt = (member: TestMember) => memberBalance(t.database.db, member.memberId, 'USDT');
const cardFees = async () => toLedgerUnits(await houseBalance(t.database.db, 'card_fees', 'USDT'));

async function expectSoundLedger() {
  expect(await findLedgerViolations(t.database.db)).toEqual({
    unbalanced: [],
    drifted: [],
    staleAfter: [],
    negative: [],
  });
}

interface CardFeeRow {
  monthly_fee: string;
  monthly_fee_from: Date;
  monthly_fees_charged: number;
  monthly_fee_next_at: Date | null;
  fee_frozen: boolean;
  member_frozen: boolean;
  status: string;
  issued_at: Date;
  issuer_ref: string;
}
async function cardRow(recordId: string): Promise<CardFeeRow> {
  const result: unknown = await t.database.db.execute(sql`
    select monthly_fee::text as monthly_fee, monthly_fee_from, monthly_fees_charged, monthly_fee_next_at,
      fee_frozen, member_frozen, status, issued_at, issuer_ref
    from cards where id = ${recordId}`);
  const row = (result as { rows: Record<string, unknown>[] }).rows[0]!;
  const date = (value: unknown) => (value === null ? null : new Date(value as string));
  return {
    ...(row as unknown as CardFeeRow),
    monthly_fee_from: date(row.monthly_fee_from)!,
    monthly_fee_next_at: date(row.monthly_fee_next_at),
    issued_at: date(row.issued_at)!,
  };
}

/** Counts the card's months from `from` (as if issued then), keeping the months charged so far. */
async function countFrom(recordId: string, from: Date) {
  const { monthly_fees_charged: charged } = await cardRow(recordId);
  await t.database.db.execute(sql`
    update cards set monthly_fee_from = ${from.toISOString()}::timestamptz,
      monthly_fee_next_at = ${monthsAfter(from, charged + 1).toISOString()}::timestamptz
    where id = ${recordId}`);
}

/** Makes `months` more of the card's months due by the server's fee clock now (as the list reads it). */
async function owe(recordId: string, months: number) {
  const { monthly_fees_charged: charged } = await cardRow(recordId);
  const anHourAgo = new Date(feeClockOf(t.clock).now().getTime() - 3_600_000);
  await countFrom(recordId, monthsAfter(anHourAgo, -(charged + months)));
}

/** The card's monthly fee entries, oldest first: their keys and amounts. */
async function feeEntries(recordId: string) {
  const result: unknown = await t.database.db.execute(sql`
    select e.idempotency_key as key, p.amount::text as amount from ledger_entries e
    join ledger_postings p on p.entry_id = e.id join ledger_accounts a on a.id = p.account_id
    where e.type = 'card_monthly_fee' and e.reference = ${`card:${recordId}`} and a.member_id is not null
    order by e.id`);
  return (result as { rows: { key: string; amount: string }[] }).rows.map((row) => ({
    key: row.key,
    amount: Number(row.amount),
  }));
}

async function listItem(member: TestMember, recordId: string): Promise<TCardListItem> {
  const list = (await t.call('/api/card/list', {}, member.headers)).data.list as TCardListItem[];
  return list.find((card) => card.id === recordId)!;
}

/** A card applied for from the balance (gold eagle: 170 USDT, monthly fee 2), issued by the sandbox and bound. */
async function boundCard(member: TestMember): Promise<string> {
  await fund(t, member, 'USDT', '170');
  const { recordId } = await bindIssuedCard(app, member, { method: 'balance' });
  expect(await usdt(member)).toBe('0');
  return recordId;
}

async function memberWithCard(): Promise<{ member: TestMember; recordId: string }> {
  const member = await createWalletMember(t);
  return { member, recordId: await boundCard(member) };
}

describe('monthly anniversaries', () => {
  it('fall on the same day and time each calendar month (UTC), clamped to the month end', () => {
    const jan31 = iso('2027-01-31T10:15:30.250Z');
    expect(monthsAfter(jan31, 1).toISOString()).toBe('2027-02-28T10:15:30.250Z');
    expect(monthsAfter(jan31, 2).toISOString()).toBe('2027-03-31T10:15:30.250Z');
    expect(monthsAfter(jan31, 3).toISOString()).toBe('2027-04-30T10:15:30.250Z');
    expect(monthsAfter(iso('2028-01-31T00:00:00Z'), 1).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(monthsAfter(iso('2026-11-30T23:59:59Z'), 3).toISOString()).toBe('2027-02-28T23:59:59.000Z');
    expect(monthsAfter(iso('2026-12-15T08:00:00Z'), 1).toISOString()).toBe('2027-01-15T08:00:00.000Z');
    expect(monthsAfter(iso('2026-12-15T08:00:00Z'), 25).toISOString()).toBe('2029-01-15T08:00:00.000Z');
    expect(monthsDue(jan31, iso('2027-02-28T10:15:30.249Z'))).toBe(0);
    expect(monthsDue(jan31, iso('2027-02-28T10:15:30.250Z'))).toBe(1);
    expect(monthsDue(jan31, iso('2027-03-31T10:15:30.249Z'))).toBe(1);
    expect(monthsDue(jan31, iso('2028-01-31T10:15:30.250Z'))).toBe(12);
    expect(monthsDue(jan31, iso('2026-12-01T00:00:00Z'))).toBe(0);
  });

  it('refuses a CARD_FEE_SECONDS outside its range and runs every 5 minutes by default', () => {
    expect(loadConfig({}).CARD_FEE_SECONDS).toBe(300);
    expect(loadConfig({ CARD_FEE_SECONDS: '60' }).CARD_FEE_SECONDS).toBe(60);
    for (const value of ['0', '-1', 'soon', '3601']) {
      expect(() => loadConfig({ CARD_FEE_SECONDS: value })).toThrow(/CARD_FEE_SECONDS/);
    }
  });
});

describe(`card monthly fees (${testDatabaseKind()})`, () => {
  // Each run sweeps every card: the cards of earlier tests are set aside, so each test sees its own.
  beforeEach(async () => {
    await t.database.db.execute(sql`update cards set monthly_fee_next_at = null, fee_frozen = false`);
  });

  it("keeps the product's fee on the card at issue and shows the first fee one month later", async () => {
    const { member, recordId } = await memberWithCard();
    const row = await cardRow(recordId);
    expect(row).toMatchObject({ monthly_fee: '2.000000000000000000', monthly_fees_charged: 0, fee_frozen: false });
    expect(row.monthly_fee_from.toISOString()).toBe(row.issued_at.toISOString());
    expect(row.monthly_fee_next_at!.toISOString()).toBe(monthsAfter(row.issued_at, 1).toISOString());
    expect(await listItem(member, recordId)).toMatchObject({
      status: 'active',
      frozenReason: null,
      monthlyFeeDue: null,
      nextMonthlyFeeAt: monthsAfter(row.issued_at, 1).toISOString(),
    });
    // A later price change leaves the cards already issued.
    await t.database.db.execute(sql`update card_products set monthly_fee = 3 where code = 'gold_eagle'`);
    try {
      await countFrom(recordId, new Date(feeClockOf(t.clock).now().getTime() - 40 * 86_400_000));
      await creditAsDeposit(t, member, 10n);
      expect(await runFees()).toMatchObject({ charged: 1 });
      expect(await usdt(member)).toBe('8');
    } finally {
      await t.database.db.execute(sql`update card_products set monthly_fee = 2 where code = 'gold_eagle'`);
    }
  });

  it('charges the first fee exactly one month after issue, not before; Jan 31 falls due on Feb 28 or 29', async () => {
    const { member, recordId } = await memberWithCard();
    await creditAsDeposit(t, member, 10n);
    await countFrom(recordId, iso('2027-01-31T10:00:00Z'));
    const fees = await cardFees();
    // Issued (counted from) now: nothing due.
    expect(await runFees(at(iso('2027-01-31T10:00:00Z')))).toMatchObject({ charged: 0 });
    expect(await runFees(at(iso('2027-02-28T09:59:59.999Z')))).toMatchObject({ charged: 0 });
    expect(await usdt(member)).toBe('10');
    expect(await runFees(at(iso('2027-02-28T10:00:00Z')))).toMatchObject({ charged: 1 });
    expect(await usdt(member)).toBe('8');
    expect((await cardFees()) - fees).toBe(2n * 10n ** 18n);
    expect((await cardRow(recordId)).monthly_fee_next_at!.toISOString()).toBe('2027-03-31T10:00:00.000Z');
    expect(await runFees(at(iso('2027-03-31T09:59:59Z')))).toMatchObject({ charged: 0 });
    expect(await runFees(at(iso('2027-03-31T10:00:00Z')))).toMatchObject({ charged: 1 });
    expect(await feeEntries(recordId)).toEqual([
      { key: `card_monthly_fee:${recordId}:1`, amount: -2 },
      { key: `card_monthly_fee:${recordId}:2`, amount: -2 },
    ]);

    await expectSoundLedger();
  });

  it('charges a card counted from Jan 31 of a leap year on Feb 29', async () => {
    const { member, recordId } = await memberWithCard();
    await creditAsDeposit(t, member, 10n);
    await countFrom(recordId, iso('2028-01-31T00:00:00Z'));
    expect(await runFees(at(iso('2028-02-28T23:59:59Z')))).toMatchObject({ charged: 0 });
    expect(await runFees(at(iso('2028-02-29T00:00:00Z')))).toMatchObject({ charged: 1 });
    expect((await cardRow(recordId)).monthly_fee_next_at!.toISOString()).toBe('2028-03-31T00:00:00.000Z');
    expect(await usdt(member)).toBe('8');
  });

  it('catches up missed months in order and charges each once, however many runs', async () => {
    const { member, recordId } = await memberWithCard();
    await creditAsDeposit(t, member, 100n);
    const from = iso('2027-05-20T12:00:00Z');
    await countFrom(recordId, from);
    const fees = await cardFees();
    // Down for three months: one run charges months 1, 2 and 3, in order.
    const now = at(iso('2027-08-20T13:00:00Z'));
    expect(await runFees(now)).toEqual({ charged: 3, frozen: 0, released: 0 });
    expect(await feeEntries(recordId)).toEqual(
      [1, 2, 3].map((n) => ({ key: `card_monthly_fee:${recordId}:${n}`, amount: -2 })),
    );
    expect(await runFees(now)).toMatchObject({ charged: 0 });
    expect(await usdt(member)).toBe('94');
    expect((await cardFees()) - fees).toBe(6n * 10n ** 18n);
    const row = await cardRow(recordId);
    expect(row.monthly_fees_charged).toBe(3);
    expect(row.monthly_fee_next_at!.toISOString()).toBe('2027-09-20T12:00:00.000Z');

    // Two runs at once (two processes): months 4-6 charged once each.
    const later = at(iso('2027-11-21T00:00:00Z'));
    const [a, b] = await Promise.all([runFees(later), runFees(later)]);
    expect(a.charged + b.charged).toBe(3);
    expect((await feeEntries(recordId)).map((entry) => entry.key)).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => `card_monthly_fee:${recordId}:${n}`),
    );
    expect(await usdt(member)).toBe('88');
    expect((await cardFees()) - fees).toBe(12n * 10n ** 18n);
    await expectSoundLedger();
  });

  it('charges many members concurrently without overdrawing or charging twice', async () => {
    const members = await Promise.all(Array.from({ length: 4 }, () => memberWithCard()));
    const from = iso('2027-06-10T00:00:00Z');
    for (const [index, { member, recordId }] of members.entries()) {
      await creditAsDeposit(t, member, BigInt(2 * index + 1)); // 1, 3, 5, 7 USDT: 0, 1, 2, 3 months
      await countFrom(recordId, from);
    }
    const fees = await cardFees();
    const now = at(iso('2027-09-10T00:00:00Z'));
    const runs = await Promise.all([runFees(now), runFees(now), runFees(now)]);
    expect(runs.reduce((sum, run) => sum + run.charged, 0)).toBe(6);
    expect(runs.reduce((sum, run) => sum + run.frozen, 0)).toBe(3);
    for (const [index, { member, recordId }] of members.entries()) {
      expect(await usdt(member)).toBe('1');
      expect((await feeEntries(recordId)).length).toBe(index);
      expect((await cardRow(recordId)).fee_frozen).toBe(index < 3);
    }
    expect((await cardFees()) - fees).toBe(12n * 10n ** 18n);
    await expectSoundLedger();
  });

  it('freezes a card whose member is short, takes nothing, and unfreezes once a deposit pays what is owed', async () => {
    const { member, recordId } = await memberWithCard();
    await creditAsDeposit(t, member, 1n);
    await owe(recordId, 2);
    const fees = await cardFees();
    expect(await runFees()).toEqual({ charged: 0, frozen: 1, released: 0 });
    expect(await usdt(member)).toBe('1');
    expect(await cardFees()).toBe(fees);
    const row = await cardRow(recordId);
    expect(row).toMatchObject({ fee_frozen: true, member_frozen: false, status: 'frozen' });
    expect((await sandbox.getCard(row.issuer_ref))!.status).toBe('frozen');
    expect(await listItem(member, recordId)).toMatchObject({
      status: 'frozen',
      frozenReason: 'fee_due',
      monthlyFeeDue: '4',
    });
    // The member can neither unfreeze it nor top it up; both say what is owed.
    const unfreeze = await t.call('/api/card/unfreeze', { id: recordId }, member.headers);
    expect(unfreeze.code).toBe(1655);
    expect(unfreeze.msg).toContain('4 USDT');
    const zh = await t.call('/api/card/unfreeze', { id: recordId }, { ...member.headers, language: 'zh-Hans' });
    expect(zh.msg).toContain('月费 4 USDT');
    await fund(t, member, 'USDT', '2');
    const topUp = await t.call(
      '/api/card/topup',
      { id: recordId, amount: '1', requestId: randomUUID() },
      member.headers,
    );
    expect(topUp.code).toBe(1655);
    expect(await usdt(member)).toBe('3');
    // Every run retries: 3 USDT pays one month, not both; the card stays frozen for the second.
    expect(await runFees()).toEqual({ charged: 1, frozen: 0, released: 0 });
    expect(await usdt(member)).toBe('1');
    expect(await listItem(member, recordId)).toMatchObject({ frozenReason: 'fee_due', monthlyFeeDue: '2' });
    expect(await runFees()).toMatchObject({ charged: 0 });
    await creditAsDeposit(t, member, 5n);
    expect(await runFees()).toEqual({ charged: 1, frozen: 0, released: 1 });
    expect(await usdt(member)).toBe('4');
    expect((await cardFees()) - fees).toBe(4n * 10n ** 18n);
    expect((await sandbox.getCard(row.issuer_ref))!.status).toBe('active');
    expect(await listItem(member, recordId)).toMatchObject({
      status: 'active',
      frozenReason: null,
      monthlyFeeDue: null,
      nextMonthlyFeeAt: monthsAfter((await cardRow(recordId)).monthly_fee_from, 3).toISOString(),
    });
    const paid = await t.call(
      '/api/card/topup',
      { id: recordId, amount: '2', requestId: randomUUID() },
      member.headers,
    );
    expect(paid).toMatchObject({ code: 200, data: { status: 'completed', total: '3' } });
    await expectSoundLedger();
  });

  it("leaves a card the member froze frozen after paying, and the member's unfreeze never lifts a fee freeze", async () => {
    const { member, recordId } = await memberWithCard();
    expect((await t.call('/api/card/freeze', { id: recordId }, member.headers)).data).toMatchObject({
      status: 'frozen',
      frozenReason: 'member',
    });
    await owe(recordId, 1);
    expect(await runFees()).toMatchObject({ frozen: 1 });
    expect(await cardRow(recordId)).toMatchObject({ fee_frozen: true, member_frozen: true, status: 'frozen' });
    expect(await listItem(member, recordId)).toMatchObject({ frozenReason: 'fee_due', monthlyFeeDue: '2' });
    expect((await t.call('/api/card/unfreeze', { id: recordId }, member.headers)).code).toBe(1655);
    await creditAsDeposit(t, member, 2n);
    expect(await runFees()).toEqual({ charged: 1, frozen: 0, released: 1 });
    const row = await cardRow(recordId);
    expect(row).toMatchObject({ fee_frozen: false, member_frozen: true, status: 'frozen' });
    expect((await sandbox.getCard(row.issuer_ref))!.status).toBe('frozen');
    expect(await listItem(member, recordId)).toMatchObject({
      status: 'frozen',
      frozenReason: 'member',
      monthlyFeeDue: null,
    });
    expect((await t.call('/api/card/unfreeze', { id: recordId }, member.headers)).data).toMatchObject({
      status: 'active',
      frozenReason: null,
    });
    expect((await sandbox.getCard(row.issuer_ref))!.status).toBe('active');

    // Frozen for a fee, then by the member as well: paying leaves the member's freeze.
    await owe(recordId, 1);
    expect(await runFees()).toMatchObject({ frozen: 1 });
    expect((await t.call('/api/card/freeze', { id: recordId }, member.headers)).data.frozenReason).toBe('fee_due');
    await creditAsDeposit(t, member, 2n);
    expect(await runFees()).toMatchObject({ charged: 1, released: 1 });
    expect(await listItem(member, recordId)).toMatchObject({ status: 'frozen', frozenReason: 'member' });
    await expectSoundLedger();
  });

  it('freezes at the issuer again on the next run when the first call fails', async () => {
    const { member, recordId } = await memberWithCard();
    await owe(recordId, 1);
    const down = vi.spyOn(sandbox, 'freeze').mockRejectedValueOnce(new CardIssuerError('unavailable', 'issuer down'));
    errors.length = 0;
    try {
      expect(await runFees()).toMatchObject({ frozen: 1 });
    } finally {
      down.mockRestore();
    }
    expect(errors.map((error) => error.where)).toEqual([`monthly fee of card ${recordId}`]);
    const row = await cardRow(recordId);
    expect(row).toMatchObject({ fee_frozen: true, status: 'active' });
    // Frozen for the member already (top-ups refused); the issuer is told on the next run.
    expect(await listItem(member, recordId)).toMatchObject({ status: 'frozen', frozenReason: 'fee_due' });
    expect(await runFees()).toMatchObject({ frozen: 0, charged: 0 });
    expect((await sandbox.getCard(row.issuer_ref))!.status).toBe('frozen');
    expect((await cardRow(recordId)).status).toBe('frozen');
  });

  it('never charges a fee of 0', async () => {
    await t.database.db.execute(sql`update card_products set monthly_fee = 0 where code = 'gold_eagle'`);
    let card: { member: TestMember; recordId: string };
    try {
      card = await memberWithCard();
    } finally {
      await t.database.db.execute(sql`update card_products set monthly_fee = 2 where code = 'gold_eagle'`);
    }
    const { member, recordId } = card;
    expect(await cardRow(recordId)).toMatchObject({ monthly_fee: '0.000000000000000000', monthly_fee_next_at: null });
    await t.database.db.execute(
      sql`update cards set monthly_fee_from = monthly_fee_from - interval '400 days' where id = ${recordId}`,
    );
    expect(await runFees(at(iso('2030-01-01T00:00:00Z')))).toMatchObject({ charged: 0, frozen: 0 });
    expect(await feeEntries(recordId)).toEqual([]);
    expect(await cardRow(recordId)).toMatchObject({ fee_frozen: false, monthly_fees_charged: 0 });
    expect(await listItem(member, recordId)).toMatchObject({
      status: 'active',
      frozenReason: null,
      monthlyFeeDue: null,
      nextMonthlyFeeAt: null,
    });
  });

  // Last: it moves the app's fee clock (the plans' clock) forward for good.
  it("charges a fee that the development clock's +30 days made due, shown in the asset flow", async () => {
    const { member, recordId } = await memberWithCard();
    await creditAsDeposit(t, member, 5n);
    const before = await cardRow(recordId);
    // Past the first anniversary whatever the month: a month is at most 31 days, and the card's
    // clock may stand a moment ahead of the request's (31 days failed on December 6th). The second
    // anniversary is at least 59 days away.
    const moved = await t.call('/api/dev/clock/advance', { days: 32 });
    expect(moved.code).toBe(200);
    expect(await usdt(member)).toBe('3');
    const log = await t.call('/api/ass/log', { asset: 'USDT' }, member.headers);
    expect(log.code).toBe(200);
    expect(log.data.list[0]).toMatchObject({ type: 'card_monthly_fee', amount: '-2' });
    expect(await listItem(member, recordId)).toMatchObject({
      monthlyFeeDue: null,
      nextMonthlyFeeAt: monthsAfter(before.monthly_fee_from, 2).toISOString(),
    });
    // A card issued after the move counts its months from then on the moved clock: nothing due at once.
    const fresh = await memberWithCard();
    await creditAsDeposit(t, fresh.member, 5n);
    expect(await runFees()).toMatchObject({ charged: 0 });
    expect((await listItem(fresh.member, fresh.recordId)).monthlyFeeDue).toBeNull();
    await expectSoundLedger();
  });
});
