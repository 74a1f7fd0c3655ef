import { randomUUID } from 'node:crypto';
import type { TActivationCode, TCardApplication } from '@kpc/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { cards, cardTopUps } from '../../db/schema/index.ts';
import {
  applyForCard,
  bindIssuedCard,
  cardApplicationOf,
  cardContextOf,
  cardHolder,
  createSandboxCardApp,
  issueCard,
  type CardPayment,
  type SandboxCardApp,
} from '../../testing/card-sandbox.ts';
import { buyKlkTier } from '../../testing/klk.ts';
import { houseBalance, memberBalance } from '../../testing/ledger-balances.ts';
import { findLedgerViolations } from '../../testing/ledger-invariants.ts';
import { createWalletMember, fund, type TestMember } from '../../testing/members.ts';
import { TEST_APP_SECRET, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { CardIssuerError } from './issuer/issuer.ts';
import { SandboxCardIssuer } from './issuer/sandbox-issuer.ts';
import { manualTime } from './issuer/scheduler.ts';
import { cardKeysOf } from './keys.ts';
import { reconcileCardApplications, retryCardIssuerWork } from './recovery.ts';
import { databaseSandboxStore } from './sandbox-db-store.ts';
import { settleTopUp } from './top-ups.ts';

// Step 7b: the card path with real money. Each test here failed on the code before Step 7b: an
// initial top-up loaded twice or paid out to the member, an application stranded or deleted after
// it was paid, a refused top-up loaded later, two processes sharing the sandbox, an operator's
// repeated issue answering 500, simultaneous decisions all told they won, card and KYC data in a
// copy of the database.

const KEYS = ['alice', 'bob'].map((name) => [name, `${name}-ops-key-0123456789-0123456789-01`] as const);
const OPS = { 'x-operator-key': KEYS[0]![1] };

let app: SandboxCardApp;
let t: TestApp;

beforeAll(async () => {
  app = await createSandboxCardApp({ OPERATOR_KEYS: KEYS.map(([name, key]) => `${name}@compliance:${key}`).join(',') });
  t = app.t;
}, 60_000);
afterAll(async () => {
  await t.close();
});

const errors: unknown[] = [];
const context = () => cardContextOf(app, (error) => void errors.push(error));
const usdt = (member: TestMember) => memberBalance(t.database.db, member.memberId, 'USDT');
const operator = (path: string, body: unknown, headers = OPS) => t.call(`/api/operator/card/${path}`, body, headers);

async function expectSoundLedger() {
  expect(await findLedgerViolations(t.database.db)).toEqual({
    unbalanced: [],
    drifted: [],
    staleAfter: [],
    negative: [],
  });
}

async function codeOf(member: TestMember): Promise<string> {
  await fund(t, member, 'USDT', '1000');
  expect((await buyKlkTier(t, member, 'agent')).code).toBe(200);
  const codes = (await t.call('/api/card/codes', {}, member.headers)).data.list as TActivationCode[];
  return codes.find((code) => code.status === 'unused')!.code!;
}

async function cardOf(recordId: string) {
  const [card] = await t.database.db
    .select()
    .from(cards)
    .where(eq(cards.id, BigInt(recordId)));
  return card!;
}

async function initialRow(recordId: string) {
  const [row] = await t.database.db
    .select()
    .from(cardTopUps)
    .where(sql`${cardTopUps.cardRecordId} = ${BigInt(recordId)} and ${cardTopUps.kind} = 'initial'`);
  return row!;
}

/** Issues a card while the issuer does not answer top-ups: its initial top-up stays pending. */
async function issuedWithPendingInitial(member: TestMember, payment?: CardPayment) {
  const down = vi.spyOn(app.sandbox, 'topUp').mockRejectedValue(new CardIssuerError('unavailable', 'issuer down'));
  try {
    return await issueCard(app, member, payment);
  } finally {
    down.mockRestore();
  }
}

describe(`card safety with real money (${testDatabaseKind()})`, () => {
  describe('the initial top-up (§1)', () => {
    it('is loaded once when the job, recovery and an operator issue race for it', async () => {
      const member = await createWalletMember(t);
      await fund(t, member, 'USDT', '170');
      const card = await issuedWithPendingInitial(member);
      const { issuerRef } = await cardOf(card.recordId);
      expect(await app.sandbox.balance(issuerRef)).toBe(0n);
      expect(await initialRow(card.recordId)).toMatchObject({ status: 'pending', payer: 'member' });
      const application = (await t.call('/api/card/applications', {}, member.headers)).data.list[0] as TCardApplication;
      await Promise.all([
        retryCardIssuerWork(context(), 0),
        reconcileCardApplications(context()),
        operator('issue', { id: application.id }),
        retryCardIssuerWork(context(), 0),
      ]);
      // One load of 50 under one key, whoever asked.
      const transactions = await app.sandbox.listTransactions(issuerRef);
      expect(transactions.list.map((row) => row.amount)).toEqual([50n * 10n ** 18n]);
      expect(await initialRow(card.recordId)).toMatchObject({ status: 'completed' });
      expect((await cardOf(card.recordId)).initialTopUpAt).not.toBeNull();
      // Asked again by an operator: answered, nothing more loaded.
      const again = await operator('issue', { id: application.id });
      expect(again).toMatchObject({ code: 200, data: { status: 'issued', initialTopUp: { status: 'completed' } } });
      expect((await app.sandbox.listTransactions(issuerRef)).list).toHaveLength(1);
      await expectSoundLedger();
    });

    it('refused, goes back to whoever paid it: the programme for an activation code, the member for a balance payment', async () => {
      const byCode = await createWalletMember(t);
      const code = await codeOf(byCode);
      const byBalance = await createWalletMember(t);
      await fund(t, byBalance, 'USDT', '170');
      const codeCard = await issuedWithPendingInitial(byCode, { method: 'code', code });
      const balanceCard = await issuedWithPendingInitial(byBalance);
      const memberBefore = await usdt(byCode);
      const feesBefore = await houseBalance(t.database.db, 'card_fees', 'USDT');
      const refused = vi
        .spyOn(app.sandbox, 'topUp')
        .mockRejectedValue(new CardIssuerError('limit_exceeded', 'over the limit', { limit: 'single', remaining: 0n }));
      try {
        await Promise.all([retryCardIssuerWork(context(), 0), retryCardIssuerWork(context(), 0)]);
      } finally {
        refused.mockRestore();
      }
      expect(await initialRow(codeCard.recordId)).toMatchObject({ status: 'failed', payer: 'programme' });
      expect(await initialRow(balanceCard.recordId)).toMatchObject({ status: 'failed', payer: 'member' });
      // The code's member never paid it: nothing becomes their cash; the programme's 50 is back.
      expect(await usdt(byCode)).toBe(memberBefore);
      expect(Number(await houseBalance(t.database.db, 'card_fees', 'USDT')) - Number(feesBefore)).toBe(50);
      expect(await usdt(byBalance)).toBe('50');
      // Returned, the key never loads later, whoever asks: the job, recovery or an operator's issue.
      const codeApplication = (await cardOf(codeCard.recordId)).applicationId.toString();
      await Promise.all([
        retryCardIssuerWork(context(), 0),
        reconcileCardApplications(context()),
        operator('issue', { id: codeApplication }),
      ]);
      expect(await app.sandbox.balance((await cardOf(codeCard.recordId)).issuerRef)).toBe(0n);
      expect(await app.sandbox.balance((await cardOf(balanceCard.recordId)).issuerRef)).toBe(0n);
      expect(await usdt(byCode)).toBe(memberBefore);
      await expectSoundLedger();
    });
  });

  describe('a paid application is never stranded (§2)', () => {
    it('survives a crash between the payment and the issuer call: recovery submits it by reference', async () => {
      const member = await createWalletMember(t);
      await fund(t, member, 'USDT', '170');
      // The process dies right after the payment committed: the issuer never hears of it.
      const crash = vi.spyOn(app.sandbox, 'submitApplication').mockRejectedValue(new Error('process killed'));
      let applied;
      try {
        applied = await applyForCard(app, member);
      } finally {
        crash.mockRestore();
      }
      const id = (applied.data as TCardApplication | null)?.id;
      const result: unknown = await t.database.db.execute(
        sql`select id::text, status, issuer_ref from card_applications where member_id = ${member.memberId}`,
      );
      const [row] = (result as { rows: Array<{ id: string; status: string; issuer_ref: string | null }> }).rows;
      expect(row).toMatchObject({ status: 'submitting', issuer_ref: null });
      if (id !== undefined) expect(id).toBe(row!.id);
      expect(await usdt(member)).toBe('0');
      // The restart's recovery submits it; the issuer decides and issues it as usual.
      await reconcileCardApplications(context());
      await app.time.advance(6_000);
      expect(await cardApplicationOf(app, member, row!.id)).toMatchObject({ status: 'issued', paid: '170' });
      expect(
        (await app.sandbox.listApplications()).filter((a) => a.reference === `card_application:${row!.id}`),
      ).toHaveLength(1);
      await expectSoundLedger();
    });

    it('keeps it when the issuer took it but its answer was lost: the issuer’s events apply', async () => {
      const member = await createWalletMember(t);
      await fund(t, member, 'USDT', '170');
      const real = app.sandbox.submitApplication.bind(app.sandbox);
      const lost = vi.spyOn(app.sandbox, 'submitApplication').mockImplementation(async (input) => {
        await real(input);
        throw new CardIssuerError('unavailable', 'the answer was lost');
      });
      let applied;
      try {
        applied = await applyForCard(app, member);
      } finally {
        lost.mockRestore();
      }
      expect(applied).toMatchObject({ code: 200, data: { status: 'submitted', paid: '170' } });
      const id = (applied.data as TCardApplication).id;
      // No refund, no deletion: the issuer approves and issues, and every event finds the application.
      await app.time.advance(6_000);
      expect(await cardApplicationOf(app, member, id)).toMatchObject({ status: 'issued' });
      expect((await t.call('/api/card/list', {}, member.headers)).data.list).toHaveLength(1);
      expect(await usdt(member)).toBe('0');
      await retryCardIssuerWork(context(), 0);
      expect(
        (await app.sandbox.listApplications()).filter((a) => a.reference === `card_application:${id}`),
      ).toHaveLength(1);
      await expectSoundLedger();
    });

    it('refunds only on a definite refusal, once, and keeps the application', async () => {
      const member = await createWalletMember(t);
      const code = await codeOf(member);
      await fund(t, member, 'USDT', '170');
      const before = await usdt(member);
      const refuse = vi
        .spyOn(app.sandbox, 'submitApplication')
        .mockRejectedValue(new CardIssuerError('invalid_state', 'not accepted'));
      try {
        const byBalance = await applyForCard(app, member);
        const byCode = await applyForCard(app, member, { method: 'code', code });
        for (const answer of [byBalance, byCode]) {
          expect(answer).toMatchObject({ code: 200, data: { status: 'kyc_rejected', rejectReason: 'issuer_refused' } });
        }
        await Promise.all([retryCardIssuerWork(context(), 0), reconcileCardApplications(context())]);
      } finally {
        refuse.mockRestore();
      }
      expect(await usdt(member)).toBe(before);
      expect((await t.call('/api/card/codes', {}, member.headers)).data.unused).toBe(1);
      expect((await t.call('/api/card/applications', {}, member.headers)).data.list).toHaveLength(2);
      await expectSoundLedger();
    });
  });

  it('never loads a top-up after it was refused and its money returned (§3)', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '300');
    const card = await bindIssuedCard(app, member);
    const { issuerRef } = await cardOf(card.recordId);
    // Frozen at the issuer behind the programme's back: the issuer refuses and the money comes back.
    await app.sandbox.freeze(issuerRef);
    await t.database.db.update(cards).set({ status: 'active' }).where(eq(cards.issuerRef, issuerRef));
    const requestId = randomUUID();
    expect((await t.call('/api/card/topup', { id: card.recordId, amount: '20', requestId }, member.headers)).code).toBe(
      1653,
    );
    expect(await usdt(member)).toBe('130');
    // A retry that read the row while it was pending arrives after the card was unfrozen.
    await app.sandbox.unfreeze(issuerRef);
    const [returned] = await t.database.db
      .select()
      .from(cardTopUps)
      .where(sql`${cardTopUps.requestId} = ${requestId}`);
    const stale = { ...returned!, status: 'pending' };
    const settled = await settleTopUp(context(), stale, await cardOf(card.recordId));
    expect(settled.status).toBe('failed');
    expect(await app.sandbox.balance(issuerRef)).toBe(50n * 10n ** 18n);
    expect(await usdt(member)).toBe('130');
    await expectSoundLedger();
  });

  describe('operators (§12, §13)', () => {
    it('answers a repeated issue with the application, not a failure', async () => {
      const member = await createWalletMember(t);
      await fund(t, member, 'USDT', '170');
      const card = await issueCard(app, member);
      const id = ((await t.call('/api/card/applications', {}, member.headers)).data.list[0] as TCardApplication).id;
      const answers = await Promise.all([operator('issue', { id }), operator('issue', { id })]);
      for (const answer of answers) {
        expect(answer).toMatchObject({
          code: 200,
          data: {
            id,
            status: 'issued',
            cardRecordId: card.recordId,
            initialTopUp: { amount: '50', status: 'completed' },
          },
        });
      }
    });

    it('lets exactly one of ten simultaneous decisions win; the others are told it was decided', async () => {
      const member = await createWalletMember(t);
      await fund(t, member, 'USDT', '170');
      const applied = await applyForCard(app, member);
      const id = (applied.data as TCardApplication).id;
      const reasons = ['kyc_failed', 'document_invalid', 'country_not_supported', 'review_rejected'] as const;
      // The issuer is a network call away: every decision is in flight before the first is answered.
      const slow = <T>(call: () => Promise<T>) => new Promise((done) => setTimeout(done, 200)).then(call);
      const approve = app.sandbox.approve.bind(app.sandbox);
      const reject = app.sandbox.reject.bind(app.sandbox);
      const slowApprove = vi.spyOn(app.sandbox, 'approve').mockImplementation((ref) => slow(() => approve(ref)));
      const slowReject = vi
        .spyOn(app.sandbox, 'reject')
        .mockImplementation((ref, reason) => slow(() => reject(ref, reason)));
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          index % 3 === 0
            ? operator('approve', { id }, { 'x-operator-key': KEYS[index % 2]![1] })
            : operator('reject', { id, reason: reasons[index % 4] }, { 'x-operator-key': KEYS[index % 2]![1] }),
        ),
      );
      slowApprove.mockRestore();
      slowReject.mockRestore();
      const won = answers.filter((answer) => answer.code === 200);
      expect(won).toHaveLength(1);
      expect(answers.filter((answer) => answer.code === 1656)).toHaveLength(9);
      const winner = won[0]!.data as { status: string; rejectReason: string | null; decidedBy: string };
      const list = (await operator('applications', {})).data.list as Array<{ id: string }>;
      const kept = list.find((row) => row.id === id);
      expect(kept).toMatchObject({
        status: winner.status,
        rejectReason: winner.rejectReason,
        decidedBy: winner.decidedBy,
      });
      // A rejection refunded once; an approval charged once.
      expect(await usdt(member)).toBe(winner.status === 'kyc_rejected' ? '170' : '0');
      await expectSoundLedger();
    });
  });

  it('shares the sandbox between two processes without loading a top-up twice or losing one (§8)', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '170');
    const card = await bindIssuedCard(app, member);
    const { issuerRef } = await cardOf(card.recordId);
    let second: DatabaseHandle | null = null;
    let db = t.database.db;
    if (testDatabaseKind() === 'postgres') {
      const result: unknown = await t.database.db.execute(sql`select current_database() as name`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${(result as { rows: { name: string }[] }).rows[0]!.name}`;
      second = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused', poolSize: 10 });
      db = second.db;
    }
    try {
      const time = manualTime(new Date());
      const other = new SandboxCardIssuer({
        store: databaseSandboxStore(db, cardKeysOf(TEST_APP_SECRET).sandboxStore),
        numberDigest: cardKeysOf(TEST_APP_SECRET).numberDigest,
        clock: time.clock,
        scheduler: time.scheduler,
      });
      const unit = 10n ** 18n;
      const issuers = [app.sandbox, other];
      await Promise.all([
        // One key from both processes: one load.
        ...Array.from({ length: 10 }, (_, index) =>
          issuers[index % 2]!.topUp({ cardRef: issuerRef, amount: 7n * unit, idempotencyKey: 'shared-key' }),
        ),
        // Distinct keys from both processes: every one loads.
        ...Array.from({ length: 10 }, (_, index) =>
          issuers[index % 2]!.topUp({ cardRef: issuerRef, amount: unit, idempotencyKey: `own-key-${index}` }),
        ),
      ]);
      expect(await other.balance(issuerRef)).toBe((50n + 7n + 10n) * unit);
      expect((await app.sandbox.listTransactions(issuerRef, { limit: 100 })).list).toHaveLength(12);
    } finally {
      await second?.close();
    }
  });

  it('keeps no card number and no KYC detail in the database, only sealed (§7, §8)', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '1000');
    const holder = cardHolder('Quixotebury');
    const card = await bindIssuedCard(app, member);
    // A second application, still on its way to the issuer when the copy is taken.
    const down = vi
      .spyOn(app.sandbox, 'submitApplication')
      .mockRejectedValue(new CardIssuerError('unavailable', 'down'));
    const applied = await t.call(
      '/api/card/apply',
      {
        requestId: randomUUID(),
        product: 'royal_black_eagle',
        network: 'visa',
        holder: { ...holder, documentNumber: 'ZX99887766', dateOfBirth: '1977-03-29' },
        payment: { method: 'balance' },
      },
      member.headers,
    );
    down.mockRestore();
    expect(applied).toMatchObject({ code: 200, data: { status: 'submitted' } });
    const tables: unknown = await t.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    let dump = '';
    for (const { table_name } of (tables as { rows: { table_name: string }[] }).rows) {
      const rows: unknown = await t.database.db.execute(sql.raw(`select * from "${table_name}"`));
      dump += JSON.stringify((rows as { rows: unknown[] }).rows);
    }
    expect(dump.length).toBeGreaterThan(10_000);
    const first = cardHolder();
    const secrets = [card.number, card.number.slice(0, 12), first.documentNumber, first.dateOfBirth, 'Raffles'];
    for (const secret of [...secrets, 'Quixotebury', 'ZX99887766', '1977-03-29', '6123 4567']) {
      expect(dump, `the database holds ${secret}`).not.toContain(secret);
    }
    // What operators need is still there, opened with the key (in the audited detail view, Step 8b).
    const applications = (await operator('applications', {})).data.list as Array<{
      id: string;
      cardRecordId: string | null;
    }>;
    const listed = applications.find((row) => row.cardRecordId === card.recordId)!;
    expect(listed).toMatchObject({ holderName: null, documentLast4: null });
    const opened = await operator('application', { id: listed.id });
    expect(opened.data).toMatchObject({ holderName: 'Jane Doe', nationality: 'SG', documentLast4: '5678' });
  });
});
