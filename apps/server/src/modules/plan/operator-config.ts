import { AppError, isDecimalString, toLedgerUnits } from '@kpc/shared';
import {
  ConfigDomain,
  type TEsopTermsRow,
  type TEsopTermsSaveRequest,
  type TPlanProductRow,
  type TPlanProductSaveRequest,
  type TPledgeTermsRow,
  type TPledgeTermsSaveRequest,
  type TProductStatusRequest,
} from '@kpc/shared/operator';
import { asc, desc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { esopTerms, planProducts, pledgeTerms } from '../../db/schema/index.ts';
import { decimal } from '../../lib/wire-format.ts';
import type { Actor } from '../audit/service.ts';
import { applyProductChange, belowOne, nonNegative, ordered, positive, versionsOf } from '../config/product-change.ts';

/**
 * Operators' configuration of the plans (Step 8b §2): investment products and their phase tables,
 * ESOP terms, pledge terms. Orders copy what they were sold with (plan_orders: coefficient, quota,
 * phase ratios; esop_orders: lock-up and release months, price; pledges: days, daily rate,
 * penalty), so a change here reaches new orders only; the member app reads the rows on each request.
 */

/** SPEC §9: an investment phase releases 0.35%-0.5% of the order a day. */
export const PHASE_RATIO_MIN = '0.0035';
export const PHASE_RATIO_MAX = '0.005';
/** A pledge's daily reward: above zero, never above SPEC's highest daily ratio (0.5%). */
export const PLEDGE_RATE_MAX = '0.005';
const MAX_PHASES = 120;

const idOf = (value: string) => {
  const id = BigInt(value);
  if (id <= 0n || id > 9_223_372_036_854_775_807n) throw new AppError('CONFIG_NOT_FOUND');
  return id;
};

// --- Investment products ---------------------------------------------------------------------------

function planRow(row: typeof planProducts.$inferSelect, version: number): TPlanProductRow {
  return {
    id: row.id.toString(),
    nameKey: row.nameKey,
    minAmount: decimal(row.minAmount),
    maxAmount: decimal(row.maxAmount),
    coefficient: decimal(row.coefficient),
    phaseRatios: row.phaseRatios.map(decimal),
    status: row.status as TPlanProductRow['status'],
    sortOrder: row.sortOrder,
    version,
  };
}

/** Without `version` (the history's before/after are the terms). */
const termsOf = <T extends { version: number }>({ version: _version, ...terms }: T) => terms;

export async function listPlanProducts(db: Executor): Promise<TPlanProductRow[]> {
  const [rows, versions] = await Promise.all([
    db.select().from(planProducts).orderBy(asc(planProducts.sortOrder), asc(planProducts.id)),
    versionsOf(db, ConfigDomain.PLAN),
  ]);
  return rows.map((row) => planRow(row, versions.get(row.id.toString()) ?? 0));
}

/** A phase table: 1 to 120 phases, none empty, each 0.35%-0.5% a day. */
export function checkPhaseTable(ratios: string[]): void {
  const [min, max] = [toLedgerUnits(PHASE_RATIO_MIN), toLedgerUnits(PHASE_RATIO_MAX)];
  const valid =
    ratios.length >= 1 &&
    ratios.length <= MAX_PHASES &&
    ratios.every((ratio) => isDecimalString(ratio) && ratio.split('.')[1]?.length !== 0)
      ? ratios.every((ratio) => {
          const units = toLedgerUnits(ratio);
          return units >= min && units <= max;
        })
      : false;
  if (!valid) throw new AppError('CONFIG_PHASES_INVALID');
}

export async function savePlanProduct(db: Database, actor: Actor, request: TPlanProductSaveRequest) {
  const min = positive('minAmount', request.minAmount);
  ordered('maxAmount', min, toLedgerUnits(request.maxAmount));
  if (toLedgerUnits(request.coefficient) < 10n ** 18n) throw new AppError('CONFIG_NEGATIVE', { field: 'coefficient' });
  checkPhaseTable(request.phaseRatios);
  const terms = {
    nameKey: request.nameKey,
    minAmount: request.minAmount,
    maxAmount: request.maxAmount,
    coefficient: request.coefficient,
    phaseRatios: request.phaseRatios,
  };
  const id = request.id === undefined ? null : idOf(request.id);
  return applyProductChange(db, actor, {
    domain: ConfigDomain.PLAN,
    version: request.version,
    reason: request.reason,
    lock: async (tx) => {
      if (id === null) return null;
      const [row] = await tx.select().from(planProducts).where(eq(planProducts.id, id)).for('update');
      if (!row) throw new AppError('CONFIG_NOT_FOUND');
      return { subject: id.toString(), before: termsOf(planRow(row, 0)) };
    },
    write: async (tx) => {
      const [row] =
        id === null
          ? await tx.insert(planProducts).values(terms).returning()
          : await tx.update(planProducts).set(terms).where(eq(planProducts.id, id)).returning();
      return { subject: row!.id.toString(), after: termsOf(planRow(row!, 0)) };
    },
  });
}

// --- ESOP terms --------------------------------------------------------------------------------------

function esopRow(row: typeof esopTerms.$inferSelect, version: number): TEsopTermsRow {
  return {
    id: row.id.toString(),
    lockMonths: row.lockMonths,
    releaseMonths: row.releaseMonths,
    minUsdt: decimal(row.minUsdt),
    maxUsdt: decimal(row.maxUsdt),
    status: row.status as TEsopTermsRow['status'],
    version,
  };
}

/** Newest first: the newest active row is the one new subscriptions take. */
export async function listEsopTerms(db: Executor): Promise<TEsopTermsRow[]> {
  const [rows, versions] = await Promise.all([
    db.select().from(esopTerms).orderBy(desc(esopTerms.id)),
    versionsOf(db, ConfigDomain.ESOP),
  ]);
  return rows.map((row) => esopRow(row, versions.get(row.id.toString()) ?? 0));
}

export async function saveEsopTerms(db: Database, actor: Actor, request: TEsopTermsSaveRequest) {
  if (request.lockMonths < 0 || request.lockMonths > 120) {
    throw new AppError('CONFIG_PERIOD_INVALID', { field: 'lockMonths' });
  }
  if (request.releaseMonths < 1 || request.releaseMonths > MAX_PHASES) {
    throw new AppError('CONFIG_PERIOD_INVALID', { field: 'releaseMonths' });
  }
  ordered('maxUsdt', positive('minUsdt', request.minUsdt), toLedgerUnits(request.maxUsdt));
  const terms = {
    lockMonths: request.lockMonths,
    releaseMonths: request.releaseMonths,
    minUsdt: request.minUsdt,
    maxUsdt: request.maxUsdt,
  };
  const id = request.id === undefined ? null : idOf(request.id);
  return applyProductChange(db, actor, {
    domain: ConfigDomain.ESOP,
    version: request.version,
    reason: request.reason,
    lock: async (tx) => {
      if (id === null) return null;
      const [row] = await tx.select().from(esopTerms).where(eq(esopTerms.id, id)).for('update');
      if (!row) throw new AppError('CONFIG_NOT_FOUND');
      return { subject: id.toString(), before: termsOf(esopRow(row, 0)) };
    },
    write: async (tx) => {
      const [row] =
        id === null
          ? await tx.insert(esopTerms).values(terms).returning()
          : await tx.update(esopTerms).set(terms).where(eq(esopTerms.id, id)).returning();
      return { subject: row!.id.toString(), after: termsOf(esopRow(row!, 0)) };
    },
  });
}

// --- Pledge terms ------------------------------------------------------------------------------------

function pledgeRow(row: typeof pledgeTerms.$inferSelect, version: number): TPledgeTermsRow {
  return {
    id: row.id.toString(),
    days: row.days,
    dailyRate: decimal(row.dailyRate),
    minAmount: decimal(row.minAmount),
    earlyPenaltyRate: decimal(row.earlyPenaltyRate),
    status: row.status as TPledgeTermsRow['status'],
    sortOrder: row.sortOrder,
    version,
  };
}

export async function listPledgeTerms(db: Executor): Promise<TPledgeTermsRow[]> {
  const [rows, versions] = await Promise.all([
    db.select().from(pledgeTerms).orderBy(asc(pledgeTerms.sortOrder), asc(pledgeTerms.id)),
    versionsOf(db, ConfigDomain.PLEDGE),
  ]);
  return rows.map((row) => pledgeRow(row, versions.get(row.id.toString()) ?? 0));
}

export async function savePledgeTerms(db: Database, actor: Actor, request: TPledgeTermsSaveRequest) {
  if (request.days < 1 || request.days > 3650) throw new AppError('CONFIG_PERIOD_INVALID', { field: 'days' });
  const rate = nonNegative('dailyRate', request.dailyRate);
  if (rate === 0n || rate > toLedgerUnits(PLEDGE_RATE_MAX)) {
    throw new AppError('CONFIG_RATE_RANGE', { min: '0', max: PLEDGE_RATE_MAX });
  }
  positive('minAmount', request.minAmount);
  belowOne('earlyPenaltyRate', request.earlyPenaltyRate);
  const terms = {
    days: request.days,
    dailyRate: request.dailyRate,
    minAmount: request.minAmount,
    earlyPenaltyRate: request.earlyPenaltyRate,
  };
  const id = request.id === undefined ? null : idOf(request.id);
  return applyProductChange(db, actor, {
    domain: ConfigDomain.PLEDGE,
    version: request.version,
    reason: request.reason,
    lock: async (tx) => {
      if (id === null) return null;
      const [row] = await tx.select().from(pledgeTerms).where(eq(pledgeTerms.id, id)).for('update');
      if (!row) throw new AppError('CONFIG_NOT_FOUND');
      return { subject: id.toString(), before: termsOf(pledgeRow(row, 0)) };
    },
    write: async (tx) => {
      const [row] =
        id === null
          ? await tx.insert(pledgeTerms).values(terms).returning()
          : await tx.update(pledgeTerms).set(terms).where(eq(pledgeTerms.id, id)).returning();
      return { subject: row!.id.toString(), after: termsOf(pledgeRow(row!, 0)) };
    },
  });
}

// --- Offer or withdraw (every plan domain) ----------------------------------------------------------

const STATUS_TABLES = {
  [ConfigDomain.PLAN]: planProducts,
  [ConfigDomain.ESOP]: esopTerms,
  [ConfigDomain.PLEDGE]: pledgeTerms,
} as const;

/** Offers (`active`) or withdraws (`closed`) a row and sets its place: existing orders run on either way. */
export async function setPlanStatus(
  db: Database,
  actor: Actor,
  domain: keyof typeof STATUS_TABLES,
  request: TProductStatusRequest,
) {
  const table = STATUS_TABLES[domain];
  const id = /^\d+$/.test(request.id) ? idOf(request.id) : null;
  if (id === null) throw new AppError('CONFIG_NOT_FOUND');
  const view = (row: Record<string, unknown>) => ({
    status: row.status as string,
    ...('sortOrder' in row ? { sortOrder: row.sortOrder as number } : {}),
  });
  return applyProductChange(db, actor, {
    domain,
    version: request.version,
    reason: request.reason,
    lock: async (tx) => {
      const [row] = await tx.select().from(table).where(eq(table.id, id)).for('update');
      if (!row) throw new AppError('CONFIG_NOT_FOUND');
      return { subject: id.toString(), before: view(row) };
    },
    write: async (tx) => {
      const set: Record<string, unknown> = { status: request.status };
      if (request.sortOrder !== undefined && 'sortOrder' in table) set.sortOrder = request.sortOrder;
      const [row] = await tx.update(table).set(set).where(eq(table.id, id)).returning();
      return { subject: id.toString(), after: view(row as Record<string, unknown>) };
    },
  });
}
