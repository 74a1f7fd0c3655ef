import {
  DEFAULT_PAGE_SIZE,
  AppError,
  CardApplicationStatus,
  CardStatus,
  fromLedgerUnits,
  maskCardNumber,
  type TCardTransaction,
} from '@kpc/shared';
import type {
  TOperatorCard,
  TOperatorCardApplication,
  TOperatorCardDetail,
  TOperatorCardListResponse,
  TOperatorCardTopUp,
  ZOperatorCardImportRequest,
  ZOperatorCardListRequest,
} from '@kpc/shared/operator';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { cardApplications, cards, cardTopUps, members } from '../../db/schema/index.ts';
import { toPage } from '../../lib/paging.ts';
import { decimal } from '../../lib/wire-format.ts';
import { recordAudit, type Actor } from '../audit/service.ts';
import { recordTeamEvent, TeamEventKind } from '../team/airdrop.ts';
import { applicationMonthlyFee, applicationReference, type CardContext } from './context.ts';
import { isCardIssuerError } from './issuer/issuer.ts';
import { feeClockOf, monthlyFeeFromOf, monthlyFeeTerms, monthlyFeeView } from './monthly-fee.ts';
import { applicationOf, toOperatorApplication } from './operator.ts';
import { recordInitialTopUp, settleInitialTopUp, toTopUp } from './top-ups.ts';

/**
 * Cards in the console (Step 8b §1): importing a card issued outside the issuer adapter, the cards
 * list, a card's page (balance, top-ups, transactions, fees owed) and an operator's freeze. An
 * operator's freeze is the programme's (`operator_frozen`): top-ups and the sandbox's spending are
 * refused, the member cannot lift it, and paying a fee does not either.
 */

type CardRow = typeof cards.$inferSelect;

/** The prefix of an imported card's issuer reference: the issuer adapter does not know it. */
const IMPORTED_PREFIX = 'imported:';
const isImported = (row: CardRow) => row.importedBy !== null;

/**
 * `/api/operator/card/import`: an approved application gets a card issued outside the adapter.
 * Like an issued card, only the last 4 digits and the keyed hash of the number are stored, the
 * application becomes `issued`, the card airdrop is recorded and the initial top-up is asked for;
 * the adapter cannot load a card it never issued, so that top-up comes back to whoever paid it
 * (once, like any refused top-up).
 */
export async function operatorImportCard(
  context: CardContext,
  actor: Actor,
  request: z.output<typeof ZOperatorCardImportRequest>,
): Promise<TOperatorCardApplication> {
  const { db, clock, keys } = context;
  const numberHash = keys.numberHash(request.cardNumber);
  const applicationId = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(cardApplications)
      .where(eq(cardApplications.id, BigInt(request.id)))
      .for('update');
    if (!row) throw new AppError('CARD_APPLICATION_NOT_FOUND');
    if (row.status !== CardApplicationStatus.APPROVED) throw new AppError('CARD_APPLICATION_WRONG_STATE');
    const now = clock.now();
    const monthlyFee = await applicationMonthlyFee(tx, row);
    const [card] = await tx
      .insert(cards)
      .values({
        memberId: row.memberId,
        applicationId: row.id,
        issuerRef: `${IMPORTED_PREFIX}${row.id}`,
        product: row.product,
        network: row.network,
        last4: request.cardNumber.slice(-4),
        numberHash,
        cardId: request.cardId,
        label: request.label,
        region: request.region,
        status: CardStatus.ACTIVE,
        issuedAt: now,
        importedBy: actor.name,
        ...monthlyFeeTerms(monthlyFee, monthlyFeeFromOf(clock, now)),
      })
      .onConflictDoNothing()
      .returning();
    // The application is locked and not issued: the conflict is the number.
    if (!card) throw new AppError('CARD_NUMBER_TAKEN');
    await recordInitialTopUp(tx, row, card, now);
    await tx
      .update(cardApplications)
      .set({ status: CardApplicationStatus.ISSUED, issuedAt: now, issuedBy: actor.name })
      .where(eq(cardApplications.id, row.id));
    await recordTeamEvent(tx, {
      key: applicationReference(row.id),
      kind: TeamEventKind.CARD,
      memberId: row.memberId,
      usdtUnits: 0n,
    });
    await recordAudit(tx, actor, {
      action: 'card.import',
      targetType: 'card_application',
      targetId: row.id.toString(),
      before: { status: row.status },
      after: { status: CardApplicationStatus.ISSUED, cardRecordId: card.id.toString(), last4: card.last4 },
    });
    return row.id;
  });
  await settleInitialTopUp(context, applicationId);
  return toOperatorApplication(context, await applicationOf(context, applicationId.toString()));
}

function toOperatorCard(row: CardRow, email: string | null, now: Date, balance: string | null): TOperatorCard {
  return {
    id: row.id.toString(),
    product: row.product as TOperatorCard['product'],
    network: row.network as TOperatorCard['network'],
    maskedNumber: maskCardNumber(row.last4),
    last4: row.last4,
    cardId: row.cardId,
    label: row.label,
    region: row.region,
    isBound: row.boundAt !== null,
    ...monthlyFeeView(row, now),
    balance,
    issuedAt: row.issuedAt.toISOString(),
    boundAt: row.boundAt?.toISOString() ?? null,
    memberId: row.memberId,
    memberEmail: email,
    applicationId: row.applicationId.toString(),
    memberFrozen: row.memberFrozen,
    feeFrozen: row.feeFrozen,
    operatorFrozen: row.operatorFrozen,
    operatorFrozenReason: row.operatorFrozenReason,
    importedBy: row.importedBy,
    monthlyFee: decimal(row.monthlyFee),
    monthlyFeesCharged: row.monthlyFeesCharged,
  };
}

