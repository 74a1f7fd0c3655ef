import { AppError, LEDGER_SCALE, parseDecimal, toLedgerUnits } from '@kpc/shared';
import { and, asc, desc, eq, gt, lte } from 'drizzle-orm';
import type { ChangeFeed } from '../db/change-feed.ts';
import type { Executor } from '../db/client.ts';
import { assets, exchangePairs, kpcPrices } from '../db/schema/index.ts';

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

/** The latest KPC price in effect at `now`, if there is one. */
async function latestKpcPrice(db: Executor, now: Date): Promise<PriceRow | undefined> {
  const [row] = await db
    .select({ price: kpcPrices.price, effectiveAt: kpcPrices.effectiveAt })
    .from(kpcPrices)
    .where(lte(kpcPrices.effectiveAt, now))
    .orderBy(desc(kpcPrices.effectiveAt), desc(kpcPrices.id))
    .limit(1);
  return row && { price: toLedgerUnits(row.price), effectiveAt: row.effectiveAt };
}

/** KPC's price in USDT now: the latest price in effect (SPEC §7 /api/card/getPrice). */
export async function getKpcPrice(db: Executor, now: Date): Promise<{ price: bigint; updatedAt: Date }> {
  const row = await latestKpcPrice(db, now);
  if (!row) throw new Error('no KPC price in effect');
  return { price: row.price, updatedAt: row.effectiveAt };
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
  /** The fee is burned (house account `burn`) rather than kept (`fees`). */
  burnFee: boolean;
}

/** Open exchange pairs. */
export async function getExchangePairs(db: Executor): Promise<PairInfo[]> {
  const rows = await db.select().from(exchangePairs).where(eq(exchangePairs.enabled, true));
  return rows.map((row) => ({
    from: row.fromAsset,
    to: row.toAsset,
    feeRate: toLedgerUnits(row.feeRate),
    minAmount: toLedgerUnits(row.minAmount),
    burnFee: row.burnFee,
  }));
}

/** Notified at commit by every write to assets, prices, pairs and channels (drizzle/0006_change_notifications.sql). */
const REFERENCE_CHANNEL = 'kpc_reference_data';

interface PriceRow {
  price: bigint;
  effectiveAt: Date;
}

/** The reference data as read at `loadedAt` (epoch ms). */
interface Snapshot {
  loadedAt: number;
  assets: AssetInfo[];
  /** The price in effect at `loadedAt` and every later one, newest first. */
  prices: PriceRow[];
  pairs: PairInfo[];
}

async function readSnapshot(db: Executor, now: Date): Promise<Snapshot> {
  const [assetList, current, later, pairs] = await Promise.all([
    getAssets(db),
    // No price yet is an answer; a failed query (a lost connection) must fail the whole read.
    latestKpcPrice(db, now),
    db
      .select({ price: kpcPrices.price, effectiveAt: kpcPrices.effectiveAt })
      .from(kpcPrices)
      .where(gt(kpcPrices.effectiveAt, now))
      .orderBy(desc(kpcPrices.effectiveAt), desc(kpcPrices.id)),
    getExchangePairs(db),
  ]);
  const prices = later.map((row) => ({ price: toLedgerUnits(row.price), effectiveAt: row.effectiveAt }));
  if (current) prices.push(current);
  return { loadedAt: now.getTime(), assets: assetList, prices, pairs };
}

/**
 * Assets, KPC prices and exchange pairs kept in memory: a read of them costs no query. Every
 * process drops its copy when a write to them commits (the change feed), and reads the database
 * while the feed is down; prices set for later are kept and take effect on time.
 */
export interface ReferenceData {
  assets(): Promise<AssetInfo[]>;
  /** An enabled asset, or ASSET_UNAVAILABLE. */
  asset(code: string): Promise<AssetInfo>;
  /** As `getKpcPrice`: the latest price in effect at `now`. */
  kpcPrice(now: Date): Promise<{ price: bigint; updatedAt: Date }>;
  pairs(): Promise<PairInfo[]>;
}

export async function createReferenceData(db: Executor, changes: ChangeFeed): Promise<ReferenceData> {
  let snapshot: Snapshot | undefined;
  let loading: Promise<Snapshot> | undefined;
  /** Bumped by every change: a load that started before it must not be kept. */
  let generation = 0;
  const drop = () => {
    generation += 1;
    snapshot = undefined;
    loading = undefined;
  };
  changes.onReset(drop);
  await changes.subscribe(REFERENCE_CHANNEL, drop);

  const load = (now: Date): Promise<Snapshot> => {
    if (loading) return loading;
    const startedAt = generation;
    const promise = readSnapshot(db, now).then(
      (read) => {
        if (generation === startedAt) {
          snapshot = read;
          loading = undefined;
        }
        return read;
      },
      (error: unknown) => {
        if (generation === startedAt) loading = undefined;
        throw error;
      },
    );
    loading = promise;
    return promise;
  };

  /**
   * A snapshot that is right at `now` (prices; any time when omitted): cached unless the feed is
   * down or `now` is before the snapshot was read (its prices start at that time).
   */
  const at = async (now?: Date): Promise<Snapshot> => {
    if (!changes.healthy) return readSnapshot(db, now ?? new Date());
    const cached = snapshot ?? (await load(now ?? new Date()));
    return !now || now.getTime() >= cached.loadedAt ? cached : readSnapshot(db, now);
  };

  return {
    assets: async () => (await at()).assets,
    async asset(code) {
      const asset = (await at()).assets.find((candidate) => candidate.code === code);
      if (!asset) throw new AppError('ASSET_UNAVAILABLE');
      return asset;
    },
    async kpcPrice(now) {
      const row = (await at(now)).prices.find((candidate) => candidate.effectiveAt.getTime() <= now.getTime());
      if (!row) throw new Error('no KPC price in effect');
      return { price: row.price, updatedAt: row.effectiveAt };
    },
    pairs: async () => (await at()).pairs,
  };
}
