import { randomUUID } from 'node:crypto';
import {
  DEFAULT_PAGE_SIZE,
  AppError,
  CardApplicationStatus,
  fromLedgerUnits,
  ZAmount,
  ZCardRejectReason,
  type ZCardTransaction,
  ZRecordId,
} from '@kpc/shared';
import type {
  TOperatorCardApplication,
  TOperatorCardApplicationsResponse,
  ZOperatorCardApplicationsRequest,
} from '@kpc/shared/operator';
import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import { z } from 'zod';
import { cardApplications, cards, members } from '../../db/schema/index.ts';
import { parseAmount } from '../../ledger/reference-data.ts';
import { toPage } from '../../lib/paging.ts';
import { decimal } from '../../lib/wire-format.ts';
import { recordAudit, type Actor } from '../audit/service.ts';
import { cardIdFor, toApplication } from './applications.ts';
import { openHolderSummary, type CardContext } from './context.ts';
import { CardIssuerErrorCode, isCardIssuerError } from './issuer/issuer.ts';
import { SandboxCardIssuer } from './issuer/sandbox-issuer.ts';
import { initialTopUpOf, settleInitialTopUp } from './top-ups.ts';

/**
 * The card module's operator calls (behind `x-operator-key`): the applications, and driving the
 * sandbox issuer by hand (approve, reject, issue, a simulated purchase). Each decision keeps the
 * operator's name and time. The console's schemas are in @kpc/shared/operator (cards.ts).
 */

export const ZOperatorCardSpendRequest = z.object({
  /** The card's record id. */
  cardId: ZRecordId,
  amount: ZAmount,
  merchant: z.string({ error: 'validation.invalid' }).trim().min(1, 'validation.invalid').max(60, 'validation.invalid'),
});

type Row = typeof cardApplications.$inferSelect;

/**
 * An application as operators see it. The KYC details are opened only with `withKyc` (the detail
 * route, which audits the view); lists and the answers of actions carry none.
 */
export async function toOperatorApplication(
  context: CardContext,
  row: Row,
  options: { withKyc?: boolean; memberEmail?: string | null } = {},
): Promise<TOperatorCardApplication> {
  const holder = options.withKyc ? openHolderSummary(context.keys, row.holderSealed) : null;
  const initial = await initialTopUpOf(context.db, row.id);
  const memberEmail =
    options.memberEmail !== undefined
      ? options.memberEmail
      : ((await context.db.select({ email: members.email }).from(members).where(eq(members.id, row.memberId)))[0]
          ?.email ?? null);
  return {
    ...toApplication(row, await cardIdFor(context.db, row.id)),
    status: row.status as TOperatorCardApplication['status'],
    memberId: row.memberId,
    memberEmail,
    holderName: holder?.name ?? null,
    nationality: holder?.nationality ?? null,
    documentType: holder?.documentType ?? null,
    documentLast4: holder?.documentLast4 ?? null,
    issuerRef: row.issuerRef,
    decision: row.decision as TOperatorCardApplication['decision'],
    decidedBy: row.decidedBy,
    issuedBy: row.issuedBy,
    refundedAt: row.refundedAt?.toISOString() ?? null,
    initialTopUp: initial
      ? { amount: decimal(initial.amount), status: initial.status as 'pending' | 'completed' | 'failed' }
      : null,
  };
}

export async function operatorListApplications(
  context: CardContext,
  request: z.output<typeof ZOperatorCardApplicationsRequest>,
): Promise<TOperatorCardApplicationsResponse> {
  const limit = request.limit ?? DEFAULT_PAGE_SIZE;
  const rows = await context.db
    .select({ id: cardApplications.id, row: cardApplications, email: members.email })
    .from(cardApplications)
    .leftJoin(members, eq(members.id, cardApplications.memberId))
    .where(
      and(
        request.status ? eq(cardApplications.status, request.status) : undefined,
        request.memberId ? eq(cardApplications.memberId, request.memberId) : undefined,
        request.cursor ? lt(cardApplications.id, BigInt(request.cursor)) : undefined,
      ),
    )
    .orderBy(desc(cardApplications.id))
    .limit(limit + 1);
  const page = toPage(rows, limit, (item) => item);
  return {
    list: await Promise.all(
      page.list.map((item) => toOperatorApplication(context, item.row, { memberEmail: item.email })),
    ),
    nextCursor: page.nextCursor,
  };
}

/**
 * One application with the holder's KYC details, opened for the operator; the view itself is an
 * audit entry (`card.kyc_viewed`, no details in it), written before the details are answered.
 */
export async function operatorApplicationDetail(
  context: CardContext,
  actor: Actor,
  id: string,
): Promise<TOperatorCardApplication> {
  const row = await applicationOf(context, id);
  await recordAudit(context.db, actor, {
    action: 'card.kyc_viewed',
    targetType: 'card_application',
    targetId: row.id.toString(),
  });
  return toOperatorApplication(context, row, { withKyc: true });
}

export async function applicationOf(context: CardContext, id: string): Promise<Row> {
  const [row] = await context.db
    .select()
    .from(cardApplications)
    .where(eq(cardApplications.id, BigInt(id)));
  if (!row) throw new AppError('CARD_APPLICATION_NOT_FOUND');
  return row;
}

function sandboxOf(context: CardContext): SandboxCardIssuer {
  if (!(context.issuer instanceof SandboxCardIssuer)) throw new AppError('CARD_SANDBOX_ONLY');
  return context.issuer;
}

type Decision =
  { approve: true } | { approve: false; reason: z.output<typeof ZCardRejectReason>; note?: string | undefined };

