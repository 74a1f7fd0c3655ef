import {
  cardLast4,
  fromLedgerUnits,
  toLedgerUnits,
  type CardLimitUnits,
  type TCardHolder,
  type TCardNetwork,
  type TCardProduct,
  type TCardRejectReason,
  type TCardStatus,
  type TCardTransactionType,
} from '@kpc/shared';
import {
  CardIssuerError,
  CardIssuerErrorCode,
  type CardIssuerEvent,
  type IssuedCard,
  type IssuerApplication,
  type IssuerTransaction,
  type TCardIssuerErrorCode,
  type TIssuerApplicationStatus,
} from './issuer.ts';
import type { SandboxIssuerEntries } from './sandbox-store.ts';

/**
 * What the sandbox issuer (sandbox-issuer.ts) keeps in its store, and how it reads back: JSON
 * text, amounts as ledger decimal strings, times as ISO strings. The database store seals every
 * value (card numbers and KYC details are inside); no key holds a number in the clear.
 */

export interface StoredLimits {
  single: string;
  daily: string;
  monthly: string;
}

export interface StoredApplication {
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

export interface StoredCard {
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

export interface StoredTransaction {
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

/**
 * A definite refusal of a top-up or spend, kept under its key: the same key answers the same
 * refusal ever after, so a refused top-up can never load later (the card module has already
 * returned its money).
 */
export interface StoredRefusal {
  cardRef: string;
  type: TCardTransactionType;
  amount: string;
  code: TCardIssuerErrorCode;
  message: string;
  limit: 'single' | 'daily' | 'monthly' | null;
  remaining: string | null;
}

export const key = {
  application: (ref: string) => `app/${ref}`,
  applicationByReference: (reference: string) => `app-reference/${reference}`,
  card: (ref: string) => `card/${ref}`,
  /** `digest` is a keyed digest of the number: the store never names a number. */
  cardNumber: (digest: string) => `card-number/${digest}`,
  transactions: (cardRef: string) => `txn/${cardRef}/`,
  transaction: (cardRef: string, seq: number) => `txn/${cardRef}/${String(seq).padStart(12, '0')}`,
  transactionByKey: (idempotencyKey: string) => `txn-key/${idempotencyKey}`,
  refusalByKey: (idempotencyKey: string) => `txn-refused/${idempotencyKey}`,
};

/** JSON with object keys sorted, so equal details give equal text whatever their order. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : inner,
  );
}

export function toStoredLimits(limits: CardLimitUnits): StoredLimits {
  return {
    single: fromLedgerUnits(limits.single),
    daily: fromLedgerUnits(limits.daily),
    monthly: fromLedgerUnits(limits.monthly),
  };
}

export function fromStoredLimits(limits: StoredLimits): CardLimitUnits {
  return {
    single: toLedgerUnits(limits.single),
    daily: toLedgerUnits(limits.daily),
    monthly: toLedgerUnits(limits.monthly),
  };
}

export function toApplication(stored: StoredApplication): IssuerApplication {
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

export function toCard(stored: StoredCard): IssuedCard {
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

export function toTransaction(stored: StoredTransaction): IssuerTransaction {
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

/**
 * What an exclusive section decided: a result or a refusal (thrown once the section committed, so
 * what it recorded stays), and the events to send after the locks are released.
 */
export interface Outcome<T> {
  result?: T;
  refusal?: CardIssuerError;
  events: CardIssuerEvent[];
}

export async function loadApplication(entries: SandboxIssuerEntries, ref: string): Promise<StoredApplication> {
  const value = await entries.get(key.application(ref));
  if (value === undefined) throw new CardIssuerError(CardIssuerErrorCode.NOT_FOUND, `no application ${ref}`);
  return JSON.parse(value) as StoredApplication;
}

export async function loadCard(entries: SandboxIssuerEntries, ref: string): Promise<StoredCard> {
  const value = await entries.get(key.card(ref));
  if (value === undefined) throw new CardIssuerError(CardIssuerErrorCode.NOT_FOUND, `no card ${ref}`);
  return JSON.parse(value) as StoredCard;
}

/** Oldest first. */
export async function transactionsOf(entries: SandboxIssuerEntries, cardRef: string): Promise<StoredTransaction[]> {
  return (await entries.list(key.transactions(cardRef))).map(([, value]) => JSON.parse(value) as StoredTransaction);
}

export function refusalOf(stored: StoredRefusal): CardIssuerError {
  return new CardIssuerError(stored.code, stored.message, {
    ...(stored.limit === null ? {} : { limit: stored.limit }),
    ...(stored.remaining === null ? {} : { remaining: toLedgerUnits(stored.remaining) }),
  });
}
