import {
  CARD_NUMBER_LENGTH,
  CardStatus,
  luhnCheckDigit,
  type TCardNetwork,
  type TCardProduct,
  type TCardRejectReason,
} from '@kpc/shared';
import type { Clock } from '../../../lib/clock.ts';
import {
  CardIssuerError,
  CardIssuerErrorCode,
  IssuerApplicationStatus,
  type CardIssuerEvent,
  type IssuedCard,
  type SubmitApplicationInput,
} from './issuer.ts';
import {
  key,
  loadApplication,
  loadCard,
  stableJson,
  toCard,
  toStoredLimits,
  type Outcome,
  type StoredApplication,
  type StoredCard,
} from './sandbox-records.ts';
import type { SandboxIssuerRules } from './sandbox-rules.ts';
import type { SandboxIssuerEntries } from './sandbox-store.ts';

/**
 * The sandbox issuer's applications (sandbox-issuer.ts): what submitting, deciding and issuing do
 * inside one exclusive section of the store. The issuer locks, sends the events and runs the timers.
 */

/** Card IDs: letters and digits that cannot be mistaken for one another (no 0/O, 1/I). */
const CARD_ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CARD_ID_LENGTH = 10;
const REF_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** The issuer's settings the sections read (its options with their defaults applied). */
export interface SandboxSettings {
  clock: Clock;
  rules: SandboxIssuerRules;
  prefixes: Record<TCardNetwork, string>;
  labels: Record<TCardProduct, string>;
  region: string;
  random: (max: number) => number;
  numberDigest: (number: string) => string;
}

/** Records an application once per reference; the same reference with other details is a conflict. */
export async function submitInSection(
  settings: SandboxSettings,
  entries: SandboxIssuerEntries,
  input: SubmitApplicationInput,
): Promise<Outcome<StoredApplication>> {
  const fingerprint = stableJson({
    holder: input.holder,
    product: input.product.product,
    limits: toStoredLimits(input.product.limits),
    network: input.network,
  });
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
  const now = settings.clock.now();
  const delay = settings.rules.heldForOperator?.(input.holder) ? null : settings.rules.decisionDelaySeconds;
  const application: StoredApplication = {
    ref: `app_${randomString(settings, 16, REF_ALPHABET)}`,
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
}

/** Issues an approved application's card (an issued one answers its card again). */
export async function issueInSection(
  settings: SandboxSettings,
  entries: SandboxIssuerEntries,
  applicationRef: string,
): Promise<Outcome<IssuedCard>> {
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
  const now = settings.clock.now();
  const number = await newCardNumber(settings, entries, application.network);
  const card: StoredCard = {
    ref: `card_${randomString(settings, 16, REF_ALPHABET)}`,
    applicationRef,
    reference: application.reference,
    product: application.product,
    network: application.network,
    number,
    cardId: randomString(settings, CARD_ID_LENGTH, CARD_ID_ALPHABET),
    label: settings.labels[application.product],
    region: settings.region,
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
    [key.cardNumber(settings.numberDigest(number)), card.ref],
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
}

/**
 * Approves (`reason` null) or rejects a submitted application; `automatic` applies the rules'
 * verdict. It sends an event only when it decided now.
 */
export async function decideInSection(
  settings: SandboxSettings,
  entries: SandboxIssuerEntries,
  applicationRef: string,
  reason: TCardRejectReason | null,
  automatic: boolean,
): Promise<Outcome<StoredApplication>> {
  const application = await loadApplication(entries, applicationRef);
  if (application.status !== IssuerApplicationStatus.SUBMITTED) {
    // A timer that fires after an operator decided has nothing to do.
    if (automatic) return { result: application, events: [] };
    const approving = reason === null;
    const already = approving
      ? application.status === IssuerApplicationStatus.APPROVED || application.status === IssuerApplicationStatus.ISSUED
      : application.status === IssuerApplicationStatus.REJECTED;
    if (already) return { result: application, events: [] };
    throw new CardIssuerError(
      CardIssuerErrorCode.INVALID_STATE,
      `application ${applicationRef} is already ${application.status}`,
    );
  }
  const { rules } = settings;
  const verdict = automatic
    ? (rules.rejections.find((rule) => rule.matches(application.holder))?.reason ?? null)
    : reason;
  const now = settings.clock.now();
  const issueDelay = rules.heldForOperator?.(application.holder) ? null : rules.issueDelaySeconds;
  const next: StoredApplication = {
    ...application,
    status: verdict === null ? IssuerApplicationStatus.APPROVED : IssuerApplicationStatus.REJECTED,
    rejectReason: verdict,
    decidedAt: now.toISOString(),
    decideAt: null,
    issueAt: verdict === null && issueDelay !== null ? new Date(now.getTime() + issueDelay * 1000).toISOString() : null,
  };
  await entries.put([[key.application(applicationRef), JSON.stringify(next)]]);
  const base = { at: now, applicationRef, reference: application.reference };
  const event: CardIssuerEvent =
    verdict === null
      ? { ...base, type: 'application.approved', id: `application.approved:${applicationRef}` }
      : { ...base, type: 'application.rejected', id: `application.rejected:${applicationRef}`, reason: verdict };
  return { result: next, events: [event] };
}

function randomString(settings: SandboxSettings, length: number, alphabet: string): string {
  let text = '';
  for (let index = 0; index < length; index += 1) text += alphabet[settings.random(alphabet.length)];
  return text;
}

/** The network's prefix, random digits and the Luhn check digit; never a number issued before. */
async function newCardNumber(
  settings: SandboxSettings,
  entries: SandboxIssuerEntries,
  network: TCardNetwork,
): Promise<string> {
  const prefix = settings.prefixes[network];
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const body = prefix + randomString(settings, CARD_NUMBER_LENGTH - 1 - prefix.length, '0123456789');
    const number = body + luhnCheckDigit(body);
    if ((await entries.get(key.cardNumber(settings.numberDigest(number)))) === undefined) return number;
  }
  throw new Error(`sandbox issuer found no free ${network} number`);
}
