import {
  DEFAULT_PAGE_SIZE,
  AppError,
  fromLedgerUnits,
  LEDGER_SCALE,
  mulLedger,
  parseDecimal,
  toLedgerUnits,
} from '@kpc/shared';
import {
  AdjustmentKind,
  AdjustmentStatus,
  type TAdjustment,
  type TAdjustmentListRequest,
  type TAdjustmentPosting,
  type TProposeAdjustmentRequest,
} from '@kpc/shared/operator';
import { and, desc, eq, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { ledgerAdjustmentApprovals, ledgerAdjustments, members } from '../../db/schema/index.ts';
import { HouseAccount, type Posting, type THouseAccount } from '../../ledger/ledger.ts';
import { houseAccountsKeeping } from '../../ledger/reads.ts';
import { getAsset, getKpcPrice, parseAmount, usdtPerUnit } from '../../ledger/reference-data.ts';
import type { Clock } from '../../lib/clock.ts';
import { toPage } from '../../lib/paging.ts';
import { recordAudit, type Actor } from '../audit/service.ts';
import { operatorNames } from '../operators/reads.ts';

/**
 * Two-person ledger adjustments (Step 8b §3): proposing, listing and rejecting here; approving
 * (and applying) in `approve.ts`. A proposal stores the postings it will make, so what approvers
 * approve is exactly what the ledger gets.
 */

export interface AdjustmentContext {
  db: Database;
  clock: Clock;
  /** ADJUSTMENT_TWO_APPROVER_THRESHOLD in ledger units of USDT. */
  twoApproverThreshold: bigint;
  expiryHours: number;
}

export type AdjustmentRow = typeof ledgerAdjustments.$inferSelect;

/** The stored postings back as the ledger's postings. */
export function ledgerPostingsOf(row: AdjustmentRow): Posting[] {
  return (row.postings as TAdjustmentPosting[]).map((posting) => ({
    account:
      posting.house !== null
        ? { house: posting.house as THouseAccount }
        : { memberId: posting.memberId!, bucket: posting.bucket as 'available' },
    asset: posting.asset,
    amount: toLedgerUnits(posting.amount),
  }));
}

async function findMember(db: Executor, given: string): Promise<{ id: string; email: string | null }> {
  const value = given.trim();
  const isId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
  const [member] = await db
    .select({ id: members.id, email: members.email })
    .from(members)
    .where(isId ? eq(members.id, value.toLowerCase()) : eq(members.email, value.toLowerCase()));
  if (!member) throw new AppError('ADJUSTMENT_MEMBER_UNKNOWN');
  return member;
}

/** The amount in USDT (KPC at its price); an asset without a USDT value counts as above any threshold. */
async function valueInUsdt(db: Executor, asset: string, units: bigint, now: Date): Promise<bigint | null> {
  if (asset === 'USDT') return units;
  if (asset !== 'KPC') return null;
  const { price } = await getKpcPrice(db, now);
  return mulLedger(units, usdtPerUnit(asset, price));
}

/** `/api/operator/adjustments/propose`: builds the postings, decides how many approvers, audits. */
export async function proposeAdjustment(
  context: AdjustmentContext,
  actor: Actor,
  request: TProposeAdjustmentRequest,
): Promise<TAdjustment> {
  const { db, clock } = context;
  const asset = await getAsset(db, request.asset);
  const units = parseAmount(asset, request.amount);
  const now = clock.now();
  let memberId: string | null = null;
  let bucket: string | null = null;
  const line = (account: { memberId: string; bucket: string } | { house: string }, amount: bigint) => ({
    memberId: 'house' in account ? null : account.memberId,
    bucket: 'house' in account ? null : account.bucket,
    house: 'house' in account ? account.house : null,
    asset: asset.code,
    amount: fromLedgerUnits(amount),
  });
  let postings: TAdjustmentPosting[];
  if (request.kind === AdjustmentKind.HOUSE_MOVE) {
    postings = [line({ house: request.fromHouse! }, -units), line({ house: request.toHouse! }, units)];
  } else {
    const member = await findMember(db, request.member!);
    memberId = member.id;
    bucket = request.bucket!;
    const sign = request.kind === AdjustmentKind.MEMBER_CREDIT ? 1n : -1n;
    postings = [line({ memberId, bucket }, sign * units), line({ house: HouseAccount.ADJUSTMENTS }, -sign * units)];
  }
  // Every house account of the postings must keep this asset, or the entry could never be written.
  const houses = postings.flatMap((posting) => (posting.house ? [posting.house] : []));
  const kept = await houseAccountsKeeping(db, houses, asset.code);
  if (kept.length !== houses.length) throw new AppError('ASSET_UNAVAILABLE');
  const value = await valueInUsdt(db, asset.code, units, now);
  const requiredApprovals = value === null || value > context.twoApproverThreshold ? 2 : 1;
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(ledgerAdjustments)
      .values({
        kind: request.kind,
        memberId,
        bucket,
        asset: asset.code,
        amount: fromLedgerUnits(units),
        valueUsdt: fromLedgerUnits(value ?? 0n),
        postings,
        publicReason: request.publicReason,
        internalReason: request.internalReason,
        proposerId: actor.id!,
        requiredApprovals,
        expiresAt: new Date(now.getTime() + context.expiryHours * 3600_000),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: ledgerAdjustments.id });
    await recordAudit(tx, actor, {
      action: 'adjustment.propose',
      targetType: 'adjustment',
      targetId: row!.id.toString(),
      after: {
        kind: request.kind,
        memberId,
        bucket,
        asset: asset.code,
        amount: fromLedgerUnits(units),
        requiredApprovals,
        postings,
        publicReason: request.publicReason,
      },
      reason: request.internalReason,
    });
    return row!.id;
  });
  return getAdjustment(context, id);
}

