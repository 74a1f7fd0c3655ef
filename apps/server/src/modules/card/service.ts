import { createHash } from 'node:crypto';
import {
  AppError,
  CardApplicationStatus,
  CardStatus,
  computeCardTopUpFee,
  EntryType,
  exceededCardLimit,
  fromLedgerUnits,
  maskCardNumber,
  normalizeCardId,
  toLedgerUnits,
  USDT_DECIMALS,
  type TCardApplication,
  type TCardListItem,
  type TCardProductInfo,
  type TCardRejectReason,
  type TCardTopUpResponse,
  type TCardTransactionsResponse,
  type TCardApplicationsResponse,
  type ZCardApplyRequest,
  type ZCardBindRequest,
  type ZCardTopUpRequest,
  type ZCardTransactionsRequest,
  type ZCardApplicationsRequest,
} from '@kpc/shared';
import { and, asc, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { cardApplications, cardIssuerEvents, cardProducts, cards, cardTopUps } from '../../db/schema/index.ts';
import { HouseAccount, postEntry, type Posting } from '../../ledger/ledger.ts';
import { parseAmount } from '../../ledger/reference-data.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashWithSecret } from '../../lib/crypto.ts';
import { consumeActivationCode, returnActivationCode } from '../activation-code/service.ts';
import { toPage } from '../assets/service.ts';
import { recordTeamEvent, TeamEventKind } from '../team/airdrop.ts';
import {
  CardIssuerErrorCode,
  isCardIssuerError,
  type CardIssuer,
  type CardIssuerEvent,
  type IssuedCard,
  type IssuerProduct,
} from './issuer/issuer.ts';
import { feeClockOf, feeOwed, monthlyFeeFromOf, monthlyFeeTerms, monthlyFeeView } from './monthly-fee.ts';

/**
 * Co-branded cards, the programme's side (Step 6, issue §3). The issuer (issuer/) holds the cards;
 * here: products and their fees, applications and how they were paid, whose card is which, binding,
 * top-ups through the ledger, and the issuer's events applied once each (`card_issuer_events`).
 *
 * Money: applying from the balance moves issuance + KYC to `card_fees` and the initial top-up to
 * `card_float` in one entry; a KYC rejection reverses that entry once. An activation code pays the
 * whole application: the programme funds the initial top-up (`card_fees` -> `card_float`) at issue.
 * A top-up moves its amount to `card_float` and its fee to `card_fees`, then asks the issuer; a
 * refusal reverses it once. Monthly fees: monthly-fee.ts (a card frozen for one refuses the
 * member's unfreeze and top-ups here).
 */

export interface CardContext {
  db: Database;
  clock: Clock;
  /** The server secret: activation codes and the card number's keyed hash. */
  secret: string;
  issuer: CardIssuer;
  /** Told about failures of background work (an initial top-up the issuer did not take). */
  onError: (error: unknown, context: string) => void;
}

const USDT = { code: 'USDT', decimals: USDT_DECIMALS };
const DEFAULT_LIMIT = 20;

type ProductRow = typeof cardProducts.$inferSelect;
type ApplicationRow = typeof cardApplications.$inferSelect;
type CardRow = typeof cards.$inferSelect;
type TopUpRow = typeof cardTopUps.$inferSelect;
type ApplyInput = z.output<typeof ZCardApplyRequest>;

const units = (value: string) => toLedgerUnits(value);
const decimal = (value: string) => fromLedgerUnits(toLedgerUnits(value));
const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The reference the ledger, the issuer and activation codes know an application by. */
export const applicationReference = (id: bigint) => `card_application:${id}`;
function applicationIdOf(reference: string): bigint | null {
  const match = /^card_application:(\d{1,19})$/.exec(reference);
  return match ? BigInt(match[1]!) : null;
}

/** The initial top-up's request id: fixed per application (a UUID-shaped digest), so it is recorded once. */
function initialTopUpRequestId(applicationId: bigint): string {
  const hex = createHash('sha256').update(`card_application:${applicationId}:initial`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Keyed hash of a full card number (HMAC-SHA256, key derived from the server secret): binding compares it. */
export function cardNumberHash(secret: string, cardNumber: string): string {
  return hashWithSecret(hashWithSecret(secret, 'card-number-key'), cardNumber);
}

// ---------------------------------------------------------------------------------------------
// Products

function toProductInfo(row: ProductRow): TCardProductInfo {
  return {
    product: row.code as TCardProductInfo['product'],
    nameKey: `card.product.${row.code}`,
    networks: row.networks as TCardProductInfo['networks'],
    asset: USDT.code,
    fees: {
      issuance: decimal(row.issuanceFee),
      kyc: decimal(row.kycFee),
      initialTopUp: decimal(row.initialTopUp),
      monthly: decimal(row.monthlyFee),
      topUpFeeRate: decimal(row.topUpFeeRate),
      topUpMinFee: decimal(row.topUpMinFee),
    },
    limits: { single: decimal(row.singleLimit), daily: decimal(row.dailyLimit), monthly: decimal(row.monthlyLimit) },
    applicationTotal: fromLedgerUnits(units(row.issuanceFee) + units(row.kycFee) + units(row.initialTopUp)),
  };
}

function issuerProduct(row: ProductRow): IssuerProduct {
  return {
    product: row.code as IssuerProduct['product'],
    limits: { single: units(row.singleLimit), daily: units(row.dailyLimit), monthly: units(row.monthlyLimit) },
  };
}

export async function listProducts(db: Executor): Promise<{ list: TCardProductInfo[] }> {
  const rows = await db
    .select()
    .from(cardProducts)
    .where(eq(cardProducts.active, true))
    .orderBy(asc(cardProducts.sort), asc(cardProducts.code));
  return { list: rows.map(toProductInfo) };
}

async function productOf(db: Executor, code: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(cardProducts).where(eq(cardProducts.code, code));
  return row;
}

// ---------------------------------------------------------------------------------------------
// Applications

function toApplication(row: ApplicationRow, cardRecordId: bigint | null): TCardApplication {
  return {
    id: row.id.toString(),
    product: row.product as TCardApplication['product'],
    network: row.network as TCardApplication['network'],
    status: row.status as TCardApplication['status'],
    payment: row.payment as TCardApplication['payment'],
    paid: decimal(row.paid),
    rejectReason: row.rejectReason as TCardRejectReason | null,
    createdAt: row.createdAt.toISOString(),
    decidedAt: iso(row.decidedAt),
    issuedAt: iso(row.issuedAt),
    cardRecordId: cardRecordId?.toString() ?? null,
  };
}

async function cardIdFor(db: Executor, applicationId: bigint): Promise<bigint | null> {
  const [row] = await db.select({ id: cards.id }).from(cards).where(eq(cards.applicationId, applicationId));
  return row?.id ?? null;
}

async function applicationByRequest(db: Executor, memberId: string, requestId: string) {
  const [row] = await db
    .select()
    .from(cardApplications)
    .where(and(eq(cardApplications.memberId, memberId), eq(cardApplications.requestId, requestId)));
  return row;
}

/** A retry answers the first application; the same requestId for another application is refused. */
async function answerRetry(db: Executor, row: ApplicationRow, request: ApplyInput): Promise<TCardApplication> {
  if (row.product !== request.product || row.network !== request.network || row.payment !== request.payment.method) {
    throw new AppError('REQUEST_ID_REUSED');
  }
  return toApplication(row, await cardIdFor(db, row.id));
}

function issuerUnavailable(error: unknown): never {
  if (isCardIssuerError(error)) throw new AppError('CARD_ISSUER_UNAVAILABLE');
  throw error;
}

/**
 * `/api/card/apply`: records the application, pays it (from available USDT, or with an activation
 * code) and submits it to the issuer, all in one transaction: an issuer that cannot be reached
 * leaves nothing charged. Retry-safe by `requestId` (a unique index; concurrent twins wait for the
 * first and answer its row). The KYC details go to the issuer only (see `card_applications`).
 */
export async function applyForCard(
  { db, clock, secret, issuer }: CardContext,
  memberId: string,
  request: ApplyInput,
): Promise<TCardApplication> {
  const earlier = await applicationByRequest(db, memberId, request.requestId);
  if (earlier) return answerRetry(db, earlier, request);
  const product = await productOf(db, request.product);
  if (!product?.active || !product.networks.includes(request.network)) {
    throw new AppError('CARD_PRODUCT_UNAVAILABLE');
  }
  const issuance = units(product.issuanceFee);
  const kyc = units(product.kycFee);
  const initial = units(product.initialTopUp);
  const byBalance = request.payment.method === 'balance';
  const paid = byBalance ? issuance + kyc + initial : 0n;
  const created = await db.transaction(async (tx) => {
    const now = clock.now();
    const [row] = await tx
      .insert(cardApplications)
      .values({
        memberId,
        requestId: request.requestId,
        product: product.code,
        network: request.network,
        holderName: `${request.holder.firstName} ${request.holder.lastName}`,
        nationality: request.holder.nationality,
        documentType: request.holder.documentType,
        documentLast4: request.holder.documentNumber.slice(-4),
        payment: request.payment.method,
        paid: fromLedgerUnits(paid),
        issuanceFee: product.issuanceFee,
        kycFee: product.kycFee,
        initialTopUp: product.initialTopUp,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    const reference = applicationReference(row.id);
    let activationCodeId: bigint | null = null;
    if (request.payment.method === 'code') {
      ({ codeId: activationCodeId } = await consumeActivationCode(tx, {
        secret,
        memberId,
        code: request.payment.code,
        reference,
        now,
      }));
    } else if (paid > 0n) {
      await postEntry(tx, {
        type: EntryType.CARD_FEE,
        idempotencyKey: `card:apply:${row.id}`,
        memberId,
        reference,
        postings: nonZero([
          { account: { memberId, bucket: 'available' }, asset: USDT.code, amount: -paid },
          { account: { house: HouseAccount.CARD_FEES }, asset: USDT.code, amount: issuance + kyc },
          { account: { house: HouseAccount.CARD_FLOAT }, asset: USDT.code, amount: initial },
        ]),
      });
    }
    const [updated] = await tx
      .update(cardApplications)
      .set({ activationCodeId })
      .where(eq(cardApplications.id, row.id))
      .returning();
    return updated!;
  });
  if (created) {
    // Outside the transaction: the issuer keeps its own state (the sandbox's in this database).
    try {
      const submitted = await issuer.submitApplication({
        reference: applicationReference(created.id),
        holder: request.holder,
        product: issuerProduct(product),
        network: request.network,
      });
      const [updated] = await db
        .update(cardApplications)
        .set({ issuerRef: submitted.ref })
        .where(eq(cardApplications.id, created.id))
        .returning();
      return toApplication(updated!, null);
    } catch (error) {
      // Not submitted: undo the application and its payment (once, by its key), so a retry starts afresh.
      await db.transaction(async (tx) => {
        await refundApplication(tx, created, clock.now());
        await tx.delete(cardApplications).where(eq(cardApplications.id, created.id));
      });
      issuerUnavailable(error);
    }
  }
  // A concurrent twin committed first: answer its application.
  const twin = await applicationByRequest(db, memberId, request.requestId);
  if (!twin) throw new Error('card application vanished');
  return answerRetry(db, twin, request);
}

function nonZero(postings: Posting[]): Posting[] {
  return postings.filter((posting) => posting.amount !== 0n);
}

export async function listApplications(
  { db }: CardContext,
  memberId: string,
  request: z.output<typeof ZCardApplicationsRequest>,
): Promise<TCardApplicationsResponse> {
  const limit = request.limit ?? DEFAULT_LIMIT;
  const rows = await db
    .select({ application: cardApplications, cardRecordId: cards.id })
    .from(cardApplications)
    .leftJoin(cards, eq(cards.applicationId, cardApplications.id))
    .where(
      and(
        eq(cardApplications.memberId, memberId),
        request.cursor ? lt(cardApplications.id, BigInt(request.cursor)) : undefined,
      ),
    )
    .orderBy(desc(cardApplications.id))
    .limit(limit + 1);
  const page = rows.map((row) => ({ ...row.application, cardRecordId: row.cardRecordId }));
  return toPage(page, limit, (row) => toApplication(row, row.cardRecordId));
}

/** `/api/card/application`: one of the member's own; another member's answers like a missing one. */
export async function getApplication({ db }: CardContext, memberId: string, id: string): Promise<TCardApplication> {
  const [row] = await db
    .select()
    .from(cardApplications)
    .where(and(eq(cardApplications.id, BigInt(id)), eq(cardApplications.memberId, memberId)));
  if (!row) throw new AppError('CARD_APPLICATION_NOT_FOUND');
  return toApplication(row, await cardIdFor(db, row.id));
}

// ---------------------------------------------------------------------------------------------
// Issuer events: each applied once, in the transaction that records its id.

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
  let issued: { card: CardRow; application: ApplicationRow } | null = null;
  await db.transaction(async (tx) => {
    if (!(await firstDelivery(tx, event))) return;
    switch (event.type) {
      case 'application.approved': {
        const row = await lockApplicationByReference(tx, event.reference);
        if (row.status !== CardApplicationStatus.SUBMITTED) return;
        await tx
          .update(cardApplications)
          .set({ status: CardApplicationStatus.APPROVED, decidedAt: event.at, issuerRef: event.applicationRef })
          .where(eq(cardApplications.id, row.id));
        return;
      }
      case 'application.rejected': {
        const row = await lockApplicationByReference(tx, event.reference);
        if (row.status !== CardApplicationStatus.SUBMITTED && row.status !== CardApplicationStatus.APPROVED) return;
        await refundApplication(tx, row, event.at);
        await tx
          .update(cardApplications)
          .set({ status: CardApplicationStatus.REJECTED, rejectReason: event.reason, decidedAt: event.at })
          .where(eq(cardApplications.id, row.id));
        return;
      }
      case 'card.issued': {
        const row = await lockApplicationByReference(tx, event.reference);
        if (row.status === CardApplicationStatus.REJECTED || row.status === CardApplicationStatus.ISSUED) return;
        const feeFrom = monthlyFeeFromOf(context.clock, event.card.issuedAt);
        const card = await insertCard(tx, context.secret, row, event.card, feeFrom);
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
        issued = { card, application: row };
        return;
      }
      case 'card.status':
        await tx.update(cards).set({ status: event.status }).where(eq(cards.issuerRef, event.cardRef));
        return;
    }
  });
  if (issued) await initialTopUp(context, (issued as { card: CardRow; application: ApplicationRow }).application);
}

/** A KYC rejection: the balance payment back (its own key: once), or the activation code back unused. */
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

async function insertCard(
  tx: Transaction,
  secret: string,
  row: ApplicationRow,
  card: IssuedCard,
  feeFrom: Date,
): Promise<CardRow> {
  // The product's monthly fee today stays the card's: a later price change leaves issued cards.
  const monthlyFee = (await productOf(tx, row.product))?.monthlyFee ?? '0';
  const [inserted] = await tx
    .insert(cards)
    .values({
      memberId: row.memberId,
      applicationId: row.id,
      issuerRef: card.ref,
      product: row.product,
      network: row.network,
      maskedNumber: maskCardNumber(card.number),
      last4: card.last4,
      numberHash: cardNumberHash(secret, card.number),
      cardId: normalizeCardId(card.cardId),
      label: card.label,
      region: card.region,
      status: card.status,
      issuedAt: card.issuedAt,
      ...monthlyFeeTerms(monthlyFee, feeFrom),
    })
    .onConflictDoNothing({ target: cards.applicationId })
    .returning();
  if (inserted) {
    const initial = units(row.initialTopUp);
    if (initial > 0n) {
      // The initial top-up counts toward the card's limits like any other.
      await tx
        .insert(cardTopUps)
        .values({
          memberId: row.memberId,
          cardRecordId: inserted.id,
          requestId: initialTopUpRequestId(row.id),
          amount: row.initialTopUp,
          fee: '0',
          createdAt: card.issuedAt,
        })
        .onConflictDoNothing();
    }
    return inserted;
  }
  const [existing] = await tx.select().from(cards).where(eq(cards.applicationId, row.id));
  return existing!;
}

/**
 * Loads the application's initial top-up onto its new card (fixed key: once). Paid with a code,
 * the programme funds it first (`card_fees` -> `card_float`, once by its key). A failure is
 * reported; calling this again (any later event or an operator `issue`) retries it safely.
 */
export async function initialTopUp(context: CardContext, application: ApplicationRow): Promise<void> {
  const { db, issuer, onError } = context;
  const initial = units(application.initialTopUp);
  if (initial <= 0n) return;
  const [card] = await db.select().from(cards).where(eq(cards.applicationId, application.id));
  if (!card || card.initialTopUpAt) return;
  const [row] = await db
    .select()
    .from(cardTopUps)
    .where(
      and(
        eq(cardTopUps.memberId, application.memberId),
        eq(cardTopUps.requestId, initialTopUpRequestId(application.id)),
      ),
    );
  try {
    if (application.payment === 'code') {
      await db.transaction((tx) =>
        postEntry(tx, {
          type: EntryType.CARD_TOPUP,
          idempotencyKey: `card:initial:${application.id}`,
          memberId: application.memberId,
          reference: applicationReference(application.id),
          postings: [
            { account: { house: HouseAccount.CARD_FEES }, asset: USDT.code, amount: -initial },
            { account: { house: HouseAccount.CARD_FLOAT }, asset: USDT.code, amount: initial },
          ],
        }),
      );
    }
    const transaction = await issuer.topUp({
      cardRef: card.issuerRef,
      amount: initial,
      idempotencyKey: `${applicationReference(application.id)}:initial`,
    });
    const now = context.clock.now();
    await db.transaction(async (tx) => {
      await tx.update(cards).set({ initialTopUpAt: now }).where(eq(cards.id, card.id));
      if (row) {
        await tx
          .update(cardTopUps)
          .set({
            status: 'completed',
            issuerTransactionRef: transaction.ref,
            balanceAfter: fromLedgerUnits(transaction.balanceAfter),
            settledAt: now,
          })
          .where(eq(cardTopUps.id, row.id));
      }
    });
  } catch (error) {
    onError(error, `initial top-up of card application ${application.id}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Cards

/** A card as the member sees it; `now` is the fee clock's (`feeClockOf`). */
async function toListItem(issuer: CardIssuer, row: CardRow, now: Date): Promise<TCardListItem> {
  let balance: string | null = null;
  if (row.boundAt) {
    // A card list still shows when the issuer does not answer: the balance is then unknown.
    balance = await issuer.balance(row.issuerRef).then(fromLedgerUnits, () => null);
  }
  return {
    id: row.id.toString(),
    product: row.product as TCardListItem['product'],
    network: row.network as TCardListItem['network'],
    maskedNumber: row.maskedNumber,
    last4: row.last4,
    cardId: row.cardId,
    label: row.label,
    region: row.region,
    isBound: row.boundAt !== null,
    ...monthlyFeeView(row, now),
    balance,
    issuedAt: row.issuedAt.toISOString(),
    boundAt: iso(row.boundAt),
  };
}

export async function listCards(
  { db, clock, issuer }: CardContext,
  memberId: string,
): Promise<{ list: TCardListItem[] }> {
  const rows = await db.select().from(cards).where(eq(cards.memberId, memberId)).orderBy(desc(cards.id));
  const now = feeClockOf(clock).now();
  return { list: await Promise.all(rows.map((row) => toListItem(issuer, row, now))) };
}

/**
 * `/api/card/bind` (SPEC §5): the number must be one of the member's own issued cards (looked up
 * by its keyed hash among the member's cards only, so another member's number answers exactly
 * like a number never issued), and the ID must be the one printed with it.
 */
export async function bindCard(
  { db, clock, secret, issuer }: CardContext,
  memberId: string,
  request: z.output<typeof ZCardBindRequest>,
): Promise<TCardListItem> {
  const hash = cardNumberHash(secret, request.cardNumber);
  const [row] = await db
    .select()
    .from(cards)
    .where(and(eq(cards.memberId, memberId), eq(cards.numberHash, hash)));
  if (!row) throw new AppError('CARD_BIND_NOT_FOUND');
  if (row.cardId !== request.cardId) throw new AppError('CARD_ID_MISMATCH');
  const [bound] = await db
    .update(cards)
    .set({ boundAt: clock.now() })
    .where(and(eq(cards.id, row.id), sql`${cards.boundAt} is null`))
    .returning();
  if (!bound) throw new AppError('CARD_ALREADY_BOUND');
  return toListItem(issuer, bound, feeClockOf(clock).now());
}

/** One of the member's own bound cards; another member's card answers like a missing one. */
async function boundCardOf(db: Executor, memberId: string, id: string): Promise<CardRow> {
  const [row] = await db
    .select()
    .from(cards)
    .where(and(eq(cards.id, BigInt(id)), eq(cards.memberId, memberId)));
  if (!row) throw new AppError('CARD_NOT_FOUND');
  if (!row.boundAt) throw new AppError('CARD_NOT_BOUND');
  return row;
}

/** A card frozen for its monthly fee: the member cannot lift that (nor top it up) until it is paid. */
function refuseFeeDue(row: CardRow, clock: Clock): void {
  if (row.feeFrozen) throw new AppError('CARD_FEE_DUE', { amount: feeOwed(row, feeClockOf(clock).now()) });
}

/**
 * `/api/card/freeze` and `unfreeze`: the member's own freeze (`member_frozen`), kept apart from
 * the programme's freeze for an unpaid monthly fee, which the member cannot lift.
 */
export async function setCardFrozen(
  { db, clock, issuer }: CardContext,
  memberId: string,
  id: string,
  frozen: boolean,
): Promise<TCardListItem> {
  const row = await boundCardOf(db, memberId, id);
  if (!frozen) refuseFeeDue(row, clock);
  const card = await (frozen ? issuer.freeze(row.issuerRef) : issuer.unfreeze(row.issuerRef)).catch(issuerUnavailable);
  let [updated] = await db
    .update(cards)
    .set({ status: card.status, memberFrozen: frozen })
    .where(eq(cards.id, row.id))
    .returning();
  if (!frozen && updated!.feeFrozen) {
    // The fee job froze it while this unfreeze was under way: frozen again at the issuer.
    const refrozen = await issuer.freeze(row.issuerRef).catch(issuerUnavailable);
    [updated] = await db.update(cards).set({ status: refrozen.status }).where(eq(cards.id, row.id)).returning();
    refuseFeeDue(updated!, clock);
  }
  return toListItem(issuer, updated!, feeClockOf(clock).now());
}

export async function cardTransactions(
  { db, issuer }: CardContext,
  memberId: string,
  request: z.output<typeof ZCardTransactionsRequest>,
): Promise<TCardTransactionsResponse> {
  const row = await boundCardOf(db, memberId, request.id);
  const [page, balance] = await Promise.all([
    issuer.listTransactions(row.issuerRef, {
      ...(request.cursor === undefined ? {} : { cursor: request.cursor }),
      ...(request.limit === undefined ? {} : { limit: request.limit }),
    }),
    issuer.balance(row.issuerRef),
  ]).catch(issuerUnavailable);
  return {
    balance: fromLedgerUnits(balance),
    list: page.list.map((transaction) => ({
      id: transaction.ref,
      type: transaction.type,
      amount: fromLedgerUnits(transaction.amount),
      balance: fromLedgerUnits(transaction.balanceAfter),
      merchant: transaction.merchant,
      createdAt: transaction.at.toISOString(),
    })),
    nextCursor: page.nextCursor,
  };
}

// ---------------------------------------------------------------------------------------------
// Top-ups

function toTopUp(row: TopUpRow): TCardTopUpResponse {
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

/**
 * `/api/card/topup`: on a bound, active card, within the product's single, daily and monthly
 * limits (checked here, under the card's row lock, before any money moves), the amount goes to
 * `card_float` and the fee to `card_fees`; then the issuer loads the card under the top-up's key.
 * A refusal reverses the entry once; an issuer that does not answer leaves it `pending`, and the
 * same requestId retries it.
 */
export async function topUpCard(
  context: CardContext,
  memberId: string,
  request: z.output<typeof ZCardTopUpRequest>,
): Promise<TCardTopUpResponse> {
  const { db, clock } = context;
  const amount = parseAmount(USDT, request.amount);
  const existing = await topUpByRequest(db, memberId, request.requestId);
  if (existing) return answerTopUpRetry(context, existing, request, amount);
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
    refuseFeeDue(card, clock);
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
    return { row, cardRef: card.issuerRef };
  });
  if (!created) {
    const twin = await topUpByRequest(db, memberId, request.requestId);
    if (!twin) throw new Error('card top-up vanished');
    return answerTopUpRetry(context, twin, request, amount);
  }
  return settleTopUp(context, created.row, created.cardRef);
}

const max0 = (value: bigint) => (value > 0n ? value : 0n);

async function topUpByRequest(db: Executor, memberId: string, requestId: string) {
  const [row] = await db
    .select()
    .from(cardTopUps)
    .where(and(eq(cardTopUps.memberId, memberId), eq(cardTopUps.requestId, requestId)));
  return row;
}

async function answerTopUpRetry(
  context: CardContext,
  row: TopUpRow,
  request: z.output<typeof ZCardTopUpRequest>,
  amount: bigint,
): Promise<TCardTopUpResponse> {
  if (row.cardRecordId.toString() !== request.id || units(row.amount) !== amount) {
    throw new AppError('REQUEST_ID_REUSED');
  }
  if (row.status !== 'pending') {
    if (row.status === 'failed') throw new AppError('CARD_TOPUP_REFUSED');
    return toTopUp(row);
  }
  const [card] = await context.db.select().from(cards).where(eq(cards.id, row.cardRecordId));
  return settleTopUp(context, row, card!.issuerRef);
}

/** Asks the issuer for a pending top-up (its key makes a repeat harmless) and records the answer. */
async function settleTopUp(context: CardContext, row: TopUpRow, cardRef: string): Promise<TCardTopUpResponse> {
  const { db, issuer, clock } = context;
  try {
    const transaction = await issuer.topUp({
      cardRef,
      amount: units(row.amount),
      idempotencyKey: `card_top_up:${row.id}`,
    });
    const [settled] = await db
      .update(cardTopUps)
      .set({
        status: 'completed',
        issuerTransactionRef: transaction.ref,
        balanceAfter: fromLedgerUnits(transaction.balanceAfter),
        settledAt: clock.now(),
      })
      .where(and(eq(cardTopUps.id, row.id), eq(cardTopUps.status, 'pending')))
      .returning();
    if (settled) return toTopUp(settled);
    // A twin settled it first: answer what it recorded.
    const [current] = await db.select().from(cardTopUps).where(eq(cardTopUps.id, row.id));
    return toTopUp(current ?? row);
  } catch (error) {
    if (!isCardIssuerError(error) || error.code === CardIssuerErrorCode.UNAVAILABLE) {
      // Nothing known to have happened at the issuer: stays pending; the same requestId retries.
      context.onError(error, `card top-up ${row.id}`);
      return toTopUp(row);
    }
    await reverseTopUp(context, row, error.code);
    throw new AppError('CARD_TOPUP_REFUSED');
  }
}

/**
 * The job `card pending top-ups`: asks the issuer again for every top-up left `pending` (the issuer
 * did not answer) for at least `minAgeSeconds`, so the member's money never waits on the member
 * retrying. The top-up's key makes a repeat harmless at the issuer; the state checks make it
 * settle or reverse once, whether this job, the member's retry or another process gets there first.
 */
export async function settlePendingTopUps(context: CardContext, minAgeSeconds = 10): Promise<number> {
  const before = new Date(context.clock.now().getTime() - minAgeSeconds * 1000);
  const pending = await context.db
    .select({ row: cardTopUps, issuerRef: cards.issuerRef })
    .from(cardTopUps)
    .innerJoin(cards, eq(cards.id, cardTopUps.cardRecordId))
    .where(and(eq(cardTopUps.status, 'pending'), lte(cardTopUps.createdAt, before)))
    .orderBy(asc(cardTopUps.id))
    .limit(500);
  for (const { row, issuerRef } of pending) {
    try {
      await settleTopUp(context, row, issuerRef);
    } catch (error) {
      // A refusal was recorded and reversed by settleTopUp; anything else is the job's to report.
      if (!(error instanceof AppError && error.key === 'CARD_TOPUP_REFUSED')) throw error;
    }
  }
  return pending.length;
}

async function reverseTopUp({ db, clock }: CardContext, row: TopUpRow, failure: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [pending] = await tx
      .select()
      .from(cardTopUps)
      .where(and(eq(cardTopUps.id, row.id), eq(cardTopUps.status, 'pending')))
      .for('update');
    if (!pending) return;
    const amount = units(pending.amount);
    const fee = units(pending.fee);
    await postEntry(tx, {
      type: EntryType.CARD_TOPUP_REVERSAL,
      idempotencyKey: `card:topup-reversal:${row.id}`,
      memberId: pending.memberId,
      reference: `card_top_up:${row.id}`,
      postings: nonZero([
        { account: { memberId: pending.memberId, bucket: 'available' }, asset: USDT.code, amount: amount + fee },
        { account: { house: HouseAccount.CARD_FLOAT }, asset: USDT.code, amount: -amount },
        { account: { house: HouseAccount.CARD_FEES }, asset: USDT.code, amount: -fee },
      ]),
    });
    await tx
      .update(cardTopUps)
      .set({ status: 'failed', failure, settledAt: clock.now() })
      .where(eq(cardTopUps.id, row.id));
  });
}

// ---------------------------------------------------------------------------------------------
// Recovery

/**
 * Reads the issuer's state back for every open application (at start-up): an event missed while
 * the server was down, or whose handler failed, is applied now. The state checks, the ledger keys
 * and `returnActivationCode` keep each effect once. Issued cards still owed their initial top-up
 * get it (its fixed key makes a repeat harmless).
 */
export async function reconcileCardApplications(context: CardContext): Promise<void> {
  const { db, issuer, clock } = context;
  const open = await db
    .select()
    .from(cardApplications)
    .where(
      and(
        inArray(cardApplications.status, [CardApplicationStatus.SUBMITTED, CardApplicationStatus.APPROVED]),
        sql`${cardApplications.issuerRef} is not null`,
      ),
    );
  for (const row of open) {
    try {
      const state = await issuer.getApplication(row.issuerRef!);
      if (!state) continue;
      const base = { at: clock.now(), applicationRef: state.ref, reference: applicationReference(row.id) };
      if (state.status === 'approved' && row.status === CardApplicationStatus.SUBMITTED) {
        await applyCardIssuerEvent(context, {
          ...base,
          type: 'application.approved',
          id: `recovered:approved:${state.ref}`,
        });
      } else if (state.status === 'rejected' && state.rejectReason) {
        await applyCardIssuerEvent(context, {
          ...base,
          type: 'application.rejected',
          id: `recovered:rejected:${state.ref}`,
          reason: state.rejectReason,
        });
      } else if (state.status === 'issued' && state.cardRef) {
        const card = await issuer.getCard(state.cardRef);
        if (card) {
          await applyCardIssuerEvent(context, {
            ...base,
            type: 'card.issued',
            id: `recovered:issued:${state.ref}`,
            card,
          });
        }
      }
    } catch (error) {
      context.onError(error, `recovering card application ${row.id}`);
    }
  }
  const owed = await db
    .select({ application: cardApplications })
    .from(cards)
    .innerJoin(cardApplications, eq(cardApplications.id, cards.applicationId))
    .where(and(sql`${cards.initialTopUpAt} is null`, sql`${cardApplications.initialTopUp} > 0`));
  for (const { application } of owed) await initialTopUp(context, application);
}
