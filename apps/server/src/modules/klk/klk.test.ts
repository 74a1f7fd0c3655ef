import { randomUUID } from 'node:crypto';
import { toLedgerUnits, type TActivationCode, type TKlkPackagesResponse } from '@kpc/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerViolations } from '../../testing/ledger-invariants.ts';
import { createWalletMember, fund, type TestMember } from '../../testing/members.ts';
import { houseBalance, memberBalance } from '../../testing/ledger-balances.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { consumeActivationCode, returnActivationCode } from '../activation-code/service.ts';

const SECRET = 'test-secret-test-secret-test-secret-0123';

let t: TestApp;
let agentId: string;
let partnerId: string;

beforeAll(async () => {
  t = await createTestApp({ RUN_CHAIN_WORKERS: 'false' });
  const member = await createWalletMember(t);
  const packages = (await t.call('/api/klk/packages', {}, member.headers)).data as TKlkPackagesResponse;
  agentId = packages.tiers.find((tier) => tier.level === 'agent')!.id;
  partnerId = packages.tiers.find((tier) => tier.level === 'partner')!.id;
}, 60_000);
afterAll(async () => {
  await t.close();
});

const usdt = (member: TestMember) => memberBalance(t.database.db, member.memberId, 'USDT');

const klkSales = () => houseBalance(t.database.db, 'klk_sales', 'USDT');

async function expectSoundLedger() {
  expect(await findLedgerViolations(t.database.db)).toEqual({
    unbalanced: [],
    drifted: [],
    staleAfter: [],
    negative: [],
  });
}

/** Buys as the packages page does: sends what it shows the tier costs now, unless `amount` is given. */
const buy = async (member: TestMember, tierId: string, requestId: string = randomUUID(), amount?: string) => {
  const packages = (await t.call('/api/klk/packages', {}, member.headers)).data as TKlkPackagesResponse;
  const tier = packages.tiers.find((candidate) => candidate.id === tierId);
  const shown = amount ?? tier?.payNow ?? tier?.price ?? '1000';
  return t.call('/api/klk/buy', { tierId, amount: shown, requestId }, member.headers);
};
const codes = async (member: TestMember, body: Record<string, unknown> = {}) =>
  (await t.call('/api/card/codes', body, member.headers)).data as {
    list: TActivationCode[];
    unused: number;
    used: number;
  };
const inviteCodeOf = async (member: TestMember) =>
  (await t.call('/api/acc/info', {}, member.headers)).data.inviteCode as string;

