import {
  Bucket,
  DEFAULT_PAGE_SIZE,
  EntryType,
  floorToDecimals,
  fromLedgerUnits,
  mulLedger,
  RecordKind,
  toLedgerUnits,
  type TAssetListResponse,
  type TBucket,
  type TAssetLogItem,
  type TAssetLogRequest,
  type THistoryItem,
  type THistoryRequest,
  type TTransferRecord,
  USDT_DECIMALS,
} from '@kpc/shared';
import { and, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { chainName, type ChainRuntime } from '../../chain/runtime.ts';
import type { Database } from '../../db/client.ts';
import { financialRecords } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { toPage } from '../../lib/paging.ts';
import { requestReplay, rowByRequest } from '../../lib/request-replay.ts';
import { postWithCause, type MemberBalance } from '../../ledger/ledger.ts';
import { memberPostings } from '../../ledger/reads.ts';
import { parseAmount, usdtPerUnit, type ReferenceData } from '../../ledger/reference-data.ts';
import { decimalOrNull } from '../../lib/wire-format.ts';
import { adjustmentNoteOf } from '../adjustments/reads.ts';

/**
 * `/api/ass/lst` (SPEC §7): per asset its buckets and USDT value, and the estimated total with its
 * parts by bucket. Each bucket's value is rounded down to USDT's decimals once, then only summed,
 * so the assets' values and the parts both add up to the total exactly. One query: the balances;
 * assets and the price come from memory.
 */
export async function listAssets(
  balancesOf: (memberId: string) => Promise<MemberBalance[]>,
  referenceData: ReferenceData,
  clock: Clock,
  memberId: string,
): Promise<TAssetListResponse> {
  const [assets, balances, { price }] = await Promise.all([
    referenceData.assets(),
    balancesOf(memberId),
    referenceData.kpcPrice(clock.now()),
  ]);
  // Every bucket (the type makes a new one join here): each is a part of the total the member sees.
  const parts: Record<TBucket, bigint> = { available: 0n, frozen: 0n, income: 0n, locked: 0n, staked: 0n };
  const buckets = Object.keys(parts) as TBucket[];
  let total = 0n;
  const lst = assets.map((asset) => {
    const of = (bucket: string) =>
      balances.find((row) => row.asset === asset.code && row.bucket === bucket)?.balance ?? 0n;
    const perUnit = usdtPerUnit(asset.code, price);
    let value = 0n;
    for (const bucket of buckets) {
      const bucketValue = floorToDecimals(mulLedger(of(bucket), perUnit), USDT_DECIMALS);
      parts[bucket] += bucketValue;
      value += bucketValue;
    }
    total += value;
    return {
      asset: asset.code,
      decimals: asset.decimals,
      available: fromLedgerUnits(of(Bucket.AVAILABLE)),
      frozen: fromLedgerUnits(of(Bucket.FROZEN)),
      income: fromLedgerUnits(of(Bucket.INCOME)),
      locked: fromLedgerUnits(of(Bucket.LOCKED)),
      staked: fromLedgerUnits(of(Bucket.STAKED)),
      valueUsdt: fromLedgerUnits(value),
    };
  });
  return {
    lst,
    allQuantity: fromLedgerUnits(total),
    parts: {
      available: fromLedgerUnits(parts.available),
      frozen: fromLedgerUnits(parts.frozen),
      income: fromLedgerUnits(parts.income),
      locked: fromLedgerUnits(parts.locked),
      staked: fromLedgerUnits(parts.staked),
    },
    price: fromLedgerUnits(price),
  };
}

/**
 * What a history export (`/api/ass/export`) adds to a list's own filter: its days, as instants
 * (created at or after `createdFrom`, before `createdBefore`), and for financial records one asset.
 */
export interface HistoryScope {
  createdFrom?: Date | undefined;
  createdBefore?: Date | undefined;
  /** Records of this asset, sent or (an exchange's) received. */
  asset?: string | undefined;
}

/** `/api/ass/log`: the member's postings, newest first, by asset and entry type (and a history export's days). */
export async function listAssetLog(
  db: Database,
  memberId: string,
  request: TAssetLogRequest,
  scope: HistoryScope = {},
) {
  const limit = request.limit ?? DEFAULT_PAGE_SIZE;
  const rows = await memberPostings(
    db,
    memberId,
    {
      asset: request.asset || undefined,
      type: request.type || undefined,
      cursor: request.cursor ? BigInt(request.cursor) : undefined,
      createdFrom: scope.createdFrom,
      createdBefore: scope.createdBefore,
      limit: limit + 1,
    },
    adjustmentNoteOf,
  );
  return toPage(rows, limit, (row): TAssetLogItem => ({
    id: row.id.toString(),
    type: row.type,
    asset: row.asset,
    bucket: row.bucket ?? '',
    amount: fromLedgerUnits(toLedgerUnits(row.amount)),
    balanceAfter: fromLedgerUnits(toLedgerUnits(row.balanceAfter ?? '0')),
    createdAt: row.createdAt.toISOString(),
    ...(row.note === null ? {} : { note: row.note }),
  }));
}

function toTransferRecord(
  row: Pick<typeof financialRecords.$inferSelect, 'id' | 'asset' | 'amount' | 'createdAt'>,
): TTransferRecord {
  return {
    id: row.id.toString(),
    asset: row.asset,
    amount: fromLedgerUnits(toLedgerUnits(row.amount)),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * `/api/ass/transfer`: moves released income into available (SPEC §1). Retry-safe: the same
 * `requestId` transfers once and answers with the same record.
 */
export async function transferIncome(
  db: Database,
  referenceData: Pick<ReferenceData, 'asset'>,
  memberId: string,
  request: { asset: string; amount: string; requestId: string },
): Promise<TTransferRecord> {
  // The asset from the reference cache: the transfer is its one statement.
  const asset = await referenceData.asset(request.asset);
  const amount = parseAmount(asset, request.amount);
  // The record and its entry in one statement, its own transaction (one round trip); a retry finds
  // the record written and posts nothing.
  const created = await postWithCause<{ id: string; created_at: string }>(
    db,
    sql`insert into financial_records (member_id, kind, status, request_id, asset, amount)
      values (${memberId}::uuid, ${RecordKind.TRANSFER}, 'completed', ${request.requestId}::uuid, ${asset.code},
        ${fromLedgerUnits(amount)}::numeric)
      on conflict (member_id, request_id) do nothing
      returning id::text, created_at::text`,
    {
      type: EntryType.TRANSFER,
      idempotencyKey: sql`'transfer:' || cause.id`,
      memberId,
      reference: sql`'financial_record:' || cause.id`,
      postings: [
        { account: { memberId, bucket: Bucket.INCOME }, asset: asset.code, amount: -amount },
        { account: { memberId, bucket: Bucket.AVAILABLE }, asset: asset.code, amount },
      ],
    },
  );
  if (created) {
    return toTransferRecord({
      id: BigInt(created.id),
      asset: asset.code,
      amount: fromLedgerUnits(amount),
      createdAt: new Date(created.created_at),
    });
  }
  // A retry, or a concurrent twin whose insert won: the id alone names the transfer.
  return requestReplay({
    find: (executor) => rowByRequest(executor, financialRecords, memberId, request.requestId),
    sameRequest: () => true,
    answer: toTransferRecord,
  }).twin(db, 'transfer vanished after a conflicting insert');
}

/** A page of the member's financial records (one more row than `limit`, see `toPage`), newest first. */
export async function selectRecords(
  db: Database,
  memberId: string,
  request: THistoryRequest,
  scope: HistoryScope = {},
) {
  const limit = request.limit ?? DEFAULT_PAGE_SIZE;
  const conditions: SQL[] = [eq(financialRecords.memberId, memberId)];
  if (request.kind) conditions.push(eq(financialRecords.kind, request.kind));
  if (request.cursor) conditions.push(lt(financialRecords.id, BigInt(request.cursor)));
  if (scope.asset)
    conditions.push(or(eq(financialRecords.asset, scope.asset), eq(financialRecords.toAsset, scope.asset))!);
  if (scope.createdFrom) conditions.push(gte(financialRecords.createdAt, scope.createdFrom));
  if (scope.createdBefore) conditions.push(lt(financialRecords.createdAt, scope.createdBefore));
  const rows = await db
    .select()
    .from(financialRecords)
    .where(and(...conditions))
    .orderBy(desc(financialRecords.id))
    .limit(limit + 1);
  return { rows, limit };
}

/** `/api/ass/history`: financial records, newest first (and a history export's days and asset). */
export async function listHistory(
  db: Database,
  memberId: string,
  request: THistoryRequest,
  chains: ChainRuntime,
  scope: HistoryScope = {},
) {
  const { rows, limit } = await selectRecords(db, memberId, request, scope);
  return toPage(rows, limit, (row): THistoryItem => ({
    id: row.id.toString(),
    kind: row.kind,
    status: row.status,
    asset: row.asset,
    amount: fromLedgerUnits(toLedgerUnits(row.amount)),
    toAsset: row.toAsset,
    toAmount: decimalOrNull(row.toAmount),
    fee: decimalOrNull(row.fee),
    chainId: row.chainId,
    network: row.chainId === null ? null : chainName(chains, row.chainId),
    txHash: row.txHash,
    address: row.address,
    createdAt: row.createdAt.toISOString(),
  }));
}
