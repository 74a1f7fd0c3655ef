import {
  ceilToDecimals,
  EntryType,
  floorToDecimals,
  fromLedgerUnits,
  parseDecimal,
  toLedgerUnits,
  USDT_DECIMALS,
} from '@kpc/shared';
import { ZAirdropTerms, type TAirdropTerms } from '@kpc/shared/operator';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { airdrops, memberAirdropTotals, teamEvents } from '../../db/schema/index.ts';
import { HouseAccount, postEntry } from '../../ledger/ledger.ts';
import { currentConfig } from '../config/history.ts';
import { raiseOwnLevel } from './levels.ts';
import { addTeamVolume } from './tree.ts';

/**
 * Airdrops (Step 7, SPEC §9): a qualifying event of a member — a broker package bought, a card
 * issued, an investment or ESOP plan subscribed — pays the members above them, in the event's own
 * transaction (`recordTeamEvent`, called by the klk, card and plan modules):
 * - purchases pay each of the first `purchaseRates.length` members above the buyer
 *   (depth 1 = the referrer: "direct"; further up: "indirect") that share of the USDT paid;
 * - a card issued pays the fixed `cardAmounts` by depth ("card").
 * The airdrop is USDT: the events are priced in USDT, so the house's cost is known when the event
 * is, and a member receives a figure that does not move with KPC's price. It lands in the
 * receiver's `income` bucket — released income, which the member moves to available by a transfer
 * and may then exchange or withdraw, like plan income.
 *
 * Each airdrop is one ledger entry (type `airdrop`, keyed `airdrop:<event key>:<depth>`): the
 * gross from the house account `airdrop`, the handling fee (SPEC §9: 20 %, rounded up to USDT's
 * 6 decimals) to `airdrop_fees`, the rest to the receiver. The event's `team_events`
 * row (its key is the event's record) is inserted first: an event replayed, or 20 identical
 * requests at once, pay once. The root (status `system`, cannot log in) receives nothing; a
 * member is never above themself in the tree, so there is no self-airdrop.
 */
export interface AirdropRules {
  /** SPEC §9: the handling fee on the airdrop portion, in basis points of the gross. */
  feeRateBp: bigint;
  /** Basis points of a purchase's USDT value, by depth above the buyer. */
  purchaseRates: readonly bigint[];
  /** Fixed USDT per card issued, by depth above the cardholder. */
  cardAmounts: readonly string[];
}

/**
 * The defaults of the versioned configuration `airdrop`/`rules` (Step 8b §2), as an operator
 * saves them (decimal shares): 20 % handling fee; 5 % direct, 3 % and 1 % indirect; 10 USDT direct
 * and 5 one further up per card. An event is paid by the rules in effect at its time.
 */
export const DEFAULT_AIRDROP_TERMS: TAirdropTerms = {
  feeRate: '0.2',
  purchaseRates: ['0.05', '0.03', '0.01'],
  cardAmounts: ['10', '5'],
};

/** Decimal shares as basis points (the configuration allows at most 4 decimals). */
export function airdropRulesOf(terms: TAirdropTerms): AirdropRules {
  return {
    feeRateBp: parseDecimal(terms.feeRate, 4),
    purchaseRates: terms.purchaseRates.map((rate) => parseDecimal(rate, 4)),
    cardAmounts: terms.cardAmounts,
  };
}

export const DEFAULT_AIRDROP_RULES = airdropRulesOf(DEFAULT_AIRDROP_TERMS);

/** The airdrop terms in effect at `at` (one indexed read), else the defaults. */
export async function airdropTermsAt(db: Executor, at: Date): Promise<TAirdropTerms> {
  const saved = await currentConfig(db, 'airdrop', 'rules', at);
  const parsed = saved ? ZAirdropTerms.safeParse(saved.value) : undefined;
  return parsed?.success ? parsed.data : DEFAULT_AIRDROP_TERMS;
}

export const TeamEventKind = {
  KLK_PACKAGE: 'klk_package',
  CARD: 'card',
  PLAN: 'plan',
  ESOP: 'esop',
} as const;
export type TTeamEventKind = (typeof TeamEventKind)[keyof typeof TeamEventKind];