describe(`KLK broker packages (${testDatabaseKind()})`, () => {
  it('lists the seeded tiers with what each costs now', async () => {
    const member = await createWalletMember(t);
    const answer = await t.call('/api/klk/packages', {}, member.headers);
    expect(answer.code).toBe(200);
    expect(answer.data).toMatchObject({
      level: null,
      asset: 'USDT',
      tiers: [
        { level: 'agent', rank: 1, price: '1000', codeCount: 1, held: false, payNow: '1000', codesNow: 1 },
        { level: 'partner', rank: 2, price: '5000', codeCount: 6, held: false, payNow: '5000', codesNow: 6 },
      ],
    });
    expect((await t.call('/api/klk/packages', {})).code).toBe(401);
  });

  it('buys, upgrades for the difference, and refuses the same or a lower tier', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '6000');
    const first = await buy(member, agentId);
    expect(first).toMatchObject({ code: 200, data: { level: 'agent', fromLevel: null, paid: '1000', codeCount: 1 } });
    expect(await usdt(member)).toBe('5000');
    const packages = (await t.call('/api/klk/packages', {}, member.headers)).data as TKlkPackagesResponse;
    expect(packages.level).toBe('agent');
    expect(packages.tiers).toMatchObject([
      { level: 'agent', held: true, payNow: null, codesNow: null },
      { level: 'partner', held: false, payNow: '4000', codesNow: 5 },
    ]);
    const same = await t.call(
      '/api/klk/buy',
      { tierId: agentId, amount: '1000', requestId: randomUUID() },
      { ...member.headers, language: 'zh_CN' },
    );
    expect(same).toMatchObject({ code: 1601, msg: '您已拥有该套餐或更高级别的套餐，只能购买更高级别的套餐。' });
    const upgrade = await buy(member, partnerId);
    expect(upgrade.data).toMatchObject({ level: 'partner', fromLevel: 'agent', paid: '4000', codeCount: 5 });
    expect(await usdt(member)).toBe('1000');
    expect((await buy(member, agentId)).code).toBe(1601);
    expect((await buy(member, partnerId)).code).toBe(1601);
    const mine = await codes(member);
    expect(mine).toMatchObject({ unused: 6, used: 0 });
    for (const code of mine.list) expect(code.code).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/);
    expect(new Set(mine.list.map((code) => code.code)).size).toBe(6);
    await expectSoundLedger();
  });

  it('refuses a purchase without funds, and an unknown tier; nothing moves', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '999.99');
    expect(await buy(member, agentId)).toMatchObject({ code: 1200 });
    expect(await buy(member, '999999')).toMatchObject({ code: 1600 });
    expect(await usdt(member)).toBe('999.99');
    expect(await codes(member)).toMatchObject({ unused: 0, used: 0, list: [] });
    expect((await t.call('/api/klk/packages', {}, member.headers)).data.level).toBeNull();
    await expectSoundLedger();
  });

  it('pays once for 20 concurrent identical requests, and refuses a request id reused for another tier', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '10000');
    const before = await klkSales();
    const requestId = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => buy(member, partnerId, requestId, '5000')));
    expect(answers.map((answer) => answer.code)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((answer) => (answer.data as { id: string }).id)).size).toBe(1);
    expect(await usdt(member)).toBe('5000');
    expect(toLedgerUnits(await klkSales()) - toLedgerUnits(before)).toBe(toLedgerUnits('5000'));
    expect((await codes(member)).unused).toBe(6);
    expect((await buy(member, agentId, requestId)).code).toBe(1403);
    // Two different requests at once from no tier: one buys, the other finds the tier held.
    const other = await createWalletMember(t);
    await fund(t, other, 'USDT', '10000');
    const racing = await Promise.all([
      buy(other, agentId, randomUUID(), '1000'),
      buy(other, agentId, randomUUID(), '1000'),
    ]);
    expect(racing.map((answer) => answer.code).sort((a, b) => a - b)).toEqual([200, 1601]);
    expect(await usdt(other)).toBe('9000');
    await expectSoundLedger();
  });

  it('answers malformed bodies with a validation error, never a 500', async () => {
    const member = await createWalletMember(t);
    const valid = { tierId: agentId, amount: '1000', requestId: randomUUID() };
    const bodies: unknown[] = [
      {},
      { tierId: agentId, requestId: randomUUID() },
      { ...valid, tierId: 'x' },
      { ...valid, requestId: 'nope' },
      { ...valid, tierId: '99999999999999999999' },
      { ...valid, tierId: 1 },
      { ...valid, amount: '-1000' },
      { ...valid, amount: '1e3' },
      { ...valid, amount: '1,000' },
      { ...valid, amount: 1000 },
      { ...valid, amount: '1.0000000000000000001' },
    ];
    for (const body of bodies) expect((await t.call('/api/klk/buy', body, member.headers)).code).toBe(1000);
    for (const body of [
      { codeId: 'x', to: 'A', requestId: randomUUID() },
      { codeId: '1', to: '', requestId: randomUUID() },
      {},
    ]) {
      expect((await t.call('/api/card/codes/give', body, member.headers)).code).toBe(1000);
    }
    expect((await t.call('/api/card/codes', { status: 'lost' }, member.headers)).code).toBe(1000);
  });
});

