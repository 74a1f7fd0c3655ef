import {
  CardRejectReason,
  detectCardNetwork,
  isCardId,
  isCardNumber,
  toLedgerUnits,
  ZCardHolder,
  type TCardHolder,
  type TCardHolderInput,
} from '@kpc/shared';
import { describe, expect, it } from 'vitest';
import { CardIssuerError, type CardIssuerEvent, type IssuerProduct } from './issuer.ts';
import { SandboxCardIssuer } from './sandbox-issuer.ts';
import { SANDBOX_MANUAL_RULES, SANDBOX_PREFIXES, type SandboxIssuerRules } from './sandbox-rules.ts';
import { memorySandboxStore, type SandboxIssuerStore } from './sandbox-store.ts';
import { manualTime } from './scheduler.ts';

const usdt = (value: string) => toLedgerUnits(value);
const SECOND = 1000;
const DAY = 86_400_000;

const holderInput: TCardHolderInput = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  dateOfBirth: '1990-12-10',
  nationality: 'GB',
  documentType: 'passport',
  documentNumber: '123456789',
  address: { line1: '12 St James’s Square', city: 'London', postalCode: 'SW1Y 4JH', country: 'GB' },
  phone: '+44 20 7946 0958',
};
const holder = (overrides: Partial<TCardHolderInput> = {}): TCardHolder =>
  ZCardHolder.parse({ ...holderInput, ...overrides });

const goldEagle: IssuerProduct = {
  product: 'gold_eagle',
  limits: { single: usdt('1000'), daily: usdt('1500'), monthly: usdt('3000') },
};

/** A sandbox on a clock that moves only when told, its events recorded. */
async function setUp(
  rules: Partial<SandboxIssuerRules> = {},
  store: SandboxIssuerStore = memorySandboxStore(),
  start = new Date('2026-03-10T10:00:00Z'),
) {
  const time = manualTime(start);
  const errors: unknown[] = [];
  const issuer = new SandboxCardIssuer({
    store,
    clock: time.clock,
    scheduler: time.scheduler,
    rules: { decisionDelaySeconds: 3, issueDelaySeconds: 5, ...rules },
    onError: (error) => errors.push(error),
  });
  const events: CardIssuerEvent[] = [];
  issuer.onEvent((event) => {
    events.push(event);
  });
  await issuer.start();
  return { issuer, time, events, errors, store };
}

/** An issued gold eagle card on `network`, with its application. */
async function issuedCard(context: Awaited<ReturnType<typeof setUp>>, network: 'visa' | 'mastercard' = 'mastercard') {
  const application = await context.issuer.submitApplication({
    reference: `application:${network}:${context.events.length}`,
    holder: holder(),
    product: goldEagle,
    network,
  });
  await context.time.advance(8 * SECOND);
  const refreshed = await context.issuer.getApplication(application.ref);
  return { application, cardRef: refreshed!.cardRef! };
}

async function refusal(promise: Promise<unknown>): Promise<CardIssuerError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CardIssuerError);
  return error as CardIssuerError;
}

