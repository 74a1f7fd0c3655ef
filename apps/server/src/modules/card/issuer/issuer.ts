import type {
  CardLimitUnits,
  TCardHolder,
  TCardLimitKind,
  TCardNetwork,
  TCardProduct,
  TCardRejectReason,
  TCardStatus,
  TCardTransactionType,
} from '@kpc/shared';

/**
 * The one door to a card issuer (issue §3): applying with KYC, issuing, top-ups, freezing, a card's
 * transactions and balance, and the events the issuer sends back. The card module talks only to
 * this interface; `CARD_ISSUER` picks the adapter (`registry.ts`). The sandbox issuer
 * (`sandbox-issuer.ts`) serves development and tests; production names a real issuer's adapter (a
 * new one beside it) or `none` (no cards offered).
 *
 * Contract every adapter keeps:
 * - Amounts are bigint ledger units (10^18, `toLedgerUnits` in @kpc/shared), like the ledger.
 * - Every call is idempotent by its key: an application by the caller's `reference`, a card by its
 *   application, a top-up by `idempotencyKey`, freeze/unfreeze by the state they set. Repeating a
 *   call returns the first result and has no second effect; the same key with other details is
 *   an `idempotency_conflict`.
 * - A definite refusal of a top-up (any `CardIssuerError` but `unavailable`) is final for its key:
 *   the same key answers the same refusal ever after and never loads the card (the card module
 *   returns the money on a refusal, so a later load would pay twice). `unavailable` promises
 *   nothing: the caller asks again with the same key until it gets an answer.
 * - Each event has a stable `id` and is delivered at least once (the sandbox: exactly once per
 *   process); handlers dedupe by `id`. A missed event is recovered by reading the state back
 *   (`getApplication`, `getCard`, `listTransactions`).
 */

/** A product as the issuer needs it: which one, and the limits it enforces. */
export interface IssuerProduct {
  product: TCardProduct;
  /** Single, daily (UTC day) and monthly (UTC month) limits, each for top-ups and for spending. */
  limits: CardLimitUnits;
}

export interface SubmitApplicationInput {
  /** The caller's own id for the application (e.g. `card_application:12`): the idempotency key. */
  reference: string;
  holder: TCardHolder;
  product: IssuerProduct;
  network: TCardNetwork;
}

export const IssuerApplicationStatus = {
  SUBMITTED: 'submitted',
  APPROVED: 'approved',
  REJECTED: 'rejected',
  ISSUED: 'issued',
} as const;
export type TIssuerApplicationStatus = (typeof IssuerApplicationStatus)[keyof typeof IssuerApplicationStatus];

export interface IssuerApplication {
  /** The issuer's id for the application. */
  ref: string;
  reference: string;
  product: TCardProduct;
  network: TCardNetwork;
  status: TIssuerApplicationStatus;
  /** Set when rejected. */
  rejectReason: TCardRejectReason | null;
  /** Set once issued. */
  cardRef: string | null;
  submittedAt: Date;
  decidedAt: Date | null;
  issuedAt: Date | null;
}

export interface IssuedCard {
  /** The issuer's id for the card: what every card call takes. */
  ref: string;
  applicationRef: string;
  reference: string;
  product: TCardProduct;
  network: TCardNetwork;
  /** The full number (16 digits, Luhn-valid); the card module keeps it for binding, never sends it out. */
  number: string;
  last4: string;
  /** The ID printed with the number (`CARD_ID_PATTERN`). */
  cardId: string;
  label: string;
  /** ISO 3166-1 alpha-2 region it was issued in. */
  region: string;
  status: TCardStatus;
  issuedAt: Date;
}

export interface IssuerTransaction {
  /** The issuer's id for the transaction. */
  ref: string;
  cardRef: string;
  type: TCardTransactionType;
  /** Signed ledger units: positive into the card (top-up, refund), negative out (spend). */
  amount: bigint;
  /** The card's balance right after it (the running balance). */
  balanceAfter: bigint;
  merchant: string | null;
  idempotencyKey: string;
  at: Date;
}

export interface TopUpInput {
  cardRef: string;
  /** Positive ledger units loaded onto the card (the fee is the programme's, never sent here). */
  amount: bigint;
  /** The caller's key for this top-up (e.g. `card_topup:42`). */
  idempotencyKey: string;
}

export interface TransactionsPage {
  /** Newest first. */
  list: IssuerTransaction[];
  /** Pass back as `cursor` for the next (older) page; null at the end. */
  nextCursor: string | null;
}

/** What the issuer tells the programme, each once per `id`. */
export type CardIssuerEvent =
  | { type: 'application.approved'; id: string; at: Date; applicationRef: string; reference: string }
  | {
      type: 'application.rejected';
      id: string;
      at: Date;
      applicationRef: string;
      reference: string;
      reason: TCardRejectReason;
    }
  | { type: 'card.issued'; id: string; at: Date; applicationRef: string; reference: string; card: IssuedCard }
  | { type: 'card.transaction'; id: string; at: Date; cardRef: string; transaction: IssuerTransaction }
  /** The card was frozen or unfrozen (by the programme's call, or by the issuer on its own). */
  | { type: 'card.status'; id: string; at: Date; cardRef: string; status: TCardStatus };