describe(`activation codes (${testDatabaseKind()})`, () => {
  async function owner(): Promise<{ member: TestMember; codes: TActivationCode[] }> {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '5000');
    expect((await buy(member, partnerId)).code).toBe(200);
    return { member, codes: (await codes(member)).list };
  }

  it('gives an unused code to another member by invitation code, once per request id', async () => {
    const { member, codes: mine } = await owner();
    const friend = await createWalletMember(t);
    const code = mine[0]!;
    const requestId = randomUUID();
    const to = (await inviteCodeOf(friend)).toLowerCase();
    const [a, b] = await Promise.all([
      t.call('/api/card/codes/give', { codeId: code.id, to, requestId }, member.headers),
      t.call('/api/card/codes/give', { codeId: code.id, to, requestId }, member.headers),
    ]);
    expect([a.code, b.code]).toEqual([200, 200]);
    expect(a.data.id).toBe(b.data.id);
    expect((await codes(member)).unused).toBe(5);
    const received = await codes(friend);
    expect(received).toMatchObject({ unused: 1, list: [{ id: code.id, code: code.code, source: 'gift' }] });
    // Given away, the code is the friend's alone: the giver can neither give nor use it again.
    const again = await t.call(
      '/api/card/codes/give',
      { codeId: code.id, to, requestId: randomUUID() },
      member.headers,
    );
    expect(again.code).toBe(1610);
    await expect(
      t.database.db.transaction((tx) =>
        consumeActivationCode(tx, {
          secret: SECRET,
          memberId: member.memberId,
          code: code.code!,
          reference: 'test:1',
          now: new Date(),
        }),
      ),
    ).rejects.toMatchObject({ key: 'ACTIVATION_CODE_NOT_FOUND' });
  });

  it('refuses giving to oneself, to nobody, a used code, and another member’s code (like a missing one)', async () => {
    const { member, codes: mine } = await owner();
    const stranger = await owner();
    const give = (body: Record<string, unknown>, who = member) =>
      t.call('/api/card/codes/give', { requestId: randomUUID(), ...body }, who.headers);
    expect(await give({ codeId: mine[0]!.id, to: await inviteCodeOf(member) })).toMatchObject({ code: 1613 });
    const nobody = await give({ codeId: mine[0]!.id, to: 'nobody@example.com' });
    expect(nobody).toMatchObject({ code: 1612, msg: 'No member matches this invitation code or email.' });
    expect((await give({ codeId: mine[0]!.id, to: 'ZZZZZZZZ' })).code).toBe(1612);
    const foreign = await give({ codeId: stranger.codes[0]!.id, to: await inviteCodeOf(stranger.member) });
    const missing = await give({ codeId: '999999999', to: await inviteCodeOf(stranger.member) });
    expect(foreign).toMatchObject({ code: 1610, msg: 'Activation code not found.' });
    expect(missing).toEqual({ ...foreign, response: missing.response });
    // A used code can never be given.
    const used = mine[1]!;
    await t.database.db.transaction((tx) =>
      consumeActivationCode(tx, {
        secret: SECRET,
        memberId: member.memberId,
        code: used.code!.toLowerCase(),
        reference: 'card_application:t1',
        now: new Date(),
      }),
    );
    expect((await give({ codeId: used.id, to: await inviteCodeOf(stranger.member) })).code).toBe(1611);
    const listed = await codes(member, { status: 'used' });
    expect(listed).toMatchObject({
      used: 1,
      unused: 5,
      list: [{ id: used.id, code: null, status: 'used', usedFor: 'card_application:t1' }],
    });
    expect(listed.list[0]!.usedAt).not.toBeNull();
  });

  it('uses a code once; another member’s code is refused like an unknown one; a returned code is usable again', async () => {
    const { member, codes: mine } = await owner();
    const stranger = await owner();
    const consume = (memberId: string, code: string, reference: string) =>
      t.database.db.transaction((tx) =>
        consumeActivationCode(tx, { secret: SECRET, memberId, code, reference, now: new Date() }),
      );
    const code = mine[2]!.code!;
    await consume(member.memberId, code, 'card_application:a');
    await expect(consume(member.memberId, code, 'card_application:b')).rejects.toMatchObject({
      key: 'ACTIVATION_CODE_USED',
    });
    await expect(
      consume(stranger.member.memberId, stranger.codes[0]!.code!.replace(/./, '#'), 'card_application:c'),
    ).rejects.toMatchObject({
      key: 'ACTIVATION_CODE_NOT_FOUND',
    });
    await expect(consume(member.memberId, stranger.codes[0]!.code!, 'card_application:c')).rejects.toMatchObject({
      key: 'ACTIVATION_CODE_NOT_FOUND',
    });
    expect(await t.database.db.transaction((tx) => returnActivationCode(tx, 'card_application:a'))).toBe(true);
    expect(await t.database.db.transaction((tx) => returnActivationCode(tx, 'card_application:a'))).toBe(false);
    await consume(member.memberId, code.replace(/-/g, ' '), 'card_application:d');
    // Never stored in the clear.
    const stored: unknown = await t.database.db.execute(sql`select code_hash, code_sealed, hint from activation_codes`);
    const dump = JSON.stringify((stored as { rows: unknown[] }).rows);
    expect(dump).not.toContain(code.replace(/-/g, ''));
  });
});
