import {
  DEFAULT_PAGE_SIZE,
  AppError,
  StockholderStatus,
  USDT_DECIMALS,
  fromLedgerUnits,
  toLedgerUnits,
  type TStockholderApplication,
  type TStockholderApplyRequest,
  type TStockholderStatusResponse,
} from '@kpc/shared';
import type {
  TOperatorStockholderApplication,
  TOperatorStockholderListRequest,
  TOperatorStockholderReviewRequest,
} from '@kpc/shared/operator';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { stockholderApplications } from '../../db/schema/index.ts';
import { parseAmount } from '../../ledger/reference-data.ts';
import type { Clock } from '../../lib/clock.ts';
import { withMemberEmails } from '../members/emails.ts';
import { toPage } from '../../lib/paging.ts';
import { recordAudit, type Actor } from '../audit/service.ts';

/**
 * Shareholder applications (Step 6, SPEC §2 `/pages/stockholder/index`, §6 "shareholder
 * applicant"): `pending` -> (operator) `approved` | `rejected`, with a note the member sees. One
 * pending application per member (a unique index); nothing is paid through the app.
 */

export interface StockholderContext {
  db: Database;
  clock: Clock;
}

const USDT = { code: 'USDT', decimals: USDT_DECIMALS };

type Row = typeof stockholderApplications.$inferSelect;

function toApplication(row: Row): TStockholderApplication {
  return {
    id: row.id.toString(),
    status: row.status as TStockholderApplication['status'],
    name: row.name,
    contact: row.contact,
    contribution: fromLedgerUnits(toLedgerUnits(row.contribution)),
    asset: USDT.code,
    note: row.note,
    reviewNote: row.reviewNote,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

const toOperatorApplication = (row: Row): TOperatorStockholderApplication => ({
  ...toApplication(row),
  memberId: row.memberId,
  reviewedBy: row.reviewedBy,
});

export async function stockholderStatus(
  { db }: StockholderContext,
  memberId: string,
): Promise<TStockholderStatusResponse> {
  const [row] = await db
    .select()
    .from(stockholderApplications)
    .where(eq(stockholderApplications.memberId, memberId))
    .orderBy(desc(stockholderApplications.id))
    .limit(1);
  return { application: row ? toApplication(row) : null };
}

export async function applyAsStockholder(
  { db, clock }: StockholderContext,
  memberId: string,
  request: TStockholderApplyRequest,
): Promise<TStockholderApplication> {
  // USDT's decimals at most (AMOUNT_TOO_PRECISE otherwise).
  const contribution = parseAmount(USDT, request.contribution);
  const [row] = await db
    .insert(stockholderApplications)
    .values({
      memberId,
      name: request.name,
      contact: request.contact,
      contribution: fromLedgerUnits(contribution),
      note: request.note || null,
      createdAt: clock.now(),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('STOCKHOLDER_APPLICATION_OPEN');
  return toApplication(row);
}

/** `/api/operator/stockholder/list`, and one member's applications (the member's page, `memberId`). */
export async function listStockholderApplications(
  { db }: Pick<StockholderContext, 'db'>,
  request: TOperatorStockholderListRequest & { memberId?: string },
) {
  const limit = request.limit ?? DEFAULT_PAGE_SIZE;
  const rows = await db
    .select()
    .from(stockholderApplications)
    .where(
      and(
        request.status ? eq(stockholderApplications.status, request.status) : undefined,
        request.memberId ? eq(stockholderApplications.memberId, request.memberId) : undefined,
        request.cursor ? lt(stockholderApplications.id, BigInt(request.cursor)) : undefined,
      ),
    )
    .orderBy(desc(stockholderApplications.id))
    .limit(limit + 1);
  return withMemberEmails(db, toPage(rows, limit, toOperatorApplication));
}

/**
 * `/api/operator/stockholder/review`: `pending` -> `approved` or `rejected`, once: of simultaneous
 * reviews exactly one is recorded; the others are told it was already reviewed.
 */
export async function reviewStockholderApplication(
  { db, clock }: StockholderContext,
  actor: Actor,
  request: TOperatorStockholderReviewRequest,
): Promise<TOperatorStockholderApplication> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(stockholderApplications)
      .where(eq(stockholderApplications.id, BigInt(request.id)))
      .for('update');
    if (!row) throw new AppError('STOCKHOLDER_APPLICATION_NOT_FOUND');
    if (row.status !== StockholderStatus.PENDING) throw new AppError('STOCKHOLDER_APPLICATION_REVIEWED');
    const [reviewed] = await tx
      .update(stockholderApplications)
      .set({
        status: request.approve ? StockholderStatus.APPROVED : StockholderStatus.REJECTED,
        reviewNote: request.note ?? null,
        reviewedBy: actor.name,
        reviewedAt: clock.now(),
      })
      // Only while still pending: with the lock above a second review already finds it decided;
      // the condition keeps exactly one review recorded even without it.
      .where(and(eq(stockholderApplications.id, row.id), eq(stockholderApplications.status, StockholderStatus.PENDING)))
      .returning();
    if (!reviewed) throw new AppError('STOCKHOLDER_APPLICATION_REVIEWED');
    await recordAudit(tx, actor, {
      action: request.approve ? 'stockholder.approve' : 'stockholder.reject',
      targetType: 'stockholder_application',
      targetId: row.id.toString(),
      before: { status: row.status },
      after: { status: reviewed.status },
      reason: request.note ?? null,
    });
    return toOperatorApplication(reviewed);
  });
}
