import { randomInt } from 'node:crypto';
import {
  CARD_NUMBER_LENGTH,
  cardLast4,
  CardNetwork,
  CardProduct,
  CardRejectReason,
  CardStatus,
  CardTransactionType,
  exceededCardLimit,
  fromLedgerUnits,
  isNetworkPrefix,
  luhnCheckDigit,
  toLedgerUnits,
  type CardLimitUnits,
  type TCardHolder,
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
import type { SandboxIssuerStore } from './sandbox-store.ts';
import type { Scheduler } from './scheduler.ts';

/**
 * The built-in card issuer (issue §3): a pretend issuer inside the project, so every card flow works
 * on one machine with no issuer contract. It decides applications by rules (after a delay, so a
 * newcomer sees "submitted" turn into "approved" and then "issued"), issues Luhn-valid numbers on
 * the network's prefix, keeps each card's balance and transactions, enforces the limits and the
 * freeze, and can be driven by hand through the operator API (`approve`, `reject`, `issue`,
 * `simulateSpend`). Its state lives in a `SandboxIssuerStore` (the database in the server), its
 * timers on an injected `Scheduler`. Calls are serialised per application and per card within
 * one process; run one server process with the sandbox (it is for development and demos).
 */

/** An automatic KYC refusal: the first rule that matches a holder decides the reason. */
export interface SandboxRejectionRule {
  reason: TCardRejectReason;
  /** For operators and the README: when it applies. */
  description: string;
  matches(holder: TCardHolder): boolean;
}

/** For tests and demos: a holder named "…REJECT…" fails KYC; a document number "000…" is invalid. */
export const DEFAULT_SANDBOX_REJECTIONS: readonly SandboxRejectionRule[] = [
  {
    reason: CardRejectReason.KYC_FAILED,
    description: 'the holder’s first or last name contains "REJECT"',
    matches: (holder) => `${holder.firstName} ${holder.lastName}`.toUpperCase().includes('REJECT'),
  },
  {
    reason: CardRejectReason.DOCUMENT_INVALID,
    description: 'the document number starts with "000"',
    matches: (holder) => holder.documentNumber.startsWith('000'),
  },
];

export interface SandboxIssuerRules {
  /** Seconds from submission to the automatic KYC decision; null: an operator decides (`approve`/`reject`). */
  decisionDelaySeconds: number | null;
  /** Seconds from approval to the automatic issue; null: the programme or an operator calls `issueCard`. */
  issueDelaySeconds: number | null;
  /** Checked in order at the decision; none matching approves. */
  rejections: readonly SandboxRejectionRule[];
}

/** Development: decide and issue a few seconds apart, so the whole flow shows by itself. */
export const SANDBOX_DEVELOPMENT_RULES: SandboxIssuerRules = {
  decisionDelaySeconds: 3,
  issueDelaySeconds: 3,
  rejections: DEFAULT_SANDBOX_REJECTIONS,
};

/** Nothing happens by itself: every decision and issue comes from the operator API. */
export const SANDBOX_MANUAL_RULES: SandboxIssuerRules = {
  decisionDelaySeconds: null,
  issueDelaySeconds: null,
  rejections: DEFAULT_SANDBOX_REJECTIONS,
};

/** Issuer prefixes (BINs) of the sandbox's numbers, in each network's range. */
export const SANDBOX_PREFIXES: Readonly<Record<TCardNetwork, string>> = {
  [CardNetwork.MASTERCARD]: '522981',
  [CardNetwork.VISA]: '453918',
};

/** The label printed on each product's cards. */
export const SANDBOX_LABELS: Readonly<Record<TCardProduct, string>> = {
  [CardProduct.GOLD_EAGLE]: 'KPC Gold Eagle',
  [CardProduct.ROYAL_BLACK_EAGLE]: 'KPC Royal Black Eagle',
};

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

// ---------------------------------------------------------------------------------------------
// Stored records: JSON text, amounts as ledger decimal strings, times as ISO strings.

interface StoredLimits {
  single: string;
  daily: string;
  monthly: string;
}

interface StoredApplication {
  ref: string;
  reference: string;
  /** The submitted details, to tell a retry from a different application under the same reference. */
  fingerprint: string;
  holder: TCardHolder;
  product: TCardProduct;
  limits: StoredLimits;
  network: TCardNetwork;
  status: TIssuerApplicationStatus;
  rejectReason: TCardRejectReason | null;
  cardRef: string | null;
  submittedAt: string;
  decidedAt: string | null;
  issuedAt: string | null;
  /** When the automatic decision / issue falls due (kept so a restart resumes it). */
  decideAt: string | null;
  issueAt: string | null;
}

interface StoredCard {
  ref: string;
  applicationRef: string;
  reference: string;
  product: TCardProduct;
  network: TCardNetwork;
  number: string;
  cardId: string;
  label: string;
  region: string;
  status: TCardStatus;
  issuedAt: string;
  limits: StoredLimits;
  balance: string;
  /** Transactions so far: the last one's sequence number. */
  transactions: number;
  /** Freeze/unfreeze changes so far: names each `card.status` event. */
  statusChanges: number;
}

interface StoredTransaction {
  ref: string;
  cardRef: string;
  seq: number;
  type: TCardTransactionType;
  amount: string;
  balanceAfter: string;
  merchant: string | null;
  idempotencyKey: string;
  at: string;
}

const key = {
  application: (ref: string) => `app/${ref}`,
  applicationByReference: (reference: string) => `app-reference/${reference}`,
  card: (ref: string) => `card/${ref}`,
  cardNumber: (number: string) => `card-number/${number}`,
  transactions: (cardRef: string) => `txn/${cardRef}/`,
  transaction: (cardRef: string, seq: number) => `txn/${cardRef}/${String(seq).padStart(12, '0')}`,
  transactionByKey: (idempotencyKey: string) => `txn-key/${idempotencyKey}`,
};

/** JSON with object keys sorted, so equal details give equal text whatever their order. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : inner,
  );
}

function toStoredLimits(limits: CardLimitUnits): StoredLimits {
  return {
    single: fromLedgerUnits(limits.single),
    daily: fromLedgerUnits(limits.daily),
    monthly: fromLedgerUnits(limits.monthly),
  };
}

function fromStoredLimits(limits: StoredLimits): CardLimitUnits {
  return {
    single: toLedgerUnits(limits.single),
    daily: toLedgerUnits(limits.daily),
    monthly: toLedgerUnits(limits.monthly),
  };
}

function toApplication(stored: StoredApplication): IssuerApplication {
  return {
    ref: stored.ref,
    reference: stored.reference,
    product: stored.product,
    network: stored.network,
    status: stored.status,
    rejectReason: stored.rejectReason,
    cardRef: stored.cardRef,
    submittedAt: new Date(stored.submittedAt),
    decidedAt: stored.decidedAt === null ? null : new Date(stored.decidedAt),
    issuedAt: stored.issuedAt === null ? null : new Date(stored.issuedAt),
  };
}

function toCard(stored: StoredCard): IssuedCard {
  return {
    ref: stored.ref,
    applicationRef: stored.applicationRef,
    reference: stored.reference,
    product: stored.product,
    network: stored.network,
    number: stored.number,
    last4: cardLast4(stored.number),
    cardId: stored.cardId,
    label: stored.label,
    region: stored.region,
    status: stored.status,
    issuedAt: new Date(stored.issuedAt),
  };
}

function toTransaction(stored: StoredTransaction): IssuerTransaction {
  return {
    ref: stored.ref,
    cardRef: stored.cardRef,
    type: stored.type,
    amount: toLedgerUnits(stored.amount),
    balanceAfter: toLedgerUnits(stored.balanceAfter),
    merchant: stored.merchant,
    idempotencyKey: stored.idempotencyKey,
    at: new Date(stored.at),
  };
}

/** A result, and the events to send once the lock that produced it is released. */
interface Outcome<T> {
  result: T;
  events: CardIssuerEvent[];
}

export class SandboxCardIssuer implements CardIssuer {
  readonly name = 'sandbox';
  private readonly store: SandboxIssuerStore;
  private readonly clock: Clock;
  private readonly scheduler: Scheduler;
  private readonly rules: SandboxIssuerRules;
  private readonly prefixes: Record<TCardNetwork, string>;
  private readonly labels: Record<TCardProduct, string>;
  private readonly region: string;
  private readonly random: (max: number) => number;
  private readonly onError: (error: unknown, context: string) => void;
  private readonly handlers = new Set<CardIssuerEventHandler>();
  private readonly locks = new Map<string, Promise<void>>();
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
    const stored = await this.exclusive(`reference:${input.reference}`, async () => {
      const existingRef = await this.store.get(key.applicationByReference(input.reference));
      if (existingRef !== undefined) {
        const existing = await this.loadApplication(existingRef);
        if (existing.fingerprint !== fingerprint) {
          throw new CardIssuerError(
            CardIssuerErrorCode.IDEMPOTENCY_CONFLICT,
            `application ${input.reference} was submitted with other details`,
          );
        }
        return existing;
      }
      const now = this.clock.now();
      const delay = this.rules.decisionDelaySeconds;
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
      await this.store.put([
        [key.application(application.ref), JSON.stringify(application)],
        [key.applicationByReference(input.reference), application.ref],
      ]);
      if (application.decideAt !== null) this.scheduleDecision(application.ref, new Date(application.decideAt));
      return application;
    });
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

  /** Operator: rejects a submitted application with a reason the member is shown. */
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
    const outcome = await this.exclusive(`application:${applicationRef}`, async (): Promise<Outcome<IssuedCard>> => {
      const application = await this.loadApplication(applicationRef);
      if (application.status === IssuerApplicationStatus.ISSUED && application.cardRef !== null) {
        return { result: toCard(await this.loadCard(application.cardRef)), events: [] };
      }
      if (application.status !== IssuerApplicationStatus.APPROVED) {
        throw new CardIssuerError(
          CardIssuerErrorCode.INVALID_STATE,
          `application ${applicationRef} is ${application.status}, not approved`,
        );
      }
      const now = this.clock.now();
      const card: StoredCard = {
        ref: `card_${this.randomString(16, REF_ALPHABET)}`,
        applicationRef,
        reference: application.reference,
        product: application.product,
        network: application.network,
        number: await this.newCardNumber(application.network),
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
      await this.store.put([
        [key.card(card.ref), JSON.stringify(card)],
        [key.cardNumber(card.number), card.ref],
        [key.application(applicationRef), JSON.stringify(issued)],
      ]);
      this.cancelTimer(`issue:${applicationRef}`);
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
    });
    await this.emit(outcome.events);
    return outcome.result;
  }

  /** Approves (`reason` null) or rejects a submitted application; `automatic` applies the rules' verdict. */
  private async decide(
    applicationRef: string,
    reason: TCardRejectReason | null,
    automatic: boolean,
  ): Promise<IssuerApplication> {
    const outcome = await this.exclusive(
      `application:${applicationRef}`,
      async (): Promise<Outcome<StoredApplication>> => {
        const application = await this.loadApplication(applicationRef);
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
        const issueDelay = this.rules.issueDelaySeconds;
        const decided: StoredApplication = {
          ...application,
          status: verdict === null ? IssuerApplicationStatus.APPROVED : IssuerApplicationStatus.REJECTED,
          rejectReason: verdict,
          decidedAt: now.toISOString(),
          decideAt: null,
          issueAt:
            verdict === null && issueDelay !== null ? new Date(now.getTime() + issueDelay * 1000).toISOString() : null,
        };
        await this.store.put([[key.application(applicationRef), JSON.stringify(decided)]]);
        this.cancelTimer(`decide:${applicationRef}`);
        const base = { at: now, applicationRef, reference: application.reference };
        const event: CardIssuerEvent =
          verdict === null
            ? { ...base, type: 'application.approved', id: `application.approved:${applicationRef}` }
            : { ...base, type: 'application.rejected', id: `application.rejected:${applicationRef}`, reason: verdict };
        return { result: decided, events: [event] };
      },
    );
    await this.emit(outcome.events);
    // Scheduled only after `application.approved` went out, so `card.issued` never overtakes it.
    if (outcome.events.length > 0 && outcome.result.issueAt !== null) {
      this.scheduleIssue(applicationRef, new Date(outcome.result.issueAt));
    }
    return toApplication(outcome.result);
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
    return toLedgerUnits((await this.loadCard(cardRef)).balance);
  }

  async topUp(input: TopUpInput): Promise<IssuerTransaction> {
    return this.move(input.cardRef, CardTransactionType.TOP_UP, input.amount, null, input.idempotencyKey);
  }

  /** Operator and demos: a purchase at `merchant`, within the card's balance and limits. */
  async simulateSpend(input: SimulateSpendInput): Promise<IssuerTransaction> {
    return this.move(input.cardRef, CardTransactionType.SPEND, input.amount, input.merchant, input.idempotencyKey);
  }

  async listTransactions(cardRef: string, page: { cursor?: string; limit?: number } = {}): Promise<TransactionsPage> {
    await this.loadCard(cardRef);
    const limit = Math.min(Math.max(Math.trunc(page.limit ?? DEFAULT_PAGE), 1), MAX_PAGE);
    // The cursor is the last sequence number seen; anything else reads as the end of the list.
    const before = page.cursor === undefined ? Infinity : /^\d{1,12}$/.test(page.cursor) ? Number(page.cursor) : 0;
    const older = (await this.transactionsOf(cardRef)).filter((stored) => stored.seq < before).reverse();
    const list = older.slice(0, limit);
    const last = list.at(-1);
    return {
      list: list.map(toTransaction),
      nextCursor: older.length > limit && last ? String(last.seq) : null,
    };
  }

  private async setStatus(cardRef: string, status: TCardStatus): Promise<IssuedCard> {
    const outcome = await this.exclusive(`card:${cardRef}`, async (): Promise<Outcome<IssuedCard>> => {
      const card = await this.loadCard(cardRef);
      if (card.status === status) return { result: toCard(card), events: [] };
      const changed: StoredCard = { ...card, status, statusChanges: card.statusChanges + 1 };
      await this.store.put([[key.card(cardRef), JSON.stringify(changed)]]);
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
    await this.emit(outcome.events);
    return outcome.result;
  }

  /** A top-up (into the card) or a spend (out of it): once per key, on an active card, within balance and limits. */
  private async move(
    cardRef: string,
    type: TCardTransactionType,
    amount: bigint,
    merchant: string | null,
    idempotencyKey: string,
  ): Promise<IssuerTransaction> {
    if (amount <= 0n) throw new CardIssuerError(CardIssuerErrorCode.INVALID_AMOUNT, 'the amount must be positive');
    const signed = type === CardTransactionType.SPEND ? -amount : amount;
    const outcome = await this.exclusive(`card:${cardRef}`, () =>
      // The key's own lock too: the same key sent for two cards is one effect, not two.
      this.exclusive(`key:${idempotencyKey}`, async (): Promise<Outcome<IssuerTransaction>> => {
        const seen = await this.store.get(key.transactionByKey(idempotencyKey));
        if (seen !== undefined) {
          const earlier = JSON.parse((await this.store.get(seen)) ?? 'null') as StoredTransaction | null;
          if (!earlier) throw new Error(`sandbox issuer lost transaction ${seen}`);
          if (earlier.cardRef !== cardRef || earlier.type !== type || toLedgerUnits(earlier.amount) !== signed) {
            throw new CardIssuerError(
              CardIssuerErrorCode.IDEMPOTENCY_CONFLICT,
              `key ${idempotencyKey} was used for another transaction`,
            );
          }
          return { result: toTransaction(earlier), events: [] };
        }
        const card = await this.loadCard(cardRef);
        if (card.status === CardStatus.FROZEN) {
          throw new CardIssuerError(CardIssuerErrorCode.CARD_FROZEN, `card ${cardRef} is frozen`);
        }
        const balance = toLedgerUnits(card.balance);
        if (type === CardTransactionType.SPEND && amount > balance) {
          throw new CardIssuerError(CardIssuerErrorCode.INSUFFICIENT_FUNDS, `card ${cardRef} holds less than that`);
        }
        const now = this.clock.now();
        const day = now.toISOString().slice(0, 10);
        const month = day.slice(0, 7);
        let usedToday = 0n;
        let usedThisMonth = 0n;
        for (const stored of await this.transactionsOf(cardRef)) {
          if (stored.type !== type) continue;
          const moved = toLedgerUnits(stored.amount);
          const size = moved < 0n ? -moved : moved;
          if (stored.at.startsWith(month)) usedThisMonth += size;
          if (stored.at.startsWith(day)) usedToday += size;
        }
        const limits = fromStoredLimits(card.limits);
        const exceeded = exceededCardLimit(amount, limits, usedToday, usedThisMonth);
        if (exceeded !== null) {
          const left = {
            single: limits.single,
            daily: limits.daily - usedToday,
            monthly: limits.monthly - usedThisMonth,
          };
          throw new CardIssuerError(
            CardIssuerErrorCode.LIMIT_EXCEEDED,
            `the amount breaks card ${cardRef}'s ${exceeded} limit`,
            { limit: exceeded, remaining: left[exceeded] > 0n ? left[exceeded] : 0n },
          );
        }
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
        await this.store.put([
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
      }),
    );
    await this.emit(outcome.events);
    return outcome.result;
  }

  // -------------------------------------------------------------------------------------------
  // Helpers

  private async loadApplication(ref: string): Promise<StoredApplication> {
    const value = await this.store.get(key.application(ref));
    if (value === undefined) throw new CardIssuerError(CardIssuerErrorCode.NOT_FOUND, `no application ${ref}`);
    return JSON.parse(value) as StoredApplication;
  }

  private async loadCard(ref: string): Promise<StoredCard> {
    const value = await this.store.get(key.card(ref));
    if (value === undefined) throw new CardIssuerError(CardIssuerErrorCode.NOT_FOUND, `no card ${ref}`);
    return JSON.parse(value) as StoredCard;
  }

  /** Oldest first. */
  private async transactionsOf(cardRef: string): Promise<StoredTransaction[]> {
    return (await this.store.list(key.transactions(cardRef))).map(
      ([, value]) => JSON.parse(value) as StoredTransaction,
    );
  }

  private randomString(length: number, alphabet: string): string {
    let text = '';
    for (let index = 0; index < length; index += 1) text += alphabet[this.random(alphabet.length)];
    return text;
  }

  /** The network's prefix, random digits and the Luhn check digit; never a number issued before. */
  private async newCardNumber(network: TCardNetwork): Promise<string> {
    const prefix = this.prefixes[network];
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const body = prefix + this.randomString(CARD_NUMBER_LENGTH - 1 - prefix.length, '0123456789');
      const number = body + luhnCheckDigit(body);
      if ((await this.store.get(key.cardNumber(number))) === undefined) return number;
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

  /** Runs `work` after every earlier call holding `name` has finished (in this process). */
  private async exclusive<T>(name: string, work: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(name) ?? Promise.resolve();
    const run = previous.then(work);
    const done = run.then(
      () => undefined,
      () => undefined,
    );
    this.locks.set(name, done);
    try {
      return await run;
    } finally {
      if (this.locks.get(name) === done) this.locks.delete(name);
    }
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
