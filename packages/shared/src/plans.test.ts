import { describe, expect, it } from 'vitest';
import { formatDecimal, fromLedgerUnits, toLedgerUnits } from './money.ts';
import {
  DAY_MS,
  earlyRedemption,
  esopAllocation,
  esopLockEnd,
  esopOrderReleases,
  esopOrderView,
  esopPhasesDue,
  esopSchedule,
  EsopStatus,
  investmentDaysDue,
  investmentOrderView,
  investmentPhase,
  investmentProductReleases,
  investmentQuota,
  investmentRatioForDay,
  investmentReleaseAt,
  investmentReleaseForDay,
  investmentSchedule,
  InvestmentStatus,
  investmentTotalDays,
  isDailyRatioInRange,
  pledgeMaturesAt,
  pledgeRemainingDays,
  pledgeReward,
  pledgeRewardAt,
  pledgeSchedule,
  pledgeTermRewards,
  utcDate,
  utcDayIndex,
} from './plans.ts';

/** A seeded generator (mulberry32), so a failing random case is the same on every run. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  /** An integer in [min, max]. */
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  /** A bigint in [min, max], from several 30-bit draws. */
  const big = (min: bigint, max: bigint) => {
    let value = 0n;
    for (let i = 0; i < 4; i += 1) value = (value << 30n) | BigInt(int(0, 2 ** 30 - 1));
    return min + (value % (max - min + 1n));
  };
  return { int, big };
}

const sum = (values: readonly string[]) => fromLedgerUnits(values.reduce((total, v) => total + toLedgerUnits(v), 0n));
const decimalsOf = (value: string) => (value.split('.')[1] ?? '').length;

describe('UTC days', () => {
  it('counts whole days since the epoch and starts a day at 00:00:00 UTC', () => {
    expect(utcDayIndex(new Date('1970-01-01T23:59:59.999Z'))).toBe(0);
    expect(utcDayIndex(new Date('1970-01-02T00:00:00.000Z'))).toBe(1);
    expect(utcDate(utcDayIndex(new Date('2028-02-29T12:00:00Z')))).toBe('2028-02-29');
  });

  it('releases a join at 23:59:59 UTC from the next UTC day at 00:00, not 24 hours later', () => {
    const joined = new Date('2026-03-10T23:59:59Z');
    expect(investmentReleaseAt(joined, 1).toISOString()).toBe('2026-03-11T00:00:00.000Z');
    expect(investmentDaysDue(joined, new Date('2026-03-10T23:59:59.999Z'))).toBe(0);
    expect(investmentDaysDue(joined, new Date('2026-03-11T00:00:00Z'))).toBe(1);
    const atMidnight = new Date('2026-03-10T00:00:00Z');
    expect(investmentReleaseAt(atMidnight, 1).toISOString()).toBe('2026-03-11T00:00:00.000Z');
  });

  it('counts the leap day 2028-02-29 as a day like any other', () => {
    const joined = new Date('2028-02-28T08:00:00Z');
    expect(utcDate(utcDayIndex(investmentReleaseAt(joined, 1)))).toBe('2028-02-29');
    expect(utcDate(utcDayIndex(investmentReleaseAt(joined, 2)))).toBe('2028-03-01');
    // 30 days from 1 February 2028 crosses 29 February: 2 March, not 3 March.
    expect(esopLockEnd(new Date('2028-02-01T10:00:00Z'), 1).toISOString()).toBe('2028-03-02T10:00:00.000Z');
    expect(pledgeMaturesAt(new Date('2028-02-15T23:59:59Z'), 30).toISOString()).toBe('2028-03-16T00:00:00.000Z');
  });
});

