import { randomUUID } from 'node:crypto';
import { luhnCheckDigit, type TCardListItem } from '@kpc/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerViolations } from '../../testing/ledger-invariants.ts';
import { memberBalance } from '../../testing/ledger-balances.ts';
import { createWalletMember, fund, type TestMember } from '../../testing/members.ts';
import { createOperator, type TestOperator } from '../../testing/operators.ts';
import type { TestApp } from '../../testing/test-app.ts';
import {
  applyForCard,
  bindIssuedCard,
  createSandboxCardApp,
  issueCard,
  type SandboxCardApp,
} from '../../testing/card-sandbox.ts';

/**
 * The console's card section (Step 8b §1): the queue, KYC views audited, decisions, importing a
 * card issued outside, and an operator's freeze. Applications by a holder named "…Review" wait for
 * an operator (the sandbox's `heldForOperator`), as in the console's journey.
 */

const KEY = 'card-console-key-0123456789-0123456789-01';
let app: SandboxCardApp;
let t: TestApp;
let compliance: TestOperator;
let support: TestOperator;
let finance: TestOperator;

beforeAll(async () => {
  app = await createSandboxCardApp({ OPERATOR_KEYS: `robot@compliance:${KEY}` });
  ({ t } = app);
  compliance = await createOperator(t, ['compliance']);
  support = await createOperator(t, ['support']);
  finance = await createOperator(t, ['finance']);
}, 60_000);
afterAll(async () => {
  await t.close();
});

const usdt = (member: TestMember) => memberBalance(t.database.db, member.memberId, 'USDT');
const card = (path: string, body: unknown, as: TestOperator = compliance) =>
  as.call(`/api/operator/card/${path}`, body);

/** A member's application held for an operator (paid from the balance). */
async function heldApplication(member?: TestMember) {
  const who = member ?? (await createWalletMember(t));
  await fund(t, who, 'USDT', '170');
  const applied = await applyForCard(app, who, { method: 'balance' }, { lastName: 'Review' });
  expect(applied.code).toBe(200);
  await app.time.advance(10_000);
  return { member: who, id: applied.data.id as string };
}

async function auditActions(
  targetId: string,
  targetType = 'card_application',
): Promise<{ action: string; after: unknown; reason: string | null }[]> {
  const result: unknown = await t.database.db.execute(
    sql`select action, after, reason from audit_log where target_type = ${targetType} and target_id = ${targetId} order by id`,
  );
  return (result as { rows: { action: string; after: unknown; reason: string | null }[] }).rows;
}

const idsOf = (page: unknown) => (page as { list: { id: string }[] }).list.map((row) => row.id);

/** Every row a query answers, as text. */
async function textOf(query: ReturnType<typeof sql>): Promise<string> {
  const result: unknown = await t.database.db.execute(query);
  return (result as { rows: { text: string }[] }).rows.map((row) => row.text).join('\n');
}

