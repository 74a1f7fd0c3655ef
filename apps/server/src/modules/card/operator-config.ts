import { AppError, toLedgerUnits } from '@kpc/shared';
import {
  ConfigDomain,
  type TCardProductRow,
  type TCardProductSaveRequest,
  type TProductStatusRequest,
} from '@kpc/shared/operator';
import { asc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { cardProducts } from '../../db/schema/index.ts';
import { decimal } from '../../lib/wire-format.ts';
import type { Actor } from '../audit/service.ts';
import { applyProductChange, belowOne, nonNegative, ordered, positive, versionsOf } from '../config/product-change.ts';

/**
 * Operators' configuration of the card products (Step 8b §2). An application copies the fees it paid
 * (card_applications: issuance, KYC, initial top-up) and an issued card its monthly fee
 * (cards.monthly_fee): a change reaches new applications and cards only. Top-up fees and limits
 * apply to each top-up as it is made.
 */

function cardRow(row: typeof cardProducts.$inferSelect, version: number): TCardProductRow {
  return {
    code: row.code,
    networks: row.networks,
    issuanceFee: decimal(row.issuanceFee),
    kycFee: decimal(row.kycFee),
    initialTopUp: decimal(row.initialTopUp),
    monthlyFee: decimal(row.monthlyFee),
    topUpFeeRate: decimal(row.topUpFeeRate),
    topUpMinFee: decimal(row.topUpMinFee),
    singleLimit: decimal(row.singleLimit),
    dailyLimit: decimal(row.dailyLimit),
    monthlyLimit: decimal(row.monthlyLimit),
    sortOrder: row.sort,
    status: row.active ? 'active' : 'closed',
    version,
  };
}

const termsOf = ({ version: _version, ...terms }: TCardProductRow) => terms;

export async function listCardProducts(db: Executor): Promise<TCardProductRow[]> {
  const [rows, versions] = await Promise.all([
    db.select().from(cardProducts).orderBy(asc(cardProducts.sort), asc(cardProducts.code)),
    versionsOf(db, ConfigDomain.CARD),
  ]);
  return rows.map((row) => cardRow(row, versions.get(row.code) ?? 0));
}

async function lockProduct(tx: Executor, code: string) {
  const [row] = await tx.select().from(cardProducts).where(eq(cardProducts.code, code)).for('update');
  if (!row) throw new AppError('CONFIG_NOT_FOUND');
  return row;
}

export async function saveCardProduct(db: Database, actor: Actor, request: TCardProductSaveRequest) {
  for (const field of ['issuanceFee', 'kycFee', 'initialTopUp', 'monthlyFee', 'topUpMinFee'] as const) {
    nonNegative(field, request[field]);
  }
  belowOne('topUpFeeRate', request.topUpFeeRate);
  const single = positive('singleLimit', request.singleLimit);
  const daily = toLedgerUnits(request.dailyLimit);
  ordered('dailyLimit', single, daily);
  ordered('monthlyLimit', daily, toLedgerUnits(request.monthlyLimit));
  const { code, isNew, version: _version, reason: _reason, ...terms } = request;
  const networks = [...new Set(terms.networks)];
  return applyProductChange(db, actor, {
    domain: ConfigDomain.CARD,
    version: request.version,
    reason: request.reason,
    uniqueField: 'code',
    lock: async (tx) => (isNew ? null : { subject: code, before: termsOf(cardRow(await lockProduct(tx, code), 0)) }),
    write: async (tx) => {
      const values = { ...terms, networks };
      const [row] = isNew
        ? await tx
            .insert(cardProducts)
            .values({ code, ...values })
            .returning()
        : await tx.update(cardProducts).set(values).where(eq(cardProducts.code, code)).returning();
      return { subject: code, after: termsOf(cardRow(row!, 0)) };
    },
  });
}

/** Offers or withdraws a product (new applications only) and sets its place in the list. */
export async function setCardProductStatus(db: Database, actor: Actor, request: TProductStatusRequest) {
  const view = (row: typeof cardProducts.$inferSelect) => ({
    status: row.active ? 'active' : 'closed',
    sortOrder: row.sort,
  });
  return applyProductChange(db, actor, {
    domain: ConfigDomain.CARD,
    version: request.version,
    reason: request.reason,
    lock: async (tx) => ({ subject: request.id, before: view(await lockProduct(tx, request.id)) }),
    write: async (tx) => {
      const [row] = await tx
        .update(cardProducts)
        .set({
          active: request.status === 'active',
          ...(request.sortOrder === undefined ? {} : { sort: request.sortOrder }),
        })
        .where(eq(cardProducts.code, request.id))
        .returning();
      return { subject: request.id, after: view(row!) };
    },
  });
}
