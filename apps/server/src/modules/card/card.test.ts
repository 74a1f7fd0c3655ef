import { randomUUID } from 'node:crypto';
import {
  luhnCheckDigit,
  type TActivationCode,
  type TCardApplication,
  type TCardProductsResponse,
  type TCardTransactionsResponse,
} from '@kpc/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { buyKlkTier } from '../../testing/klk.ts';
import { houseBalance, memberBalance } from '../../testing/ledger-balances.ts';
import { findLedgerViolations } from '../../testing/ledger-invariants.ts';
import { createWalletMember, fund, type TestMember } from '../../testing/members.ts';
import { TEST_APP_SECRET, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import {
  applyForCard,
  bindIssuedCard,
  cardApplicationOf,
  cardHolder,
  cardContextOf,
  createSandboxCardApp,
  issueCard,
  type CardPayment,
  type SandboxCardApp,
} from '../../testing/card-sandbox.ts';
import { CardIssuerError, type CardIssuerEvent } from './issuer/issuer.ts';
import { applyCardIssuerEvent } from './issuer-events.ts';
import { SandboxCardIssuer } from './issuer/sandbox-issuer.ts';
import { manualTime, type ManualTime } from './issuer/scheduler.ts';
import { cardKeysOf } from './keys.ts';
import { reconcileCardApplications, retryCardIssuerWork } from './recovery.ts';
import { databaseSandboxStore } from './sandbox-db-store.ts';

const KEY = 'card-ops-key-0123456789-0123456789-0123';
const OPS = { 'x-operator-key': KEY };

let app: SandboxCardApp;
let t: TestApp;
let time: ManualTime;
let sandbox: SandboxCardIssuer;
let events: CardIssuerEvent[];

beforeAll(async () => {
  app = await createSandboxCardApp({ OPERATOR_KEYS: `alice@compliance+support:${KEY}` });
  ({ t, time, sandbox, events } = app);
}, 60_000);
afterAll(async () => {
  await t.close();
});

const context = () => cardContextOf(app);

async function expectSoundLedger() {
  expect(await findLedgerViolations(t.database.db)).toEqual({
    unbalanced: [],
    drifted: [],
    staleAfter: [],
    negative: [],
  });
}
const usdt = (member: TestMember) => memberBalance(t.database.db, member.memberId, 'USDT');
const operator = (path: string, body: unknown) => t.call(`/api/operator/card/${path}`, body, OPS);

const holder = cardHolder;
const apply = (member: TestMember, payment?: CardPayment, extra?: Parameters<typeof applyForCard>[3]) =>
  applyForCard(app, member, payment, extra);

async function codeOf(member: TestMember): Promise<string> {
  await fund(t, member, 'USDT', '1000');
  expect((await buyKlkTier(t, member, 'agent')).code).toBe(200);
  const codes = (await t.call('/api/card/codes', {}, member.headers)).data.list as TActivationCode[];
  return codes.find((code) => code.status === 'unused')!.code!;
}

const applicationOf = (member: TestMember, id: string) => cardApplicationOf(app, member, id);
const issuedCard = (member: TestMember, payment?: CardPayment) => issueCard(app, member, payment);
const boundCard = (member: TestMember) => bindIssuedCard(app, member);

describe(`cards (${testDatabaseKind()})`, () => {
  it('lists the products with their fees and limits', async () => {
    const member = await createWalletMember(t);
    const products = await t.call('/api/card/products', {}, member.headers);
    expect(products.code).toBe(200);
    expect((products.data as TCardProductsResponse).list.map((p) => p.product)).toEqual([
      'gold_eagle',
      'royal_black_eagle',
    ]);
    expect(products.data.list[0]).toMatchObject({
      networks: ['mastercard', 'visa'],
      asset: 'USDT',
      fees: { issuance: '100', kyc: '20', initialTopUp: '50', topUpFeeRate: '0.015', topUpMinFee: '1' },
      limits: { single: '5000', daily: '10000', monthly: '50000' },
      applicationTotal: '170',
    });
    expect((await t.call('/api/card/products', {})).code).toBe(401);
  });

  it('applies from the balance, is approved and issued, then binds by number and ID', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '200');
    const fees = await houseBalance(t.database.db, 'card_fees', 'USDT');
    const applied = await apply(member);
    expect(applied).toMatchObject({ code: 200, data: { status: 'submitted', payment: 'balance', paid: '170' } });
    expect(await usdt(member)).toBe('30');
    expect(Number(await houseBalance(t.database.db, 'card_fees', 'USDT')) - Number(fees)).toBe(120);
    await time.advance(3_000);
    expect((await applicationOf(member, applied.data.id)).status).toBe('kyc_approved');
    await time.advance(3_000);
    const application = await applicationOf(member, applied.data.id);
    expect(application).toMatchObject({ status: 'issued', rejectReason: null });
    const list = (await t.call('/api/card/list', {}, member.headers)).data.list;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: application.cardRecordId, isBound: false, status: 'active', balance: null });
    // Only the last 4 digits are kept and shown.
    expect(list[0].maskedNumber).toMatch(/^\*{4} \*{4} \*{4} \d{4}$/);
    const stored: unknown = await t.database.db.execute(sql`select * from cards where member_id = ${member.memberId}`);
    const event = events.find((e) => e.type === 'card.issued' && e.reference === `card_application:${applied.data.id}`);
    const number = (event as Extract<CardIssuerEvent, { type: 'card.issued' }>).card.number;
    const cardId = (event as Extract<CardIssuerEvent, { type: 'card.issued' }>).card.cardId;
    // The full number is never stored.
    expect(JSON.stringify((stored as { rows: unknown[] }).rows)).not.toContain(number);

    // Bad Luhn: a clear validation message.
    const badLuhn = number.slice(0, 15) + String((Number(number[15]) + 1) % 10);
    const luhn = await t.call('/api/card/bind', { cardNumber: badLuhn, cardId }, member.headers);
    expect(luhn.code).toBe(1000);
    expect(luhn.msg).toMatch(/card number/i);
    // The wrong ID.
    const wrongId = await t.call('/api/card/bind', { cardNumber: number, cardId: 'ZZZZZZZZ' }, member.headers);
    expect(wrongId.code).toBe(1645);
    // Another member's card answers exactly like a number never issued.
    const other = await createWalletMember(t);
    const foreign = await t.call('/api/card/bind', { cardNumber: number, cardId }, other.headers);
    const body = '522981000000000';
    const never = await t.call('/api/card/bind', { cardNumber: body + luhnCheckDigit(body), cardId }, other.headers);
    expect(foreign.code).toBe(1644);
    expect([never.code, never.msg]).toEqual([foreign.code, foreign.msg]);
    // Spaces and lower case are fine.
    const bound = await t.call(
      '/api/card/bind',
      { cardNumber: number.replace(/(\d{4})/g, '$1 ').trim(), cardId: cardId.toLowerCase() },
      member.headers,
    );
    expect(bound).toMatchObject({ code: 200, data: { isBound: true, balance: '50', status: 'active' } });
    expect((await t.call('/api/card/bind', { cardNumber: number, cardId }, member.headers)).code).toBe(1646);
    await expectSoundLedger();
  });

  it('refuses an application without funds and charges nothing', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '169');
    expect(await apply(member)).toMatchObject({ code: 1200 });
    expect(await usdt(member)).toBe('169');
    expect((await t.call('/api/card/applications', {}, member.headers)).data.list).toEqual([]);
    expect((await apply(member, { method: 'balance' }, { network: 'amex' })).code).toBe(1000);
    await expectSoundLedger();
  });

  it('applies once for 20 concurrent requests with one requestId', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '1000');
    const requestId = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => apply(member, undefined, { requestId })));
    expect(answers.map((answer) => answer.code)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((answer) => (answer.data as TCardApplication).id)).size).toBe(1);
    expect(await usdt(member)).toBe('830');
    expect((await t.call('/api/card/applications', {}, member.headers)).data.list).toHaveLength(1);
    // The same requestId for another application is refused.
    expect((await apply(member, undefined, { requestId, product: 'royal_black_eagle' })).code).toBe(1403);
    await expectSoundLedger();
  });

  it('refunds a rejected application exactly once, however often the event comes', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '500');
    const applied = await apply(member, undefined, { lastName: 'Reject' });
    expect(await usdt(member)).toBe('330');
    await time.advance(3_000);
    const application = await applicationOf(member, applied.data.id);
    expect(application).toMatchObject({ status: 'kyc_rejected', rejectReason: 'kyc_failed', paid: '170' });
    expect(await usdt(member)).toBe('500');
    const rejected = events.find(
      (e) => e.type === 'application.rejected' && e.reference === `card_application:${applied.data.id}`,
    )!;
    await applyCardIssuerEvent(context(), rejected);
    await Promise.all([applyCardIssuerEvent(context(), rejected), applyCardIssuerEvent(context(), rejected)]);
    // Even a redelivery under a new id finds the application already rejected.
    await applyCardIssuerEvent(context(), { ...rejected, id: `${rejected.id}:again` });
    expect(await usdt(member)).toBe('500');
    const refunds: unknown = await t.database.db.execute(
      sql`select count(*)::int as n from ledger_entries where type = 'card_refund' and member_id = ${member.memberId}`,
    );
    expect((refunds as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    // Nothing to issue for a rejected application.
    expect((await operator('issue', { id: applied.data.id })).code).toBe(1642);
    await expectSoundLedger();
  });

  it('pays with an activation code, refuses it twice, and returns it when rejected', async () => {
    const member = await createWalletMember(t);
    const code = await codeOf(member);
    const balance = await usdt(member);
    const rejected = await apply(member, { method: 'code', code: code.toLowerCase() }, { lastName: 'Reject' });
    expect(rejected).toMatchObject({ code: 200, data: { payment: 'code', paid: '0' } });
    expect(await usdt(member)).toBe(balance);
    // Used: a second application with it is refused.
    expect((await apply(member, { method: 'code', code })).code).toBe(1611);
    await time.advance(3_000);
    expect((await applicationOf(member, rejected.data.id)).status).toBe('kyc_rejected');
    const codes = (await t.call('/api/card/codes', {}, member.headers)).data;
    expect(codes.unused).toBe(1);
    const event = events.find(
      (e) => e.type === 'application.rejected' && e.reference === `card_application:${rejected.data.id}`,
    )!;
    await applyCardIssuerEvent(context(), { ...event, id: `${event.id}:again` });
    expect((await t.call('/api/card/codes', {}, member.headers)).data.unused).toBe(1);
    // Back unused: it pays a new application, issued with the programme's initial top-up.
    const card = await issuedCard(member, { method: 'code', code });
    expect((await t.call('/api/card/codes', {}, member.headers)).data.unused).toBe(0);
    const bound = await t.call('/api/card/bind', { cardNumber: card.number, cardId: card.cardId }, member.headers);
    expect(bound.data).toMatchObject({ isBound: true, balance: '50' });
    expect(await usdt(member)).toBe(balance);
    // Another member's code is not theirs to use.
    const other = await createWalletMember(t);
    const otherCode = await codeOf(other);
    expect((await apply(member, { method: 'code', code: otherCode })).code).toBe(1610);
    await expectSoundLedger();
  });

  it('tops up within the limits, refuses beyond them before money moves, and freezes', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '170');
    const card = await boundCard(member);
    await fund(t, member, 'USDT', '11000');
    const topUp = (amount: string, requestId = randomUUID()) =>
      t.call('/api/card/topup', { id: card.recordId, amount, requestId }, member.headers);
    const first = await topUp('10');
    expect(first).toMatchObject({
      code: 200,
      data: { amount: '10', fee: '1', total: '11', status: 'completed', balance: '60' },
    });
    expect(await usdt(member)).toBe('10989');
    expect((await topUp('5000.01')).code).toBe(1649);
    expect((await topUp('1.1234567')).code).toBe(1201);
    expect((await topUp('5000')).data.fee).toBe('75');
    expect((await topUp('4900')).data.balance).toBe('9960');
    // 50 (initial) + 10 + 5000 + 4900 today: 40 left.
    const daily = await topUp('41');
    expect(daily.code).toBe(1650);
    expect(daily.msg).toContain('40');
    const before = await usdt(member);
    // Frozen: no top-up; transactions still show.
    expect((await t.call('/api/card/freeze', { id: card.recordId }, member.headers)).data.status).toBe('frozen');
    expect((await topUp('1')).code).toBe(1648);
    expect(await usdt(member)).toBe(before);
    expect((await t.call('/api/card/list', {}, member.headers)).data.list[0].status).toBe('frozen');
    expect((await t.call('/api/card/unfreeze', { id: card.recordId }, member.headers)).data.status).toBe('active');
    const requestId = randomUUID();
    const [a, b] = await Promise.all([topUp('40', requestId), topUp('40', requestId)]);
    expect([a.code, b.code]).toEqual([200, 200]);
    expect(a.data.id).toBe(b.data.id);
    expect(a.data.balance).toBe('10000');
    // A purchase at the sandbox, then the card's transactions with their running balance.
    const spend = await operator('spend', { cardId: card.recordId, amount: '25.5', merchant: 'Coffee' });
    expect(spend).toMatchObject({ code: 200, data: { type: 'spend', amount: '-25.5', balance: '9974.5' } });
    const transactions = await t.call('/api/card/transactions', { id: card.recordId, limit: 2 }, member.headers);
    expect(transactions.data).toMatchObject({ balance: '9974.5' });
    expect(transactions.data.list).toMatchObject([
      { type: 'spend', amount: '-25.5', balance: '9974.5', merchant: 'Coffee' },
      { type: 'top_up', amount: '40', balance: '10000' },
    ]);
    const older = await t.call(
      '/api/card/transactions',
      { id: card.recordId, cursor: transactions.data.nextCursor },
      member.headers,
    );
    expect((older.data as TCardTransactionsResponse).list.map((row) => row.amount)).toEqual([
      '4900',
      '5000',
      '10',
      '50',
    ]);
    await expectSoundLedger();
  });

  it('reverses a top-up the issuer refuses, once', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '300');
    const card = await boundCard(member);
    // Frozen at the issuer behind the programme's back: the programme's check passes, the issuer refuses.
    const refs: unknown = await t.database.db.execute(sql`select issuer_ref from cards where id = ${card.recordId}`);
    await sandbox.freeze((refs as { rows: { issuer_ref: string }[] }).rows[0]!.issuer_ref);
    await t.database.db.execute(sql`update cards set status = 'active' where id = ${card.recordId}`);
    const requestId = randomUUID();
    const refused = await t.call('/api/card/topup', { id: card.recordId, amount: '20', requestId }, member.headers);
    expect(refused.code).toBe(1653);
    expect(await usdt(member)).toBe('130');
    const again = await t.call('/api/card/topup', { id: card.recordId, amount: '20', requestId }, member.headers);
    expect(again.code).toBe(1653);
    expect(await usdt(member)).toBe('130');
    await expectSoundLedger();
  });

  it('keeps members to their own cards and applications', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '170');
    const card = await boundCard(member);
    const other = await createWalletMember(t);
    const missing = await t.call('/api/card/freeze', { id: '999999999' }, other.headers);
    for (const path of ['freeze', 'unfreeze', 'transactions']) {
      const answer = await t.call(`/api/card/${path}`, { id: card.recordId }, other.headers);
      expect([answer.code, answer.msg]).toEqual([missing.code, missing.msg]);
    }
    const topUp = await t.call(
      '/api/card/topup',
      { id: card.recordId, amount: '1', requestId: randomUUID() },
      other.headers,
    );
    expect(topUp.code).toBe(1643);
    const application = (await t.call('/api/card/applications', {}, member.headers)).data.list[0];
    const foreign = await t.call('/api/card/application', { id: application.id }, other.headers);
    const none = await t.call('/api/card/application', { id: '999999999' }, other.headers);
    expect([foreign.code, foreign.msg]).toEqual([1641, none.msg]);
    expect((await t.call('/api/card/list', {}, other.headers)).data.list).toEqual([]);
    // Unbound cards are bound first.
    const unbound = await createWalletMember(t);
    await fund(t, unbound, 'USDT', '170');
    const fresh = await issuedCard(unbound);
    expect((await t.call('/api/card/freeze', { id: fresh.recordId }, unbound.headers)).code).toBe(1647);
  });

  it('lets operators decide and issue by hand, keeping who did it', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '170');
    const applied = await apply(member);
    const id = applied.data.id as string;
    expect((await operator('issue', { id })).code).toBe(1642);
    const approved = await operator('approve', { id });
    expect(approved).toMatchObject({
      code: 200,
      // No KYC details in an action's answer (Step 8b: only the audited detail view opens them).
      data: { status: 'kyc_approved', decidedBy: 'alice', documentLast4: null },
    });
    // Decided once: a second decision, either way, is told so.
    expect((await operator('approve', { id })).code).toBe(1656);
    expect((await operator('reject', { id, reason: 'kyc_failed' })).code).toBe(1656);
    const issued = await operator('issue', { id });
    expect(issued).toMatchObject({ code: 200, data: { status: 'issued', issuedBy: 'alice' } });
    expect(issued.data.cardRecordId).not.toBeNull();
    // The sandbox's own timer finds nothing left to do.
    await time.advance(10_000);
    expect((await t.call('/api/card/list', {}, member.headers)).data.list).toHaveLength(1);
    const list = await operator('applications', { status: 'issued' });
    expect((list.data as { list: { id: string }[] }).list.some((row) => row.id === id)).toBe(true);
    expect((await operator('approve', { id: '999999999' })).code).toBe(1641);
    expect((await t.call('/api/operator/card/applications', {})).status).toBe(401);

    const second = await createWalletMember(t);
    await fund(t, second, 'USDT', '170');
    const other = await apply(second);
    const rejected = await operator('reject', { id: other.data.id, reason: 'document_invalid' });
    expect(rejected.data).toMatchObject({
      status: 'kyc_rejected',
      rejectReason: 'document_invalid',
      decidedBy: 'alice',
    });
    expect(await usdt(second)).toBe('170');
    await expectSoundLedger();
  });

  it('keeps an application the issuer did not answer, paid and submitting, until it is submitted by reference', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '170');
    const code = await codeOf(member);
    const down = vi
      .spyOn(sandbox, 'submitApplication')
      .mockRejectedValue(new CardIssuerError('unavailable', 'issuer down'));
    const requestId = randomUUID();
    let byBalance: TCardApplication;
    let byCode: TCardApplication;
    try {
      // Money moved and the application is recorded: the member is told it is submitted.
      byBalance = (await apply(member, undefined, { requestId })).data as TCardApplication;
      byCode = (await apply(member, { method: 'code', code })).data as TCardApplication;
      expect(byBalance).toMatchObject({ status: 'submitted', paid: '170' });
      expect(byCode).toMatchObject({ status: 'submitted', payment: 'code' });
      // Still down: the retry job changes nothing and refunds nothing.
      await retryCardIssuerWork(
        cardContextOf(app, () => {}),
        0,
      );
    } finally {
      down.mockRestore();
    }
    expect(await usdt(member)).toBe('0');
    expect((await t.call('/api/card/codes', {}, member.headers)).data.unused).toBe(0);
    const rows: unknown = await t.database.db.execute(
      sql`select status, issuer_ref from card_applications where member_id = ${member.memberId} order by id`,
    );
    expect((rows as { rows: unknown[] }).rows).toEqual([
      { status: 'submitting', issuer_ref: null },
      { status: 'submitting', issuer_ref: null },
    ]);
    // The member's retry submits its own; the job the other; both reach the issuer once.
    expect((await apply(member, undefined, { requestId })).data).toMatchObject({
      id: byBalance.id,
      status: 'submitted',
    });
    await retryCardIssuerWork(context(), 0);
    const submitted: unknown = await t.database.db.execute(
      sql`select status from card_applications where member_id = ${member.memberId} and issuer_ref is not null`,
    );
    expect((submitted as { rows: unknown[] }).rows).toHaveLength(2);
    const atIssuer = (await sandbox.listApplications()).filter((row) =>
      [byBalance.id, byCode.id].some((id) => row.reference === `card_application:${id}`),
    );
    expect(atIssuer).toHaveLength(2);
    await time.advance(6_000);
    expect((await applicationOf(member, byCode.id)).status).toBe('issued');
    await expectSoundLedger();
  });

  it('recovers an event whose handler failed by reading the issuer back', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '170');
    const applied = await apply(member, undefined, { lastName: 'Reject' });
    const db = t.database.db;
    const original = db.transaction.bind(db);
    let calls = 0;
    // The sandbox's own write is the first transaction; the card module's handler, the second, fails.
    const lost = vi.spyOn(db, 'transaction').mockImplementation((...args: Parameters<typeof original>) => {
      calls += 1;
      return calls === 2 ? Promise.reject(new Error('connection lost')) : original(...args);
    });
    try {
      await time.advance(3_000);
    } finally {
      lost.mockRestore();
    }
    expect((await applicationOf(member, applied.data.id)).status).toBe('submitted');
    expect(await usdt(member)).toBe('0');
    await reconcileCardApplications(context());
    await reconcileCardApplications(context());
    expect(await applicationOf(member, applied.data.id)).toMatchObject({
      status: 'kyc_rejected',
      rejectReason: 'kyc_failed',
    });
    expect(await usdt(member)).toBe('170');
    await expectSoundLedger();
  });

  it("keeps the sandbox's state in the database, sealed, so a restarted sandbox resumes what was pending", async () => {
    const store = databaseSandboxStore(t.database.db, cardKeysOf('another-secret-another-secret-0123456').sandboxStore);
    await store.put([
      ['test/b', '2'],
      ['test/a_%', '1'],
      ['test/B', '3'],
      ['tesu/x', '4'],
    ]);
    await store.put([['test/b', '22']]);
    expect(await store.list('test/')).toEqual([
      ['test/B', '3'],
      ['test/a_%', '1'],
      ['test/b', '22'],
    ]);
    expect(await store.list('test/a_')).toEqual([['test/a_%', '1']]);
    expect(await store.get('test/none')).toBeUndefined();
    // At rest every value is sealed.
    const raw: unknown = await t.database.db.execute(sql`select value from card_sandbox_store where key = 'test/b'`);
    expect((raw as { rows: { value: string }[] }).rows[0]!.value).toMatch(/^sealed:/);
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '170');
    expect((await apply(member)).code).toBe(200);
    const later = manualTime(new Date());
    const restarted = new SandboxCardIssuer({
      store: databaseSandboxStore(t.database.db, cardKeysOf(TEST_APP_SECRET).sandboxStore),
      clock: later.clock,
      scheduler: later.scheduler,
    });
    await restarted.start();
    expect(later.pending()).toBeGreaterThan(0);
    await restarted.stop();
    await time.advance(6_000);
  });

  it('refuses an unknown CARD_ISSUER at start-up, naming the choices', () => {
    expect(() => loadConfig({ CARD_ISSUER: 'acme' })).toThrow(/CARD_ISSUER.*choose one of: sandbox, none/);
    expect(loadConfig({}).CARD_ISSUER).toBe('sandbox');
  });

  it('answers malformed bodies with a validation error, never a 500', async () => {
    const member = await createWalletMember(t);
    const bodies: Array<[string, unknown]> = [
      ['apply', {}],
      ['apply', { requestId: 'x', product: 'gold_eagle', network: 'visa', holder: {}, payment: { method: 'balance' } }],
      [
        'apply',
        {
          requestId: randomUUID(),
          product: 'gold_eagle',
          network: 'visa',
          holder: holder(),
          payment: { method: 'code', code: '' },
        },
      ],
      [
        'apply',
        {
          requestId: randomUUID(),
          product: 'gold_eagle',
          network: 'visa',
          holder: { ...holder(), dateOfBirth: '2020-01-01' },
          payment: { method: 'balance' },
        },
      ],
      [
        'apply',
        {
          requestId: randomUUID(),
          product: 'gold_eagle',
          network: 'visa',
          holder: holder(),
          payment: { method: 'card' },
        },
      ],
      ['bind', { cardNumber: 12, cardId: null }],
      ['bind', { cardNumber: '', cardId: '' }],
      ['topup', { id: 'abc', amount: '-1', requestId: randomUUID() }],
      ['topup', { id: '1', amount: '1e3', requestId: randomUUID() }],
      ['transactions', { id: '1', cursor: '../../etc' }],
      ['freeze', { id: '99999999999999999999999' }],
      ['application', {}],
      ['applications', { limit: 0 }],
    ];
    for (const [path, body] of bodies) {
      const answer = await t.call(`/api/card/${path}`, body, member.headers);
      expect(answer.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
      expect(answer.code, `${path} ${JSON.stringify(body)}`).toBe(1000);
    }
    for (const [path, body] of [
      ['approve', { id: 'x' }],
      ['reject', { id: '1', reason: 'nope' }],
      ['spend', { cardId: '1', amount: '0', merchant: '' }],
      ['applications', { status: 'lost' }],
    ] as const) {
      expect((await operator(path, body)).code).toBe(1000);
    }
  });
});