describe('investment plan', () => {
  it('computes the quota as amount x coefficient rounded down to 6 decimals', () => {
    expect(investmentQuota('1000', '2')).toBe('2000');
    expect(investmentQuota('100.123457', '1.5')).toBe('150.185185');
    expect(investmentQuota('0.000001', '1.5')).toBe('0.000001');
  });

  it('puts days 30 and 31, 60 and 61 on either side of a phase boundary', () => {
    expect([1, 30, 31, 60, 61, 90, 91].map(investmentPhase)).toEqual([1, 1, 2, 2, 3, 3, 4]);
    expect(() => investmentPhase(0)).toThrow(RangeError);
    const ratios = ['0.0035', '0.004', '0.005'];
    const schedule = investmentSchedule({ amount: '1000', quota: investmentQuota('1000', '3'), phaseRatios: ratios });
    const byDay = (day: number) => schedule[day - 1]!;
    expect([30, 31, 60, 61].map((day) => [byDay(day).phase, byDay(day).ratio, byDay(day).amount])).toEqual([
      [1, '0.0035', '3.5'],
      [2, '0.004', '4'],
      [2, '0.004', '4'],
      [3, '0.005', '5'],
    ]);
  });

  it('releases at both ends of 0.35 %–0.5 %, the last release taking exactly the remainder', () => {
    expect(isDailyRatioInRange('0.0035')).toBe(true);
    expect(isDailyRatioInRange('0.005')).toBe(true);
    expect(isDailyRatioInRange('0.0034999')).toBe(false);
    expect(isDailyRatioInRange('0.0050001')).toBe(false);
    expect(isDailyRatioInRange('abc')).toBe(false);

    // 0.35 %: 3.5 a day against 2000: 571 full days (1998.5), then 1.5.
    const low = investmentSchedule({ amount: '1000', quota: '2000', phaseRatios: ['0.0035'] });
    expect(low).toHaveLength(572);
    expect(low.at(-2)).toMatchObject({ amount: '3.5', releasedAfter: '1998.5', last: false });
    expect(low.at(-1)).toMatchObject({ day: 572, phase: 20, amount: '1.5', releasedAfter: '2000', last: true });
    // 0.5 %: 5 a day divides 2000 exactly: 400 days, the last a full day.
    const high = investmentSchedule({ amount: '1000', quota: '2000', phaseRatios: ['0.005'] });
    expect(high).toHaveLength(400);
    expect(high.at(-1)).toMatchObject({ day: 400, amount: '5', releasedAfter: '2000', last: true });
  });

  it('continues the last ratio when the table is shorter than the quota needs', () => {
    const ratios = ['0.005', '0.004'];
    const schedule = investmentSchedule({ amount: '1000', quota: '1000', phaseRatios: ratios });
    // Phase 1: 30 x 5 = 150; then 4 a day for the remaining 850: 212 days and 2 left over.
    expect(schedule).toHaveLength(30 + 213);
    expect(schedule.slice(30).every((release) => release.ratio === '0.004')).toBe(true);
    expect(schedule.at(-1)).toMatchObject({ day: 243, phase: 9, amount: '2', last: true });
    expect(investmentRatioForDay(500, ratios)).toBe('0.004');
    expect(investmentTotalDays({ amount: '1000', quota: '1000', phaseRatios: ratios })).toBe(243);
  });

  it('never releases more than the quota nor loses a unit, for many amounts, coefficients and tables', () => {
    const rng = random(20_260_310);
    for (let run = 0; run < 300; run += 1) {
      const amount = formatDecimal(rng.big(1_000_000n, 100_000_000_000n), 6); // 1 to 100 000 USDT
      const coefficient = formatDecimal(BigInt(rng.int(100, 300)), 2); // 1 to 3
      const phaseRatios = Array.from({ length: rng.int(1, 6) }, () =>
        formatDecimal(BigInt(rng.int(35_000, 50_000)), 7),
      );
      const terms = { amount, quota: investmentQuota(amount, coefficient), phaseRatios };
      const schedule = investmentSchedule(terms);
      const context = JSON.stringify(terms);

      expect(sum(schedule.map((release) => release.amount)), context).toBe(terms.quota);
      expect(schedule.length, context).toBe(investmentTotalDays(terms));
      // Plain checks per day, one assertion per order (an expect per day is too slow for 300 orders).
      const wrongDays: number[] = [];
      let before = '0';
      for (const release of schedule) {
        const daily = toLedgerUnits(amount) * toLedgerUnits(release.ratio);
        const full = (daily / 10n ** 30n) * 10n ** 12n; // floor6(amount x ratio) in 10^18 units
        const paid = toLedgerUnits(release.amount);
        const ok =
          paid > 0n &&
          (release.last ? paid <= full : paid === full) &&
          decimalsOf(release.amount) <= 6 &&
          toLedgerUnits(release.releasedAfter) === toLedgerUnits(before) + paid &&
          toLedgerUnits(release.releasedAfter) <= toLedgerUnits(terms.quota) &&
          release.last === (release.day === schedule.length) &&
          release.phase === Math.ceil(release.day / 30) &&
          release.ratio === phaseRatios[Math.min(release.phase, phaseRatios.length) - 1];
        if (!ok) wrongDays.push(release.day);
        // The engine's one-day computation gives the same release on the first, boundary and last days.
        if (release.day % 30 <= 1 || release.last) {
          expect(investmentReleaseForDay({ ...terms, releasedBefore: before, day: release.day })).toEqual(release);
        }
        before = release.releasedAfter;
      }
      expect(wrongDays, context).toEqual([]);
      expect(investmentReleaseForDay({ ...terms, releasedBefore: before, day: schedule.length + 1 })).toBeNull();
    }
  });

  it('refuses an order whose daily release rounds to nothing, and a release beyond the quota', () => {
    expect(() => investmentSchedule({ amount: '0.0001', quota: '0.0002', phaseRatios: ['0.0035'] })).toThrow(
      RangeError,
    );
    expect(() => investmentTotalDays({ amount: '0.0001', quota: '0.0002', phaseRatios: ['0.0035'] })).toThrow(
      RangeError,
    );
    expect(() =>
      investmentReleaseForDay({ amount: '10', quota: '20', phaseRatios: ['0.005'], releasedBefore: '20.1', day: 9 }),
    ).toThrow(RangeError);
    expect(() => investmentSchedule({ amount: '10', quota: '20', phaseRatios: [] })).toThrow(RangeError);
    expect(investmentSchedule({ amount: '10', quota: '0', phaseRatios: ['0.005'] })).toEqual([]);
  });

  it("shows an order's phase n of N, today's ratio and the next release time", () => {
    const terms = { amount: '1000', quota: '1000', phaseRatios: ['0.005', '0.004'] };
    const createdAt = new Date('2026-01-05T23:59:59Z');
    const fresh = investmentOrderView({ ...terms, createdAt, daysReleased: 0, released: '0' });
    expect(fresh).toEqual({
      remaining: '1000',
      phase: 1,
      phaseCount: 9,
      tablePhaseCount: 2,
      totalDays: 243,
      todayRatio: '0.005',
      nextReleaseAt: new Date('2026-01-06T00:00:00Z'),
      status: InvestmentStatus.ACTIVE,
    });
    const afterPhase1 = investmentOrderView({ ...terms, createdAt, daysReleased: 30, released: '150' });
    expect(afterPhase1).toMatchObject({ remaining: '850', phase: 2, todayRatio: '0.004' });
    expect(afterPhase1.nextReleaseAt?.toISOString()).toBe('2026-02-05T00:00:00.000Z');
    // Past the table (2 phases), the last ratio continues: phase 3 of 9, not of the table.
    const pastTable = investmentOrderView({ ...terms, createdAt, daysReleased: 60, released: '270' });
    expect(pastTable).toMatchObject({ phase: 3, phaseCount: 9, tablePhaseCount: 2, todayRatio: '0.004' });
    // A quota reached inside the table: the order goes through only the phases it reaches.
    const short = investmentOrderView({
      amount: '1000',
      quota: '100',
      phaseRatios: ['0.005', '0.004', '0.0035'],
      createdAt,
      daysReleased: 0,
      released: '0',
    });
    expect(short).toMatchObject({ phaseCount: 1, tablePhaseCount: 1, totalDays: 20 });
    const done = investmentOrderView({ ...terms, createdAt, daysReleased: 243, released: '1000' });
    expect(done).toMatchObject({
      remaining: '0',
      phase: 9,
      todayRatio: null,
      nextReleaseAt: null,
      status: 'completed',
    });
  });
});

