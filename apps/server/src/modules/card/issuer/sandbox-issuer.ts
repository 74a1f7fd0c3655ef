import { createHash, randomInt } from 'node:crypto';
import {
  CARD_NUMBER_LENGTH,
  CardNetwork,
  CardRejectReason,
  CardStatus,
  CardTransactionType,
  exceededCardLimit,
  fromLedgerUnits,
  isNetworkPrefix,
  luhnCheckDigit,
  toLedgerUnits,
  type TCardNetwork,
  type TCardProduct,
  type TCardRejectReason,
  type TCardStatus,
  type TCardTransactionType,
} from '@kpc/shared';
import type { Clock } from '../../../lib/clock.ts';
import {
  CardIssuerError,
  CardIssuerErrorCode,
  IssuerApplicationStatus,
  type CardIssuer,
  type CardIssuerEvent,
  type CardIssuerEventHandler,
  type IssuedCard,
  type IssuerApplication,
  type IssuerTransaction,
  type SubmitApplicationInput,
  type TIssuerApplicationStatus,
  type TopUpInput,
  type TransactionsPage,
} from './issuer.ts';
import {
  fromStoredLimits,
  key,
  stableJson,
  toApplication,
  toCard,
  toStoredLimits,
  toTransaction,
  type StoredApplication,
  type StoredCard,
  type StoredRefusal,
  type StoredTransaction,
} from './sandbox-records.ts';
import {
  SANDBOX_DEVELOPMENT_RULES,
  SANDBOX_LABELS,
  SANDBOX_PREFIXES,
  type SandboxIssuerRules,
} from './sandbox-rules.ts';
import type { SandboxIssuerEntries, SandboxIssuerStore } from './sandbox-store.ts';
import type { Scheduler } from './scheduler.ts';

/**
 * The built-in card issuer (issue §3): a pretend issuer inside the project, so every card flow works
 * on one machine with no issuer contract. It decides applications by rules (after a delay, so a
 * newcomer sees "submitted" turn into "approved" and then "issued"), issues Luhn-valid numbers on
 * the network's prefix, keeps each card's balance and transactions, enforces the limits and the
 * freeze, and can be driven by hand through the operator API (`approve`, `reject`, `issue`,
 * `simulateSpend`). Its state lives in a `SandboxIssuerStore` (the database in the server, sealed),
 * its timers on an injected `Scheduler`. Every change runs in one exclusive section of the store,
 * locked per application, card and key across all processes that share the store. It is for
 * development and tests: production refuses it (config/env.ts).
 */

/** Card IDs: letters and digits that cannot be mistaken for one another (no 0/O, 1/I). */
const CARD_ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CARD_ID_LENGTH = 10;
const REF_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
const DEFAULT_PAGE = 20;
const MAX_PAGE = 100;

export interface SandboxIssuerOptions {
  store: SandboxIssuerStore;
  clock: Clock;
  scheduler: Scheduler;
  rules?: Partial<SandboxIssuerRules>;
  prefixes?: Partial<Record<TCardNetwork, string>>;
  labels?: Partial<Record<TCardProduct, string>>;
  /** ISO 3166-1 alpha-2 region of the cards (default HK). */
  region?: string;
  /** A uniform integer in [0, max): injectable for reproducible numbers in tests. */
  randomInt?: (max: number) => number;
  /**
   * Names a card number in the store's keys (to keep numbers unique) without writing it: a keyed
   * digest in the server (APP_SECRET's), SHA-256 by default.
   */
  numberDigest?: (number: string) => string;
  /** Told when an event handler or a scheduled task fails (the issuer's state is already committed). */
  onError?: (error: unknown, context: string) => void;
}

export interface SimulateSpendInput {
  cardRef: string;
  /** Positive ledger units taken from the card. */
  amount: bigint;
  merchant: string;
  idempotencyKey: string;
}

/**
 * What an exclusive section decided: a result or a refusal (thrown once the section committed, so
 * what it recorded stays), and the events to send after the locks are released.
 */
interface Outcome<T> {
  result?: T;
  refusal?: CardIssuerError;
  events: CardIssuerEvent[];
}

export class SandboxCardIssuer implements CardIssuer {
  readonly name = 'sandbox';
  readonly offersCards = true;
  private readonly store: SandboxIssuerStore;
  private readonly clock: Clock;
  private readonly scheduler: Scheduler;
  private readonly rules: SandboxIssuerRules;
  private readonly prefixes: Record<TCardNetwork, string>;
  private readonly labels: Record<TCardProduct, string>;
  private readonly region: string;
  private readonly random: (max: number) => number;
  private readonly numberDigest: (number: string) => string;
  private readonly onError: (error: unknown, context: string) => void;
  private readonly handlers = new Set<CardIssuerEventHandler>();
  private readonly timers = new Map<string, () => void>();
  private started = false;

