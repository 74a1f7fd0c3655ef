import { randomUUID } from 'node:crypto';
import {
  AppError,
  fromLedgerUnits,
  toLedgerUnits,
  ZAmount,
  ZCardApplication,
  ZCardApplicationStatus,
  ZCardRejectReason,
  type ZCardTransaction,
  ZCursor,
  ZLimit,
  ZRecordId,
} from '@kpc/shared';
import { and, desc, eq, lt } from 'drizzle-orm';
import { z } from 'zod';
import { cardApplications, cards } from '../../db/schema/index.ts';
import { parseAmount } from '../../ledger/reference-data.ts';
import { CardIssuerErrorCode, isCardIssuerError } from './issuer/issuer.ts';
import { SandboxCardIssuer } from './issuer/sandbox-issuer.ts';
import { initialTopUp, type CardContext } from './service.ts';
import { toPage } from '../assets/service.ts';

/**
 * The card module's operator calls (behind `x-operator-key`): the applications, and driving the
 * sandbox issuer by hand (approve, reject, issue, a simulated purchase). Each decision keeps the
 * operator's name and time. Schemas live here: only this module and its tests use them.
 */

export const ZOperatorCardApplicationsRequest = z.object({
  status: ZCardApplicationStatus.optional(),
  cursor: ZCursor.optional(),
  limit: ZLimit.optional(),
});
export const ZOperatorCardApplication = ZCardApplication.extend({
  memberId: z.string(),
  holderName: z.string(),
  nationality: z.string(),
  documentType: z.string(),
  /** The last 4 characters of the document number: all the programme keeps of it. */
  documentLast4: z.string(),
  issuerRef: z.string().nullable(),
  decidedBy: z.string().nullable(),
  issuedBy: z.string().nullable(),
  refundedAt: z.string().nullable(),
});
export type TOperatorCardApplication = z.infer<typeof ZOperatorCardApplication>;
export const ZOperatorCardApplicationsResponse = z.object({
  list: z.array(ZOperatorCardApplication),
  nextCursor: z.string().nullable(),
});
export const ZOperatorCardIdRequest = z.object({ id: ZRecordId });
export const ZOperatorCardRejectRequest = z.object({ id: ZRecordId, reason: ZCardRejectReason.optional() });
export const ZOperatorCardSpendRequest = z.object({
  /** The card's record id. */
  cardId: ZRecordId,
  amount: ZAmount,
  merchant: z.string({ error: 'validation.invalid' }).trim().min(1, 'validation.invalid').max(60, 'validation.invalid'),
});

type Row = typeof cardApplications.$inferSelect;

async function toOperatorApplication({ db }: CardContext, row: Row): Promise<TOperatorCardApplication> {
  const [card] = await db.select({ id: cards.id }).from(cards).where(eq(cards.applicationId, row.id));
  return {
    id: row.id.toString(),
    product: row.product as TOperatorCardApplication['product'],
    network: row.network as TOperatorCardApplication['network'],
    status: row.status as TOperatorCardApplication['status'],
    payment: row.payment as TOperatorCardApplication['payment'],
    paid: fromLedgerUnits(toLedgerUnits(row.paid)),
    rejectReason: row.rejectReason as TOperatorCardApplication['rejectReason'],
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    issuedAt: row.issuedAt?.toISOString() ?? null,
    cardRecordId: card?.id.toString() ?? null,
    memberId: row.memberId,
    holderName: row.holderName,
    nationality: row.nationality,
    documentType: row.documentType,
    documentLast4: row.documentLast4,
    issuerRef: row.issuerRef,
    decidedBy: row.decidedBy,
    issuedBy: row.issuedBy,
    refundedAt: row.refundedAt?.toISOString() ?? null,
  };
}

export async function operatorListApplications(
  context: CardContext,
  request: z.output<typeof ZOperatorCardApplicationsRequest>,
) {
  const limit = request.limit ?? 20;
  const rows = await context.db
    .select()
    .from(cardApplications)
    .where(
      and(
        request.status ? eq(cardApplications.status, request.status) : undefined,
        request.cursor ? lt(cardApplications.id, BigInt(request.cursor)) : undefined,
      ),
    )
    .orderBy(desc(cardApplications.id))
    .limit(limit + 1);
  const page = toPage(rows, limit, (row) => row);
  return {
    list: await Promise.all(page.list.map((row) => toOperatorApplication(context, row))),
    nextCursor: page.nextCursor,
  };
}