describe('ESOP plan', () => {
  it('allocates floor18(usdt / price) KPC', () => {
    expect(esopAllocation('100', '0.3')).toBe('333.333333333333333333');
    expect(esopAllocation('100', '0.25')).toBe('400');
    expect(esopAllocation('1', '3')).toBe('0.333333333333333333');
    expect(() => esopAllocation('1', '0')).toThrow(RangeError);
  });

  it('ends the lock-up lockMonths x 30 days after creation and releases one phase each 30 days after', () => {
    const createdAt = new Date('2026-01-01T12:00:00Z');
    expect(esopLockEnd(createdAt, 6).toISOString()).toBe('2026-06-30T12:00:00.000Z');
    const schedule = esopSchedule({ kpc: '100', createdAt, lockMonths: 6, releaseMonths: 3 });
    expect(schedule.map((phase) => [phase.phase, phase.dueAt.toISOString(), phase.amount])).toEqual([
      [1, '2026-07-30T12:00:00.000Z', '33.333333333333333333'],
      [2, '2026-08-29T12:00:00.000Z', '33.333333333333333333'],
      [3, '2026-09-28T12:00:00.000Z', '33.333333333333333334'],
    ]);
    const terms = { createdAt, lockMonths: 6, releaseMonths: 3 };
    const at = (iso: string) => esopPhasesDue(terms, new Date(iso));
    expect(at('2026-06-30T12:00:00Z')).toBe(0);
    expect(at('2026-07-30T11:59:59.999Z')).toBe(0);
    expect(at('2026-07-30T12:00:00Z')).toBe(1);
    expect(at('2027-12-31T00:00:00Z')).toBe(3);
    expect(() => esopSchedule({ kpc: '1', createdAt, lockMonths: 1, releaseMonths: 0 })).toThrow(RangeError);
  });

  it('releases exactly the KPC allocated over all phases, for many amounts and lengths', () => {
    const rng = random(7);
    for (let run = 0; run < 500; run += 1) {
      const kpc = fromLedgerUnits(rng.big(1n, 10n ** 30n));
      const releaseMonths = rng.int(1, 48);
      const schedule = esopSchedule({ kpc, createdAt: 0, lockMonths: rng.int(0, 24), releaseMonths });
      expect(schedule).toHaveLength(releaseMonths);
      expect(sum(schedule.map((phase) => phase.amount)), kpc).toBe(kpc);
      const even = toLedgerUnits(kpc) / BigInt(releaseMonths);
      expect(schedule.slice(0, -1).every((phase) => toLedgerUnits(phase.amount) === even)).toBe(true);
    }
  });

  it("shows an order's status, released and still locked, next release", () => {
    const terms = { kpc: '100', createdAt: new Date('2026-01-01T12:00:00Z'), lockMonths: 6, releaseMonths: 3 };
    const locked = esopOrderView({ ...terms, phasesReleased: 0, now: new Date('2026-03-01T00:00:00Z') });
    expect(locked).toMatchObject({ status: EsopStatus.LOCKED, phaseCount: 3, released: '0', locked: '100' });
    expect(locked.nextReleaseAt?.toISOString()).toBe('2026-07-30T12:00:00.000Z');
    expect(locked.nextReleaseAmount).toBe('33.333333333333333333');
    const two = esopOrderView({ ...terms, phasesReleased: 2, now: new Date('2026-09-01T00:00:00Z') });
    expect(two).toMatchObject({
      status: EsopStatus.RELEASING,
      released: '66.666666666666666666',
      locked: '33.333333333333333334',
      nextReleaseAmount: '33.333333333333333334',
    });
    const done = esopOrderView({ ...terms, phasesReleased: 3, now: new Date('2027-01-01T00:00:00Z') });
    expect(done).toMatchObject({ status: EsopStatus.COMPLETED, released: '100', locked: '0', nextReleaseAt: null });
    expect(() => esopOrderView({ ...terms, phasesReleased: 4, now: 0 })).toThrow(RangeError);
  });
});