/** A 16-digit Mastercard-range number no issuer gave out, Luhn-valid. */
function outsideNumber(): string {
  const body = `522981${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
}

describe('the card applications queue', () => {
  it('filters by state and member, and shows KYC details only in an audited detail view', async () => {
    const { member, id } = await heldApplication();
    const other = await heldApplication();
    const mine = await card('applications', { status: 'submitted', memberId: member.memberId });
    expect(mine.code).toBe(200);
    expect(idsOf(mine.data)).toEqual([id]);
    // No KYC in a list: reading it is not a view.
    expect(mine.data.list[0]).toMatchObject({ holderName: null, documentLast4: null, memberId: member.memberId });
    const submitted = await card('applications', { status: 'submitted' });
    expect(idsOf(submitted.data)).toEqual(expect.arrayContaining([id, other.id]));
    expect((await card('applications', { status: 'issued', memberId: member.memberId })).data.list).toEqual([]);
    expect((await card('applications', { status: 'nonsense' })).code).toBe(1000);

    expect(await auditActions(id)).toEqual([]);
    const detail = await card('application', { id }, support);
    expect(detail.data).toMatchObject({
      id,
      holderName: 'Jane Review',
      nationality: 'SG',
      documentType: 'passport',
      documentLast4: '5678',
    });
    await card('application', { id });
    const audit = await auditActions(id);
    expect(audit.map((row) => row.action)).toEqual(['card.kyc_viewed', 'card.kyc_viewed']);
    // The entry says who looked, never what they saw.
    expect(JSON.stringify(audit)).not.toContain('Jane');
    expect(JSON.stringify(audit)).not.toContain('5678');
  });

  it('refuses operators whose roles do not allow the call', async () => {
    const { id } = await heldApplication();
    expect((await card('applications', {}, finance)).code).toBe(1808);
    expect((await card('application', { id }, finance)).code).toBe(1808);
    expect((await card('approve', { id }, support)).code).toBe(1808);
    expect((await card('reject', { id, note: 'no' }, support)).code).toBe(1808);
    expect((await card('issue', { id }, support)).code).toBe(1808);
    expect((await card('list', {}, finance)).code).toBe(1808);
    // A service account never takes a step that needs a second factor.
    const robot = await t.call(
      '/api/operator/card/import',
      { id, cardNumber: outsideNumber(), cardId: 'ABCD1234', label: 'X', region: 'HK' },
      { 'x-operator-key': KEY },
    );
    expect(robot.status).toBe(403);
    expect((await t.call('/api/operator/card/application', { id })).status).toBe(401);
    expect(await auditActions(id)).toEqual([]);
  });

  it('rejects once under simultaneous rejections, refunding the payment once', async () => {
    const { member, id } = await heldApplication();
    const paid = await usdt(member);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => card('reject', { id, reason: 'document_invalid', note: 'blurred scan' })),
    );
    expect(answers.filter((answer) => answer.code === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.code !== 200).every((answer) => answer.code === 1656)).toBe(true);
    await app.time.advance(1_000);
    const after = await usdt(member);
    expect(Number(after) - Number(paid)).toBe(170);
    const rows = (await card('applications', { memberId: member.memberId })).data.list;
    expect(rows[0]).toMatchObject({ status: 'kyc_rejected', rejectReason: 'document_invalid' });
    expect((await auditActions(id)).filter((row) => row.action === 'card.reject')).toMatchObject([
      { reason: 'blurred scan' },
    ]);
    expect(await findLedgerViolations(t.database.db)).toMatchObject({ unbalanced: [], drifted: [] });
  });
});

describe('issuing and importing', () => {
  it('approves and issues a held application through the issuer adapter; the member sees the card', async () => {
    const { member, id } = await heldApplication();
    expect((await card('approve', { id })).data).toMatchObject({
      status: 'kyc_approved',
      decidedBy: expect.any(String),
    });
    const issued = await card('issue', { id });
    expect(issued.data).toMatchObject({ status: 'issued', holderName: null });
    const list = (await t.call('/api/card/list', {}, member.headers)).data.list as TCardListItem[];
    expect(list).toHaveLength(1);
    expect(list[0]!.id).toBe(issued.data.cardRecordId);
  });

  it('gives the card the monthly fee shown when the member applied, not a fee changed before it was issued', async () => {
    const feeOf = async () =>
      textOf(sql`select monthly_fee::text as text from card_products where code = 'gold_eagle'`);
    const shown = await feeOf();
    const { id } = await heldApplication();
    const raised = (Number(shown) + 7).toFixed(2);
    await t.database.db.execute(sql`update card_products set monthly_fee = ${raised} where code = 'gold_eagle'`);
    try {
      await card('approve', { id });
      const issued = await card('issue', { id });
      expect(issued.code).toBe(200);
      const kept = await textOf(
        sql`select monthly_fee::text as text from cards where id = ${BigInt(issued.data.cardRecordId as string)}`,
      );
      expect(Number(kept)).toBe(Number(shown));
      // A new application gets the new fee.
      const later = await heldApplication();
      const recorded = await textOf(
        sql`select monthly_fee::text as text from card_applications where id = ${BigInt(later.id)}`,
      );
      expect(Number(recorded)).toBe(Number(raised));
    } finally {
      await t.database.db.execute(sql`update card_products set monthly_fee = ${shown} where code = 'gold_eagle'`);
    }
  });

  it('imports a card issued outside: the last 4 and a keyed hash only, audited, bindable by the member', async () => {
    const { member, id } = await heldApplication();
    const number = outsideNumber();
    const typed = `${number.slice(0, 4)} ${number.slice(4, 8)} ${number.slice(8, 12)} ${number.slice(12)}`;
    const importing = { id, cardNumber: typed, cardId: 'imp0rt42', label: 'KPC Gold Eagle', region: 'hk' };
    // Not yet approved: nothing to import onto.
    expect((await card('import', importing)).code).toBe(1642);
    await card('approve', { id });
    const imported = await card('import', importing);
    expect(imported.code).toBe(200);
    expect(imported.data).toMatchObject({ status: 'issued', issuedBy: expect.any(String) });
    const cardId = imported.data.cardRecordId as string;

    const everything = await textOf(sql`select row_to_json(c)::text as text from cards c`);
    expect(everything).not.toContain(number);
    const audit = await auditActions(id);
    expect(audit.map((row) => row.action)).toContain('card.import');
    expect(JSON.stringify(audit)).not.toContain(number);
    expect(await textOf(sql`select row_to_json(a)::text as text from audit_log a`)).not.toContain(number);

    const list = (await t.call('/api/card/list', {}, member.headers)).data.list as TCardListItem[];
    expect(list[0]).toMatchObject({
      id: cardId,
      last4: number.slice(-4),
      cardId: 'IMP0RT42',
      region: 'HK',
      isBound: false,
    });
    const detail = await card('detail', { id: cardId });
    expect(detail.data).toMatchObject({
      issuerAnswered: false,
      card: { importedBy: expect.any(String), balance: null },
    });
    // The adapter cannot load a card it never issued: the initial top-up comes back, once.
    expect(detail.data.topUps).toMatchObject([{ kind: 'initial', status: 'failed' }]);
    const bound = await t.call('/api/card/bind', { cardNumber: number, cardId: 'IMP0RT42' }, member.headers);
    expect(bound.data).toMatchObject({ id: cardId, isBound: true });

    // The same number again, on another application: refused.
    const second = await heldApplication();
    await card('approve', { id: second.id });
    const twice = await card('import', { ...importing, id: second.id });
    expect(twice.code).toBe(1871);
    expect(await findLedgerViolations(t.database.db)).toMatchObject({ unbalanced: [], drifted: [] });
  });
});

describe("an operator's freeze", () => {
  it('blocks top-ups and spending until an operator unfreezes it; the member cannot lift it', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '400');
    const issued = await bindIssuedCard(app, member);
    const id = issued.recordId;
    const topUp = () => t.call('/api/card/topup', { id, amount: '20', requestId: randomUUID() }, member.headers);
    expect((await topUp()).code).toBe(200);

    expect((await card('freeze', { id, reason: '' })).code).toBe(1000);
    const frozen = await card('freeze', { id, reason: 'chargeback investigation' });
    expect(frozen.data.card).toMatchObject({
      status: 'frozen',
      frozenReason: 'programme',
      operatorFrozen: true,
      operatorFrozenReason: 'chargeback investigation',
    });
    expect((await card('freeze', { id, reason: 'again' })).code).toBe(1872);
    const balance = await usdt(member);
    expect((await topUp()).code).toBe(1870);
    expect(await usdt(member)).toBe(balance);
    expect((await card('spend', { cardId: id, amount: '1', merchant: 'Shop' })).code).toBe(1870);
    expect((await t.call('/api/card/unfreeze', { id }, member.headers)).code).toBe(1870);
    const seen = (await t.call('/api/card/list', {}, member.headers)).data.list as TCardListItem[];
    expect(seen.find((item) => item.id === id)).toMatchObject({ status: 'frozen', frozenReason: 'programme' });
    const frozenList = await card('list', { status: 'frozen', memberId: member.memberId });
    expect(idsOf(frozenList.data)).toEqual([id]);

    const unfrozen = await card('unfreeze', { id, reason: 'cleared' });
    expect(unfrozen.data.card).toMatchObject({ status: 'active', frozenReason: null, operatorFrozen: false });
    expect((await card('unfreeze', { id, reason: 'cleared' })).code).toBe(1872);
    expect((await topUp()).code).toBe(200);
    expect((await card('spend', { cardId: id, amount: '1', merchant: 'Shop' })).code).toBe(200);
    const detail = await card('detail', { id });
    expect(detail.data.issuerAnswered).toBe(true);
    expect((detail.data as { transactions: { type: string }[] }).transactions.map((row) => row.type)).toContain(
      'spend',
    );
    expect(detail.data.topUps.length).toBeGreaterThanOrEqual(3);
    expect((await auditActions(id, 'card')).map((row) => row.action)).toEqual(['card.freeze', 'card.unfreeze']);
    expect((await card('freeze', { id, reason: 'x' }, support)).code).toBe(1808);
  });

  it('keeps a card frozen by its member frozen when the operator lifts their own freeze', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '200');
    const { recordId: id } = await issueCard(app, member).then(async (issued) => {
      const bind = { cardNumber: issued.number, cardId: issued.cardId };
      expect((await t.call('/api/card/bind', bind, member.headers)).code).toBe(200);
      return issued;
    });
    expect((await t.call('/api/card/freeze', { id }, member.headers)).code).toBe(200);
    await card('freeze', { id, reason: 'review' });
    const lifted = await card('unfreeze', { id, reason: 'done' });
    expect(lifted.data.card).toMatchObject({ status: 'frozen', frozenReason: 'member' });
  });
});
