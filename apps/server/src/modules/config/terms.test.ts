import { randomUUID } from 'node:crypto';
import { ErrorCode, type TWithdrawChannelsResponse } from '@kpc/shared';
import type { TWithdrawalTermsState } from '@kpc/shared/operator';
import { eq, sql } from 'drizzle-orm';
import { getAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainRuntime } from '../../chain/runtime.ts';
import { describeChain } from '../../config/chains.ts';
import { memberTeam, memberTree, withdrawals } from '../../db/schema/index.ts';
import { memberBalance } from '../../testing/ledger-balances.ts';
import { createWalletMember, fund, type TestMember } from '../../testing/members.ts';
import { createOperator, type TestOperator } from '../../testing/operators.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { recordTeamEvent, TeamEventKind } from '../team/airdrop.ts';
import { addTeamVolume } from '../team/tree.ts';
import { submitWithdrawal } from '../withdraw/service.ts';

// Step 8b §2 configuration of terms: a change is a version (audited), applies to new orders only,
// is refused when it breaks a promise or the books, and two saves at once never lose one.

let t: TestApp;
let money: TestOperator;
let admin: TestOperator;

const CHAIN_ID = 137;
const runtime: ChainRuntime = {
  allowedChainIds: [CHAIN_ID],
  chains: [
    {
      ...describeChain(CHAIN_ID),
      rpcUrl: 'http://127.0.0.1:9',
      usdt: getAddress('0x00000000000000000000000000000000000000a1'),
      hotWalletKey: generatePrivateKey(),
      isDevelopment: true,
    },
  ],
  tokenCode: 'KPC',
  usdtQuantity: '1',
  devChain: false,
};
const DEFAULTS = { feeRate: '0.01', minFee: '1', autoApproveDaily: '0' };

beforeAll(async () => {
  t = await createTestApp({
    RUN_CHAIN_WORKERS: 'false',
    WITHDRAW_FEE_RATE: DEFAULTS.feeRate,
    WITHDRAW_MIN_FEE: DEFAULTS.minFee,
    WITHDRAW_AUTO_APPROVE_DAILY: DEFAULTS.autoApproveDaily,
  });
  money = await createOperator(t, ['admin', 'finance']);
  admin = await createOperator(t, ['admin']);
}, 240_000);
afterAll(async () => {
  await t?.close();
});

/** A withdrawal as the member's form submits it (the fee terms it showed, when given). */
const withdraw = (member: TestMember, amount: string, shown: { feeRate?: string; minFee?: string } = {}) =>
  submitWithdrawal(
    { db: t.database.db, clock: t.clock, chains: runtime, network: { isAvailable: () => true }, terms: DEFAULTS },
    member.memberId,
    {
      requestId: randomUUID(),
      chainId: CHAIN_ID,
      asset: 'USDT',
      address: privateKeyToAccount(generatePrivateKey()).address,
      amount,
      ...shown,
    },
  );

const count = async (table: string, where = sql`true`) => {
  const result: unknown = await t.database.db.execute(
    sql`select count(*)::int as n from ${sql.raw(table)} where ${where}`,
  );
  return (result as { rows: { n: number }[] }).rows[0]!.n;
};
const versionsOf = (domain: string) => count('config_changes', sql`domain = ${domain}`);
const auditsOf = (domain: string) => count('audit_log', sql`action = ${`config.${domain}`}`);

const withdrawalState = async () =>
  (await money.call('/api/operator/config/withdrawal/get', {})).data as TWithdrawalTermsState;

