import { AppError, LEDGER_SCALE, parseDecimal, toLedgerUnits } from '@kpc/shared';
import { and, asc, desc, eq, lte } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { assets, exchangePairs, kpcPrices } from '../db/schema.ts';

/** Assets, prices and exchange pairs: configuration rows the ledger's callers read. */

export interface AssetInfo {
  code: string;
  decimals: number;
}

/** Enabled assets in display order. */
export async function getAssets(db: Executor): Promise<AssetInfo[]> {
  return db
    .select({ code: assets.code, decimals: assets.decimals })
    .from(assets)
    .where(eq(assets.enabled, true))
    .orderBy(asc(assets.sortOrder), asc(assets.code));
}

export async function getAsset(db: Executor, code: string): Promise<AssetInfo> {
  const [asset] = await db
    .select({ code: assets.code, decimals: assets.decimals })
    .from(assets)
    .where(and(eq(assets.code, code), eq(assets.enabled, true)));
  if (!asset) throw new AppError('ASSET_UNAVAILABLE');
  return asset;
}

/**
 * A member-typed amount in ledger units. More decimals than the asset has is refused, never
 * rounded: rounding someone's money silently is how ledgers drift.
 */
export function parseAmount(asset: AssetInfo, value: string): bigint {
  let units: bigint;
  try {
    units = parseDecimal(value, asset.decimals);
  } catch {
    throw new AppError('AMOUNT_TOO_PRECISE', { decimals: asset.decimals });
  }
  if (units <= 0n) throw new AppError('INVALID_REQUEST');
  return units * 10n ** BigInt(LEDGER_SCALE - asset.decimals);
}

/** KPC's price in USDT now: the latest price in effect (SPEC §7 /api/card/getPrice). */
export async function getKpcPrice(db: Executor, now: Date): Promise<{ price: bigint; updatedAt: Date }> {
  const [row] = await db
    .select({ price: kpcPrices.price, effectiveAt: kpcPrices.effectiveAt })
    .from(kpcPrices)
    .where(lte(kpcPrices.effectiveAt, now))
    .orderBy(desc(kpcPrices.effectiveAt), desc(kpcPrices.id))
    .limit(1);
  if (!row) throw new Error('no KPC price in effect');
  return { price: toLedgerUnits(row.price), updatedAt: row.effectiveAt };
}

/** What one unit of `asset` is worth in USDT, in ledger units: USDT 1, KPC its price. */
export function usdtPerUnit(asset: string, kpcPrice: bigint): bigint {
  if (asset === 'USDT') return 10n ** BigInt(LEDGER_SCALE);
  if (asset === 'KPC') return kpcPrice;
  throw new Error(`no USDT value for ${asset}`);
}

export interface PairInfo {
  from: string;
  to: string;
  feeRate: bigint;
  minAmount: bigint;
}

/** Open exchange pairs. */
export async function getExchangePairs(db: Executor): Promise<PairInfo[]> {
  const rows = await db.select().from(exchangePairs).where(eq(exchangePairs.enabled, true));
  return rows.map((row) => ({
    from: row.fromAsset,
    to: row.toAsset,
    feeRate: toLedgerUnits(row.feeRate),
    minAmount: toLedgerUnits(row.minAmount),
  }));
}