async function applicationOf(context: CardContext, id: string): Promise<Row> {
  const [row] = await context.db
    .select()
    .from(cardApplications)
    .where(eq(cardApplications.id, BigInt(id)));
  if (!row) throw new AppError('CARD_APPLICATION_NOT_FOUND');
  if (!row.issuerRef) throw new AppError('CARD_APPLICATION_WRONG_STATE');
  return row;
}

function sandboxOf(context: CardContext): SandboxCardIssuer {
  if (!(context.issuer instanceof SandboxCardIssuer)) throw new AppError('CARD_SANDBOX_ONLY');
  return context.issuer;
}

function wrongState(error: unknown): never {
  if (isCardIssuerError(error, CardIssuerErrorCode.INVALID_STATE)) throw new AppError('CARD_APPLICATION_WRONG_STATE');
  if (isCardIssuerError(error)) throw new AppError('CARD_ISSUER_UNAVAILABLE');
  throw error;
}

/**
 * Approve or reject a submitted application at the sandbox issuer. The issuer's event applies the
 * decision (and a rejection's refund); then the operator's name is kept on it. Deciding twice, or
 * against an earlier decision, is refused.
 */
export async function operatorDecide(
  context: CardContext,
  operator: string,
  id: string,
  decision: { approve: true } | { approve: false; reason: z.output<typeof ZCardRejectReason> },
): Promise<TOperatorCardApplication> {
  const sandbox = sandboxOf(context);
  const row = await applicationOf(context, id);
  if (row.status !== 'submitted') throw new AppError('CARD_APPLICATION_WRONG_STATE');
  await (decision.approve ? sandbox.approve(row.issuerRef!) : sandbox.reject(row.issuerRef!, decision.reason)).catch(
    wrongState,
  );
  const [decided] = await context.db
    .update(cardApplications)
    .set({ decidedBy: operator })
    .where(eq(cardApplications.id, row.id))
    .returning();
  return toOperatorApplication(context, decided!);
}

/** Issues an approved application's card now (any issuer: `issueCard` is part of the contract). */
export async function operatorIssue(
  context: CardContext,
  operator: string,
  id: string,
): Promise<TOperatorCardApplication> {
  const row = await applicationOf(context, id);
  if (row.status !== 'kyc_approved' && row.status !== 'issued') throw new AppError('CARD_APPLICATION_WRONG_STATE');
  await context.issuer.issueCard(row.issuerRef!).catch(wrongState);
  const [issued] = await context.db
    .update(cardApplications)
    .set(row.status === 'issued' ? {} : { issuedBy: operator })
    .where(eq(cardApplications.id, row.id))
    .returning();
  // A missed initial top-up is retried here (its key makes it once).
  await initialTopUp(context, issued!);
  return toOperatorApplication(context, issued!);
}

/** A purchase on a card at the sandbox (demos and tests): within its balance and limits. */
export async function operatorSpend(context: CardContext, request: z.output<typeof ZOperatorCardSpendRequest>) {
  const sandbox = sandboxOf(context);
  const [card] = await context.db
    .select()
    .from(cards)
    .where(eq(cards.id, BigInt(request.cardId)));
  if (!card) throw new AppError('CARD_NOT_FOUND');
  const amount = parseAmount({ code: 'USDT', decimals: 6 }, request.amount);
  try {
    const transaction = await sandbox.simulateSpend({
      cardRef: card.issuerRef,
      amount,
      merchant: request.merchant,
      idempotencyKey: `operator-spend:${randomUUID()}`,
    });
    return {
      id: transaction.ref,
      type: transaction.type,
      amount: fromLedgerUnits(transaction.amount),
      balance: fromLedgerUnits(transaction.balanceAfter),
      merchant: transaction.merchant,
      createdAt: transaction.at.toISOString(),
    } satisfies z.infer<typeof ZCardTransaction>;
  } catch (error) {
    if (isCardIssuerError(error, CardIssuerErrorCode.CARD_FROZEN)) throw new AppError('CARD_FROZEN');
    if (isCardIssuerError(error, CardIssuerErrorCode.INSUFFICIENT_FUNDS)) throw new AppError('INSUFFICIENT_BALANCE');
    if (isCardIssuerError(error, CardIssuerErrorCode.LIMIT_EXCEEDED)) {
      const remaining = fromLedgerUnits(error.remaining ?? 0n);
      if (error.limit === 'daily') throw new AppError('CARD_LIMIT_DAILY', { remaining });
      if (error.limit === 'monthly') throw new AppError('CARD_LIMIT_MONTHLY', { remaining });
      throw new AppError('CARD_LIMIT_SINGLE', { limit: remaining });
    }
    throw error;
  }
}
