import { AppError, toLedgerUnits } from '@kpc/shared';
import type { TConfigDomain } from '@kpc/shared/operator';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { configChanges } from '../../db/schema/index.ts';
import type { Actor } from '../audit/service.ts';
import { recordConfigChange } from './history.ts';

/**
 * How a product domain's row changes (Step 8b §2), shared by plans, ESOP, pledges, broker tiers and
 * card products: in one transaction the row is locked, its configuration version compared with the
 * one the operator edited (a newer one: CONFIG_CONFLICT, nothing written), the row written and the
 * version recorded (history + audit). Orders copy their terms, so the change reaches new orders only.
 */

/** Every subject's newest version in `domain` (0 for a row never changed), for the list pages. */
export async function versionsOf(db: Executor, domain: TConfigDomain): Promise<Map<string, number>> {
  const rows = await db
    .select({ subject: configChanges.subject, version: sql<number>`max(${configChanges.version})::int` })
    .from(configChanges)
    .where(eq(configChanges.domain, domain))
    .groupBy(configChanges.subject);
  return new Map(rows.map((row) => [row.subject, Number(row.version)]));
}

async function versionOf(tx: Executor, domain: TConfigDomain, subject: string): Promise<number> {
  const [row] = await tx
    .select({ version: sql<number | null>`max(${configChanges.version})::int` })
    .from(configChanges)
    .where(and(eq(configChanges.domain, domain), eq(configChanges.subject, subject)));
  return Number(row?.version ?? 0);
}

export interface ProductChange<Row> {
  domain: TConfigDomain;
  /** The version the operator edited (0: a row never changed, or a new row). */
  version: number;
  reason: string;
  /** The existing row, locked (`for update`), or null for a new one. */
  lock: (tx: Executor) => Promise<{ subject: string; before: Row } | null>;
  /** Writes the row; answers its subject and the terms after. */
  write: (tx: Executor) => Promise<{ subject: string; after: Row }>;
  /** Which field a unique key guards, for CONFIG_DUPLICATE. */
  uniqueField?: string;
}

/** Applies one change: refused whole (nothing written) on a newer version, a duplicate or a broken rule. */
export async function applyProductChange<Row extends object>(
  db: Database,
  actor: Actor,
  change: ProductChange<Row>,
): Promise<Row> {
  try {
    return await db.transaction(async (tx) => {
      const locked = await change.lock(tx);
      if (locked && (await versionOf(tx, change.domain, locked.subject)) !== change.version) {
        throw new AppError('CONFIG_CONFLICT');
      }
      const { subject, after } = await change.write(tx);
      await recordConfigChange(tx, actor, {
        domain: change.domain,
        subject,
        before: locked ? (locked.before as Record<string, unknown>) : null,
        after: after as Record<string, unknown>,
        reason: change.reason,
        effectiveFrom: new Date(),
      });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error) && !(error instanceof AppError)) {
      // A new row's code, level or rank taken (the config_changes key is answered CONFIG_CONFLICT inside).
      throw new AppError('CONFIG_DUPLICATE', { field: change.uniqueField ?? 'id' });
    }
    throw error;
  }
}

// --- Rules every domain checks before it writes -----------------------------------------------------

/** At least zero (fees, rates, penalties). */
export function nonNegative(field: string, value: string): bigint {
  const units = toLedgerUnits(value);
  if (units < 0n) throw new AppError('CONFIG_NEGATIVE', { field });
  return units;
}

/** Above zero (prices, minimums, coefficients). */
export function positive(field: string, value: string): bigint {
  const units = toLedgerUnits(value);
  if (units <= 0n) throw new AppError('CONFIG_NEGATIVE', { field });
  return units;
}

/** `min` <= `max`. */
export function ordered(field: string, min: bigint, max: bigint): void {
  if (min > max) throw new AppError('CONFIG_MIN_ABOVE_MAX', { field });
}

/** A share strictly below 1 (a penalty, a top-up fee rate). */
export function belowOne(field: string, value: string): bigint {
  const units = nonNegative(field, value);
  if (units >= 10n ** 18n) throw new AppError('CONFIG_RATE_RANGE', { min: '0', max: '<1' });
  return units;
}

/** The NUMERIC a value is stored as, without trailing noise (`0.00350` -> `0.0035`). */
export const stored = (value: string) => value.trim();