export interface TeamEvent {
  /** The event's own record, unique among all events: `klk_purchase:12`, `card_application:7`, ... */
  key: string;
  kind: TTeamEventKind;
  /** Who bought (or holds the card). */
  memberId: string;
  /** What was paid, in ledger units of USDT (0 for a card, or a free upgrade). */
  usdtUnits: bigint;
  /** When it happened: the airdrop and level rules in effect then apply (now when omitted). */
  at?: Date;
}

const USDT = 'USDT';
const BP = 10_000n;

export interface AirdropAmount {
  gross: bigint;
  fee: bigint;
  net: bigint;
}

/** The gross airdrop at `depth` (1 = direct) for an event, in USDT ledger units; 0 for none. */
export function grossAirdrop(
  kind: TTeamEventKind,
  usdtUnits: bigint,
  depth: number,
  rules: AirdropRules = DEFAULT_AIRDROP_RULES,
): bigint {
  if (kind === TeamEventKind.CARD) {
    const fixed = rules.cardAmounts[depth - 1];
    return fixed === undefined ? 0n : toLedgerUnits(fixed);
  }
  const rate = rules.purchaseRates[depth - 1];
  return rate === undefined ? 0n : floorToDecimals((usdtUnits * rate) / BP, USDT_DECIMALS);
}

/** Splits a gross airdrop: the fee rounded up to USDT's 6 decimals, the member the rest. */
export function splitFee(gross: bigint, rules: AirdropRules = DEFAULT_AIRDROP_RULES): AirdropAmount {
  const fee = ceilToDecimals((gross * rules.feeRateBp) / BP, USDT_DECIMALS);
  return { gross, fee, net: gross - fee };
}

const maxDepth = (kind: TTeamEventKind, rules: AirdropRules) =>
  kind === TeamEventKind.CARD ? rules.cardAmounts.length : rules.purchaseRates.length;

const airdropKind = (kind: TTeamEventKind, depth: number) =>
  kind === TeamEventKind.CARD ? 'card' : depth === 1 ? 'direct' : 'indirect';

/** The totals column an airdrop kind adds to. */
const totalsColumn = {
  direct: memberAirdropTotals.direct,
  indirect: memberAirdropTotals.indirect,
  card: memberAirdropTotals.card,
} as const;

async function addToTotals(tx: Transaction, memberId: string, kind: keyof typeof totalsColumn, units: bigint) {
  const amount = fromLedgerUnits(units);
  const column = totalsColumn[kind];
  await tx
    .insert(memberAirdropTotals)
    .values({ memberId, [kind]: amount })
    .onConflictDoUpdate({ target: memberAirdropTotals.memberId, set: { [kind]: sql`${column} + ${amount}::numeric` } });
}

interface Receiver {
  key: number;
  member_id: string;
  depth: number;
}

/**
 * Records a qualifying event in its own transaction `tx`, once per `event.key`: its team volume
 * (purchases; `addTeamVolume`, which re-levels the path), the buyer's own ambassador level for a
 * broker package, and its airdrops. Returns the number of airdrops paid (0 when replayed).
 */
