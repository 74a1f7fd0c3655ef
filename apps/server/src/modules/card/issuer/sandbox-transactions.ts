import {
  CardStatus,
  CardTransactionType,
  exceededCardLimit,
  fromLedgerUnits,
  toLedgerUnits,
  type TCardStatus,
  type TCardTransactionType,
} from '@kpc/shared';
import type { Clock } from '../../../lib/clock.ts';
import {
  CardIssuerError,
  CardIssuerErrorCode,
  type IssuedCard,
  type IssuerTransaction,
  type TransactionsPage,
} from './issuer.ts';
import {
  fromStoredLimits,
  key,
  loadCard,
  refusalOf,
  toCard,
  toTransaction,
  transactionsOf,
  type Outcome,
  type StoredCard,
  type StoredRefusal,
  type StoredTransaction,
} from './sandbox-records.ts';
import type { SandboxIssuerEntries } from './sandbox-store.ts';

/**
 * The sandbox issuer's cards (sandbox-issuer.ts): the freeze, top-ups and spends inside one
 * exclusive section of the store, and the transaction pages. The issuer locks and sends the events.
 */

/** The issuer's own page of transactions (its API, not the wire's): 20 unless asked, at most 100. */
const DEFAULT_PAGE = 20;
const MAX_PAGE = 100;

export interface MoveInput {
  cardRef: string;
  type: TCardTransactionType;
  /** Positive ledger units. */
  amount: bigint;
  merchant: string | null;
  idempotencyKey: string;
}

/** Freezes or unfreezes a card (the same status again changes nothing and sends nothing). */
export async function setStatusInSection(
  clock: Clock,
  entries: SandboxIssuerEntries,
  cardRef: string,
  status: TCardStatus,
): Promise<Outcome<IssuedCard>> {
  const card = await loadCard(entries, cardRef);
  if (card.status === status) return { result: toCard(card), events: [] };
  const changed: StoredCard = { ...card, status, statusChanges: card.statusChanges + 1 };
  await entries.put([[key.card(cardRef), JSON.stringify(changed)]]);
  return {
    result: toCard(changed),
    events: [
      {
        type: 'card.status',
        id: `card.status:${cardRef}:${changed.statusChanges}`,
        at: clock.now(),
        cardRef,
        status,
      },
    ],
  };
}

/**
 * A top-up (into the card) or a spend (out of it): once per key, on an active card, within balance
 * and limits. A refusal is kept under its key too, so the key can never succeed later.
 */
export async function moveInSection(
  clock: Clock,
  entries: SandboxIssuerEntries,
  { cardRef, type, amount, merchant, idempotencyKey }: MoveInput,
): Promise<Outcome<IssuerTransaction>> {
  const signed = type === CardTransactionType.SPEND ? -amount : amount;
  const sameCall = (earlier: { cardRef: string; type: TCardTransactionType; amount: string }, moved: bigint) =>
    earlier.cardRef === cardRef && earlier.type === type && toLedgerUnits(earlier.amount) === moved;
  const conflict = () =>
    new CardIssuerError(
      CardIssuerErrorCode.IDEMPOTENCY_CONFLICT,
      `key ${idempotencyKey} was used for another transaction`,
    );
  const seen = await entries.get(key.transactionByKey(idempotencyKey));
  if (seen !== undefined) {
    const earlier = JSON.parse((await entries.get(seen)) ?? 'null') as StoredTransaction | null;
    if (!earlier) throw new Error(`sandbox issuer lost transaction ${seen}`);
    if (!sameCall(earlier, signed)) throw conflict();
    return { result: toTransaction(earlier), events: [] };
  }
  const refused = await entries.get(key.refusalByKey(idempotencyKey));
  if (refused !== undefined) {
    const earlier = JSON.parse(refused) as StoredRefusal;
    if (!sameCall(earlier, amount)) throw conflict();
    return { refusal: refusalOf(earlier), events: [] };
  }
  const card = await loadCard(entries, cardRef);
  const refusal = await refusalFor(clock, entries, card, type, amount);
  if (refusal) {
    const record: StoredRefusal = {
      cardRef,
      type,
      amount: fromLedgerUnits(amount),
      code: refusal.code,
      message: refusal.message,
      limit: refusal.limit,
      remaining: refusal.remaining === null ? null : fromLedgerUnits(refusal.remaining),
    };
    await entries.put([[key.refusalByKey(idempotencyKey), JSON.stringify(record)]]);
    return { refusal, events: [] };
  }
  const balance = toLedgerUnits(card.balance);
  const now = clock.now();
  const seq = card.transactions + 1;
  const transaction: StoredTransaction = {
    ref: `${cardRef}:${seq}`,
    cardRef,
    seq,
    type,
    amount: fromLedgerUnits(signed),
    balanceAfter: fromLedgerUnits(balance + signed),
    merchant,
    idempotencyKey,
    at: now.toISOString(),
  };
  const updated: StoredCard = { ...card, balance: transaction.balanceAfter, transactions: seq };
  await entries.put([
    [key.card(cardRef), JSON.stringify(updated)],
    [key.transaction(cardRef, seq), JSON.stringify(transaction)],
    [key.transactionByKey(idempotencyKey), key.transaction(cardRef, seq)],
  ]);
  const result = toTransaction(transaction);
  return {
    result,
    events: [{ type: 'card.transaction', id: `card.transaction:${result.ref}`, at: now, cardRef, transaction: result }],
  };
}

