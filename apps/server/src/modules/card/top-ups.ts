import { randomUUID } from 'node:crypto';
import {
  AppError,
  CardStatus,
  computeCardTopUpFee,
  EntryType,
  exceededCardLimit,
  fromLedgerUnits,
  toLedgerUnits,
  type TCardTopUpResponse,
  type ZCardTopUpRequest,
} from '@kpc/shared';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor, Transaction } from '../../db/client.ts';
import { cards, cardTopUps, type cardApplications } from '../../db/schema/index.ts';
import { HouseAccount, postEntry } from '../../ledger/ledger.ts';
import { parseAmount } from '../../ledger/reference-data.ts';
import { requestReplay } from '../../lib/request-replay.ts';
import { decimal } from '../../lib/wire-format.ts';
import { applicationReference, issuerProduct, nonZero, productOf, units, USDT, type CardContext } from './context.ts';
import { CardIssuerErrorCode, isCardIssuerError } from './issuer/issuer.ts';
import { feeClockOf, feeOwed } from './monthly-fee.ts';

/**
 * Top-ups (Step 6; Step 7b §1, §3). A top-up's money moves first, into `card_float` (its fee into
 * `card_fees`), in the transaction that records it `pending`; then the issuer loads the card under
 * the row's one `issuer_key`. Whoever asks the issuer (the member's call or retry, the retry job,
 * recovery, an operator's `issue`) goes through `settleTopUp`, and the row ends exactly once, like a
 * pending transfer posted or voided: `completed` when the issuer loaded it, `failed` when it refused
 * (definite refusals are final for their key at the issuer, issuer.ts), the money then back to
 * whoever paid: the member's available USDT, or `card_fees` for an initial top-up the programme
 * funded (an application paid with an activation code).
 */

type TopUpRow = typeof cardTopUps.$inferSelect;
type CardRow = typeof cards.$inferSelect;
type ApplicationRow = typeof cardApplications.$inferSelect;

export function toTopUp(row: TopUpRow): TCardTopUpResponse {
  const amount = units(row.amount);
  const fee = units(row.fee);
  return {
    id: row.id.toString(),
    cardRecordId: row.cardRecordId.toString(),
    amount: fromLedgerUnits(amount),
    fee: fromLedgerUnits(fee),
    total: fromLedgerUnits(amount + fee),
    status: row.status as TCardTopUpResponse['status'],
    balance: row.balanceAfter === null ? null : decimal(row.balanceAfter),
    createdAt: row.createdAt.toISOString(),
  };
}

const utcDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
const utcMonth = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
const max0 = (value: bigint) => (value > 0n ? value : 0n);

