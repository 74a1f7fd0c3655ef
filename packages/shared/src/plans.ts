import {
  ceilToDecimals,
  floorToDecimals,
  fromLedgerUnits,
  KPC_DECIMALS,
  LEDGER_SCALE,
  mulDivDown,
  mulDivUp,
  mulLedger,
  toLedgerUnits,
  USDT_DECIMALS,
} from './money.ts';

/**
 * The arithmetic of plans (Step 5, SPEC §3, §4 "Plan release", §9): the investment plan, the ESOP /
 * KPC plan and pledges. Pure functions, no I/O: the server's release engine, its tests and the
 * member app's previews compute every figure here, so they never disagree.
 *
 * Amounts, ratios, rates and prices are decimal strings in and out (as on the wire and in
 * NUMERIC(38,18) columns) and bigint fixed-point (10^18) inside; no JS float ever holds money.
 * Time is counted in UTC days (`utcDayIndex`); a phase and a month are both 30 days.
 */

export const DAY_MS = 86_400_000;
/** An investment phase and an ESOP release phase last 30 days (SPEC §4, §9). */
export const PLAN_PHASE_DAYS = 30;
/** A "month" of lock-up or release is 30 days, so every phase has the same length whatever the calendar. */
export const PLAN_MONTH_DAYS = 30;
/** SPEC §9: an investment phase's daily release ratio is 0.35 %–0.5 % of the order amount. */
export const PLAN_DAILY_RATIO_MIN = '0.0035';
export const PLAN_DAILY_RATIO_MAX = '0.005';

/** An investment order: releasing until its quota is reached. */
export const InvestmentStatus = { ACTIVE: 'active', COMPLETED: 'completed' } as const;
export type TInvestmentStatus = (typeof InvestmentStatus)[keyof typeof InvestmentStatus];

/** An ESOP order: `locked` until the lock-up ends, `releasing` until its last phase, then `completed`. */
export const EsopStatus = { LOCKED: 'locked', RELEASING: 'releasing', COMPLETED: 'completed' } as const;
export type TEsopStatus = (typeof EsopStatus)[keyof typeof EsopStatus];

/** A pledge: `matured` returned its principal at the end of its term; `redeemed` ended early with a penalty. */
export const PledgeStatus = { ACTIVE: 'active', MATURED: 'matured', REDEEMED: 'redeemed' } as const;
export type TPledgeStatus = (typeof PledgeStatus)[keyof typeof PledgeStatus];

const UNIT = 10n ** BigInt(LEDGER_SCALE);

function units(value: string, what: string): bigint {
  const parsed = toLedgerUnits(value);
  if (parsed < 0n) throw new RangeError(`${what} must not be negative: ${value}`);
  return parsed;
}

