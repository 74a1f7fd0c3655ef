import { randomUUID } from 'node:crypto';
import { utcDayIndex, type TPlanProductsResponse } from '@kpc/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerViolations } from '../../testing/ledger-invariants.ts';
import { createWalletMember, fund, type TestMember } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { runReleaseEngine } from './release-engine.ts';
import { planClock } from './testing.ts';

/**
 * Issue 23 item 6: an order whose release truncates to 0 (it would break `plan_releases_amount > 0`
 * and roll back its whole batch on every pass) is skipped and reported, and every other order is
 * released; products and terms that would make such orders are not offered or joined.
 */

let t: TestApp;
let products: TPlanProductsResponse;

beforeAll(async () => {
  t = await createTestApp({ RUN_CHAIN_WORKERS: 'false' });
  products = (await t.call('/api/plan/products', {})).data as TPlanProductsResponse;
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await t.database.db.execute(query);
  return (result as { rows: T[] }).rows;
}

async function ok<T>(member: TestMember, path: string, body: Record<string, unknown>): Promise<T> {
  const answer = await t.call(path, { ...body, requestId: randomUUID() }, member.headers);
  if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return answer.data as T;
}

/** A log that keeps what the engine warns of. */
function recordingLogger() {
  const warnings: { fields: Record<string, unknown>; message: string }[] = [];
  return {
    warnings,
    logger: { warn: (fields: Record<string, unknown>, message: string) => void warnings.push({ fields, message }) },
  };
}

describe('the release engine isolates an order it cannot release (issue 23 item 6)', () => {
  it('skips and reports orders whose release rounds to 0, and releases every other order of the batch', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '2000');
    await fund(t, member, 'KPC', '1100');
    const starter = products.investment[0]!.id;
    const term30 = products.pledgeTerms.find((term) => term.days === 30)!.id;
    const investment = await ok<{ id: string }>(member, '/api/plan/join', { productId: starter, amount: '1000' });
    const pledge = await ok<{ id: string }>(member, '/api/plan/pledge', { termId: term30, amount: '1000' });
    // A pledge that earns 0 a day (its rate edited to 0) matures at its term's end, rewards skipped.
    const zeroRate = await ok<{ id: string }>(member, '/api/plan/pledge', { termId: term30, amount: '100' });
    await t.database.db.execute(sql`update pledges set daily_rate = 0 where id = ${zeroRate.id}`);
    const esopPrice = products.esop.price;
    const esop = await ok<{ id: string }>(member, '/api/plan/esop/join', { amount: '100', price: esopPrice });

    // Rows as a hand edit or an old configuration could leave them: 0.0001 USDT x 0.35 % and
    // 1e-18 KPC x 0.1 % truncate to 0; 1e-18 KPC over 12 phases is 0 a phase. Each beside the
    // normal orders above, with a lower id in between them.
    const now = planClock(t).now();
    const today = utcDayIndex(now);
    const [bad] = await rows<{ investment: string; pledge: string; esop: string }>(sql`
      with inv as (
        insert into plan_orders (member_id, product_id, request_id, amount, coefficient, quota, phase_ratios, start_day, created_at)
        values (${member.memberId}, ${starter}, ${randomUUID()}, 0.0001, 1.5, 0.00015, '{0.0035}', ${today}, ${now.toISOString()})
        returning id
      ), pl as (
        insert into pledges (member_id, terms_id, request_id, amount, days, daily_rate, early_penalty_rate, start_day, created_at)
        values (${member.memberId}, ${term30}, ${randomUUID()}, 0.000000000000000001, 90, 0.001, 0.1, ${today}, ${now.toISOString()})
        returning id
      ), es as (
        insert into esop_orders (member_id, terms_id, request_id, usdt_paid, price, kpc_allocated, lock_months, release_months,
          lock_end_at, next_due_at, created_at)
        select ${member.memberId}, id, ${randomUUID()}, 0.000001, 1000000000000, 0.000000000000000001, 0, 12,
          ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz + interval '30 days', ${now.toISOString()}
        from esop_terms order by id limit 1
        returning id
      )
      select (select id::text from inv) as investment, (select id::text from pl) as pledge, (select id::text from es) as esop`);
    // The normal ESOP order's lock-up ends after 6 months: bring its first phase due with the bad one's.
    await t.database.db.execute(sql`
      update esop_orders set lock_end_at = ${now.toISOString()}::timestamptz,
        next_due_at = ${now.toISOString()}::timestamptz + interval '30 days' where id = ${esop.id}`);

    planClock(t).advanceDays(30);
    const { warnings, logger } = recordingLogger();
    const result = await runReleaseEngine(t.database.db, planClock(t), {
      workers: t.database.kind === 'postgres' ? 2 : 1,
      logger,
    });

    // Every normal order released what fell due: 30 days, 30 rewards and the maturity, one phase.
    const released = await rows<{ kind: string; source_id: string; n: number }>(sql`
      select kind, source_id::text, count(*)::int as n from plan_releases
      where member_id = ${member.memberId} group by kind, source_id order by kind, source_id::bigint`);
    expect(released).toEqual([
      { kind: 'esop', source_id: esop.id, n: 1 },
      { kind: 'investment', source_id: investment.id, n: 30 },
      { kind: 'pledge_maturity', source_id: pledge.id, n: 1 },
      { kind: 'pledge_maturity', source_id: zeroRate.id, n: 1 },
      { kind: 'pledge_reward', source_id: pledge.id, n: 30 },
    ]);
    const [zero] = await rows<{ status: string; rewarded: number }>(
      sql`select status, rewarded_days as rewarded from pledges where id = ${zeroRate.id}`,
    );
    expect(zero).toEqual({ status: 'matured', rewarded: 0 });
    // The bad orders are untouched, and named in the result and once in the log.
    expect(result.unreleasable).toEqual({
      investment: { count: 1, ids: [bad!.investment] },
      esop: { count: 1, ids: [bad!.esop] },
      pledge_reward: { count: 1, ids: [bad!.pledge] },
      pledge_maturity: { count: 0, ids: [] },
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.fields).toMatchObject({ unreleasable: result.unreleasable });
    const [untouched] = await rows<{ days: number; phases: number; rewarded: number }>(sql`
      select (select released_days from plan_orders where id = ${bad!.investment}) as days,
        (select released_phases from esop_orders where id = ${bad!.esop}) as phases,
        (select rewarded_days from pledges where id = ${bad!.pledge}) as rewarded`);
    expect(untouched).toEqual({ days: 0, phases: 0, rewarded: 0 });

    // The next run releases the next day and reports the same orders again, once.
    planClock(t).advanceDays(1);
    const again = recordingLogger();
    const next = await runReleaseEngine(t.database.db, planClock(t), { logger: again.logger });
    expect(next.released.investment).toBeGreaterThanOrEqual(1);
    expect(next.unreleasable.investment.ids).toEqual([bad!.investment]);
    expect(again.warnings).toHaveLength(1);
    expect(await findLedgerViolations(t.database.db)).toEqual({
      unbalanced: [],
      drifted: [],
      staleAfter: [],
      negative: [],
    });
  });
});

