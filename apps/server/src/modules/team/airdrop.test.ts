import { randomUUID } from 'node:crypto';
import {
  fromLedgerUnits,
  type TKlkPackagesResponse,
  type TPlanProductsResponse,
  type TTeamAirdropsResponse,
  type TTeamSummary,
} from '@kpc/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyForCard,
  cardContextOf,
  createSandboxCardApp,
  issueCard,
  type SandboxCardApp,
} from '../../testing/card-sandbox.ts';
import { houseBalance, memberBalance } from '../../testing/ledger-balances.ts';
import { findLedgerViolations } from '../../testing/ledger-invariants.ts';
import { createWalletMember, fund, type TestMember } from '../../testing/members.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { insertMemberWithInviteCode } from '../account/service.ts';
import { applyCardIssuerEvent } from '../card/issuer-events.ts';
import { grossAirdrop, recordTeamEvent, reverseAirdrops, splitFee, TeamEventKind } from './airdrop.ts';
import { addTeamVolume } from './tree.ts';
import { findTreeViolations } from './tree-invariants.ts';

let app: SandboxCardApp;
let t: TestApp;
let agentId: string;
let starterId: string;

beforeAll(async () => {
  app = await createSandboxCardApp();
  t = app.t;
  const member = await createWalletMember(t);
  const packages = (await t.call('/api/klk/packages', {}, member.headers)).data as TKlkPackagesResponse;
  agentId = packages.tiers.find((tier) => tier.level === 'agent')!.id;
  const products = (await t.call('/api/plan/products', {})).data as TPlanProductsResponse;
  starterId = products.investment[0]!.id;
}, 60_000);
afterAll(async () => {
  await app.t.close();
});

/** A chain of `length` wallet members under the root, each invited by the one before. */
async function chain(length: number): Promise<TestMember[]> {
  const out: TestMember[] = [];
  for (let i = 0; i < length; i++) {
    out.push(await createWalletMember(t, out.length > 0 ? { inviteAddress: out.at(-1)!.address } : {}));
  }
  return out;
}

const summaryOf = async (member: TestMember) =>
  (await t.call('/api/team/summary', {}, member.headers)).data as TTeamSummary;
const income = (member: TestMember) => memberBalance(t.database.db, member.memberId, 'USDT', 'income');
const fees = () => houseBalance(t.database.db, 'airdrop_fees', 'USDT');
const funding = () => houseBalance(t.database.db, 'airdrop', 'USDT');

async function expectSoundLedger() {
  expect(await findLedgerViolations(t.database.db)).toEqual({
    unbalanced: [],
    drifted: [],
    staleAfter: [],
    negative: [],
  });
  expect(await findTreeViolations(t.database.db)).toEqual({ unlinked: [], miscounted: [] });
}

async function airdropEntries(eventKey: string) {
  const result: unknown = await t.database.db.execute(
    sql`select type, idempotency_key from ledger_entries where idempotency_key like ${`%:${eventKey}:%`} order by id`,
  );
  return (result as { rows: { type: string; idempotency_key: string }[] }).rows;
}

