import { CardApplicationStatus, EntryType, normalizeCardId, type TCardRejectReason } from '@kpc/shared';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { cardApplications, cardIssuerEvents, cards } from '../../db/schema/index.ts';
import { HouseAccount, postEntry } from '../../ledger/ledger.ts';
import { returnActivationCode } from '../activation-code/service.ts';
import { recordTeamEvent, TeamEventKind } from '../team/airdrop.ts';
import {
  applicationIdOf,
  applicationMonthlyFee,
  applicationReference,
  nonZero,
  units,
  USDT,
  type CardContext,
} from './context.ts';
import type { CardIssuerEvent, IssuedCard } from './issuer/issuer.ts';
import { monthlyFeeFromOf, monthlyFeeTerms } from './monthly-fee.ts';
import { recordInitialTopUp, settleInitialTopUp } from './top-ups.ts';

/**
 * The issuer's events, each applied once in the transaction that records its id
 * (`card_issuer_events`): a KYC decision (a rejection refunds once), a card issued (its card row,
 * its initial top-up and the card airdrop), a card's status. An application is found by the
 * reference the programme gave it, so an event for an application still `submitting` (the issuer's
 * answer to the submission was lost) applies too.
 */

type ApplicationRow = typeof cardApplications.$inferSelect;
type CardRow = typeof cards.$inferSelect;

const OPEN: readonly string[] = [
  CardApplicationStatus.SUBMITTING,
  CardApplicationStatus.SUBMITTED,
  CardApplicationStatus.APPROVED,
];

async function firstDelivery(tx: Transaction, event: CardIssuerEvent): Promise<boolean> {
  const inserted = await tx
    .insert(cardIssuerEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: cardIssuerEvents.id });
  return inserted.length > 0;
}

async function lockApplicationByReference(tx: Transaction, reference: string): Promise<ApplicationRow> {
  const id = applicationIdOf(reference);
  const [row] =
    id === null ? [] : await tx.select().from(cardApplications).where(eq(cardApplications.id, id)).for('update');
  // Thrown so the event is not marked applied: an issuer that redelivers tries again.
  if (!row) throw new Error(`card issuer event for unknown application ${reference}`);
  return row;
}

/** Applies one issuer event (at most once per event id). */
export async function applyCardIssuerEvent(context: CardContext, event: CardIssuerEvent): Promise<void> {
  const { db } = context;
  if (event.type === 'card.transaction') return; // top-ups settle in the call that made them; lists read the issuer
  let issuedApplication: bigint | null = null;
  await db.transaction(async (tx) => {
    if (!(await firstDelivery(tx, event))) return;
    switch (event.type) {
      case 'application.approved': {
        const row = await lockApplicationByReference(tx, event.reference);
        if (row.status !== CardApplicationStatus.SUBMITTING && row.status !== CardApplicationStatus.SUBMITTED) return;
        await tx
          .update(cardApplications)
          .set({ status: CardApplicationStatus.APPROVED, decidedAt: event.at, issuerRef: event.applicationRef })
          .where(eq(cardApplications.id, row.id));
        return;
      }
      case 'application.rejected': {
        const row = await lockApplicationByReference(tx, event.reference);
        if (!OPEN.includes(row.status)) return;
        await rejectApplication(tx, row, event.reason, event.at, event.applicationRef);
        return;
      }
      case 'card.issued': {
        const row = await lockApplicationByReference(tx, event.reference);
        if (row.status === CardApplicationStatus.REJECTED || row.status === CardApplicationStatus.ISSUED) return;
        const feeFrom = monthlyFeeFromOf(context.clock, event.card.issuedAt);
        const card = await insertCard(tx, context, row, event.card, feeFrom);
        await recordInitialTopUp(tx, row, card, context.clock.now());
        await tx
          .update(cardApplications)
          .set({
            status: CardApplicationStatus.ISSUED,
            issuedAt: event.card.issuedAt,
            decidedAt: row.decidedAt ?? event.at,
            issuerRef: event.applicationRef,
          })
          .where(eq(cardApplications.id, row.id));
        // Step 7: the card airdrop to the holder's referrers, once per application.
        await recordTeamEvent(tx, {
          key: applicationReference(row.id),
          kind: TeamEventKind.CARD,
          memberId: row.memberId,
          usdtUnits: 0n,
        });
        issuedApplication = row.id;
        return;
      }
      case 'card.status':
        await tx.update(cards).set({ status: event.status }).where(eq(cards.issuerRef, event.cardRef));
        return;
    }
  });
  // The initial top-up is asked for now; if the issuer does not answer, the retry job asks again.
  if (issuedApplication !== null) await settleInitialTopUp(context, issuedApplication);
}

/**
 * Ends an open application as rejected (by KYC, or because the issuer refused the submission): the
 * payment back, once. The caller holds the application's row lock.
 */
export async function rejectApplication(
  tx: Transaction,
  row: ApplicationRow,
  reason: TCardRejectReason,
  at: Date,
  issuerRef: string | null,
): Promise<void> {
  await refundApplication(tx, row, at);
  await tx
    .update(cardApplications)
    .set({
      status: CardApplicationStatus.REJECTED,
      rejectReason: reason,
      decidedAt: at,
      ...(issuerRef === null ? {} : { issuerRef }),
    })
    .where(eq(cardApplications.id, row.id));
}

/** The balance payment back (its own key: once), or the activation code back unused. */
async function refundApplication(tx: Transaction, row: ApplicationRow, now: Date): Promise<void> {
  const reference = applicationReference(row.id);
  if (row.payment === 'code') {
    await returnActivationCode(tx, reference);
  } else {
    const paid = units(row.paid);
    if (paid > 0n) {
      await postEntry(tx, {
        type: EntryType.CARD_REFUND,
        idempotencyKey: `card:refund:${row.id}`,
        memberId: row.memberId,
        reference,
        postings: nonZero([
          { account: { memberId: row.memberId, bucket: 'available' }, asset: USDT.code, amount: paid },
          {
            account: { house: HouseAccount.CARD_FEES },
            asset: USDT.code,
            amount: -(units(row.issuanceFee) + units(row.kycFee)),
          },
          { account: { house: HouseAccount.CARD_FLOAT }, asset: USDT.code, amount: -units(row.initialTopUp) },
        ]),
      });
    }
  }
  await tx.update(cardApplications).set({ refundedAt: now }).where(eq(cardApplications.id, row.id));
}

/** The card row of an issued application (once): the last 4 digits and a keyed hash of the number, never the number. */
async function insertCard(
  tx: Transaction,
  context: CardContext,
  row: ApplicationRow,
  card: IssuedCard,
  feeFrom: Date,
): Promise<CardRow> {
  // The monthly fee shown when the member applied stays the card's (Step 8b: terms changed later apply to new applications).
  const monthlyFee = await applicationMonthlyFee(tx, row);
  const [inserted] = await tx
    .insert(cards)
    .values({
      memberId: row.memberId,
      applicationId: row.id,
      issuerRef: card.ref,
      product: row.product,
      network: row.network,
      last4: card.last4,
      numberHash: context.keys.numberHash(card.number),
      cardId: normalizeCardId(card.cardId),
      label: card.label,
      region: card.region,
      status: card.status,
      issuedAt: card.issuedAt,
      ...monthlyFeeTerms(monthlyFee, feeFrom),
    })
    .onConflictDoNothing({ target: cards.applicationId })
    .returning();
  if (inserted) return inserted;
  const [existing] = await tx.select().from(cards).where(eq(cards.applicationId, row.id));
  return existing!;
}