export type CardIssuerEventType = CardIssuerEvent['type'];

/**
 * Receives events. The issuer has already committed the change: a handler that throws is
 * reported (and, by a real issuer, redelivered later), it does not undo it.
 */
export type CardIssuerEventHandler = (event: CardIssuerEvent) => void | Promise<void>;

export interface CardIssuer {
  /** The adapter's name, as `CARD_ISSUER` names it. */
  readonly name: string;
  /**
   * False for `CARD_ISSUER=none`: the programme offers no cards yet, so members see no products and
   * an application is refused before any money moves.
   */
  readonly offersCards: boolean;
  /** Starts background work (timers, polling); resumes what was pending before a restart. */
  start(): Promise<void>;
  /** Stops background work; pending work resumes at the next `start`. */
  stop(): Promise<void>;

  /** Sends an application with the holder's KYC details; idempotent by `reference`. */
  submitApplication(input: SubmitApplicationInput): Promise<IssuerApplication>;
  getApplication(applicationRef: string): Promise<IssuerApplication | null>;
  /**
   * Issues the card of an approved application; idempotent (an issued application answers its
   * card). An issuer that issues on its own sends `card.issued` and answers the same card here.
   */
  issueCard(applicationRef: string): Promise<IssuedCard>;
  getCard(cardRef: string): Promise<IssuedCard | null>;

  /** Loads `amount` onto an active card within its limits; idempotent by `idempotencyKey`. */
  topUp(input: TopUpInput): Promise<IssuerTransaction>;
  /** Blocks top-ups and spending; freezing a frozen card changes nothing. */
  freeze(cardRef: string): Promise<IssuedCard>;
  unfreeze(cardRef: string): Promise<IssuedCard>;
  /** The card's transactions, newest first, each with the balance after it. */
  listTransactions(cardRef: string, page?: { cursor?: string; limit?: number }): Promise<TransactionsPage>;
  /** The card's balance now, in ledger units. */
  balance(cardRef: string): Promise<bigint>;

  /** Subscribes to events; returns the unsubscribe. */
  onEvent(handler: CardIssuerEventHandler): () => void;
  /**
   * For issuers that call back over HTTP: when an adapter has it, the card module mounts
   * `POST /api/card/issuer/webhook` and hands it the request's headers and exact raw body. The
   * adapter verifies the signature and emits the events (awaiting their handlers); it answers false
   * for a request it cannot verify (401 to the caller) and throws when it could not process a
   * verified one (503, so the issuer delivers it again; events are applied once).
   */
  handleWebhook?(request: {
    headers: Record<string, string | string[] | undefined>;
    rawBody: string;
  }): Promise<boolean>;
}

export const CardIssuerErrorCode = {
  /** No such application or card at the issuer. */
  NOT_FOUND: 'not_found',
  /** The call does not fit the state (issuing an unapproved application, approving a rejected one). */
  INVALID_STATE: 'invalid_state',
  /** The key was used before with other details. */
  IDEMPOTENCY_CONFLICT: 'idempotency_conflict',
  /** The card is frozen: no top-up and no spending. */
  CARD_FROZEN: 'card_frozen',
  /** The amount breaks the card's single, daily or monthly limit (`limit`). */
  LIMIT_EXCEEDED: 'limit_exceeded',
  /** A spend larger than the card's balance. */
  INSUFFICIENT_FUNDS: 'insufficient_funds',
  /** Not a positive amount. */
  INVALID_AMOUNT: 'invalid_amount',
  /** The issuer cannot be reached or failed: nothing is known to have happened; retry with the same key. */
  UNAVAILABLE: 'unavailable',
} as const;
export type TCardIssuerErrorCode = (typeof CardIssuerErrorCode)[keyof typeof CardIssuerErrorCode];

/** A refusal by the issuer, typed so the card module can map it to a member's message. */
export class CardIssuerError extends Error {
  readonly code: TCardIssuerErrorCode;
  /** With `limit_exceeded`: which limit, and how much of it is left in its period (ledger units). */
  readonly limit: TCardLimitKind | null;
  readonly remaining: bigint | null;

  constructor(
    code: TCardIssuerErrorCode,
    message: string,
    details: { limit?: TCardLimitKind; remaining?: bigint } = {},
  ) {
    super(message);
    this.name = 'CardIssuerError';
    this.code = code;
    this.limit = details.limit ?? null;
    this.remaining = details.remaining ?? null;
  }
}

/** True when `error` is a `CardIssuerError` with `code`. */
export function isCardIssuerError(error: unknown, code?: TCardIssuerErrorCode): error is CardIssuerError {
  return error instanceof CardIssuerError && (code === undefined || error.code === code);
}