/** Why the card cannot move `amount` now (frozen, too little on it, a limit), or null. */
async function refusalFor(
  clock: Clock,
  entries: SandboxIssuerEntries,
  card: StoredCard,
  type: TCardTransactionType,
  amount: bigint,
): Promise<CardIssuerError | null> {
  if (card.status === CardStatus.FROZEN) {
    return new CardIssuerError(CardIssuerErrorCode.CARD_FROZEN, `card ${card.ref} is frozen`);
  }
  if (type === CardTransactionType.SPEND && amount > toLedgerUnits(card.balance)) {
    return new CardIssuerError(CardIssuerErrorCode.INSUFFICIENT_FUNDS, `card ${card.ref} holds less than that`);
  }
  const day = clock.now().toISOString().slice(0, 10);
  const month = day.slice(0, 7);
  let usedToday = 0n;
  let usedThisMonth = 0n;
  for (const stored of await transactionsOf(entries, card.ref)) {
    if (stored.type !== type) continue;
    const moved = toLedgerUnits(stored.amount);
    const size = moved < 0n ? -moved : moved;
    if (stored.at.startsWith(month)) usedThisMonth += size;
    if (stored.at.startsWith(day)) usedToday += size;
  }
  const limits = fromStoredLimits(card.limits);
  const exceeded = exceededCardLimit(amount, limits, usedToday, usedThisMonth);
  if (exceeded === null) return null;
  const left = { single: limits.single, daily: limits.daily - usedToday, monthly: limits.monthly - usedThisMonth };
  return new CardIssuerError(
    CardIssuerErrorCode.LIMIT_EXCEEDED,
    `the amount breaks card ${card.ref}'s ${exceeded} limit`,
    { limit: exceeded, remaining: left[exceeded] > 0n ? left[exceeded] : 0n },
  );
}

/** A card's transactions, newest first, after the cursor (the last sequence number seen). */
export async function transactionsPage(
  entries: SandboxIssuerEntries,
  cardRef: string,
  page: { cursor?: string; limit?: number },
): Promise<TransactionsPage> {
  await loadCard(entries, cardRef);
  const limit = Math.min(Math.max(Math.trunc(page.limit ?? DEFAULT_PAGE), 1), MAX_PAGE);
  // The cursor is the last sequence number seen; anything else reads as the end of the list.
  const before = page.cursor === undefined ? Infinity : /^\d{1,12}$/.test(page.cursor) ? Number(page.cursor) : 0;
  const older = (await transactionsOf(entries, cardRef)).filter((stored) => stored.seq < before).reverse();
  const list = older.slice(0, limit);
  const last = list.at(-1);
  return {
    list: list.map(toTransaction),
    nextCursor: older.length > limit && last ? String(last.seq) : null,
  };
}