  constructor(options: SandboxIssuerOptions) {
    this.store = options.store;
    this.clock = options.clock;
    this.scheduler = options.scheduler;
    this.rules = { ...SANDBOX_DEVELOPMENT_RULES, ...options.rules };
    this.prefixes = { ...SANDBOX_PREFIXES, ...options.prefixes };
    this.labels = { ...SANDBOX_LABELS, ...options.labels };
    this.region = options.region ?? 'HK';
    this.random = options.randomInt ?? ((max) => randomInt(max));
    this.numberDigest = options.numberDigest ?? ((number) => createHash('sha256').update(number).digest('hex'));
    this.onError =
      options.onError ??
      ((error, context) => {
        console.error(`sandbox card issuer: ${context}`, error);
      });
    for (const network of [CardNetwork.MASTERCARD, CardNetwork.VISA]) {
      if (!isNetworkPrefix(this.prefixes[network], network)) {
        throw new RangeError(`sandbox issuer prefix ${this.prefixes[network]} is not a ${network} prefix`);
      }
    }
    for (const delay of [this.rules.decisionDelaySeconds, this.rules.issueDelaySeconds]) {
      if (delay !== null && !(Number.isFinite(delay) && delay >= 0)) {
        throw new RangeError(`sandbox issuer delay ${delay} is not a number of seconds`);
      }
    }
  }