describe(`airdrops (${testDatabaseKind()})`, () => {
  it('splits every airdrop to the last unit: 20 % fee rounded up, the member the rest', () => {
    const value = 123_456_789n * 10n ** 12n; // 123.456789 USDT
    expect([1, 2, 3, 4].map((depth) => fromLedgerUnits(grossAirdrop(TeamEventKind.PLAN, value, depth)))).toEqual([
      '6.172839',
      '3.703703',
      '1.234567',
      '0',
    ]);
    const direct = splitFee(grossAirdrop(TeamEventKind.PLAN, value, 1));
    expect([direct.fee, direct.net].map(fromLedgerUnits)).toEqual(['1.234568', '4.938271']);
    expect([1, 2, 3].map((depth) => fromLedgerUnits(grossAirdrop(TeamEventKind.CARD, 0n, depth)))).toEqual([
      '10',
      '5',
      '0',
    ]);
  });

  it('pays a broker package 5/3/1 % up three levels net of the fee, not the fourth, not the root, once for 20 requests', async () => {
    const [a, b, c, d, e] = await chain(5);
    await fund(t, e!, 'USDT', '1000');
    const feesBefore = await fees();
    const fundingBefore = await funding();
    const requestId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call('/api/klk/buy', { tierId: agentId, amount: '1000', requestId }, e!.headers),
      ),
    );
    expect(answers.map((answer) => answer.code)).toEqual(Array(20).fill(200));
    // Replayed later: still once.
    expect((await t.call('/api/klk/buy', { tierId: agentId, amount: '1000', requestId }, e!.headers)).code).toBe(200);

    // 1,000 USDT: D 50 gross (fee 10), C 30 (6), B 10 (2); A is four levels up.
    expect(await income(d!)).toBe('40');
    expect(await income(c!)).toBe('24');
    expect(await income(b!)).toBe('8');
    expect(await income(a!)).toBe('0');
    expect(Number(await fees()) - Number(feesBefore)).toBe(18);
    expect(Number(fundingBefore) - Number(await funding())).toBe(90);
    const purchaseId = answers[0]!.data.id as string;
    expect((await airdropEntries(`klk_purchase:${purchaseId}`)).map((row) => row.idempotency_key)).toEqual(
      [3, 2, 1].map((depth) => `airdrop:klk_purchase:${purchaseId}:${depth}`),
    );

    expect(await summaryOf(d!)).toMatchObject({
      teamVolume: '1000',
      airdrops: { asset: 'USDT', total: '40', direct: '40', indirect: '0', card: '0' },
    });
    expect((await summaryOf(c!)).airdrops).toMatchObject({ total: '24', direct: '0', indirect: '24' });
    expect(await summaryOf(a!)).toMatchObject({ teamVolume: '1000', airdrops: { total: '0' } });
    // The buyer: a broker package makes an ambassador; the KLK level is the klk module's.
    expect(await summaryOf(e!)).toMatchObject({ level: 'ambassador', klkLevel: 'agent', teamVolume: '0' });

    // D's list: one direct airdrop from E (masked), gross, fee and net.
    const list = (await t.call('/api/team/airdrops', {}, d!.headers)).data as TTeamAirdropsResponse;
    expect(list).toEqual({
      list: [
        {
          id: expect.any(String),
          kind: 'direct',
          event: 'klk_package',
          from: expect.stringMatching(/^0x[0-9a-fA-F]{2,}\.\.\.[0-9a-fA-F]{2,}$/),
          asset: 'USDT',
          gross: '50',
          fee: '10',
          net: '40',
          reversed: false,
          createdAt: expect.any(String),
        },
      ],
      nextCursor: null,
    });
    // The airdrop list and the summary are the session's own: nothing of D's shows to C, whatever C sends.
    const cList = (await t.call('/api/team/airdrops', { memberId: d!.memberId }, c!.headers))
      .data as TTeamAirdropsResponse;
    expect(cList.list.map((row) => row.kind)).toEqual(['indirect']);
    expect((await t.call('/api/team/airdrops', {}, {})).code).toBe(401);
    await expectSoundLedger();
  });

  it('pays plan and ESOP subscriptions to the last unit, with team volume and one payment for 20 identical joins', async () => {
    const [a, b, c, d] = await chain(4);
    await fund(t, d!, 'USDT', '1000');
    const requestId = randomUUID();
    const body = { productId: starterId, amount: '123.456789', requestId };
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.call('/api/plan/join', body, d!.headers)));
    expect(new Set(answers.map((answer) => answer.code))).toEqual(new Set([200]));
    expect(new Set(answers.map((answer) => (answer.data as { id: string }).id)).size).toBe(1);
    expect(await income(c!)).toBe('4.938271');
    expect(await income(b!)).toBe('2.962962');
    expect(await income(a!)).toBe('0.987653');
    expect(await summaryOf(a!)).toMatchObject({ teamVolume: '123.456789' });

    const esop = await t.call(
      '/api/plan/esop/join',
      { amount: '200', price: '0.1', requestId: randomUUID() },
      d!.headers,
    );
    expect(esop.code).toBe(200);
    // 200 USDT: 10 / 6 / 2 gross, 8 / 4.8 / 1.6 net, added to the plan's.
    expect(await income(c!)).toBe('12.938271');
    expect(await income(b!)).toBe('7.762962');
    expect(await income(a!)).toBe('2.587653');
    expect(await summaryOf(c!)).toMatchObject({
      teamVolume: '323.456789',
      airdrops: { total: '12.938271', direct: '12.938271', indirect: '0' },
    });
    const esopVolume: unknown = await t.database.db.execute(
      sql`select t.esop_volume::text as esop from member_team t join member_tree tr on tr.key = t.key
          where tr.member_id = ${a!.memberId}`,
    );
    const [row] = (esopVolume as { rows: { esop: string }[] }).rows;
    expect(Number(row!.esop)).toBe(200);
    await expectSoundLedger();
  });

  it('pays every one of many purchases and sign-ups at once in one team exactly, without a deadlock', async () => {
    const [a, b] = await chain(2);
    const buyers = await Promise.all(
      Array.from({ length: 12 }, () => createWalletMember(t, { inviteAddress: b!.address })),
    );
    await Promise.all(buyers.map((buyer) => fund(t, buyer, 'USDT', '100')));
    const answers = await Promise.all([
      ...buyers.map((buyer) =>
        t.call('/api/plan/join', { productId: starterId, amount: '100', requestId: randomUUID() }, buyer.headers),
      ),
      ...buyers.slice(0, 6).map((buyer) => createWalletMember(t, { inviteAddress: buyer.address })),
    ]);
    expect(answers.slice(0, 12).map((answer) => (answer as { code: number }).code)).toEqual(Array(12).fill(200));
    // 12 x 100 USDT: B 12 x 4 net, A 12 x 2.4 net.
    expect(await income(b!)).toBe('48');
    expect(await income(a!)).toBe('28.8');
    expect(await summaryOf(b!)).toMatchObject({
      level: 'ambassador',
      directCount: 12,
      teamSize: 18,
      teamVolume: '1200',
    });
    await expectSoundLedger();
  });

  it('pays the card airdrop when a card is issued (10 and 5 USDT less the fee), never for a rejected application', async () => {
    const [a, b, c] = await chain(3);
    await fund(t, c!, 'USDT', '1000');
    await issueCard(app, c!);
    expect(await income(b!)).toBe('8');
    expect(await income(a!)).toBe('4');
    expect((await summaryOf(b!)).airdrops).toMatchObject({ total: '8', card: '8', direct: '0' });
    // "My invitations" shows the invitee's card (SPEC §3 Team: user, level, card).
    const invited = await t.call('/api/team/invitations', {}, b!.headers);
    expect(invited.data.list).toMatchObject([{ card: 'gold_eagle' }]);
    expect((await t.call('/api/team/invitations', {}, a!.headers)).data.list).toMatchObject([{ card: null }]);
    // The issuer's event delivered again changes nothing.
    const issued = app.events.filter((event) => event.type === 'card.issued').at(-1)!;
    await applyCardIssuerEvent(
      cardContextOf(app, () => {}),
      { ...issued, id: `${issued.id}:again` },
    );
    expect(await income(b!)).toBe('8');

    const rejected = await applyForCard(app, c!, { method: 'balance' }, { lastName: 'REJECT' });
    expect(rejected.code).toBe(200);
    await app.time.advance(6_000);
    expect(await income(b!)).toBe('8');
    expect(await income(a!)).toBe('4');
    await expectSoundLedger();
  });

  it('reverses an event’s airdrops exactly once', async () => {
    const [a, b, c] = await chain(3);
    const key = `test_event:${randomUUID()}`;
    const event = { key, kind: TeamEventKind.PLAN, memberId: c!.memberId, usdtUnits: 1_000n * 10n ** 18n };
    const feesBefore = await fees();
    expect(await t.database.db.transaction((tx) => recordTeamEvent(tx, event))).toBe(2);
    expect(await t.database.db.transaction((tx) => recordTeamEvent(tx, event))).toBe(0);
    expect([await income(b!), await income(a!)]).toEqual(['40', '24']);

    const reversals = await Promise.all(
      Array.from({ length: 5 }, () => t.database.db.transaction((tx) => reverseAirdrops(tx, key))),
    );
    expect(reversals.sort()).toEqual([0, 0, 0, 0, 2]);
    expect(await t.database.db.transaction((tx) => reverseAirdrops(tx, key))).toBe(0);
    expect([await income(b!), await income(a!)]).toEqual(['0', '0']);
    expect(await fees()).toBe(feesBefore);
    expect((await summaryOf(b!)).airdrops).toMatchObject({ total: '0', direct: '0' });
    expect((await airdropEntries(key)).map((row) => row.idempotency_key)).toEqual([
      `airdrop:${key}:2`,
      `airdrop:${key}:1`,
      `airdrop_reversal:${key}:2`,
      `airdrop_reversal:${key}:1`,
    ]);
    const list = (await t.call('/api/team/airdrops', {}, b!.headers)).data as TTeamAirdropsResponse;
    expect(list.list).toEqual([expect.objectContaining({ kind: 'direct', net: '40', reversed: true })]);
    // An event never recorded has nothing to reverse.
    expect(await t.database.db.transaction((tx) => reverseAirdrops(tx, `test_event:${randomUUID()}`))).toBe(0);
    await expectSoundLedger();
  });
});

