import { CardStatus, EntryType, fromLedgerUnits, toLedgerUnits, type TCardListItem } from '@kpc/shared';
import { and, asc, eq, gt, lte, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { cards } from '../../db/schema/index.ts';
import { HouseAccount, postEntry } from '../../ledger/ledger.ts';
import { lockMemberBalance } from '../../ledger/reads.ts';
import { planClockOf, type AdjustableClock, type Clock } from '../../lib/clock.ts';
import type { CardIssuer } from './issuer/issuer.ts';

/**
 * Cards' monthly fee (Step 6, SPEC §9 "monthly", docs/modules/cards.md). Every issued card owes the
 * monthly fee kept on it at issue (`cards.monthly_fee`) on each monthly anniversary of its issue:
 * month n falls due n calendar months after it (UTC, the day clamped to the month's end), the
 * first one month after issue (the issuance fee covers the first month). A fee of 0 is never due.
 *
 * The job (`chargeMonthlyFees`, every CARD_FEE_SECONDS) sweeps the cards with a fee due in id
 * order and charges each month in its own transaction, under the card's row lock and the member's
 * USDT available row lock: available -> `card_fees`, keyed `card_monthly_fee:<card>:<n>`, so a
 * second run or process finds the month charged. A short balance takes nothing: the card is
 * frozen for the fee (`fee_frozen`, and at the issuer) and every run retries; once the owed months
 * are paid, in order, the fee freeze is lifted (and the issuer's, unless the member froze it too).
 */

/** What the job needs of the card module's context (`CardContext` is one). */
export interface MonthlyFeeContext {
  db: Database;
  /** The server's clock; fees run on the plans' clock over it (`feeClockOf`). */
  clock: Clock;
  issuer: CardIssuer;
  onError: (error: unknown, context: string) => void;
}

type CardRow = typeof cards.$inferSelect;

/** Cards per sweep batch (each card then charged month by month in its own transactions). */
const BATCH = 500;
const USDT = 'USDT';
const DAY_MS = 86_400_000;

/**
 * The card module's clock for monthly fees: the plans' clock of the server (`planClockOf`), so
 * the development clock panel's "+30 days" makes a month's fee fall due, as it releases plans.
 */
export function feeClockOf(clock: Clock): AdjustableClock {
  return planClockOf(clock);
}

/**
 * When a card just issued (at `issuedAt` by the issuer's clock) starts counting its months: the
 * same instant on the fee clock, so moving the development clock never makes a new card's first
 * fee due at once. In production the offset is 0 and this is `issuedAt`.
 */
export function monthlyFeeFromOf(clock: Clock, issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + feeClockOf(clock).offsetDays() * DAY_MS);
}

/** `months` calendar months after `from` (UTC), the day clamped to that month's end, the time of day kept. */
export function monthsAfter(from: Date, months: number): Date {
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(from.getUTCDate(), lastDay),
      from.getUTCHours(),
      from.getUTCMinutes(),
      from.getUTCSeconds(),
      from.getUTCMilliseconds(),
    ),
  );
}

/** How many monthly anniversaries of `from` have come by `now` (month n is due at `monthsAfter(from, n)`). */
export function monthsDue(from: Date, now: Date): number {
  let months = (now.getUTCFullYear() - from.getUTCFullYear()) * 12 + now.getUTCMonth() - from.getUTCMonth();
  if (months > 0 && monthsAfter(from, months) > now) months -= 1;
  return Math.max(0, months);
}

/** A new card's fee terms: the product's fee now, counted from its issue on the fee clock. */
export function monthlyFeeTerms(monthlyFee: string, from: Date) {
  return {
    monthlyFee,
    monthlyFeeFrom: from,
    monthlyFeesCharged: 0,
    monthlyFeeNextAt: toLedgerUnits(monthlyFee) > 0n ? monthsAfter(from, 1) : null,
  };
}

/** USDT owed for months due by `now` and not charged yet (at least a month while frozen for it). */
function owedUnits(row: CardRow, now: Date): bigint {
  const fee = toLedgerUnits(row.monthlyFee);
  if (fee <= 0n) return 0n;
  const months = monthsDue(row.monthlyFeeFrom, now) - row.monthlyFeesCharged;
  return BigInt(Math.max(months, row.feeFrozen ? 1 : 0)) * fee;
}

/** USDT owed by a card frozen for its fee (`CARD_FEE_DUE`'s amount). */
export function feeOwed(row: CardRow, now: Date): string {
  return fromLedgerUnits(owedUnits(row, now));
}

/**
 * The list item's status and fee fields. A card frozen for its fee shows frozen even while the
 * issuer's freeze is still being retried; a card frozen by both shows `fee_due` (paying leaves it
 * frozen as the member's).
 */
export function monthlyFeeView(
  row: CardRow,
  now: Date,
): Pick<TCardListItem, 'status' | 'frozenReason' | 'monthlyFeeDue' | 'nextMonthlyFeeAt'> {
  const frozen = row.operatorFrozen || row.feeFrozen || row.status === CardStatus.FROZEN;
  const owed = owedUnits(row, now);
  return {
    status: frozen ? CardStatus.FROZEN : CardStatus.ACTIVE,
    // An operator's freeze first: paying a fee or the member's unfreeze does not lift it.
    frozenReason: row.operatorFrozen ? 'programme' : row.feeFrozen ? 'fee_due' : frozen ? 'member' : null,
    monthlyFeeDue: owed > 0n ? fromLedgerUnits(owed) : null,
    nextMonthlyFeeAt: row.monthlyFeeNextAt?.toISOString() ?? null,
  };
}