describe('sandbox issuer: the whole card lifecycle through the interface', () => {
  it('approves after the decision delay, issues after the issue delay, then tops up, freezes and lists', async () => {
    const context = await setUp();
    const { issuer, time, events } = context;

    const application = await issuer.submitApplication({
      reference: 'card_application:1',
      holder: holder(),
      product: goldEagle,
      network: 'mastercard',
    });
    expect(application).toMatchObject({ status: 'submitted', reference: 'card_application:1', cardRef: null });

    await time.advance(2 * SECOND);
    expect((await issuer.getApplication(application.ref))?.status).toBe('submitted');
    expect(events).toEqual([]);

    await time.advance(1 * SECOND);
    expect(await issuer.getApplication(application.ref)).toMatchObject({
      status: 'approved',
      decidedAt: new Date('2026-03-10T10:00:03Z'),
    });
    expect(events.map((event) => event.type)).toEqual(['application.approved']);

    await time.advance(5 * SECOND);
    const issued = await issuer.getApplication(application.ref);
    expect(issued).toMatchObject({ status: 'issued', issuedAt: new Date('2026-03-10T10:00:08Z') });
    expect(events.map((event) => event.type)).toEqual(['application.approved', 'card.issued']);
    const issuedEvent = events[1] as Extract<CardIssuerEvent, { type: 'card.issued' }>;
    const card = issuedEvent.card;
    expect(card.ref).toBe(issued!.cardRef);
    expect(isCardNumber(card.number)).toBe(true);
    expect(card.number.startsWith(SANDBOX_PREFIXES.mastercard)).toBe(true);
    expect(detectCardNetwork(card.number)).toBe('mastercard');
    expect(card.last4).toBe(card.number.slice(-4));
    expect(isCardId(card.cardId)).toBe(true);
    expect(card).toMatchObject({ label: 'KPC Gold Eagle', region: 'HK', status: 'active', product: 'gold_eagle' });
    expect(await issuer.getCard(card.ref)).toEqual(card);

    // Top-ups within the limits.
    const first = await issuer.topUp({ cardRef: card.ref, amount: usdt('1000'), idempotencyKey: 'topup:1' });
    expect(first).toMatchObject({ type: 'top_up', amount: usdt('1000'), balanceAfter: usdt('1000') });
    await issuer.topUp({ cardRef: card.ref, amount: usdt('500'), idempotencyKey: 'topup:2' });
    expect(await issuer.balance(card.ref)).toBe(usdt('1500'));

    // Beyond the single, then the daily limit (1500 used today).
    const single = await refusal(
      issuer.topUp({ cardRef: card.ref, amount: usdt('1000.01'), idempotencyKey: 'topup:3' }),
    );
    expect(single).toMatchObject({ code: 'limit_exceeded', limit: 'single', remaining: usdt('1000') });
    const daily = await refusal(issuer.topUp({ cardRef: card.ref, amount: usdt('0.01'), idempotencyKey: 'topup:4' }));
    expect(daily).toMatchObject({ code: 'limit_exceeded', limit: 'daily', remaining: 0n });

    // A new UTC day resets the daily limit, not the monthly one (3000).
    await time.advance(DAY);
    await issuer.topUp({ cardRef: card.ref, amount: usdt('1000'), idempotencyKey: 'topup:5' });
    await issuer.topUp({ cardRef: card.ref, amount: usdt('400'), idempotencyKey: 'topup:6' });
    await time.advance(DAY);
    await issuer.topUp({ cardRef: card.ref, amount: usdt('100'), idempotencyKey: 'topup:7' });
    const monthly = await refusal(issuer.topUp({ cardRef: card.ref, amount: usdt('0.5'), idempotencyKey: 'topup:8' }));
    expect(monthly).toMatchObject({ code: 'limit_exceeded', limit: 'monthly', remaining: 0n });
    expect(await issuer.balance(card.ref)).toBe(usdt('3000'));

    // A spend, then the freeze blocks both directions until unfrozen.
    await issuer.simulateSpend({
      cardRef: card.ref,
      amount: usdt('250.5'),
      merchant: 'Cafe Nero',
      idempotencyKey: 's1',
    });
    expect((await issuer.freeze(card.ref)).status).toBe('frozen');
    expect(
      (await refusal(issuer.topUp({ cardRef: card.ref, amount: usdt('1'), idempotencyKey: 'topup:9' }))).code,
    ).toBe('card_frozen');
    expect(
      (
        await refusal(
          issuer.simulateSpend({ cardRef: card.ref, amount: usdt('1'), merchant: 'X', idempotencyKey: 's2' }),
        )
      ).code,
    ).toBe('card_frozen');
    expect((await issuer.unfreeze(card.ref)).status).toBe('active');
    // A refusal is final for its key (Step 7b §3): unfrozen, the same key still answers the refusal
    // and loads nothing, since the programme has already returned that top-up's money.
    expect(
      (await refusal(issuer.topUp({ cardRef: card.ref, amount: usdt('1'), idempotencyKey: 'topup:9' }))).code,
    ).toBe('card_frozen');
    expect(await issuer.balance(card.ref)).toBe(usdt('2749.5'));
    expect(
      (await refusal(issuer.topUp({ cardRef: card.ref, amount: usdt('2'), idempotencyKey: 'topup:9' }))).code,
    ).toBe('idempotency_conflict');
    // The next month: the monthly limit starts again.
    await time.advance(30 * DAY);
    await issuer.topUp({ cardRef: card.ref, amount: usdt('20'), idempotencyKey: 'topup:10' });

    // Transactions, newest first, each with the running balance; paged by cursor.
    const page1 = await issuer.listTransactions(card.ref, { limit: 3 });
    expect(page1.list.map((txn) => [txn.type, txn.amount, txn.balanceAfter, txn.merchant])).toEqual([
      ['top_up', usdt('20'), usdt('2769.5'), null],
      ['spend', usdt('-250.5'), usdt('2749.5'), 'Cafe Nero'],
      ['top_up', usdt('100'), usdt('3000'), null],
    ]);
    expect(page1.nextCursor).not.toBeNull();
    const page2 = await issuer.listTransactions(card.ref, { limit: 3, cursor: page1.nextCursor! });
    expect(page2.list.map((txn) => txn.balanceAfter)).toEqual([usdt('2900'), usdt('2500'), usdt('1500')]);
    const page3 = await issuer.listTransactions(card.ref, { limit: 3, cursor: page2.nextCursor! });
    expect(page3.list.map((txn) => txn.balanceAfter)).toEqual([usdt('1000')]);
    expect(page3.nextCursor).toBeNull();
    expect(await issuer.balance(card.ref)).toBe(usdt('2769.5'));

    // Every effect sent its event exactly once; refusals sent none.
    const ids = events.map((event) => event.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(events.filter((event) => event.type === 'card.transaction')).toHaveLength(7);
    expect(
      events.filter((event) => event.type === 'card.status').map((event) => 'status' in event && event.status),
    ).toEqual(['frozen', 'active']);
    expect(context.errors).toEqual([]);
    expect(time.pending()).toBe(0);
  });

  it('issues VISA numbers on the VISA prefix, each one different', async () => {
    const context = await setUp({ decisionDelaySeconds: 0, issueDelaySeconds: 0 });
    const numbers = new Set<string>();
    for (let index = 0; index < 5; index += 1) {
      const { cardRef } = await issuedCard(context, 'visa');
      const card = await context.issuer.getCard(cardRef);
      expect(detectCardNetwork(card!.number)).toBe('visa');
      expect(card!.number.startsWith(SANDBOX_PREFIXES.visa)).toBe(true);
      numbers.add(card!.number);
    }
    expect(numbers.size).toBe(5);
  });
});

describe('sandbox issuer: rejection rules', () => {
  it.each([
    ['a name containing REJECT', { lastName: 'Rejected' }, CardRejectReason.KYC_FAILED],
    ['a document number starting 000', { documentNumber: '000123456' }, CardRejectReason.DOCUMENT_INVALID],
  ])('rejects %s after the delay, and never issues', async (_label, overrides, reason) => {
    const { issuer, time, events } = await setUp();
    const application = await issuer.submitApplication({
      reference: 'card_application:9',
      holder: holder(overrides),
      product: goldEagle,
      network: 'visa',
    });
    await time.advance(60 * SECOND);
    expect(await issuer.getApplication(application.ref)).toMatchObject({ status: 'rejected', rejectReason: reason });
    expect(events).toEqual([
      {
        type: 'application.rejected',
        id: `application.rejected:${application.ref}`,
        at: new Date('2026-03-10T10:00:03Z'),
        applicationRef: application.ref,
        reference: 'card_application:9',
        reason,
      },
    ]);
    expect((await refusal(issuer.issueCard(application.ref))).code).toBe('invalid_state');
    expect((await refusal(issuer.approve(application.ref))).code).toBe('invalid_state');
  });

  it('leaves every decision to the operator under the manual rules', async () => {
    const { issuer, time, events } = await setUp(SANDBOX_MANUAL_RULES);
    const a = await issuer.submitApplication({ reference: 'a', holder: holder(), product: goldEagle, network: 'visa' });
    const b = await issuer.submitApplication({ reference: 'b', holder: holder(), product: goldEagle, network: 'visa' });
    await time.advance(DAY);
    expect(events).toEqual([]);
    const pending = (await issuer.listApplications('submitted')).map((application) => application.ref);
    expect(pending.sort()).toEqual([a.ref, b.ref].sort());

    await issuer.approve(a.ref);
    await time.advance(DAY);
    expect((await issuer.getApplication(a.ref))?.status).toBe('approved');
    const card = await issuer.issue(a.ref);
    expect((await issuer.getApplication(a.ref))?.cardRef).toBe(card.ref);

    // An operator may reject what the rules would approve.
    expect(await issuer.reject(b.ref, CardRejectReason.COUNTRY_NOT_SUPPORTED)).toMatchObject({
      status: 'rejected',
      rejectReason: 'country_not_supported',
    });
    expect(events.map((event) => event.type)).toEqual(['application.approved', 'card.issued', 'application.rejected']);
  });

  it('does not decide again when an operator decided before the timer', async () => {
    const { issuer, time, events } = await setUp({ issueDelaySeconds: null });
    const application = await issuer.submitApplication({
      reference: 'r',
      holder: holder({ firstName: 'Reject' }),
      product: goldEagle,
      network: 'visa',
    });
    await issuer.approve(application.ref);
    await time.advance(60 * SECOND);
    expect((await issuer.getApplication(application.ref))?.status).toBe('approved');
    expect(events.map((event) => event.type)).toEqual(['application.approved']);
  });
});

describe('sandbox issuer: idempotency (same key twice = one effect, one event)', () => {
  it('keeps one application per reference and refuses other details under it', async () => {
    const { issuer, time, events } = await setUp();
    const input = { reference: 'card_application:7', holder: holder(), product: goldEagle, network: 'visa' } as const;
    const [first, second] = await Promise.all([issuer.submitApplication(input), issuer.submitApplication(input)]);
    const third = await issuer.submitApplication({ ...input, holder: ZCardHolder.parse({ ...holderInput }) });
    expect(second.ref).toBe(first.ref);
    expect(third.ref).toBe(first.ref);
    expect((await issuer.listApplications()).length).toBe(1);
    const conflict = await refusal(issuer.submitApplication({ ...input, network: 'mastercard' }));
    expect(conflict.code).toBe('idempotency_conflict');

    await time.advance(60 * SECOND);
    expect(events.map((event) => event.type)).toEqual(['application.approved', 'card.issued']);
  });

  it('decides, issues and freezes once however often asked', async () => {
    const { issuer, events } = await setUp(SANDBOX_MANUAL_RULES);
    const application = await issuer.submitApplication({
      reference: 'x',
      holder: holder(),
      product: goldEagle,
      network: 'mastercard',
    });
    await Promise.all([issuer.approve(application.ref), issuer.approve(application.ref)]);
    const [card, again] = await Promise.all([issuer.issueCard(application.ref), issuer.issueCard(application.ref)]);
    expect(again).toEqual(card);
    expect(await issuer.issueCard(application.ref)).toEqual(card);
    expect((await issuer.approve(application.ref)).status).toBe('issued');
    expect((await refusal(issuer.reject(application.ref))).code).toBe('invalid_state');

    await Promise.all([issuer.freeze(card.ref), issuer.freeze(card.ref)]);
    await issuer.freeze(card.ref);
    await issuer.unfreeze(card.ref);
    await issuer.unfreeze(card.ref);
    expect(events.map((event) => event.id)).toEqual([
      `application.approved:${application.ref}`,
      `card.issued:${application.ref}`,
      `card.status:${card.ref}:1`,
      `card.status:${card.ref}:2`,
    ]);
  });

  it('rejects once', async () => {
    const { issuer, events } = await setUp(SANDBOX_MANUAL_RULES);
    const application = await issuer.submitApplication({
      reference: 'y',
      holder: holder(),
      product: goldEagle,
      network: 'visa',
    });
    await issuer.reject(application.ref);
    expect((await issuer.reject(application.ref, CardRejectReason.KYC_FAILED)).rejectReason).toBe('review_rejected');
    expect(events.map((event) => event.type)).toEqual(['application.rejected']);
  });

  it('tops up and spends once per key, even when the retries race', async () => {
    const context = await setUp({ decisionDelaySeconds: 0, issueDelaySeconds: 0 });
    const { issuer, events } = context;
    const { cardRef } = await issuedCard(context);
    const other = (await issuedCard(context)).cardRef;
    const before = events.length;

    const topUp = { cardRef, amount: usdt('100'), idempotencyKey: 'card_topup:1' };
    const results = await Promise.all([issuer.topUp(topUp), issuer.topUp(topUp), issuer.topUp(topUp)]);
    expect(new Set(results.map((txn) => txn.ref)).size).toBe(1);
    expect(await issuer.topUp(topUp)).toEqual(results[0]);
    expect(await issuer.balance(cardRef)).toBe(usdt('100'));

    expect((await refusal(issuer.topUp({ ...topUp, amount: usdt('101') }))).code).toBe('idempotency_conflict');
    expect((await refusal(issuer.topUp({ ...topUp, cardRef: other }))).code).toBe('idempotency_conflict');
    expect(await issuer.balance(other)).toBe(0n);

    const spend = { cardRef, amount: usdt('40'), merchant: 'Shop', idempotencyKey: 'spend:1' };
    await Promise.all([issuer.simulateSpend(spend), issuer.simulateSpend(spend)]);
    expect(await issuer.balance(cardRef)).toBe(usdt('60'));
    expect(events.slice(before).map((event) => event.type)).toEqual(['card.transaction', 'card.transaction']);
    expect((await issuer.listTransactions(cardRef)).list).toHaveLength(2);
  });

  it('refuses a spend beyond the balance and amounts that are not positive', async () => {
    const context = await setUp({ decisionDelaySeconds: 0, issueDelaySeconds: 0 });
    const { cardRef } = await issuedCard(context);
    await context.issuer.topUp({ cardRef, amount: usdt('10'), idempotencyKey: 't' });
    const spend = { cardRef, amount: usdt('10.01'), merchant: 'Shop', idempotencyKey: 's' };
    expect((await refusal(context.issuer.simulateSpend(spend))).code).toBe('insufficient_funds');
    expect((await refusal(context.issuer.topUp({ cardRef, amount: 0n, idempotencyKey: 'z' }))).code).toBe(
      'invalid_amount',
    );
    expect((await refusal(context.issuer.topUp({ cardRef: 'card_none', amount: 1n, idempotencyKey: 'n' }))).code).toBe(
      'not_found',
    );
    expect(await context.issuer.getCard('card_none')).toBeNull();
    expect(await context.issuer.getApplication('app_none')).toBeNull();
  });
});

describe('sandbox issuer: state in the store survives a restart', () => {
  it('resumes a pending decision and issue from the store, and keeps cards and balances', async () => {
    const store = memorySandboxStore();
    const first = await setUp({}, store);
    const application = await first.issuer.submitApplication({
      reference: 'r1',
      holder: holder(),
      product: goldEagle,
      network: 'visa',
    });
    await first.issuer.stop();
    await first.time.advance(60 * SECOND);
    expect((await first.issuer.getApplication(application.ref))?.status).toBe('submitted');

    // A new process on the same store, a minute later: the overdue decision runs, then the issue.
    const second = await setUp({}, store, new Date('2026-03-10T10:01:00Z'));
    await second.time.advance(0);
    expect((await second.issuer.getApplication(application.ref))?.status).toBe('approved');
    await second.time.advance(5 * SECOND);
    const cardRef = (await second.issuer.getApplication(application.ref))!.cardRef!;
    await second.issuer.topUp({ cardRef, amount: usdt('5'), idempotencyKey: 'k' });
    expect(second.events.map((event) => event.type)).toEqual([
      'application.approved',
      'card.issued',
      'card.transaction',
    ]);
    expect(first.events).toEqual([]);

    const third = await setUp({}, store, new Date('2026-03-10T10:02:00Z'));
    expect(await third.issuer.balance(cardRef)).toBe(usdt('5'));
    expect((await third.issuer.topUp({ cardRef, amount: usdt('5'), idempotencyKey: 'k' })).balanceAfter).toBe(
      usdt('5'),
    );
    expect(third.events).toEqual([]);
  });
});

describe('sandbox issuer: events', () => {
  it('reports a failing handler and still delivers to the others, once', async () => {
    const context = await setUp({ decisionDelaySeconds: 0, issueDelaySeconds: null });
    const seen: string[] = [];
    context.issuer.onEvent(() => {
      throw new Error('handler down');
    });
    const unsubscribe = context.issuer.onEvent((event) => {
      seen.push(event.type);
    });
    const application = await context.issuer.submitApplication({
      reference: 'e',
      holder: holder(),
      product: goldEagle,
      network: 'visa',
    });
    await context.time.advance(0);
    expect(seen).toEqual(['application.approved']);
    expect(context.errors).toHaveLength(1);
    unsubscribe();
    await context.issuer.issueCard(application.ref);
    expect(seen).toEqual(['application.approved']);
    expect(context.events.map((event) => event.type)).toEqual(['application.approved', 'card.issued']);
  });

  it('lets a handler call the issuer back (issuing on approval) without a deadlock', async () => {
    const context = await setUp({ decisionDelaySeconds: 0, issueDelaySeconds: 60 });
    context.issuer.onEvent(async (event) => {
      if (event.type === 'application.approved') await context.issuer.issueCard(event.applicationRef);
    });
    const application = await context.issuer.submitApplication({
      reference: 'h',
      holder: holder(),
      product: goldEagle,
      network: 'visa',
    });
    await context.time.advance(0);
    expect((await context.issuer.getApplication(application.ref))?.status).toBe('issued');
    await context.time.advance(120 * SECOND);
    expect(context.events.map((event) => event.type)).toEqual(['application.approved', 'card.issued']);
  });
});

describe('sandbox issuer: configuration', () => {
  it('refuses a prefix of the wrong network and a negative delay', () => {
    const time = manualTime(new Date());
    const base = { store: memorySandboxStore(), clock: time.clock, scheduler: time.scheduler };
    expect(() => new SandboxCardIssuer({ ...base, prefixes: { visa: '522981' } })).toThrow(/not a visa prefix/);
    expect(() => new SandboxCardIssuer({ ...base, rules: { decisionDelaySeconds: -1 } })).toThrow(RangeError);
  });
});