describe(`configuration of terms (${testDatabaseKind()})`, () => {
  it('a fee change applies to new withdrawals only; the form shows it at once; an old shown fee is refused', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '100');
    const before = await withdraw(member, '10', { feeRate: '0.01', minFee: '1' });
    expect(before.fee).toBe('1');

    await money.stepUp();
    const saved = await money.call('/api/operator/config/withdrawal/set', {
      terms: { feeRate: '0.02', minFee: '2', autoApproveDaily: '0' },
      reason: 'network costs rose',
      version: (await withdrawalState()).version,
    });
    expect(saved.code).toBe(200);

    // The member's withdraw form reads the channels: the new fee at once.
    const channels = (await t.call('/api/withdraw/channels', {}, member.headers)).data as TWithdrawChannelsResponse;
    expect(channels.list.every((channel) => channel.feeRate === '0.02' && channel.minFee === '2')).toBe(true);

    // A form still showing the old fee: refused, nothing frozen.
    const available = await memberBalance(t.database.db, member.memberId, 'USDT');
    await expect(withdraw(member, '10', { feeRate: '0.01', minFee: '1' })).rejects.toMatchObject({
      code: ErrorCode.PRICE_CHANGED,
    });
    expect(await memberBalance(t.database.db, member.memberId, 'USDT')).toBe(available);

    const after = await withdraw(member, '10', { feeRate: '0.02', minFee: '2' });
    expect(after.fee).toBe('2');
    // The earlier withdrawal keeps the fee it was made with.
    const [kept] = await t.database.db
      .select({ fee: withdrawals.fee })
      .from(withdrawals)
      .where(eq(withdrawals.id, BigInt(before.id)));
    expect(Number(kept!.fee)).toBe(1);
    expect((await withdrawalState()).current).toEqual({ feeRate: '0.02', minFee: '2', autoApproveDaily: '0' });
  });

  it('refuses invalid changes with the rule, in the operator language, writing nothing', async () => {
    await money.stepUp();
    const versions = await versionsOf('withdrawal');
    const audits = await auditsOf('withdrawal');
    const refused = async (terms: Record<string, string>, language = 'en_US', extra: Record<string, unknown> = {}) => {
      const answer = await money.call(
        '/api/operator/config/withdrawal/set',
        { terms: { feeRate: '0.01', minFee: '1', autoApproveDaily: '0', ...terms }, reason: 'a test', ...extra },
        { language },
      );
      expect(answer.code).toBe(ErrorCode.CONFIG_INVALID);
      return answer.msg;
    };
    expect(await refused({ feeRate: '1' })).toMatch(/below 100%/);
    expect(await refused({ minFee: '-1' })).toMatch(/cannot be negative/);
    expect(await refused({ minFee: '10' })).toMatch(/smallest withdrawal/);
    expect(await refused({ feeRate: '1.5' }, 'zh_CN')).toMatch(/不允许此修改：费率必须/);
    expect(
      await refused({}, 'en_US', { effectiveFrom: new Date(t.clock.now().getTime() - 3600_000).toISOString() }),
    ).toMatch(/in the past/);
    expect(await versionsOf('withdrawal')).toBe(versions);
    expect(await auditsOf('withdrawal')).toBe(audits);

    const price = await money.call('/api/operator/config/assets/set', { terms: { price: '0' }, reason: 'a test' });
    expect(price.code).toBe(ErrorCode.CONFIG_INVALID);
    const pair = await money.call('/api/operator/config/exchange/set', {
      fromAsset: 'KPC',
      toAsset: 'USDT',
      terms: { feeRate: '1', minAmount: '1', enabled: true },
      reason: 'a test',
    });
    expect(pair.code).toBe(ErrorCode.CONFIG_INVALID);
    const levels = await admin.call('/api/operator/config/levels/set', {
      terms: {
        ambassadorDirect: 3,
        vipDirect: 10,
        vipTeam: 100,
        vipVolume: '100000',
        kpcSteps: ['10', '10'],
        esopSteps: ['1'],
      },
      reason: 'a test',
    });
    expect(levels.code).toBe(ErrorCode.CONFIG_INVALID);
    const airdrop = await money.call('/api/operator/config/airdrop/set', {
      terms: { feeRate: '0.2', purchaseRates: ['0.15', '0.1'], cardAmounts: ['10'] },
      reason: 'a test',
    });
    expect(airdrop.code).toBe(ErrorCode.CONFIG_INVALID);
    expect(await versionsOf('assets')).toBe(0);
    expect(await versionsOf('exchange')).toBe(0);
    expect(await versionsOf('levels')).toBe(0);
    expect(await versionsOf('airdrop')).toBe(0);
  });

  it('money terms need admin and finance with a fresh second factor; levels admin alone', async () => {
    await admin.stepUp();
    const terms = { feeRate: '0.03', minFee: '1', autoApproveDaily: '0' };
    const refused = await admin.call('/api/operator/config/withdrawal/set', { terms, reason: 'no finance role' });
    expect(refused.code).toBe(ErrorCode.OPERATOR_FORBIDDEN);
    const price = await admin.call('/api/operator/config/assets/set', { terms: { price: '1' }, reason: 'no finance' });
    expect(price.code).toBe(ErrorCode.OPERATOR_FORBIDDEN);
    expect((await admin.call('/api/operator/config/withdrawal/get', {})).code).toBe(200);
    const levels = await admin.call('/api/operator/config/levels/set', {
      terms: {
        ambassadorDirect: 3,
        vipDirect: 10,
        vipTeam: 100,
        vipVolume: '100000',
        kpcSteps: ['10000'],
        esopSteps: ['10000'],
      },
      reason: 'admin alone may change levels',
    });
    expect(levels.code).toBe(200);
  });

  it('two saves at once: one wins, the other CONFIG_CONFLICT; unversioned saves chain without a lost update', async () => {
    await money.stepUp();
    const { version } = await withdrawalState();
    const save = (feeRate: string, seen?: number) =>
      money.call('/api/operator/config/withdrawal/set', {
        terms: { feeRate, minFee: '1', autoApproveDaily: '0' },
        reason: `race ${feeRate}`,
        ...(seen === undefined ? {} : { version: seen }),
      });
    const pair = await Promise.all([save('0.04', version), save('0.05', version)]);
    expect(pair.map((answer) => answer.code).sort((a, b) => a - b)).toEqual([200, ErrorCode.CONFIG_CONFLICT]);

    const many = await Promise.all(Array.from({ length: 8 }, (_, i) => save(`0.0${i + 1}`)));
    const won = many.filter((answer) => answer.code === 200).length;
    expect(won).toBeGreaterThan(0);
    expect(many.every((answer) => answer.code === 200 || answer.code === ErrorCode.CONFIG_CONFLICT)).toBe(true);
    const history = (await money.call('/api/operator/config/history', { domain: 'withdrawal' })).data as {
      list: { version: number; before: unknown; after: unknown }[];
    };
    const chain = [...history.list].sort((a, b) => a.version - b.version);
    expect(chain.map((change) => change.version)).toEqual(chain.map((_, i) => i + 1));
    // Each version's "before" is the previous version's "after": nothing overwritten unseen.
    for (let i = 1; i < chain.length; i++) expect(chain[i]!.before).toEqual(chain[i - 1]!.after);
    expect(await auditsOf('withdrawal')).toBe(chain.length);
  });

  it('exchange pairs and the KPC price: table rows and versions together, a scheduled price not yet in effect', async () => {
    await money.stepUp();
    const pairs = (await money.call('/api/operator/config/exchange/get', {})).data as {
      pairs: { fromAsset: string; toAsset: string; terms: { minAmount: string; enabled: boolean }; version: number }[];
    };
    const first = pairs.pairs[0]!;
    const set = await money.call('/api/operator/config/exchange/set', {
      fromAsset: first.fromAsset,
      toAsset: first.toAsset,
      terms: { feeRate: '0.005', minAmount: first.terms.minAmount, enabled: first.terms.enabled },
      reason: 'promotion',
      version: first.version,
    });
    expect(set.code).toBe(200);
    const changed = (await money.call('/api/operator/config/exchange/get', {})).data as typeof pairs;
    expect(changed.pairs.find((p) => p.fromAsset === first.fromAsset && p.toAsset === first.toAsset)).toMatchObject({
      terms: { feeRate: '0.005' },
      version: 1,
    });

    const at = new Date(t.clock.now().getTime() + 3600_000).toISOString();
    const price = await money.call('/api/operator/config/assets/set', {
      terms: { price: '0.25' },
      reason: 'listing',
      effectiveFrom: at,
    });
    expect(price.code).toBe(200);
    const state = (await money.call('/api/operator/config/assets/get', {})).data as {
      current: { price: string };
      scheduled: { terms: { price: string }; effectiveFrom: string } | null;
      assets: unknown[];
    };
    expect(state.scheduled).toEqual({ terms: { price: '0.25' }, effectiveFrom: at });
    expect(state.current.price).not.toBe('0.25');
    expect(state.assets.length).toBeGreaterThan(0);
    expect(await count('kpc_prices', sql`price = 0.25`)).toBe(1);
    expect(await auditsOf('assets')).toBe(1);
    expect(await auditsOf('exchange')).toBe(1);
  });

  it('airdrop and level rules from configuration change what an event pays and reaches', async () => {
    await money.stepUp();
    const top = await createWalletMember(t);
    const direct = await createWalletMember(t, { inviteAddress: top.address });
    const buyer = await createWalletMember(t, { inviteAddress: direct.address });
    const airdrop = await money.call('/api/operator/config/airdrop/set', {
      terms: { feeRate: '0.1', purchaseRates: ['0.1'], cardAmounts: ['10', '5'] },
      reason: 'a richer direct airdrop, no indirect',
    });
    expect(airdrop.code).toBe(200);
    const levels = await money.call('/api/operator/config/levels/set', {
      terms: {
        ambassadorDirect: 3,
        vipDirect: 10,
        vipTeam: 100,
        vipVolume: '100000',
        kpcSteps: ['100', '200'],
        esopSteps: ['100'],
      },
      reason: 'lower KPC steps',
    });
    expect(levels.code).toBe(200);

    const paid = await t.database.db.transaction((tx) =>
      recordTeamEvent(tx, {
        key: `config_test:${randomUUID()}`,
        kind: TeamEventKind.PLAN,
        memberId: buyer.memberId,
        usdtUnits: 1000n * 10n ** 18n,
        at: t.clock.now(),
      }),
    );
    // 10 % of 1000 to the referrer less the 10 % fee; nothing further up (one depth now).
    expect(paid).toBe(1);
    expect(await memberBalance(t.database.db, direct.memberId, 'USDT', 'income')).toBe('90');
    expect(await memberBalance(t.database.db, top.memberId, 'USDT', 'income')).toBe('0');

    // Team volume 1000 on the referrer: both configured KPC steps reached (the defaults would give 0).
    const [team] = await t.database.db
      .select({ kpcLevel: memberTeam.kpcLevel })
      .from(memberTeam)
      .innerJoin(memberTree, eq(memberTree.key, memberTeam.key))
      .where(eq(memberTree.memberId, direct.memberId));
    expect(team?.kpcLevel).toBe(2);
    // An event dated before the change uses the default steps, and a reached level stays reached.
    await t.database.db.transaction((tx) =>
      addTeamVolume(tx, buyer.memberId, 10n ** 18n, { at: new Date(t.clock.now().getTime() - 86_400_000) }),
    );
    const [kept] = await t.database.db
      .select({ kpcLevel: memberTeam.kpcLevel })
      .from(memberTeam)
      .innerJoin(memberTree, eq(memberTree.key, memberTeam.key))
      .where(eq(memberTree.memberId, direct.memberId));
    expect(kept?.kpcLevel).toBe(2);
  });
});