  // -------------------------------------------------------------------------------------------
  // Lifecycle

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    // Resume what a restart left pending: decisions and issues fall due from their stored times.
    for (const [, value] of await this.store.list('app/')) {
      const stored = JSON.parse(value) as StoredApplication;
      if (stored.status === IssuerApplicationStatus.SUBMITTED && stored.decideAt !== null) {
        this.scheduleDecision(stored.ref, new Date(stored.decideAt));
      }
      if (stored.status === IssuerApplicationStatus.APPROVED && stored.issueAt !== null) {
        this.scheduleIssue(stored.ref, new Date(stored.issueAt));
      }
    }
  }

  async stop(): Promise<void> {
    this.started = false;
    for (const cancel of this.timers.values()) cancel();
    this.timers.clear();
  }

  onEvent(handler: CardIssuerEventHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  // -------------------------------------------------------------------------------------------
  // Applications

  async submitApplication(input: SubmitApplicationInput): Promise<IssuerApplication> {
    const fingerprint = stableJson({
      holder: input.holder,
      product: input.product.product,
      limits: toStoredLimits(input.product.limits),
      network: input.network,
    });
    const stored = await this.exclusive([`reference:${input.reference}`], async (entries) => {
      const existingRef = await entries.get(key.applicationByReference(input.reference));
      if (existingRef !== undefined) {
        const existing = await loadApplication(entries, existingRef);
        if (existing.fingerprint !== fingerprint) {
          throw new CardIssuerError(
            CardIssuerErrorCode.IDEMPOTENCY_CONFLICT,
            `application ${input.reference} was submitted with other details`,
          );
        }
        return { result: existing, events: [] };
      }
      const now = this.clock.now();
      const delay = this.rules.heldForOperator?.(input.holder) ? null : this.rules.decisionDelaySeconds;
      const application: StoredApplication = {
        ref: `app_${this.randomString(16, REF_ALPHABET)}`,
        reference: input.reference,
        fingerprint,
        holder: input.holder,
        product: input.product.product,
        limits: toStoredLimits(input.product.limits),
        network: input.network,
        status: IssuerApplicationStatus.SUBMITTED,
        rejectReason: null,
        cardRef: null,
        submittedAt: now.toISOString(),
        decidedAt: null,
        issuedAt: null,
        decideAt: delay === null ? null : new Date(now.getTime() + delay * 1000).toISOString(),
        issueAt: null,
      };
      await entries.put([
        [key.application(application.ref), JSON.stringify(application)],
        [key.applicationByReference(input.reference), application.ref],
      ]);
      return { result: application, events: [] };
    });
    if (stored.decideAt !== null && stored.status === IssuerApplicationStatus.SUBMITTED) {
      this.scheduleDecision(stored.ref, new Date(stored.decideAt));
    }
    return toApplication(stored);
  }

  async getApplication(applicationRef: string): Promise<IssuerApplication | null> {
    const value = await this.store.get(key.application(applicationRef));
    return value === undefined ? null : toApplication(JSON.parse(value) as StoredApplication);
  }

  /** For the operator API: applications (oldest first, then by ref), optionally in one state. */
  async listApplications(status?: TIssuerApplicationStatus): Promise<IssuerApplication[]> {
    const all = (await this.store.list('app/')).map(([, value]) => JSON.parse(value) as StoredApplication);
    return all
      .filter((stored) => status === undefined || stored.status === status)
      .sort((a, b) =>
        a.submittedAt === b.submittedAt ? (a.ref < b.ref ? -1 : 1) : a.submittedAt < b.submittedAt ? -1 : 1,
      )
      .map(toApplication);
  }

  /** Operator: approves a submitted application (approving it again changes nothing). */
  async approve(applicationRef: string): Promise<IssuerApplication> {
    return this.decide(applicationRef, null, false);
  }

  /** Operator: rejects a submitted application with a reason the member is shown (again: nothing). */
  async reject(
    applicationRef: string,
    reason: TCardRejectReason = CardRejectReason.REVIEW_REJECTED,
  ): Promise<IssuerApplication> {
    return this.decide(applicationRef, reason, false);
  }

  /** Operator: issues an approved application's card now (the same as `issueCard`). */
  async issue(applicationRef: string): Promise<IssuedCard> {
    return this.issueCard(applicationRef);
  }

  async issueCard(applicationRef: string): Promise<IssuedCard> {
    return this.exclusive([`application:${applicationRef}`], async (entries): Promise<Outcome<IssuedCard>> => {
      const application = await loadApplication(entries, applicationRef);
      if (application.status === IssuerApplicationStatus.ISSUED && application.cardRef !== null) {
        return { result: toCard(await loadCard(entries, application.cardRef)), events: [] };
      }
      if (application.status !== IssuerApplicationStatus.APPROVED) {
        throw new CardIssuerError(
          CardIssuerErrorCode.INVALID_STATE,
          `application ${applicationRef} is ${application.status}, not approved`,
        );
      }
      const now = this.clock.now();
      const number = await this.newCardNumber(entries, application.network);
      const card: StoredCard = {
        ref: `card_${this.randomString(16, REF_ALPHABET)}`,
        applicationRef,
        reference: application.reference,
        product: application.product,
        network: application.network,
        number,
        cardId: this.randomString(CARD_ID_LENGTH, CARD_ID_ALPHABET),
        label: this.labels[application.product],
        region: this.region,
        status: CardStatus.ACTIVE,
        issuedAt: now.toISOString(),
        limits: application.limits,
        balance: '0',
        transactions: 0,
        statusChanges: 0,
      };
      const issued: StoredApplication = {
        ...application,
        status: IssuerApplicationStatus.ISSUED,
        cardRef: card.ref,
        issuedAt: card.issuedAt,
        issueAt: null,
      };
      await entries.put([
        [key.card(card.ref), JSON.stringify(card)],
        [key.cardNumber(this.numberDigest(number)), card.ref],
        [key.application(applicationRef), JSON.stringify(issued)],
      ]);
      const result = toCard(card);
      return {
        result,
        events: [
          {
            type: 'card.issued',
            id: `card.issued:${applicationRef}`,
            at: now,
            applicationRef,
            reference: application.reference,
            card: result,
          },
        ],
      };
    }).finally(() => this.cancelTimer(`issue:${applicationRef}`));
  }

  /** Approves (`reason` null) or rejects a submitted application; `automatic` applies the rules' verdict. */
  private async decide(
    applicationRef: string,
    reason: TCardRejectReason | null,
    automatic: boolean,
  ): Promise<IssuerApplication> {
    let emitted = false;
    const decided = await this.exclusive(
      [`application:${applicationRef}`],
      async (entries): Promise<Outcome<StoredApplication>> => {
        const application = await loadApplication(entries, applicationRef);
        if (application.status !== IssuerApplicationStatus.SUBMITTED) {
          // A timer that fires after an operator decided has nothing to do.
          if (automatic) return { result: application, events: [] };
          const approving = reason === null;
          const already = approving
            ? application.status === IssuerApplicationStatus.APPROVED ||
              application.status === IssuerApplicationStatus.ISSUED
            : application.status === IssuerApplicationStatus.REJECTED;
          if (already) return { result: application, events: [] };
          throw new CardIssuerError(
            CardIssuerErrorCode.INVALID_STATE,
            `application ${applicationRef} is already ${application.status}`,
          );
        }
        const verdict = automatic
          ? (this.rules.rejections.find((rule) => rule.matches(application.holder))?.reason ?? null)
          : reason;
        const now = this.clock.now();
        const issueDelay = this.rules.heldForOperator?.(application.holder) ? null : this.rules.issueDelaySeconds;
        const next: StoredApplication = {
          ...application,
          status: verdict === null ? IssuerApplicationStatus.APPROVED : IssuerApplicationStatus.REJECTED,
          rejectReason: verdict,
          decidedAt: now.toISOString(),
          decideAt: null,
          issueAt:
            verdict === null && issueDelay !== null ? new Date(now.getTime() + issueDelay * 1000).toISOString() : null,
        };
        await entries.put([[key.application(applicationRef), JSON.stringify(next)]]);
        emitted = true;
        const base = { at: now, applicationRef, reference: application.reference };
        const event: CardIssuerEvent =
          verdict === null
            ? { ...base, type: 'application.approved', id: `application.approved:${applicationRef}` }
            : { ...base, type: 'application.rejected', id: `application.rejected:${applicationRef}`, reason: verdict };
        return { result: next, events: [event] };
      },
    );
    this.cancelTimer(`decide:${applicationRef}`);
    // Scheduled only after `application.approved` went out, so `card.issued` never overtakes it.
    if (emitted && decided.issueAt !== null) this.scheduleIssue(applicationRef, new Date(decided.issueAt));
    return toApplication(decided);
  }

  // -------------------------------------------------------------------------------------------
  // Cards

  async getCard(cardRef: string): Promise<IssuedCard | null> {
    const value = await this.store.get(key.card(cardRef));
    return value === undefined ? null : toCard(JSON.parse(value) as StoredCard);
  }

  async freeze(cardRef: string): Promise<IssuedCard> {
    return this.setStatus(cardRef, CardStatus.FROZEN);
  }

  async unfreeze(cardRef: string): Promise<IssuedCard> {
    return this.setStatus(cardRef, CardStatus.ACTIVE);
  }

  async balance(cardRef: string): Promise<bigint> {
    return toLedgerUnits((await loadCard(this.store, cardRef)).balance);
  }

  async topUp(input: TopUpInput): Promise<IssuerTransaction> {
    return this.move(input.cardRef, CardTransactionType.TOP_UP, input.amount, null, input.idempotencyKey);
  }

  /** Operator and demos: a purchase at `merchant`, within the card's balance and limits. */
  async simulateSpend(input: SimulateSpendInput): Promise<IssuerTransaction> {
    return this.move(input.cardRef, CardTransactionType.SPEND, input.amount, input.merchant, input.idempotencyKey);
  }

  async listTransactions(cardRef: string, page: { cursor?: string; limit?: number } = {}): Promise<TransactionsPage> {
    await loadCard(this.store, cardRef);
    const limit = Math.min(Math.max(Math.trunc(page.limit ?? DEFAULT_PAGE), 1), MAX_PAGE);
    // The cursor is the last sequence number seen; anything else reads as the end of the list.
    const before = page.cursor === undefined ? Infinity : /^\d{1,12}$/.test(page.cursor) ? Number(page.cursor) : 0;
    const older = (await transactionsOf(this.store, cardRef)).filter((stored) => stored.seq < before).reverse();
    const list = older.slice(0, limit);
    const last = list.at(-1);
    return {
      list: list.map(toTransaction),
      nextCursor: older.length > limit && last ? String(last.seq) : null,
    };
  }

  private async setStatus(cardRef: string, status: TCardStatus): Promise<IssuedCard> {
    return this.exclusive([`card:${cardRef}`], async (entries): Promise<Outcome<IssuedCard>> => {
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
            at: this.clock.now(),
            cardRef,
            status,
          },
        ],
      };
    });
  }

  /**
   * A top-up (into the card) or a spend (out of it): once per key, on an active card, within balance
   * and limits. A refusal is kept under its key too, so the key can never succeed later.
   */
  private async move(
    cardRef: string,
    type: TCardTransactionType,
    amount: bigint,
    merchant: string | null,
    idempotencyKey: string,
  ): Promise<IssuerTransaction> {
    if (amount <= 0n) throw new CardIssuerError(CardIssuerErrorCode.INVALID_AMOUNT, 'the amount must be positive');
    const signed = type === CardTransactionType.SPEND ? -amount : amount;
    const sameCall = (earlier: { cardRef: string; type: TCardTransactionType; amount: string }, moved: bigint) =>
      earlier.cardRef === cardRef && earlier.type === type && toLedgerUnits(earlier.amount) === moved;
    const conflict = () =>
      new CardIssuerError(
        CardIssuerErrorCode.IDEMPOTENCY_CONFLICT,
        `key ${idempotencyKey} was used for another transaction`,
      );
    // The key's own lock too: the same key sent for two cards is one effect, not two.
    return this.exclusive(
      [`card:${cardRef}`, `key:${idempotencyKey}`],
      async (entries): Promise<Outcome<IssuerTransaction>> => {
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
        const refusal = await this.refusalFor(entries, card, type, amount);
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
        const now = this.clock.now();
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
          events: [
            { type: 'card.transaction', id: `card.transaction:${result.ref}`, at: now, cardRef, transaction: result },
          ],
        };
      },
    );
  }

  /** Why the card cannot move `amount` now (frozen, too little on it, a limit), or null. */
  private async refusalFor(
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
    const day = this.clock.now().toISOString().slice(0, 10);
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

  // -------------------------------------------------------------------------------------------
  // Helpers

  private randomString(length: number, alphabet: string): string {
    let text = '';
    for (let index = 0; index < length; index += 1) text += alphabet[this.random(alphabet.length)];
    return text;
  }

  /** The network's prefix, random digits and the Luhn check digit; never a number issued before. */
  private async newCardNumber(entries: SandboxIssuerEntries, network: TCardNetwork): Promise<string> {
    const prefix = this.prefixes[network];
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const body = prefix + this.randomString(CARD_NUMBER_LENGTH - 1 - prefix.length, '0123456789');
      const number = body + luhnCheckDigit(body);
      if ((await entries.get(key.cardNumber(this.numberDigest(number)))) === undefined) return number;
    }
    throw new Error(`sandbox issuer found no free ${network} number`);
  }

  private scheduleDecision(applicationRef: string, when: Date): void {
    this.schedule(`decide:${applicationRef}`, when, async () => {
      await this.decide(applicationRef, null, true);
    });
  }

  private scheduleIssue(applicationRef: string, when: Date): void {
    this.schedule(`issue:${applicationRef}`, when, async () => {
      const application = await this.getApplication(applicationRef);
      if (application?.status === IssuerApplicationStatus.APPROVED) await this.issueCard(applicationRef);
    });
  }

  /** Timers run only while started; `start` schedules from the store what falls due later. */
  private schedule(name: string, when: Date, task: () => Promise<void>): void {
    if (!this.started) return;
    this.cancelTimer(name);
    const cancel = this.scheduler.at(when, async () => {
      this.timers.delete(name);
      try {
        await task();
      } catch (error) {
        this.onError(error, name);
      }
    });
    this.timers.set(name, cancel);
  }

  private cancelTimer(name: string): void {
    this.timers.get(name)?.();
    this.timers.delete(name);
  }

  /**
   * Runs `work` in one exclusive section of the store (locks `names` in every process), then sends
   * its events and answers its result, or throws its refusal (kept: the section committed).
   */
  private async exclusive<T>(
    names: readonly string[],
    work: (entries: SandboxIssuerEntries) => Promise<Outcome<T>>,
  ): Promise<T> {
    const outcome = await this.store.exclusive(names, work);
    await this.emit(outcome.events);
    if (outcome.refusal) throw outcome.refusal;
    if (outcome.result === undefined) throw new Error('sandbox issuer: a section answered nothing');
    return outcome.result;
  }

  /** Sends events to every handler in turn; a failing handler is reported and does not stop the others. */
  private async emit(events: readonly CardIssuerEvent[]): Promise<void> {
    for (const event of events) {
      for (const handler of [...this.handlers]) {
        try {
          await handler(event);
        } catch (error) {
          this.onError(error, `handler of ${event.id}`);
        }
      }
    }
  }
}

async function loadApplication(entries: SandboxIssuerEntries, ref: string): Promise<StoredApplication> {
  const value = await entries.get(key.application(ref));
  if (value === undefined) throw new CardIssuerError(CardIssuerErrorCode.NOT_FOUND, `no application ${ref}`);
  return JSON.parse(value) as StoredApplication;
}

async function loadCard(entries: SandboxIssuerEntries, ref: string): Promise<StoredCard> {
  const value = await entries.get(key.card(ref));
  if (value === undefined) throw new CardIssuerError(CardIssuerErrorCode.NOT_FOUND, `no card ${ref}`);
  return JSON.parse(value) as StoredCard;
}

/** Oldest first. */
async function transactionsOf(entries: SandboxIssuerEntries, cardRef: string): Promise<StoredTransaction[]> {
  return (await entries.list(key.transactions(cardRef))).map(([, value]) => JSON.parse(value) as StoredTransaction);
}

function refusalOf(stored: StoredRefusal): CardIssuerError {
  return new CardIssuerError(stored.code, stored.message, {
    ...(stored.limit === null ? {} : { limit: stored.limit }),
    ...(stored.remaining === null ? {} : { remaining: toLedgerUnits(stored.remaining) }),
  });
}
