import { randomUUID } from 'node:crypto';
import { ErrorCode, type TActivationCode } from '@kpc/shared';
import type { TOperatorActivationCode } from '@kpc/shared/operator';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema/index.ts';
import { buyKlkTier } from '../../testing/klk.ts';
import { createWalletMember, fund, type TestMember } from '../../testing/members.ts';
import { createOperator, type TestOperator } from '../../testing/operators.ts';
import { createTestApp, TEST_APP_SECRET, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { consumeActivationCode } from './service.ts';

/**
 * Activation codes for operators (Step 8b §1): look up by the visible part, the whole code or the
 * owner; see who gave a code to whom; void an unused code (audited), after which neither its use
 * nor a gift works; a void and a use at the same moment: exactly one wins.
 */

let t: TestApp;
let compliance: TestOperator;
let support: TestOperator;

beforeAll(async () => {
  t = await createTestApp({ RUN_CHAIN_WORKERS: 'false' });
  compliance = await createOperator(t, ['compliance']);
  support = await createOperator(t, ['support']);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

interface Owner {
  member: TestMember;
  email: string;
  codes: TActivationCode[];
}

async function owner(): Promise<Owner> {
  const member = await createWalletMember(t);
  const email = `codes-${randomUUID()}@example.com`;
  await t.database.db.update(members).set({ email }).where(eq(members.id, member.memberId));
  await fund(t, member, 'USDT', '5000');
  expect((await buyKlkTier(t, member, 'partner')).code).toBe(200);
  const codes = (await t.call('/api/card/codes', {}, member.headers)).data as { list: TActivationCode[] };
  return { member, email, codes: codes.list };
}

const lookup = async (query: string, status?: string) => {
  const answer = await compliance.call('/api/operator/codes/lookup', { query, ...(status ? { status } : {}) });
  expect(answer.code).toBe(200);
  return answer.data.list as TOperatorActivationCode[];
};

const voidCode = (id: string, reason = 'Reported stolen') =>
  compliance.call('/api/operator/codes/void', { id, reason }, { language: 'en_US' });

const use = (who: Owner, code: string) =>
  t.database.db.transaction((tx) =>
    consumeActivationCode(tx, {
      secret: TEST_APP_SECRET,
      memberId: who.member.memberId,
      code,
      reference: `card_application:${randomUUID()}`,
      now: new Date(),
    }),
  );

async function audits(targetId: string) {
  const result: unknown = await t.database.db.execute(
    sql`select actor_id, role, action, before, after, reason from audit_log where target_type = 'activation_code' and target_id = ${targetId} order by id`,
  );
  return (result as { rows: Record<string, unknown>[] }).rows;
}

describe(`activation codes for operators (${testDatabaseKind()})`, () => {
  it('finds a code by its visible part, the whole code, and its owner; shows each gift', async () => {
    const alice = await owner();
    const bob = await owner();
    const [first] = alice.codes;
    expect(first?.code).toBeTruthy();
    const give = await t.call(
      '/api/card/codes/give',
      { codeId: first!.id, to: bob.email, requestId: randomUUID() },
      alice.member.headers,
    );
    expect(give.code).toBe(200);

    const [byHint] = await lookup(first!.hint);
    expect(byHint).toMatchObject({
      id: first!.id,
      status: 'unused',
      ownerId: bob.member.memberId,
      ownerEmail: bob.email,
    });
    expect(byHint!.buyerId).toBe(alice.member.memberId);
    expect(byHint!.transfers).toEqual([
      expect.objectContaining({ fromMemberId: alice.member.memberId, fromEmail: alice.email, toEmail: bob.email }),
    ]);
    // Operators never see a whole code.
    expect(JSON.stringify(byHint)).not.toContain(first!.code!.replace(/-/g, '').slice(4, 12));
    // The visible part typed with dots or a dash, and the whole code in lower case without dashes.
    const [prefix, suffix] = first!.hint.split('…');
    expect((await lookup(`${prefix}...${suffix}`)).map((c) => c.id)).toEqual([first!.id]);
    expect((await lookup(`${prefix}-${suffix}`.toLowerCase())).map((c) => c.id)).toEqual([first!.id]);
    expect((await lookup(first!.code!.replace(/-/g, '').toLowerCase())).map((c) => c.id)).toEqual([first!.id]);
    // By owner: email and member id; Alice's remaining codes, not the one she gave.
    const aliceCodes = await lookup(alice.email.toUpperCase());
    expect(aliceCodes.map((c) => c.id).sort()).toEqual(
      alice.codes
        .slice(1)
        .map((c) => c.id)
        .sort(),
    );
    expect((await lookup(bob.member.memberId)).map((c) => c.id)).toContain(first!.id);
    expect(await lookup('nobody@example.com')).toEqual([]);
  });

  it('voids an unused code with a reason, audited; it can then be neither used nor given, and the member sees it voided', async () => {
    const alice = await owner();
    const bob = await owner();
    const code = alice.codes[0]!;
    const voided = await voidCode(code.id);
    expect(voided.code).toBe(200);
    expect(voided.data).toMatchObject({ id: code.id, status: 'voided', voidedReason: 'Reported stolen' });
    expect(await audits(code.id)).toEqual([
      expect.objectContaining({
        actor_id: compliance.id,
        role: 'compliance',
        action: 'activation_code.void',
        before: expect.objectContaining({ status: 'unused' }),
        after: expect.objectContaining({ status: 'voided' }),
        reason: 'Reported stolen',
      }),
    ]);

    await expect(use(alice, code.code!)).rejects.toMatchObject({ code: ErrorCode.ACTIVATION_CODE_VOIDED });
    const give = await t.call(
      '/api/card/codes/give',
      { codeId: code.id, to: bob.email, requestId: randomUUID() },
      { ...alice.member.headers, language: 'en_US' },
    );
    expect(give.code).toBe(ErrorCode.ACTIVATION_CODE_VOIDED);
    expect(give.msg).toMatch(/voided/);

    const used = await t.call('/api/card/codes', { status: 'used' }, alice.member.headers);
    expect(used.data.list).toEqual([expect.objectContaining({ id: code.id, status: 'voided', code: null })]);
    expect(used.data.used).toBe(1);
    expect(used.data.unused).toBe(alice.codes.length - 1);

    // Voiding again, or a used code, is refused and writes nothing.
    expect((await voidCode(code.id)).code).toBe(ErrorCode.ACTIVATION_CODE_NOT_VOIDABLE);
    const other = alice.codes[1]!;
    await use(alice, other.code!);
    expect((await voidCode(other.id)).code).toBe(ErrorCode.ACTIVATION_CODE_NOT_VOIDABLE);
    expect(await audits(other.id)).toEqual([]);
    expect((await voidCode('999999999')).code).toBe(ErrorCode.ACTIVATION_CODE_NOT_FOUND);
  });

  it('refuses a void without a reason, and an operator without cards.manage', async () => {
    const alice = await owner();
    const code = alice.codes[0]!;
    const blank = await compliance.call('/api/operator/codes/void', { id: code.id, reason: '  ' });
    expect(blank.code).not.toBe(200);
    expect(blank.status).toBeLessThan(500);
    expect((await support.call('/api/operator/codes/lookup', { query: alice.email })).code).toBe(
      ErrorCode.OPERATOR_FORBIDDEN,
    );
    expect((await support.call('/api/operator/codes/void', { id: code.id, reason: 'x' })).code).toBe(
      ErrorCode.OPERATOR_FORBIDDEN,
    );
    expect((await lookup(code.hint))[0]?.status).toBe('unused');
  });

  it('of a void and a use at the same moment, exactly one wins', async () => {
    const alice = await owner();
    for (const code of alice.codes) {
      const [voided, used] = await Promise.allSettled([voidCode(code.id), use(alice, code.code!)]);
      const voidWon = voided.status === 'fulfilled' && voided.value.code === 200;
      const useWon = used.status === 'fulfilled';
      expect(voidWon !== useWon).toBe(true);
      const [after] = await lookup(code.hint);
      expect(after?.status).toBe(voidWon ? 'voided' : 'used');
      if (useWon) {
        expect(voided.status === 'fulfilled' && voided.value.code).toBe(ErrorCode.ACTIVATION_CODE_NOT_VOIDABLE);
      } else {
        expect(used.status === 'rejected' && (used.reason as { code: number }).code).toBe(
          ErrorCode.ACTIVATION_CODE_VOIDED,
        );
      }
      expect((await audits(code.id)).length).toBe(voidWon ? 1 : 0);
    }
  });
});