export async function recordTeamEvent(tx: Transaction, event: TeamEvent): Promise<number> {
  const [fresh] = await tx
    .insert(teamEvents)
    .values({
      eventKey: event.key,
      kind: event.kind,
      memberId: event.memberId,
      usdtValue: fromLedgerUnits(event.usdtUnits),
    })
    .onConflictDoNothing()
    .returning({ key: teamEvents.eventKey });
  if (!fresh) return 0;
  const at = event.at ?? new Date();
  const rules = airdropRulesOf(await airdropTermsAt(tx, at));
  // Aggregates rows first (in key order), members rows after, ledger accounts last: the order every
  // event takes, so events in overlapping teams queue instead of deadlocking.
  if (event.kind !== TeamEventKind.CARD && event.usdtUnits > 0n) {
    await addTeamVolume(tx, event.memberId, event.usdtUnits, { esop: event.kind === TeamEventKind.ESOP, at });
  }
  if (event.kind === TeamEventKind.KLK_PACKAGE) await raiseOwnLevel(tx, event.memberId, 'ambassador');

  // The receivers: the nearest `maxDepth` ancestors from the stored path, farthest first (ascending
  // key, the order every entry locks accounts in), the root left out.
  const result: unknown = await tx.execute(sql`
    with me as (select path from member_tree where member_id = ${event.memberId})
    select tree.key, tree.member_id, cardinality(me.path) - above.ord + 1 as depth
    from me cross join lateral unnest(me.path) with ordinality as above(key, ord)
    join member_tree tree on tree.key = above.key
    join members m on m.id = tree.member_id
    where above.ord > cardinality(me.path) - ${maxDepth(event.kind, rules)}::int
      and m.status <> 'system' and tree.member_id <> ${event.memberId}
    order by tree.key`);
  let paid = 0;
  for (const receiver of (result as { rows: Receiver[] }).rows) {
    const depth = Number(receiver.depth);
    const gross = grossAirdrop(event.kind, event.usdtUnits, depth, rules);
    if (gross <= 0n) continue;
    const { fee, net } = splitFee(gross, rules);
    const kind = airdropKind(event.kind, depth);
    const [row] = await tx
      .insert(airdrops)
      .values({
        eventKey: event.key,
        depth,
        kind,
        receiverId: receiver.member_id,
        sourceMemberId: event.memberId,
        asset: USDT,
        gross: fromLedgerUnits(gross),
        fee: fromLedgerUnits(fee),
        net: fromLedgerUnits(net),
      })
      .onConflictDoNothing()
      .returning({ id: airdrops.id });
    if (!row) continue;
    await postEntry(tx, {
      type: EntryType.AIRDROP,
      idempotencyKey: `airdrop:${event.key}:${depth}`,
      memberId: receiver.member_id,
      reference: `airdrop:${row.id}`,
      postings: [
        { account: { house: HouseAccount.AIRDROP }, asset: USDT, amount: -gross },
        ...(net > 0n
          ? [{ account: { memberId: receiver.member_id, bucket: 'income' as const }, asset: USDT, amount: net }]
          : []),
        ...(fee > 0n ? [{ account: { house: HouseAccount.AIRDROP_FEES }, asset: USDT, amount: fee }] : []),
      ],
    });
    await addToTotals(tx, receiver.member_id, kind, net);
    paid++;
  }
  return paid;
}

/**
 * Takes back the airdrops of a refunded event, once (`team_events.reversed_at`; each reversal
 * entry keyed `airdrop_reversal:<event key>:<depth>`): the member's net from their income, the fee
 * from `airdrop_fees`, the gross back to `airdrop`. Call it in the refund's transaction. A receiver
 * who already moved that income away cannot be taken below zero: the refund then fails with
 * "Insufficient balance." as a whole. Team volume and levels stay (levels never fall).
 * Returns the number of airdrops reversed (0 when already reversed or never recorded).
 *
 * No qualifying event can be refunded today: broker packages and plan subscriptions have no refund,
 * and a card application is refunded only when rejected, before it is issued. This is ready for
 * the first that can.
 */
export async function reverseAirdrops(tx: Transaction, eventKey: string, now: Date = new Date()): Promise<number> {
  const [event] = await tx
    .update(teamEvents)
    .set({ reversedAt: now })
    .where(and(eq(teamEvents.eventKey, eventKey), isNull(teamEvents.reversedAt)))
    .returning({ key: teamEvents.eventKey });
  if (!event) return 0;
  const rows = await tx
    .update(airdrops)
    .set({ reversedAt: now })
    .where(and(eq(airdrops.eventKey, eventKey), isNull(airdrops.reversedAt)))
    .returning();
  rows.sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const row of rows) {
    const gross = toLedgerUnits(row.gross);
    const fee = toLedgerUnits(row.fee);
    const net = toLedgerUnits(row.net);
    await postEntry(tx, {
      type: EntryType.AIRDROP_REVERSAL,
      idempotencyKey: `airdrop_reversal:${eventKey}:${row.depth}`,
      memberId: row.receiverId,
      reference: `airdrop:${row.id}`,
      postings: [
        { account: { house: HouseAccount.AIRDROP }, asset: row.asset, amount: gross },
        ...(net > 0n
          ? [{ account: { memberId: row.receiverId, bucket: 'income' as const }, asset: row.asset, amount: -net }]
          : []),
        ...(fee > 0n ? [{ account: { house: HouseAccount.AIRDROP_FEES }, asset: row.asset, amount: -fee }] : []),
      ],
    });
    await addToTotals(tx, row.receiverId, row.kind as keyof typeof totalsColumn, -net);
  }
  return rows.length;
}