/**
 * Approve or reject a submitted application at the sandbox issuer (Step 7b §13). The decision is
 * claimed on the application first, by one conditional write: exactly one of simultaneous
 * decisions wins and the others are told it was already decided, so the record of who decided is
 * true. Then the issuer is told; its event applies the decision (and a rejection's refund). An
 * issuer that does not answer leaves the claim for the retry job to send again; one that had
 * already decided otherwise (its own rules) clears it.
 */
export async function operatorDecide(
  context: CardContext,
  actor: Actor,
  id: string,
  decision: Decision,
): Promise<TOperatorCardApplication> {
  const sandbox = sandboxOf(context);
  const claimed = await context.db.transaction(async (tx) => {
    const [row] = await tx
      .update(cardApplications)
      .set({
        decision: decision.approve ? 'approve' : 'reject',
        decisionReason: decision.approve ? null : decision.reason,
        decidedBy: actor.name,
      })
      .where(
        and(
          eq(cardApplications.id, BigInt(id)),
          eq(cardApplications.status, CardApplicationStatus.SUBMITTED),
          isNull(cardApplications.decision),
        ),
      )
      .returning();
    if (row) {
      await recordAudit(tx, actor, {
        action: decision.approve ? 'card.approve' : 'card.reject',
        targetType: 'card_application',
        targetId: row.id.toString(),
        before: { status: CardApplicationStatus.SUBMITTED },
        after: { decision: row.decision },
        reason: decision.approve ? null : (decision.note ?? decision.reason),
      });
    }
    return row;
  });
  if (!claimed) {
    const row = await applicationOf(context, id);
    if (row.decision !== null || row.decidedAt !== null) throw new AppError('CARD_APPLICATION_DECIDED');
    throw new AppError('CARD_APPLICATION_WRONG_STATE');
  }
  await sendDecision(context, sandbox, claimed);
  return toOperatorApplication(context, await applicationOf(context, id));
}

/** Tells the sandbox a claimed decision (a repeat changes nothing there). */
async function sendDecision(context: CardContext, sandbox: SandboxCardIssuer, row: Row): Promise<void> {
  const reason = ZCardRejectReason.safeParse(row.decisionReason);
  try {
    if (row.decision === 'approve') await sandbox.approve(row.issuerRef!);
    else await sandbox.reject(row.issuerRef!, reason.success ? reason.data : undefined);
  } catch (error) {
    if (isCardIssuerError(error, CardIssuerErrorCode.INVALID_STATE)) {
      // The issuer decided first (its own rules): that decision stands, the operator's claim goes.
      await context.db
        .update(cardApplications)
        .set({ decision: null, decisionReason: null, decidedBy: null })
        .where(and(eq(cardApplications.id, row.id), eq(cardApplications.decidedBy, row.decidedBy!)));
      throw new AppError('CARD_APPLICATION_DECIDED');
    }
    // Not answered: the decision stays recorded and the retry job sends it again.
    context.onError(error, `sending the decision on card application ${row.id}`);
  }
}

/** For the retry job: a claimed decision the issuer has not applied yet, sent again. */
export async function resendDecision(context: CardContext, row: Row): Promise<void> {
  if (!(context.issuer instanceof SandboxCardIssuer) || row.decision === null || row.issuerRef === null) return;
  await sendDecision(context, context.issuer, row).catch((error: unknown) => {
    if (!(error instanceof AppError)) throw error;
  });
}

/**
 * Issues an approved application's card now (any issuer: `issueCard` is part of the contract). On
 * an application already issued it changes nothing at the issuer and asks again for the card's
 * initial top-up if that is still pending (the documented way to retry it), answering the
 * application as it is.
 */
export async function operatorIssue(context: CardContext, actor: Actor, id: string): Promise<TOperatorCardApplication> {
  const row = await applicationOf(context, id);
  if (row.status === CardApplicationStatus.APPROVED) {
    await context.issuer.issueCard(row.issuerRef!).catch(wrongState);
    await context.db.transaction(async (tx) => {
      const [first] = await tx
        .update(cardApplications)
        .set({ issuedBy: actor.name })
        .where(and(eq(cardApplications.id, row.id), isNull(cardApplications.issuedBy)))
        .returning({ id: cardApplications.id });
      if (first) {
        await recordAudit(tx, actor, {
          action: 'card.issue',
          targetType: 'card_application',
          targetId: row.id.toString(),
        });
      }
    });
  } else if (row.status !== CardApplicationStatus.ISSUED) {
    throw new AppError('CARD_APPLICATION_WRONG_STATE');
  }
  await settleInitialTopUp(context, row.id);
  return toOperatorApplication(context, await applicationOf(context, id));
}

function wrongState(error: unknown): never {
  if (isCardIssuerError(error, CardIssuerErrorCode.INVALID_STATE)) throw new AppError('CARD_APPLICATION_WRONG_STATE');
  if (isCardIssuerError(error)) throw new AppError('CARD_ISSUER_UNAVAILABLE');
  throw error;
}

/** A purchase on a card at the sandbox (demos and tests): within its balance and limits. */
export async function operatorSpend(context: CardContext, request: z.output<typeof ZOperatorCardSpendRequest>) {
  const sandbox = sandboxOf(context);
  const [card] = await context.db
    .select()
    .from(cards)
    .where(eq(cards.id, BigInt(request.cardId)));
  if (!card) throw new AppError('CARD_NOT_FOUND');
  if (card.operatorFrozen) throw new AppError('CARD_FROZEN_BY_PROGRAMME');
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