export interface MonthlyFeeResult {
  /** Card-months charged. */
  charged: number;
  /** Cards frozen for a fee they could not pay. */
  frozen: number;
  /** Cards whose fee freeze was lifted (all owed months paid). */
  released: number;
}

/**
 * One run of the job: charges every card-month due by the fee clock's now, in card id order,
 * catching up missed months in order; freezes cards whose member is short and retries those
 * already frozen. Safe to run twice at once and in several processes (row locks, ledger keys).
 */
export async function chargeMonthlyFees(context: MonthlyFeeContext): Promise<MonthlyFeeResult> {
  const { db } = context;
  const now = feeClockOf(context.clock).now();
  const result: MonthlyFeeResult = { charged: 0, frozen: 0, released: 0 };
  let after = 0n;
  for (;;) {
    const batch = await db
      .select({ id: cards.id })
      .from(cards)
      .where(
        and(
          gt(cards.id, after),
          or(
            lte(cards.monthlyFeeNextAt, now),
            // Frozen for the fee here, not yet at the issuer (its call failed): freeze again.
            and(eq(cards.feeFrozen, true), eq(cards.status, CardStatus.ACTIVE)),
          ),
        ),
      )
      .orderBy(asc(cards.id))
      .limit(BATCH);
    for (const { id } of batch) {
      try {
        await chargeCard(context, id, now, result);
      } catch (error) {
        // One card's failure (its issuer call, a dropped connection) never stops the others.
        context.onError(error, `monthly fee of card ${id}`);
      }
    }
    if (batch.length < BATCH) return result;
    after = batch.at(-1)!.id;
  }
}

/** The member's USDT available, its row locked until the transaction ends (0 when there is none). */
function lockedAvailable(tx: Transaction, memberId: string): Promise<bigint> {
  return lockMemberBalance(tx, { memberId, asset: USDT, bucket: 'available' });
}

type MonthStep = { card: CardRow; charged: boolean; froze: boolean; released: boolean };

/** Month `monthly_fees_charged + 1` of one card if due by `now`, in one transaction. */
async function chargeNextMonth(db: Database, id: bigint, now: Date): Promise<MonthStep | null> {
  return db.transaction(async (tx) => {
    const [card] = await tx.select().from(cards).where(eq(cards.id, id)).for('update');
    if (!card) return null;
    const idle = { card, charged: false, froze: false, released: false };
    // Charged meanwhile by another run (it held the lock first), or nothing due.
    if (card.monthlyFeeNextAt === null || card.monthlyFeeNextAt > now) return idle;
    const fee = toLedgerUnits(card.monthlyFee);
    if ((await lockedAvailable(tx, card.memberId)) < fee) {
      if (card.feeFrozen) return idle;
      const [frozen] = await tx.update(cards).set({ feeFrozen: true }).where(eq(cards.id, id)).returning();
      return { ...idle, card: frozen!, froze: true };
    }
    const month = card.monthlyFeesCharged + 1;
    await postEntry(tx, {
      type: EntryType.CARD_MONTHLY_FEE,
      idempotencyKey: `card_monthly_fee:${card.id}:${month}`,
      memberId: card.memberId,
      reference: `card:${card.id}`,
      postings: [
        { account: { memberId: card.memberId, bucket: 'available' }, asset: USDT, amount: -fee },
        { account: { house: HouseAccount.CARD_FEES }, asset: USDT, amount: fee },
      ],
    });
    const next = monthsAfter(card.monthlyFeeFrom, month + 1);
    // The fee freeze stays while another month is owed (the next step charges it, or not).
    const feeFrozen = card.feeFrozen && next <= now;
    const [charged] = await tx
      .update(cards)
      .set({ monthlyFeesCharged: month, monthlyFeeNextAt: next, feeFrozen })
      .where(eq(cards.id, id))
      .returning();
    return { card: charged!, charged: true, froze: false, released: card.feeFrozen && !feeFrozen };
  });
}

/** Every month due on one card, in order, then the issuer told of a fee freeze or its end. */
async function chargeCard(context: MonthlyFeeContext, id: bigint, now: Date, result: MonthlyFeeResult) {
  let released = false;
  let card: CardRow | null = null;
  for (;;) {
    const step = await chargeNextMonth(context.db, id, now);
    if (!step) return;
    card = step.card;
    if (step.charged) result.charged += 1;
    if (step.froze) result.frozen += 1;
    if (step.released) {
      result.released += 1;
      released = true;
    }
    if (!step.charged) break;
  }
  await syncIssuerFreeze(context, card, released);
}

/**
 * Outside any transaction (the issuer's `card.status` event updates the card itself): a card
 * frozen for its fee is frozen at the issuer (idempotent there); one whose fee freeze was just
 * lifted is unfrozen unless its member froze it too. A failed freeze is retried by the next run
 * (the sweep picks fee-frozen cards still active); a failed unfreeze leaves the card frozen as if
 * by the member, who may unfreeze it.
 */
async function syncIssuerFreeze(context: MonthlyFeeContext, card: CardRow, released: boolean) {
  let status: string | null = null;
  if (card.feeFrozen && card.status !== CardStatus.FROZEN) {
    status = (await context.issuer.freeze(card.issuerRef)).status;
  } else if (released && !card.memberFrozen && !card.operatorFrozen && card.status === CardStatus.FROZEN) {
    status = (await context.issuer.unfreeze(card.issuerRef)).status;
  }
  if (status !== null) {
    await context.db
      .update(cards)
      .set({ status })
      .where(and(eq(cards.id, card.id), sql`${cards.status} <> ${status}`));
  }
}