/** `pending` past its expiry reads `expired`: proposals expire without a job. */
function statusOf(row: AdjustmentRow, now: Date): TAdjustment['status'] {
  if (row.status === AdjustmentStatus.PENDING && row.expiresAt <= now) return AdjustmentStatus.EXPIRED;
  return row.status as TAdjustment['status'];
}

async function toAdjustments(db: Executor, rows: AdjustmentRow[], now: Date): Promise<TAdjustment[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const approvals = await db
    .select({
      adjustmentId: ledgerAdjustmentApprovals.adjustmentId,
      approverId: ledgerAdjustmentApprovals.approverId,
      at: ledgerAdjustmentApprovals.at,
    })
    .from(ledgerAdjustmentApprovals)
    .where(inArray(ledgerAdjustmentApprovals.adjustmentId, ids))
    .orderBy(ledgerAdjustmentApprovals.id);
  // Proposers' and approvers' names in one read (an approver is always an operator: a foreign key).
  const names = await operatorNames(db, [
    ...new Set([...rows.map((row) => row.proposerId), ...approvals.map((approval) => approval.approverId)]),
  ]);
  const memberIds = [...new Set(rows.flatMap((row) => (row.memberId ? [row.memberId] : [])))];
  const emails = new Map(
    memberIds.length === 0
      ? []
      : (
          await db.select({ id: members.id, email: members.email }).from(members).where(inArray(members.id, memberIds))
        ).map((row) => [row.id, row.email]),
  );
  return rows.map((row) => ({
    id: row.id.toString(),
    kind: row.kind,
    status: statusOf(row, now),
    memberId: row.memberId,
    memberEmail: row.memberId ? (emails.get(row.memberId) ?? null) : null,
    bucket: row.bucket,
    asset: row.asset,
    amount: fromLedgerUnits(toLedgerUnits(row.amount)),
    valueUsdt: fromLedgerUnits(toLedgerUnits(row.valueUsdt)),
    postings: row.postings as TAdjustmentPosting[],
    publicReason: row.publicReason,
    internalReason: row.internalReason,
    proposerId: row.proposerId,
    proposerName: names.get(row.proposerId) ?? '',
    requiredApprovals: row.requiredApprovals,
    approvals: approvals
      .filter((approval) => approval.adjustmentId === row.id)
      .map((approval) => ({
        approverId: approval.approverId,
        approverName: names.get(approval.approverId) ?? '',
        at: approval.at.toISOString(),
      })),
    decidedBy: row.decidedBy,
    decisionReason: row.decisionReason,
    expiresAt: row.expiresAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** `/api/operator/adjustments/list`: newest first, by status (`expired` includes pending ones past their time). */
export async function listAdjustments(context: AdjustmentContext, request: TAdjustmentListRequest) {
  const now = context.clock.now();
  const limit = request.limit ?? DEFAULT_PAGE_SIZE;
  const conditions: SQL[] = [];
  const pending = eq(ledgerAdjustments.status, AdjustmentStatus.PENDING);
  if (request.status === AdjustmentStatus.PENDING) {
    conditions.push(pending, sql`${ledgerAdjustments.expiresAt} > ${now}`);
  } else if (request.status === AdjustmentStatus.EXPIRED) {
    conditions.push(
      or(eq(ledgerAdjustments.status, AdjustmentStatus.EXPIRED), and(pending, lte(ledgerAdjustments.expiresAt, now)))!,
    );
  } else if (request.status) {
    conditions.push(eq(ledgerAdjustments.status, request.status));
  }
  if (request.cursor) conditions.push(lt(ledgerAdjustments.id, BigInt(request.cursor)));
  const rows = await context.db
    .select()
    .from(ledgerAdjustments)
    .where(and(...conditions))
    .orderBy(desc(ledgerAdjustments.id))
    .limit(limit + 1);
  const page = toPage(rows, limit, (row) => row);
  return { list: await toAdjustments(context.db, page.list, now), nextCursor: page.nextCursor };
}

export async function getAdjustment(context: AdjustmentContext, id: bigint): Promise<TAdjustment> {
  const [row] = await context.db.select().from(ledgerAdjustments).where(eq(ledgerAdjustments.id, id));
  if (!row) throw new AppError('ADJUSTMENT_NOT_FOUND');
  const [adjustment] = await toAdjustments(context.db, [row], context.clock.now());
  return adjustment!;
}

/**
 * Marks a pending adjustment past its time `expired` (its own transaction, so the refusal that
 * follows does not undo it) and throws ADJUSTMENT_EXPIRED.
 */
export async function expire(context: AdjustmentContext, id: bigint): Promise<never> {
  await context.db
    .update(ledgerAdjustments)
    .set({ status: AdjustmentStatus.EXPIRED, updatedAt: context.clock.now() })
    .where(and(eq(ledgerAdjustments.id, id), eq(ledgerAdjustments.status, AdjustmentStatus.PENDING)));
  throw new AppError('ADJUSTMENT_EXPIRED');
}

/** `/api/operator/adjustments/reject`: any finance operator, the proposer too (withdrawing it); audited. */
export async function rejectAdjustment(
  context: AdjustmentContext,
  actor: Actor,
  request: { id: string; reason: string },
): Promise<TAdjustment> {
  const id = BigInt(request.id);
  const now = context.clock.now();
  const expired = await context.db.transaction(async (tx) => {
    const [row] = await tx.select().from(ledgerAdjustments).where(eq(ledgerAdjustments.id, id)).for('update');
    if (!row) throw new AppError('ADJUSTMENT_NOT_FOUND');
    if (row.status !== AdjustmentStatus.PENDING) throw new AppError('ADJUSTMENT_NOT_PENDING');
    if (row.expiresAt <= now) return true;
    await tx
      .update(ledgerAdjustments)
      .set({
        status: AdjustmentStatus.REJECTED,
        decidedBy: actor.id,
        decisionReason: request.reason,
        decidedAt: now,
        updatedAt: now,
      })
      .where(eq(ledgerAdjustments.id, id));
    await recordAudit(tx, actor, {
      action: 'adjustment.reject',
      targetType: 'adjustment',
      targetId: id.toString(),
      before: { status: AdjustmentStatus.PENDING },
      after: { status: AdjustmentStatus.REJECTED },
      reason: request.reason,
    });
    return false;
  });
  if (expired) await expire(context, id);
  return getAdjustment(context, id);
}

/** ADJUSTMENT_TWO_APPROVER_THRESHOLD (a decimal string of USDT) in ledger units. */
export function thresholdUnits(value: string): bigint {
  return parseDecimal(value, LEDGER_SCALE);
}
