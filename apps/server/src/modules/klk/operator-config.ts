import { AppError } from '@kpc/shared';
import {
  ConfigDomain,
  type TKlkTierRow,
  type TKlkTierSaveRequest,
  type TProductStatusRequest,
} from '@kpc/shared/operator';
import { asc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { klkTiers } from '../../db/schema/index.ts';
import { decimal } from '../../lib/wire-format.ts';
import type { Actor } from '../audit/service.ts';
import { applyProductChange, positive, versionsOf } from '../config/product-change.ts';

/**
 * Operators' configuration of the broker package tiers (Step 8b §2). A purchase copies what it paid
 * and the codes it got (klk_purchases.paid, code_count) and is refused when the price shown is no
 * longer the price (PRICE_CHANGED, Step 7b): a change reaches new purchases only.
 */

function tierRow(row: typeof klkTiers.$inferSelect, version: number): TKlkTierRow {
  return {
    id: row.id.toString(),
    level: row.level,
    rank: row.rank,
    price: decimal(row.price),
    codeCount: row.codeCount,
    status: row.status as TKlkTierRow['status'],
    version,
  };
}

const termsOf = ({ version: _version, ...terms }: TKlkTierRow) => terms;

export async function listKlkTiers(db: Executor): Promise<TKlkTierRow[]> {
  const [rows, versions] = await Promise.all([
    db.select().from(klkTiers).orderBy(asc(klkTiers.rank)),
    versionsOf(db, ConfigDomain.KLK),
  ]);
  return rows.map((row) => tierRow(row, versions.get(row.id.toString()) ?? 0));
}

const idOf = (value: string) => {
  if (!/^\d{1,18}$/.test(value)) throw new AppError('CONFIG_NOT_FOUND');
  return BigInt(value);
};

async function lockTier(tx: Executor, id: bigint) {
  const [row] = await tx.select().from(klkTiers).where(eq(klkTiers.id, id)).for('update');
  if (!row) throw new AppError('CONFIG_NOT_FOUND');
  return row;
}

export async function saveKlkTier(db: Database, actor: Actor, request: TKlkTierSaveRequest) {
  positive('price', request.price);
  if (request.codeCount < 0) throw new AppError('CONFIG_NEGATIVE', { field: 'codeCount' });
  if (request.rank < 1) throw new AppError('CONFIG_NEGATIVE', { field: 'rank' });
  const terms = { level: request.level, rank: request.rank, price: request.price, codeCount: request.codeCount };
  const id = request.id === undefined ? null : idOf(request.id);
  return applyProductChange(db, actor, {
    domain: ConfigDomain.KLK,
    version: request.version,
    reason: request.reason,
    uniqueField: 'level / rank',
    lock: async (tx) =>
      id === null ? null : { subject: id.toString(), before: termsOf(tierRow(await lockTier(tx, id), 0)) },
    write: async (tx) => {
      const [row] =
        id === null
          ? await tx.insert(klkTiers).values(terms).returning()
          : await tx.update(klkTiers).set(terms).where(eq(klkTiers.id, id)).returning();
      return { subject: row!.id.toString(), after: termsOf(tierRow(row!, 0)) };
    },
  });
}

/** Sells (`active`) or stops selling (`closed`) a tier; members who hold it keep it. */
export async function setKlkTierStatus(db: Database, actor: Actor, request: TProductStatusRequest) {
  const id = idOf(request.id);
  return applyProductChange(db, actor, {
    domain: ConfigDomain.KLK,
    version: request.version,
    reason: request.reason,
    lock: async (tx) => ({ subject: id.toString(), before: { status: (await lockTier(tx, id)).status } }),
    write: async (tx) => {
      const [row] = await tx.update(klkTiers).set({ status: request.status }).where(eq(klkTiers.id, id)).returning();
      return { subject: id.toString(), after: { status: row!.status } };
    },
  });
}