describe('pledge', () => {
  it('pays floor18(amount x dailyRate) a day, from the day after the pledge, and matures on day termDays', () => {
    expect(pledgeReward('1000', '0.001')).toBe('1');
    expect(pledgeReward('0.000000000000000001', '0.5')).toBe('0');
    expect(pledgeReward('3', '0.333333333333333333')).toBe('0.999999999999999999');
    const createdAt = new Date('2026-05-01T23:59:59Z');
    const schedule = pledgeSchedule({ amount: '1000', dailyRate: '0.0012', termDays: 30, createdAt });
    expect(schedule.rewards).toHaveLength(30);
    expect(schedule.rewards[0]).toEqual({ day: 1, dueAt: new Date('2026-05-02T00:00:00Z'), amount: '1.2' });
    expect(schedule.rewards.at(-1)?.dueAt.toISOString()).toBe('2026-05-31T00:00:00.000Z');
    expect(schedule.totalRewards).toBe('36');
    expect(schedule.maturesAt.toISOString()).toBe('2026-05-31T00:00:00.000Z');
    expect(pledgeRewardAt(createdAt, 30)).toEqual(schedule.maturesAt);
  });

  it('counts the remaining days down to 0 at maturity', () => {
    const createdAt = new Date('2026-05-01T10:00:00Z');
    expect(pledgeRemainingDays(createdAt, 30, new Date('2026-05-01T23:59:59Z'))).toBe(30);
    expect(pledgeRemainingDays(createdAt, 30, new Date('2026-05-02T00:00:00Z'))).toBe(29);
    expect(pledgeRemainingDays(createdAt, 30, new Date('2026-05-31T00:00:00Z'))).toBe(0);
    expect(pledgeRemainingDays(createdAt, 30, new Date('2026-07-01T00:00:00Z'))).toBe(0);
  });

  it('rounds the early-redemption penalty up, never beyond the principal', () => {
    expect(earlyRedemption({ amount: '100', penaltyRate: '0.1' })).toEqual({ penalty: '10', returned: '90' });
    expect(earlyRedemption({ amount: '0.000000000000000003', penaltyRate: '0.5' })).toEqual({
      penalty: '0.000000000000000002',
      returned: '0.000000000000000001',
    });
    expect(earlyRedemption({ amount: '0.000000000000000001', penaltyRate: '0.1' })).toEqual({
      penalty: '0.000000000000000001',
      returned: '0',
    });
    expect(earlyRedemption({ amount: '55', penaltyRate: '1' })).toEqual({ penalty: '55', returned: '0' });
    expect(earlyRedemption({ amount: '55', penaltyRate: '0' })).toEqual({ penalty: '0', returned: '55' });
    expect(() => earlyRedemption({ amount: '55', penaltyRate: '1.01' })).toThrow(RangeError);

    const rng = random(42);
    for (let run = 0; run < 500; run += 1) {
      const amount = rng.big(1n, 10n ** 24n);
      const rate = rng.big(0n, 10n ** 18n);
      const { penalty, returned } = earlyRedemption({
        amount: fromLedgerUnits(amount),
        penaltyRate: fromLedgerUnits(rate),
      });
      const charged = toLedgerUnits(penalty);
      expect(charged + toLedgerUnits(returned)).toBe(amount);
      expect(charged <= amount).toBe(true);
      // At least the exact share, and less than one unit above it.
      expect(charged * 10n ** 18n >= amount * rate).toBe(true);
      expect((charged - 1n) * 10n ** 18n < amount * rate).toBe(true);
    }
  });
});