describe(`levels (${testDatabaseKind()})`, () => {
  const signUp = async (referrerId: string) =>
    (await t.database.db.transaction((tx) => insertMemberWithInviteCode(tx, { referrerId }))).id;

  async function levelsOf(memberId: string) {
    const result: unknown = await t.database.db.execute(sql`
      select m.level, t.kpc_level, t.esop_level from members m
      join member_tree tr on tr.member_id = m.id join member_team t on t.key = tr.key where m.id = ${memberId}`);
    return (result as { rows: { level: string; kpc_level: number; esop_level: number }[] }).rows[0]!;
  }

  it('makes an ambassador at the third direct invitee, not before', async () => {
    const top = await createWalletMember(t);
    await signUp(top.memberId);
    await signUp(top.memberId);
    expect((await summaryOf(top)).level).toBe('member');
    await signUp(top.memberId);
    expect((await summaryOf(top)).level).toBe('ambassador');
  });

  it('raises KPC and ESOP team levels at their thresholds, all the way up a deep path', async () => {
    const top = await createWalletMember(t);
    const path = [top.memberId];
    for (let i = 0; i < 60; i++) path.push(await signUp(path.at(-1)!));
    const leaf = path.at(-1)!;
    const usdt = (value: string) => BigInt(Math.round(Number(value) * 1e6)) * 10n ** 12n;
    await t.database.db.transaction((tx) => addTeamVolume(tx, leaf, usdt('9999.999999')));
    expect(await levelsOf(top.memberId)).toMatchObject({ kpc_level: 0, esop_level: 0 });
    await t.database.db.transaction((tx) => addTeamVolume(tx, leaf, usdt('0.000001')));
    for (const memberId of path.slice(0, -1)) expect(await levelsOf(memberId)).toMatchObject({ kpc_level: 1 });
    expect(await levelsOf(leaf)).toMatchObject({ kpc_level: 0 });
    // ESOP volume counts for the ESOP level, not the KPC one.
    await t.database.db.transaction((tx) => addTeamVolume(tx, leaf, usdt('50000'), { esop: true }));
    expect(await levelsOf(path[30]!)).toMatchObject({ kpc_level: 1, esop_level: 2 });
    expect(await summaryOf(top)).toMatchObject({ kpcLevel: 1, esopLevel: 2, teamVolume: '60000' });
    await expectSoundLedger();
  });

  it('makes a VIP at 10 direct, 100 in the team and 100,000 USDT of team volume together', async () => {
    const top = await createWalletMember(t);
    const direct: string[] = [];
    for (let i = 0; i < 10; i++) direct.push(await signUp(top.memberId));
    for (let i = 0; i < 90; i++) await signUp(direct[i % 10]!);
    await t.database.db.transaction((tx) => addTeamVolume(tx, direct[0]!, 99_999n * 10n ** 18n));
    expect((await summaryOf(top)).level).toBe('ambassador');
    await t.database.db.transaction((tx) => addTeamVolume(tx, direct[1]!, 10n ** 18n));
    expect(await summaryOf(top)).toMatchObject({ level: 'vip', directCount: 10, teamSize: 100, kpcLevel: 2 });
    // Levels never fall back: another sign-up leaves the VIP a VIP.
    await signUp(top.memberId);
    expect((await summaryOf(top)).level).toBe('vip');
  });

  it('shows a shareholder applicant while the application is open, and a shareholder once approved', async () => {
    const member = await createWalletMember(t);
    expect((await summaryOf(member)).shareholderStatus).toBeNull();
    const apply = () =>
      t.call(
        '/api/stockholder/apply',
        { name: 'Jane Doe', contact: 'jane@example.com', contribution: '1000' },
        member.headers,
      );
    const applied = await apply();
    expect(applied.code).toBe(200);
    expect((await summaryOf(member)).shareholderStatus).toBe('pending');
    const decide = (id: string, status: string) =>
      t.database.db.execute(sql`update stockholder_applications set status = ${status} where id = ${id}`);
    // Issue 24 item 9: approved is no longer "applicant".
    await decide(applied.data.id as string, 'approved');
    expect((await summaryOf(member)).shareholderStatus).toBe('approved');
    // A later application does not make the shareholder an applicant again.
    const again = await apply();
    expect(again.code).toBe(200);
    expect((await summaryOf(member)).shareholderStatus).toBe('approved');

    const refused = await createWalletMember(t);
    const application = await t.call(
      '/api/stockholder/apply',
      { name: 'Joe Doe', contact: 'joe@example.com', contribution: '1000' },
      refused.headers,
    );
    await decide(application.data.id as string, 'rejected');
    expect((await summaryOf(refused)).shareholderStatus).toBeNull();
  });
});
