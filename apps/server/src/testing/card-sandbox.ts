import { randomUUID } from 'node:crypto';
import type { TCardApplication } from '@kpc/shared';
import { expect } from 'vitest';
import type { BuildAppOptions } from '../app.ts';
import type { CardIssuerEvent } from '../modules/card/issuer/issuer.ts';
import type { CardContext } from '../modules/card/context.ts';
import { SandboxCardIssuer } from '../modules/card/issuer/sandbox-issuer.ts';
import { cardKeysOf } from '../modules/card/keys.ts';
import { SANDBOX_DEVELOPMENT_RULES } from '../modules/card/issuer/sandbox-rules.ts';
import { manualTime, type ManualTime } from '../modules/card/issuer/scheduler.ts';
import type { TestMember } from './members.ts';
import { createTestApp, TEST_APP_SECRET, type TestApp } from './test-app.ts';

/**
 * A test server whose card issuer is the sandbox on a clock the test moves: it decides an
 * application 3 s after submission and issues the card 3 s after approval (development rules), and
 * every event it sends is kept in `events`, where a test reads an issued card's full number.
 */
export interface SandboxCardApp {
  t: TestApp;
  time: ManualTime;
  sandbox: SandboxCardIssuer;
  events: CardIssuerEvent[];
}

export async function createSandboxCardApp(
  env: Record<string, string> = {},
  options: Pick<BuildAppOptions, 'chains'> = {},
): Promise<SandboxCardApp> {
  const time = manualTime(new Date());
  const events: CardIssuerEvent[] = [];
  let sandbox: SandboxCardIssuer | undefined;
  const cardIssuer: BuildAppOptions['cardIssuer'] = (dependencies) => {
    sandbox = new SandboxCardIssuer({
      store: dependencies.store,
      numberDigest: dependencies.numberDigest,
      clock: time.clock,
      scheduler: time.scheduler,
      rules: SANDBOX_DEVELOPMENT_RULES,
      onError: dependencies.onError,
    });
    sandbox.onEvent((event) => void events.push(event));
    return sandbox;
  };
  const t = await createTestApp({ RUN_CHAIN_WORKERS: 'false', ...env }, { ...options, cardIssuer });
  if (!sandbox) throw new Error('the test app did not build its card issuer');
  return { t, time, sandbox, events };
}

/** The card module's context as the server builds it, for tests that call its functions directly. */
export function cardContextOf(
  { t, sandbox }: Pick<SandboxCardApp, 't' | 'sandbox'>,
  onError: CardContext['onError'] = (error) => {
    throw error;
  },
): CardContext {
  return {
    db: t.database.db,
    clock: t.clock,
    secret: TEST_APP_SECRET,
    keys: cardKeysOf(TEST_APP_SECRET),
    issuer: sandbox,
    onError,
  };
}

/** A holder who passes the sandbox's KYC; a `lastName` containing "REJECT" fails it. */
export function cardHolder(lastName = 'Doe') {
  return {
    firstName: 'Jane',
    lastName,
    dateOfBirth: '1990-05-17',
    nationality: 'sg',
    documentType: 'passport',
    documentNumber: 'E1234-5678',
    address: { line1: '1 Raffles Place', city: 'Singapore', postalCode: '048616', country: 'SG' },
    phone: '+65 6123 4567',
  };
}

export type CardPayment = { method: 'balance' } | { method: 'code'; code: string };

/** `/api/card/apply` as a member sends it (gold eagle on Mastercard, paid from the balance, unless told). */
export function applyForCard(
  { t }: Pick<SandboxCardApp, 't'>,
  member: TestMember,
  payment: CardPayment = { method: 'balance' },
  extra: { lastName?: string; requestId?: string; product?: string; network?: string } = {},
) {
  return t.call(
    '/api/card/apply',
    {
      requestId: extra.requestId ?? randomUUID(),
      product: extra.product ?? 'gold_eagle',
      network: extra.network ?? 'mastercard',
      holder: cardHolder(extra.lastName),
      payment,
    },
    member.headers,
  );
}

export async function cardApplicationOf({ t }: SandboxCardApp, member: TestMember, id: string) {
  return (await t.call('/api/card/application', { id }, member.headers)).data as TCardApplication;
}

/**
 * Applies, lets the sandbox approve and issue (6 s of its clock), and returns the card's record id
 * with the full number and ID the issuer sent (what the holder reads off the card).
 */
export async function issueCard(
  app: SandboxCardApp,
  member: TestMember,
  payment?: CardPayment,
  extra?: Parameters<typeof applyForCard>[3],
) {
  const applied = await applyForCard(app, member, payment, extra);
  expect(applied.code).toBe(200);
  const id = (applied.data as { id: string }).id;
  // 6 s of the sandbox's clock decide and issue it. Tests issuing cards at once move the shared
  // clock concurrently, and one advance may end while another still runs the decision that
  // schedules the issue: so move on in steps until it is issued (or plainly never will be).
  await app.time.advance(6_000);
  let application = await cardApplicationOf(app, member, id);
  for (let step = 0; step < 30 && application.status !== 'issued'; step += 1) {
    await app.time.advance(1_000);
    application = await cardApplicationOf(app, member, id);
  }
  expect(application.status).toBe('issued');
  const event = app.events.find(
    (e): e is Extract<CardIssuerEvent, { type: 'card.issued' }> =>
      e.type === 'card.issued' && e.reference === `card_application:${id}`,
  )!;
  return { recordId: application.cardRecordId!, number: event.card.number, cardId: event.card.cardId };
}

/** `issueCard`, then binds it by its number and ID. */
export async function bindIssuedCard(app: SandboxCardApp, member: TestMember, payment?: CardPayment) {
  const card = await issueCard(app, member, payment);
  const bind = { cardNumber: card.number, cardId: card.cardId };
  expect((await app.t.call('/api/card/bind', bind, member.headers)).code).toBe(200);
  return card;
}
