import { createHash, randomInt } from 'node:crypto';
import {
  CardNetwork,
  CardRejectReason,
  CardStatus,
  CardTransactionType,
  isNetworkPrefix,
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
import { decideInSection, issueInSection, submitInSection, type SandboxSettings } from './sandbox-applications.ts';
import {
  key,
  loadCard,
  toApplication,
  toCard,
  type Outcome,
  type StoredApplication,
  type StoredCard,
} from './sandbox-records.ts';
import {
  SANDBOX_DEVELOPMENT_RULES,
  SANDBOX_LABELS,
  SANDBOX_PREFIXES,
  type SandboxIssuerRules,
} from './sandbox-rules.ts';
import type { SandboxIssuerEntries, SandboxIssuerStore } from './sandbox-store.ts';
import { moveInSection, setStatusInSection, transactionsPage } from './sandbox-transactions.ts';
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

export class SandboxCardIssuer implements CardIssuer {
  readonly name = 'sandbox';
  readonly offersCards = true;
  private readonly store: SandboxIssuerStore;
  private readonly clock: Clock;
  private readonly scheduler: Scheduler;
  private readonly settings: SandboxSettings;
  private readonly onError: (error: unknown, context: string) => void;
  private readonly handlers = new Set<CardIssuerEventHandler>();
  private readonly timers = new Map<string, () => void>();
  private started = false;

  constructor(options: SandboxIssuerOptions) {
    this.store = options.store;
    this.clock = options.clock;
    this.scheduler = options.scheduler;
    const rules: SandboxIssuerRules = { ...SANDBOX_DEVELOPMENT_RULES, ...options.rules };
    const prefixes: Record<TCardNetwork, string> = { ...SANDBOX_PREFIXES, ...options.prefixes };
    const labels: Record<TCardProduct, string> = { ...SANDBOX_LABELS, ...options.labels };
    this.settings = {
      clock: options.clock,
      rules,
      prefixes,
      labels,
      region: options.region ?? 'HK',
      random: options.randomInt ?? ((max) => randomInt(max)),
      numberDigest: options.numberDigest ?? ((number) => createHash('sha256').update(number).digest('hex')),
    };
    this.onError =
      options.onError ??
      ((error, context) => {
        console.error(`sandbox card issuer: ${context}`, error);
      });
    for (const network of [CardNetwork.MASTERCARD, CardNetwork.VISA]) {
      if (!isNetworkPrefix(prefixes[network], network)) {
        throw new RangeError(`sandbox issuer prefix ${prefixes[network]} is not a ${network} prefix`);
      }
    }
    for (const delay of [rules.decisionDelaySeconds, rules.issueDelaySeconds]) {
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
    const stored = await this.exclusive([`reference:${input.reference}`], (entries) =>
      submitInSection(this.settings, entries, input),
    );
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
    return this.exclusive([`application:${applicationRef}`], (entries) =>
      issueInSection(this.settings, entries, applicationRef),
    ).finally(() => this.cancelTimer(`issue:${applicationRef}`));
  }

  /** Approves (`reason` null) or rejects a submitted application; `automatic` applies the rules' verdict. */
  private async decide(
    applicationRef: string,
    reason: TCardRejectReason | null,
    automatic: boolean,
  ): Promise<IssuerApplication> {
    let emitted = false;
    const decided = await this.exclusive([`application:${applicationRef}`], async (entries) => {
      const outcome = await decideInSection(this.settings, entries, applicationRef, reason, automatic);
      emitted = outcome.events.length > 0;
      return outcome;
    });
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
    return transactionsPage(this.store, cardRef, page);
  }

  private async setStatus(cardRef: string, status: TCardStatus): Promise<IssuedCard> {
    return this.exclusive([`card:${cardRef}`], (entries) => setStatusInSection(this.clock, entries, cardRef, status));
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
    // The key's own lock too: the same key sent for two cards is one effect, not two.
    return this.exclusive([`card:${cardRef}`, `key:${idempotencyKey}`], (entries) =>
      moveInSection(this.clock, entries, { cardRef, type, amount, merchant, idempotencyKey }),
    );
  }

  // -------------------------------------------------------------------------------------------
  // Helpers

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