function wholeDays(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a whole number >= 0: ${value}`);
  return value;
}

function msOf(date: Date | number): number {
  const ms = typeof date === 'number' ? date : date.getTime();
  if (!Number.isSafeInteger(ms)) throw new RangeError(`not a valid time: ${String(date)}`);
  return ms;
}

// ---------------------------------------------------------------------------------------------
// UTC days

/** The UTC day a moment falls on: whole days since 1970-01-01 (`floor(epochMs / 86 400 000)`). */
export function utcDayIndex(date: Date | number): number {
  return Math.floor(msOf(date) / DAY_MS);
}

/** 00:00:00 UTC of a day. */
export function utcDayStart(dayIndex: number): Date {
  return new Date(dayIndex * DAY_MS);
}

/** A day as `YYYY-MM-DD` (UTC), as the release logs show it. */
export function utcDate(dayIndex: number): string {
  return utcDayStart(dayIndex).toISOString().slice(0, 10);
}

/** Whole UTC days from the day of `from` to the day of `to` (0 on the same day, never negative). */
export function utcDaysBetween(from: Date | number, to: Date | number): number {
  return Math.max(0, utcDayIndex(to) - utcDayIndex(from));
}

// ---------------------------------------------------------------------------------------------
// Investment plan (USDT): quota = amount x coefficient, released daily by phase ratio

/** True when a configured daily release ratio lies within SPEC §9's 0.35 %–0.5 %. */
export function isDailyRatioInRange(ratio: string): boolean {
  let value: bigint;
  try {
    value = toLedgerUnits(ratio);
  } catch {
    return false;
  }
  return value >= toLedgerUnits(PLAN_DAILY_RATIO_MIN) && value <= toLedgerUnits(PLAN_DAILY_RATIO_MAX);
}

/** The order's total income: amount x coefficient, rounded down to USDT's 6 decimals. */
export function investmentQuota(amount: string, coefficient: string): string {
  return fromLedgerUnits(
    floorToDecimals(mulLedger(units(amount, 'amount'), units(coefficient, 'coefficient')), USDT_DECIMALS),
  );
}

/** The phase of release day n (n = 1, 2, ...): ceil(n / 30). Day 30 is phase 1, day 31 phase 2. */
export function investmentPhase(day: number): number {
  if (!Number.isSafeInteger(day) || day < 1) throw new RangeError(`release days count from 1: ${day}`);
  return Math.ceil(day / PLAN_PHASE_DAYS);
}

function ratioTable(phaseRatios: readonly string[]): bigint[] {
  if (phaseRatios.length === 0) throw new RangeError('a product needs at least one phase');
  return phaseRatios.map((ratio) => {
    const value = units(ratio, 'ratio');
    if (value === 0n) throw new RangeError('a phase ratio must be positive');
    return value;
  });
}

/** Index into the phase table of a phase: past the table's end, its last ratio continues. */
function tableIndex(phase: number, table: readonly unknown[]): number {
  return Math.min(phase, table.length) - 1;
}

/** The daily release ratio of release day n (the last configured ratio continues past the table). */
export function investmentRatioForDay(day: number, phaseRatios: readonly string[]): string {
  const table = ratioTable(phaseRatios);
  return fromLedgerUnits(table[tableIndex(investmentPhase(day), table)]!);
}

/** One day's release of an investment order. */
export interface InvestmentRelease {
  /** Release day n: 1 is the UTC day after the join day. */
  day: number;
  phase: number;
  ratio: string;
  /** USDT released on that day. */
  amount: string;
  /** Total released once this day is paid. */
  releasedAfter: string;
  /** True for the release that reaches the quota (it took exactly the remainder). */
  last: boolean;
}

export interface InvestmentTerms {
  /** Order amount (USDT). */
  amount: string;
  /** `investmentQuota(amount, coefficient)`. */
  quota: string;
  /** The product's daily ratio per phase, in order. */
  phaseRatios: readonly string[];
}

function releaseUnits(amount: bigint, remaining: bigint, ratio: bigint): { daily: bigint; released: bigint } {
  const daily = floorToDecimals(mulLedger(amount, ratio), USDT_DECIMALS);
  if (daily === 0n && remaining > 0n) {
    // The product's minimum amount must prevent this: the order would never reach its quota.
    throw new RangeError('the daily release rounds to 0 USDT: the order can never reach its quota');
  }
  return { daily, released: daily < remaining ? daily : remaining };
}

/**
 * Release day n's amount: floor6(amount x the day's phase ratio), capped at what remains of the
 * quota, so the release that reaches the quota takes exactly the remainder. Null when the quota was
 * already reached before that day. `releasedBefore` is the total of days 1..n-1.
 */
export function investmentReleaseForDay(
  terms: InvestmentTerms & { releasedBefore: string; day: number },
): InvestmentRelease | null {
  const table = ratioTable(terms.phaseRatios);
  const quota = units(terms.quota, 'quota');
  const before = units(terms.releasedBefore, 'releasedBefore');
  if (before > quota) throw new RangeError('released more than the quota');
  if (before === quota) return null;
  const phase = investmentPhase(terms.day);
  const ratio = table[tableIndex(phase, table)]!;
  const { released } = releaseUnits(units(terms.amount, 'amount'), quota - before, ratio);
  const after = before + released;
  return {
    day: terms.day,
    phase,
    ratio: fromLedgerUnits(ratio),
    amount: fromLedgerUnits(released),
    releasedAfter: fromLedgerUnits(after),
    last: after === quota,
  };
}

/** Every release of an order, day 1 to the day that reaches the quota (empty for a zero quota). */
export function investmentSchedule(terms: InvestmentTerms): InvestmentRelease[] {
  const table = ratioTable(terms.phaseRatios);
  const amount = units(terms.amount, 'amount');
  const quota = units(terms.quota, 'quota');
  const schedule: InvestmentRelease[] = [];
  let releasedSoFar = 0n;
  for (let day = 1; releasedSoFar < quota; day += 1) {
    const phase = investmentPhase(day);
    const ratio = table[tableIndex(phase, table)]!;
    const { released } = releaseUnits(amount, quota - releasedSoFar, ratio);
    releasedSoFar += released;
    schedule.push({
      day,
      phase,
      ratio: fromLedgerUnits(ratio),
      amount: fromLedgerUnits(released),
      releasedAfter: fromLedgerUnits(releasedSoFar),
      last: releasedSoFar === quota,
    });
  }
  return schedule;
}

/** How many release days the whole schedule has, in closed form per phase (no day-by-day loop). */
export function investmentTotalDays(terms: InvestmentTerms): number {
  const table = ratioTable(terms.phaseRatios);
  const amount = units(terms.amount, 'amount');
  let remaining = units(terms.quota, 'quota');
  let days = 0;
  for (let index = 0; remaining > 0n; index += 1) {
    const { daily } = releaseUnits(amount, remaining, table[Math.min(index, table.length - 1)]!);
    const phaseTotal = daily * BigInt(PLAN_PHASE_DAYS);
    if (index >= table.length - 1 || phaseTotal >= remaining) {
      return days + Number((remaining + daily - 1n) / daily);
    }
    remaining -= phaseTotal;
    days += PLAN_PHASE_DAYS;
  }
  return days;
}

/** 00:00 UTC of release day n of an order joined at `createdAt` (day 1 is the next UTC day). */
export function investmentReleaseAt(createdAt: Date | number, day: number): Date {
  return utcDayStart(utcDayIndex(createdAt) + day);
}

/** Release days due by `now` (before capping at the schedule's length): whole UTC days since the join day. */
export function investmentDaysDue(createdAt: Date | number, now: Date | number): number {
  return utcDaysBetween(createdAt, now);
}

/** What an investment order's view shows beside its stored figures. */
export interface InvestmentOrderView {
  /** quota - released. */
  remaining: string;
  /** The current phase n: of the next release, or of the last one once completed. */
  phase: number;
  /** N: the phases the whole schedule spans. */
  phaseCount: number;
  /**
   * The phases of the product's table the order goes through (at most N): what a member can
   * follow on the product's table. Past them, the table's last ratio continues until the quota.
   */
  tablePhaseCount: number;
  totalDays: number;
  /** The next release's ratio; null once completed. */
  todayRatio: string | null;
  /** 00:00 UTC of the next release's day; null once completed. */
  nextReleaseAt: Date | null;
  status: TInvestmentStatus;
}

/**
 * An order's view from its terms and what has been released (`daysReleased` release rows totalling
 * `released`): the current phase, N, today's ratio and the next release time.
 */
export function investmentOrderView(
  terms: InvestmentTerms & { createdAt: Date | number; daysReleased: number; released: string },
): InvestmentOrderView {
  const table = ratioTable(terms.phaseRatios);
  const quota = units(terms.quota, 'quota');
  const released = units(terms.released, 'released');
  if (released > quota) throw new RangeError('released more than the quota');
  const daysReleased = wholeDays(terms.daysReleased, 'daysReleased');
  const totalDays = investmentTotalDays(terms);
  const phaseCount = totalDays === 0 ? 0 : investmentPhase(totalDays);
  const tablePhaseCount = Math.min(table.length, phaseCount);
  const remaining = fromLedgerUnits(quota - released);
  if (released === quota) {
    return {
      remaining,
      phase: phaseCount,
      phaseCount,
      tablePhaseCount,
      totalDays,
      todayRatio: null,
      nextReleaseAt: null,
      status: InvestmentStatus.COMPLETED,
    };
  }
  const next = daysReleased + 1;
  const phase = investmentPhase(next);
  return {
    remaining,
    phase,
    phaseCount,
    tablePhaseCount,
    totalDays,
    todayRatio: fromLedgerUnits(table[tableIndex(phase, table)]!),
    nextReleaseAt: investmentReleaseAt(terms.createdAt, next),
    status: InvestmentStatus.ACTIVE,
  };
}

// ---------------------------------------------------------------------------------------------
// ESOP / KPC plan: KPC bought with USDT, locked, then released in equal monthly phases

/** KPC allocated for `usdt` at `price` (USDT per KPC): floor18(usdt / price). */
export function esopAllocation(usdt: string, price: string): string {
  const priceUnits = units(price, 'price');
  if (priceUnits === 0n) throw new RangeError('the KPC price must be positive');
  const kpc = mulDivDown(units(usdt, 'usdt'), UNIT, priceUnits);
  return fromLedgerUnits(floorToDecimals(kpc, KPC_DECIMALS));
}

/** When the lock-up ends: createdAt + lockMonths x 30 days (to the millisecond, not rounded to a day). */
export function esopLockEnd(createdAt: Date | number, lockMonths: number): Date {
  return new Date(msOf(createdAt) + wholeDays(lockMonths, 'lockMonths') * PLAN_MONTH_DAYS * DAY_MS);
}

export interface EsopTerms {
  /** KPC allocated. */
  kpc: string;
  createdAt: Date | number;
  lockMonths: number;
  releaseMonths: number;
}

/** One monthly phase of an ESOP order's release. */
export interface EsopPhase {
  /** 1..releaseMonths. */
  phase: number;
  /** lockEnd + phase x 30 days: that month of release has elapsed. */
  dueAt: Date;
  /** KPC: floor18(kpc / releaseMonths); the last phase takes exactly the remainder. */
  amount: string;
}

function esopPhaseUnits(kpc: bigint, releaseMonths: number, phase: number): bigint {
  const each = floorToDecimals(kpc / BigInt(releaseMonths), KPC_DECIMALS);
  return phase === releaseMonths ? kpc - each * BigInt(releaseMonths - 1) : each;
}

function releaseMonthsOf(releaseMonths: number): number {
  if (wholeDays(releaseMonths, 'releaseMonths') === 0)
    throw new RangeError('an ESOP plan releases over 1 month or more');
  return releaseMonths;
}

/** Every phase of an ESOP order: due dates and amounts, which sum to the KPC allocated exactly. */
export function esopSchedule(terms: EsopTerms): EsopPhase[] {
  const kpc = units(terms.kpc, 'kpc');
  const months = releaseMonthsOf(terms.releaseMonths);
  const lockEnd = esopLockEnd(terms.createdAt, terms.lockMonths).getTime();
  return Array.from({ length: months }, (_, index) => ({
    phase: index + 1,
    dueAt: new Date(lockEnd + (index + 1) * PLAN_MONTH_DAYS * DAY_MS),
    amount: fromLedgerUnits(esopPhaseUnits(kpc, months, index + 1)),
  }));
}

/** How many phases are due by `now` (what the engine has released once it caught up). */
export function esopPhasesDue(terms: Omit<EsopTerms, 'kpc'>, now: Date | number): number {
  const months = releaseMonthsOf(terms.releaseMonths);
  const elapsed = msOf(now) - esopLockEnd(terms.createdAt, terms.lockMonths).getTime();
  if (elapsed <= 0) return 0;
  return Math.min(months, Math.floor(elapsed / (PLAN_MONTH_DAYS * DAY_MS)));
}

export interface EsopOrderView {
  lockEndsAt: Date;
  phaseCount: number;
  /** KPC released so far and KPC still locked. */
  released: string;
  locked: string;
  nextReleaseAt: Date | null;
  nextReleaseAmount: string | null;
  status: TEsopStatus;
}

/** An ESOP order's view from its terms and how many phases have been released. */
export function esopOrderView(terms: EsopTerms & { phasesReleased: number; now: Date | number }): EsopOrderView {
  const kpc = units(terms.kpc, 'kpc');
  const months = releaseMonthsOf(terms.releaseMonths);
  const done = wholeDays(terms.phasesReleased, 'phasesReleased');
  if (done > months) throw new RangeError('released more phases than the plan has');
  let released = 0n;
  for (let phase = 1; phase <= done; phase += 1) released += esopPhaseUnits(kpc, months, phase);
  const lockEndsAt = esopLockEnd(terms.createdAt, terms.lockMonths);
  const next = done < months ? esopSchedule(terms)[done]! : null;
  let status: TEsopStatus = EsopStatus.RELEASING;
  if (!next) status = EsopStatus.COMPLETED;
  else if (msOf(terms.now) < lockEndsAt.getTime()) status = EsopStatus.LOCKED;
  return {
    lockEndsAt,
    phaseCount: months,
    released: fromLedgerUnits(released),
    locked: fromLedgerUnits(kpc - released),
    nextReleaseAt: next ? next.dueAt : null,
    nextReleaseAmount: next ? next.amount : null,
    status,
  };
}

// ---------------------------------------------------------------------------------------------
// Pledge (staking, KPC): daily rewards for a term, the principal back at maturity

/** One day's pledge reward: floor18(amount x dailyRate) KPC. */
export function pledgeReward(amount: string, dailyRate: string): string {
  return fromLedgerUnits(
    floorToDecimals(mulLedger(units(amount, 'amount'), units(dailyRate, 'dailyRate')), KPC_DECIMALS),
  );
}

/** 00:00 UTC of reward day n (day 1 is the UTC day after the pledge day). */
export function pledgeRewardAt(createdAt: Date | number, day: number): Date {
  return utcDayStart(utcDayIndex(createdAt) + day);
}

/** Maturity: 00:00 UTC of reward day `termDays`, when the principal returns to available. */
export function pledgeMaturesAt(createdAt: Date | number, termDays: number): Date {
  return pledgeRewardAt(createdAt, wholeDays(termDays, 'termDays'));
}

/** Days until maturity at `now` (0 from the maturity day on). */
export function pledgeRemainingDays(createdAt: Date | number, termDays: number, now: Date | number): number {
  return Math.max(0, wholeDays(termDays, 'termDays') - utcDaysBetween(createdAt, now));
}

export interface PledgeTerms {
  /** KPC pledged. */
  amount: string;
  dailyRate: string;
  termDays: number;
  createdAt: Date | number;
}

export interface PledgeSchedule {
  /** Reward days 1..termDays, each paying the same reward. */
  rewards: { day: number; dueAt: Date; amount: string }[];
  totalRewards: string;
  maturesAt: Date;
}

/** A pledge's whole term: its daily rewards, their total and its maturity. */
export function pledgeSchedule(terms: PledgeTerms): PledgeSchedule {
  const days = wholeDays(terms.termDays, 'termDays');
  const reward = pledgeReward(terms.amount, terms.dailyRate);
  return {
    rewards: Array.from({ length: days }, (_, index) => ({
      day: index + 1,
      dueAt: pledgeRewardAt(terms.createdAt, index + 1),
      amount: reward,
    })),
    totalRewards: fromLedgerUnits(toLedgerUnits(reward) * BigInt(days)),
    maturesAt: pledgeMaturesAt(terms.createdAt, days),
  };
}

/**
 * Early redemption: the penalty is `penaltyRate` of the principal, rounded up to KPC's decimals
 * like every fee (the house never undercharges) and never more than the principal; the rest
 * returns to available. Rewards already paid stay paid.
 */
export function earlyRedemption(terms: { amount: string; penaltyRate: string }): { penalty: string; returned: string } {
  const amount = units(terms.amount, 'amount');
  const rate = units(terms.penaltyRate, 'penaltyRate');
  if (rate > UNIT) throw new RangeError(`a penalty rate is at most 1: ${terms.penaltyRate}`);
  const byRate = ceilToDecimals(mulDivUp(amount, rate, UNIT), KPC_DECIMALS);
  const penalty = byRate < amount ? byRate : amount;
  return { penalty: fromLedgerUnits(penalty), returned: fromLedgerUnits(amount - penalty) };
}

// ---------------------------------------------------------------------------------------------
// Configuration the release engine can honour: the smallest release of an order is one unit or more

function positiveUnits(value: string): bigint | null {
  try {
    const parsed = toLedgerUnits(value);
    return parsed > 0n ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * True when an investment product's smallest daily release — its minimum amount at its smallest
 * phase ratio, floored to USDT's decimals — is above 0, so every order it takes (at least the
 * minimum) releases something each day. A product where it is 0 is not offered and not joined:
 * its orders could never reach their quota (the engine would skip them every day).
 */
export function investmentProductReleases(product: { minAmount: string; phaseRatios: readonly string[] }): boolean {
  const min = positiveUnits(product.minAmount);
  const ratios = product.phaseRatios.map(positiveUnits);
  if (min === null || ratios.length === 0 || ratios.some((ratio) => ratio === null)) return false;
  const smallest = (ratios as bigint[]).reduce((a, b) => (b < a ? b : a));
  return floorToDecimals(mulLedger(min, smallest), USDT_DECIMALS) > 0n;
}

/**
 * True when a pledge term's minimum pledge earns a reward above 0 a day (floor18(min x rate)). A
 * term where it is 0 is not offered and not pledged to.
 */
export function pledgeTermRewards(term: { minAmount: string; dailyRate: string }): boolean {
  const min = positiveUnits(term.minAmount);
  const rate = positiveUnits(term.dailyRate);
  if (min === null || rate === null) return false;
  return floorToDecimals(mulLedger(min, rate), KPC_DECIMALS) > 0n;
}

/**
 * True when every monthly phase of an ESOP order of `kpc` over `releaseMonths` releases above 0
 * (floor18(kpc / months); the last takes the remainder). An order where a phase is 0 is refused
 * when subscribed: KPC's price decides the KPC, so this is checked per order.
 */
export function esopOrderReleases(kpc: string, releaseMonths: number): boolean {
  const units = positiveUnits(kpc);
  if (units === null || !Number.isSafeInteger(releaseMonths) || releaseMonths < 1) return false;
  return esopPhaseUnits(units, releaseMonths, 1) > 0n;
}