describe('products and terms whose smallest release rounds to 0 (issue 23 item 6)', () => {
  it('are neither offered nor joined; an ESOP order whose phase rounds to 0 is refused', async () => {
    const [tiny] = await rows<{ product: string; term: string }>(sql`
      with p as (
        insert into plan_products (name_key, min_amount, max_amount, coefficient, phase_ratios, sort_order)
        values ('plan.product.starter', 0.0001, 10, 1.5, '{0.0035,0.005}', 9) returning id
      ), k as (
        insert into pledge_terms (days, daily_rate, min_amount, early_penalty_rate, sort_order)
        values (7, 0.001, 0.000000000000000001, 0.1, 9) returning id
      )
      select (select id::text from p) as product, (select id::text from k) as term`);
    const listed = (await t.call('/api/plan/products', {})).data as TPlanProductsResponse;
    expect(listed.investment.map((product) => product.id)).not.toContain(tiny!.product);
    expect(listed.pledgeTerms.map((term) => term.id)).not.toContain(tiny!.term);
    expect(listed.investment).toHaveLength(2);
    expect(listed.pledgeTerms).toHaveLength(3);

    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '1000');
    await fund(t, member, 'KPC', '10');
    const join = await t.call(
      '/api/plan/join',
      { productId: tiny!.product, amount: '1', requestId: randomUUID() },
      member.headers,
    );
    expect(join.code).toBe(1400);
    const pledge = await t.call(
      '/api/plan/pledge',
      { termId: tiny!.term, amount: '1', requestId: randomUUID() },
      member.headers,
    );
    expect(pledge.code).toBe(1400);

    // 0.000001 USDT at 10^12 USDT a KPC buys 1e-18 KPC: less than 1e-18 a phase over 12 phases.
    await t.database.db.execute(sql`update esop_terms set min_usdt = 0.000001 where status = 'active'`);
    await t.database.db.execute(
      sql`insert into kpc_prices (price, source, effective_at) values (1000000000000, 'test', ${planClock(t).now().toISOString()})`,
    );
    try {
      const esop = await t.call(
        '/api/plan/esop/join',
        { amount: '0.000001', price: '1000000000000', requestId: randomUUID() },
        member.headers,
      );
      expect(esop.code).toBe(1207);
    } finally {
      await t.database.db.execute(sql`delete from kpc_prices where source = 'test'`);
      await t.database.db.execute(sql`update esop_terms set min_usdt = 100 where status = 'active'`);
    }
    const [balances] = await rows<{ usdt: string; kpc: string }>(sql`
      select (select balance::text from ledger_accounts where member_id = ${member.memberId} and asset = 'USDT' and bucket = 'available') as usdt,
        (select balance::text from ledger_accounts where member_id = ${member.memberId} and asset = 'KPC' and bucket = 'available') as kpc`);
    expect(Number(balances!.usdt)).toBe(1000);
    expect(Number(balances!.kpc)).toBe(10);
  });
});