const frozenCondition = or(
  eq(cards.operatorFrozen, true),
  eq(cards.feeFrozen, true),
  eq(cards.status, CardStatus.FROZEN),
);

/** `/api/operator/card/list`: newest first; the balance is on the card's page (one issuer call per card). */
export async function operatorListCards(
  context: CardContext,
  request: z.output<typeof ZOperatorCardListRequest>,
): Promise<TOperatorCardListResponse> {
  const limit = request.limit ?? DEFAULT_PAGE_SIZE;
  const rows = await context.db
    .select({ id: cards.id, row: cards, email: members.email })
    .from(cards)
    .leftJoin(members, eq(members.id, cards.memberId))
    .where(
      and(
        request.status === 'frozen' ? frozenCondition : undefined,
        request.status === 'active' ? sql`not (${frozenCondition})` : undefined,
        request.memberId ? eq(cards.memberId, request.memberId) : undefined,
        request.cursor ? lt(cards.id, BigInt(request.cursor)) : undefined,
      ),
    )
    .orderBy(desc(cards.id))
    .limit(limit + 1);
  const now = feeClockOf(context.clock).now();
  return toPage(rows, limit, (item) => toOperatorCard(item.row, item.email, now, null));
}

async function cardOf(context: CardContext, id: string): Promise<{ row: CardRow; email: string | null }> {
  const [found] = await context.db
    .select({ row: cards, email: members.email })
    .from(cards)
    .leftJoin(members, eq(members.id, cards.memberId))
    .where(eq(cards.id, BigInt(id)));
  if (!found) throw new AppError('CARD_NOT_FOUND');
  return found;
}

/**
 * `/api/operator/card/detail`: the card with its balance, its latest top-ups (the programme's
 * records) and transactions (the issuer's). An issuer that does not answer, or an imported card it
 * does not know, leaves balance and transactions unknown (`issuerAnswered` false), never 0.
 */
export async function operatorCardDetail(context: CardContext, id: string): Promise<TOperatorCardDetail> {
  const { row, email } = await cardOf(context, id);
  const topUpRows = await context.db
    .select()
    .from(cardTopUps)
    .where(eq(cardTopUps.cardRecordId, row.id))
    .orderBy(desc(cardTopUps.id))
    .limit(50);
  const topUps: TOperatorCardTopUp[] = topUpRows.map((topUp) => ({
    ...toTopUp(topUp),
    kind: topUp.kind as TOperatorCardTopUp['kind'],
    failure: topUp.failure,
  }));
  let balance: string | null = null;
  let transactions: TCardTransaction[] = [];
  let issuerAnswered = false;
  if (!isImported(row)) {
    try {
      const [page, units] = await Promise.all([
        context.issuer.listTransactions(row.issuerRef, { limit: 50 }),
        context.issuer.balance(row.issuerRef),
      ]);
      balance = fromLedgerUnits(units);
      transactions = page.list.map((transaction) => ({
        id: transaction.ref,
        type: transaction.type,
        amount: fromLedgerUnits(transaction.amount),
        balance: fromLedgerUnits(transaction.balanceAfter),
        merchant: transaction.merchant,
        createdAt: transaction.at.toISOString(),
      }));
      issuerAnswered = true;
    } catch (error) {
      if (!isCardIssuerError(error)) throw error;
    }
  }
  const card = toOperatorCard(row, email, feeClockOf(context.clock).now(), balance);
  return { card, issuerAnswered, topUps, transactions };
}

/**
 * `/api/operator/card/freeze` and `/unfreeze` (with a reason, audited). The issuer is told first
 * (idempotent there; an imported card is not the adapter's), then one conditional write records
 * it, so of simultaneous freezes exactly one is recorded and the others are told it changed
 * nothing. Unfreezing leaves the card frozen at the issuer while its member or an unpaid fee
 * still freezes it.
 */
export async function operatorSetCardFrozen(
  context: CardContext,
  actor: Actor,
  request: { id: string; reason: string },
  frozen: boolean,
) {
  const { row } = await cardOf(context, request.id);
  if (row.operatorFrozen === frozen) throw new AppError('CARD_OPERATOR_FREEZE_UNCHANGED');
  let status = row.status;
  if (!isImported(row) && (frozen || (!row.memberFrozen && !row.feeFrozen))) {
    const issuer = context.issuer;
    const answered = await (frozen ? issuer.freeze(row.issuerRef) : issuer.unfreeze(row.issuerRef)).catch(
      (error: unknown) => {
        if (isCardIssuerError(error)) throw new AppError('CARD_ISSUER_UNAVAILABLE');
        throw error;
      },
    );
    status = answered.status;
  }
  await context.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(cards)
      .set({ operatorFrozen: frozen, operatorFrozenReason: frozen ? request.reason : null, status })
      .where(and(eq(cards.id, row.id), eq(cards.operatorFrozen, !frozen)))
      .returning({ id: cards.id });
    if (!updated) throw new AppError('CARD_OPERATOR_FREEZE_UNCHANGED');
    await recordAudit(tx, actor, {
      action: frozen ? 'card.freeze' : 'card.unfreeze',
      targetType: 'card',
      targetId: row.id.toString(),
      before: { operatorFrozen: !frozen },
      after: { operatorFrozen: frozen },
      reason: request.reason,
    });
  });
  return operatorCardDetail(context, request.id);
}
