import {
  AppError,
  fromLedgerUnits,
  maskCardNumber,
  type TCardListItem,
  type TCardProductInfo,
  type TCardTransactionsResponse,
  type ZCardBindRequest,
  type ZCardTransactionsRequest,
} from '@kpc/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { cardProducts, cards } from '../../db/schema/index.ts';
import { decimal, iso } from '../../lib/wire-format.ts';
import { units, USDT, type CardContext, type ProductRow } from './context.ts';
import { isCardIssuerError, type CardIssuer } from './issuer/issuer.ts';
import { feeClockOf, monthlyFeeView } from './monthly-fee.ts';
import { refuseFeeDue } from './top-ups.ts';

/**
 * Co-branded cards, the programme's side (Step 6, issue §3): the products and their fees, and the
 * member's cards (list, bind, freeze, transactions). Applying is `applications.ts`, top-ups
 * `top-ups.ts`, the issuer's events `issuer-events.ts`, monthly fees `monthly-fee.ts`.
 *
 * Money: applying from the balance moves issuance + KYC to `card_fees` and the initial top-up to
 * `card_float` in one entry; a KYC rejection reverses that entry once. An activation code pays the
 * whole application: the programme funds the initial top-up (`card_fees` -> `card_float`) when the
 * card is issued. A top-up moves its amount to `card_float` and its fee to `card_fees`, then asks
 * the issuer; a refusal returns it once, to whoever paid.
 */

type CardRow = typeof cards.$inferSelect;

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

export async function listProducts({
  db,
  issuer,
}: Pick<CardContext, 'db' | 'issuer'>): Promise<{ list: TCardProductInfo[] }> {
  // CARD_ISSUER=none: no cards are offered, so none is listed.
  if (!issuer.offersCards) return { list: [] };
  const rows = await db
    .select()
    .from(cardProducts)
    .where(eq(cardProducts.active, true))
    .orderBy(asc(cardProducts.sort), asc(cardProducts.code));
  return { list: rows.map(toProductInfo) };
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
    maskedNumber: maskCardNumber(row.last4),
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
  { db, clock, keys, issuer }: CardContext,
  memberId: string,
  request: z.output<typeof ZCardBindRequest>,
): Promise<TCardListItem> {
  const hash = keys.numberHash(request.cardNumber);
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
  if (!frozen && row.operatorFrozen) throw new AppError('CARD_FROZEN_BY_PROGRAMME');
  if (!frozen) refuseFeeDue(row, { clock });
  const card = await (frozen ? issuer.freeze(row.issuerRef) : issuer.unfreeze(row.issuerRef)).catch(issuerUnavailable);
  let [updated] = await db
    .update(cards)
    .set({ status: card.status, memberFrozen: frozen })
    .where(eq(cards.id, row.id))
    .returning();
  if (!frozen && (updated!.feeFrozen || updated!.operatorFrozen)) {
    // The fee job or an operator froze it while this unfreeze was under way: frozen again at the issuer.
    const refrozen = await issuer.freeze(row.issuerRef).catch(issuerUnavailable);
    [updated] = await db.update(cards).set({ status: refrozen.status }).where(eq(cards.id, row.id)).returning();
    if (updated!.operatorFrozen) throw new AppError('CARD_FROZEN_BY_PROGRAMME');
    refuseFeeDue(updated!, { clock });
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

function issuerUnavailable(error: unknown): never {
  if (isCardIssuerError(error)) throw new AppError('CARD_ISSUER_UNAVAILABLE');
  throw error;
}