async function usedSince(tx: Executor, cardRecordId: bigint, since: Date): Promise<bigint> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${cardTopUps.amount}), 0)::text` })
    .from(cardTopUps)
    .where(
      and(
        eq(cardTopUps.cardRecordId, cardRecordId),
        inArray(cardTopUps.status, ['pending', 'completed']),
        gte(cardTopUps.createdAt, since),
      ),
    );
  return units(row?.total ?? '0');
}

/** A card frozen for its monthly fee: the member cannot lift that (nor top it up) until it is paid. */
export function refuseFeeDue(row: CardRow, context: Pick<CardContext, 'clock'>): void {
  if (row.feeFrozen) throw new AppError('CARD_FEE_DUE', { amount: feeOwed(row, feeClockOf(context.clock).now()) });
}

/**
 * `/api/card/topup`: on a bound, active card, within the product's single, daily and monthly
 * limits (checked here, under the card's row lock, before any money moves), the amount goes to
 * `card_float` and the fee to `card_fees`; then the issuer loads the card (`settleTopUp`). A
 * refusal returns the money once; an issuer that does not answer leaves it `pending` for the same
 * requestId or the retry job.
 */
export async function topUpCard(
  context: CardContext,
  memberId: string,
  request: z.output<typeof ZCardTopUpRequest>,
): Promise<TCardTopUpResponse> {
  const { db, clock } = context;
  const amount = parseAmount(USDT, request.amount);
  const replay = topUpReplay(context, memberId, request, amount);
  const existing = await replay.earlier(db);
  if (existing) return existing;
  const created = await db.transaction(async (tx) => {
    const [card] = await tx
      .select()
      .from(cards)
      .where(and(eq(cards.id, BigInt(request.id)), eq(cards.memberId, memberId)))
      .for('update');
    if (!card) throw new AppError('CARD_NOT_FOUND');
    // A twin that held the card's lock first has answered this request: counted, not repeated.
    if (await topUpByRequest(tx, memberId, request.requestId)) return null;
    if (!card.boundAt) throw new AppError('CARD_NOT_BOUND');
    if (card.operatorFrozen) throw new AppError('CARD_FROZEN_BY_PROGRAMME');
    refuseFeeDue(card, context);
    if (card.status === CardStatus.FROZEN) throw new AppError('CARD_FROZEN');
    const product = await productOf(tx, card.product);
    if (!product) throw new AppError('CARD_PRODUCT_UNAVAILABLE');
    const { fee } = computeCardTopUpFee({
      amount: fromLedgerUnits(amount),
      feeRate: product.topUpFeeRate,
      minFee: product.topUpMinFee,
      decimals: USDT.decimals,
    });
    const now = clock.now();
    const limits = issuerProduct(product).limits;
    const usedToday = await usedSince(tx, card.id, utcDay(now));
    const usedThisMonth = await usedSince(tx, card.id, utcMonth(now));
    const exceeded = exceededCardLimit(amount, limits, usedToday, usedThisMonth);
    if (exceeded === 'single') throw new AppError('CARD_LIMIT_SINGLE', { limit: fromLedgerUnits(limits.single) });
    if (exceeded === 'daily') {
      throw new AppError('CARD_LIMIT_DAILY', { remaining: fromLedgerUnits(max0(limits.daily - usedToday)) });
    }
    if (exceeded === 'monthly') {
      throw new AppError('CARD_LIMIT_MONTHLY', { remaining: fromLedgerUnits(max0(limits.monthly - usedThisMonth)) });
    }
    const feeUnits = toLedgerUnits(fee);
    const [row] = await tx
      .insert(cardTopUps)
      .values({
        memberId,
        cardRecordId: card.id,
        requestId: request.requestId,
        issuerKey: `card_top_up:${randomUUID()}`,
        amount: fromLedgerUnits(amount),
        fee,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    await postEntry(tx, {
      type: EntryType.CARD_TOPUP,
      idempotencyKey: `card:topup:${row.id}`,
      memberId,
      reference: `card_top_up:${row.id}`,
      postings: nonZero([
        { account: { memberId, bucket: 'available' }, asset: USDT.code, amount: -(amount + feeUnits) },
        { account: { house: HouseAccount.CARD_FLOAT }, asset: USDT.code, amount },
        { account: { house: HouseAccount.CARD_FEES }, asset: USDT.code, amount: feeUnits },
      ]),
    });
    return { row, card };
  });
  if (!created) {
    return replay.twin(db, 'card top-up vanished');
  }
  return answerSettled(await settleTopUp(context, created.row, created.card));
}

async function topUpByRequest(db: Executor, memberId: string, requestId: string) {
  const [row] = await db
    .select()
    .from(cardTopUps)
    .where(and(eq(cardTopUps.memberId, memberId), eq(cardTopUps.requestId, requestId)));
  return row;
}

/** A retry answers the first top-up (settling it if it is still pending); another request under its id is refused. */
function topUpReplay(
  context: CardContext,
  memberId: string,
  request: z.output<typeof ZCardTopUpRequest>,
  amount: bigint,
) {
  return requestReplay({
    find: (executor) => topUpByRequest(executor, memberId, request.requestId),
    sameRequest: (row: TopUpRow) => row.cardRecordId.toString() === request.id && units(row.amount) === amount,
    answer: async (row): Promise<TCardTopUpResponse> => {
      if (row.status !== 'pending') return answerSettled(row);
      const [card] = await context.db.select().from(cards).where(eq(cards.id, row.cardRecordId));
      return answerSettled(await settleTopUp(context, row, card!));
    },
  });
}

/** What the member is told: a returned top-up is a refusal (the money is back in available). */
function answerSettled(row: TopUpRow): TCardTopUpResponse {
  if (row.status === 'failed') throw new AppError('CARD_TOPUP_REFUSED');
  return toTopUp(row);
}

/**
 * Asks the issuer to load a pending top-up under its one key and records the answer once. Answers
 * the row as it ends up: `completed`, `failed` (returned), or still `pending` when the issuer did
 * not answer (asked again later under the same key; nothing is known to have happened).
 */
export async function settleTopUp(context: CardContext, row: TopUpRow, card: CardRow): Promise<TopUpRow> {
  const { db, issuer, clock } = context;
  if (row.payer === 'programme') await ensureProgrammeFunding(context, row, card);
  let transaction;
  try {
    transaction = await issuer.topUp({
      cardRef: card.issuerRef,
      amount: units(row.amount),
      idempotencyKey: row.issuerKey,
    });
  } catch (error) {
    if (!isCardIssuerError(error) || error.code === CardIssuerErrorCode.UNAVAILABLE) {
      context.onError(error, `card top-up ${row.id}`);
      return row;
    }
    return returnTopUp(context, row, error.code);
  }
  const now = clock.now();
  const settled = await db.transaction(async (tx) => {
    const [done] = await tx
      .update(cardTopUps)
      .set({
        status: 'completed',
        issuerTransactionRef: transaction.ref,
        balanceAfter: fromLedgerUnits(transaction.balanceAfter),
        settledAt: now,
      })
      .where(and(eq(cardTopUps.id, row.id), eq(cardTopUps.status, 'pending')))
      .returning();
    if (done?.kind === 'initial') await tx.update(cards).set({ initialTopUpAt: now }).where(eq(cards.id, card.id));
    return done;
  });
  if (settled) return settled;
  // Another caller settled it first: answer what it recorded.
  const [current] = await db.select().from(cardTopUps).where(eq(cardTopUps.id, row.id));
  if (current?.status === 'failed') {
    // Only an issuer that breaks its contract (a refusal is final for its key) gets here.
    context.onError(
      new Error(`card top-up ${row.id} was loaded by the issuer after its money was returned`),
      'top-up settled twice',
    );
  }
  return current ?? row;
}

/**
 * The issuer refused the top-up: the money goes back to whoever paid it, once, under the row's
 * lock, unless another caller recorded the load first. Answers the row as it ends up.
 */
async function returnTopUp(context: CardContext, row: TopUpRow, failure: string): Promise<TopUpRow> {
  const { db, clock } = context;
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(cardTopUps).where(eq(cardTopUps.id, row.id)).for('update');
    if (!locked || locked.status !== 'pending') return locked ?? row;
    const amount = units(locked.amount);
    const fee = units(locked.fee);
    const payer =
      locked.payer === 'programme'
        ? [{ account: { house: HouseAccount.CARD_FEES }, asset: USDT.code, amount: amount + fee }]
        : [
            {
              account: { memberId: locked.memberId, bucket: 'available' as const },
              asset: USDT.code,
              amount: amount + fee,
            },
            { account: { house: HouseAccount.CARD_FEES }, asset: USDT.code, amount: -fee },
          ];
    await postEntry(tx, {
      type: EntryType.CARD_TOPUP_REVERSAL,
      idempotencyKey: `card:topup-reversal:${locked.id}`,
      memberId: locked.memberId,
      reference: `card_top_up:${locked.id}`,
      postings: nonZero([...payer, { account: { house: HouseAccount.CARD_FLOAT }, asset: USDT.code, amount: -amount }]),
    });
    const [failed] = await tx
      .update(cardTopUps)
      .set({ status: 'failed', failure, settledAt: clock.now() })
      .where(eq(cardTopUps.id, locked.id))
      .returning();
    return failed!;
  });
}

// ---------------------------------------------------------------------------------------------
// The initial top-up: one row per issued card, settled like any other.

const initialFundingKey = (applicationId: bigint) => `card:initial:${applicationId}`;

/**
 * When a card is issued (in the transaction that records it): the application's initial top-up as
 * a pending row under the one key the issuer will know it by. Paid with a code, the programme funds
 * it now (`card_fees` -> `card_float`); paid from the balance, the money is in `card_float` since
 * the application.
 */
export async function recordInitialTopUp(
  tx: Transaction,
  application: ApplicationRow,
  card: CardRow,
  now: Date,
): Promise<void> {
  const amount = units(application.initialTopUp);
  if (amount <= 0n) return;
  const programme = application.payment === 'code';
  const [row] = await tx
    .insert(cardTopUps)
    .values({
      memberId: application.memberId,
      cardRecordId: card.id,
      requestId: randomUUID(),
      kind: 'initial',
      payer: programme ? 'programme' : 'member',
      issuerKey: `${applicationReference(application.id)}:initial`,
      amount: application.initialTopUp,
      fee: '0',
      // The programme's clock, like every top-up: the limits and the retry job count by it.
      createdAt: now,
    })
    .onConflictDoNothing({ target: cardTopUps.issuerKey })
    .returning();
  if (row && programme) await fundFromProgramme(tx, application.id, application.memberId, amount);
}

function fundFromProgramme(tx: Transaction, applicationId: bigint, memberId: string, amount: bigint) {
  return postEntry(tx, {
    type: EntryType.CARD_TOPUP,
    idempotencyKey: initialFundingKey(applicationId),
    memberId,
    reference: applicationReference(applicationId),
    postings: [
      { account: { house: HouseAccount.CARD_FEES }, asset: USDT.code, amount: -amount },
      { account: { house: HouseAccount.CARD_FLOAT }, asset: USDT.code, amount },
    ],
  });
}

/** Rows recorded before Step 7b were funded when first sent: the same key makes this once. */
async function ensureProgrammeFunding(context: CardContext, row: TopUpRow, card: CardRow): Promise<void> {
  if (row.status !== 'pending') return;
  await context.db.transaction((tx) => fundFromProgramme(tx, card.applicationId, row.memberId, units(row.amount)));
}

/** Loads an issued card's initial top-up if it is still pending (a repeat is harmless: one key). */
export async function settleInitialTopUp(context: CardContext, applicationId: bigint): Promise<void> {
  const [found] = await context.db
    .select({ row: cardTopUps, card: cards })
    .from(cardTopUps)
    .innerJoin(cards, eq(cards.id, cardTopUps.cardRecordId))
    .where(and(eq(cards.applicationId, applicationId), eq(cardTopUps.kind, 'initial')));
  if (found?.row.status === 'pending') await settleTopUp(context, found.row, found.card);
}

/** An issued card's initial top-up as operators see it (null: none due). */
export async function initialTopUpOf(db: Executor, applicationId: bigint): Promise<TopUpRow | null> {
  const [found] = await db
    .select({ row: cardTopUps })
    .from(cardTopUps)
    .innerJoin(cards, eq(cards.id, cardTopUps.cardRecordId))
    .where(and(eq(cards.applicationId, applicationId), eq(cardTopUps.kind, 'initial')));
  return found?.row ?? null;
}

/**
 * For the retry job: asks the issuer again for every top-up (initial or not) left `pending` for at
 * least `minAgeSeconds`, so the money never waits on the member retrying. Answers how many it asked.
 */
export async function settlePendingTopUps(context: CardContext, minAgeSeconds = 10): Promise<number> {
  const before = new Date(context.clock.now().getTime() - minAgeSeconds * 1000);
  const pending = await context.db
    .select({ row: cardTopUps, card: cards })
    .from(cardTopUps)
    .innerJoin(cards, eq(cards.id, cardTopUps.cardRecordId))
    .where(and(eq(cardTopUps.status, 'pending'), lte(cardTopUps.createdAt, before)))
    .orderBy(asc(cardTopUps.id))
    .limit(500);
  for (const { row, card } of pending) await settleTopUp(context, row, card);
  return pending.length;
}