describe('configuration the release engine can honour (issue 23 item 6)', () => {
  it('refuses an investment product whose minimum at its smallest ratio rounds to 0 USDT', () => {
    expect(investmentProductReleases({ minAmount: '100', phaseRatios: ['0.0035', '0.005'] })).toBe(true);
    // 0.000286 x 0.0035 = 0.000001001: one unit; 0.000285 x 0.0035 rounds to 0. The smallest ratio decides.
    expect(investmentProductReleases({ minAmount: '0.000286', phaseRatios: ['0.005', '0.0035'] })).toBe(true);
    expect(investmentProductReleases({ minAmount: '0.000285', phaseRatios: ['0.005', '0.0035'] })).toBe(false);
    expect(investmentProductReleases({ minAmount: '0.000285', phaseRatios: ['0.005'] })).toBe(true);
    expect(investmentProductReleases({ minAmount: '100', phaseRatios: [] })).toBe(false);
    expect(investmentProductReleases({ minAmount: '0', phaseRatios: ['0.005'] })).toBe(false);
    expect(investmentProductReleases({ minAmount: '100', phaseRatios: ['0.005', '0'] })).toBe(false);
    expect(investmentProductReleases({ minAmount: 'x', phaseRatios: ['0.005'] })).toBe(false);
  });

  it('refuses a pledge term whose minimum earns 0 KPC a day', () => {
    expect(pledgeTermRewards({ minAmount: '100', dailyRate: '0.001' })).toBe(true);
    expect(pledgeTermRewards({ minAmount: '0.000000000000001', dailyRate: '0.001' })).toBe(true);
    expect(pledgeTermRewards({ minAmount: '0.000000000000000999', dailyRate: '0.001' })).toBe(false);
    expect(pledgeTermRewards({ minAmount: '100', dailyRate: '0' })).toBe(false);
  });

  it('refuses an ESOP order whose monthly phase rounds to 0 KPC', () => {
    expect(esopOrderReleases('1000', 12)).toBe(true);
    expect(esopOrderReleases('0.000000000000000012', 12)).toBe(true);
    expect(esopOrderReleases('0.000000000000000011', 12)).toBe(false);
    expect(esopOrderReleases('0.000000000000000001', 1)).toBe(true);
    expect(esopOrderReleases('0', 1)).toBe(false);
    expect(esopOrderReleases('1', 0)).toBe(false);
  });
});

it('keeps DAY_MS a whole day', () => {
  expect(DAY_MS).toBe(24 * 60 * 60 * 1000);
});
