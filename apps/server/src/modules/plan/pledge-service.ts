import {
  AppError,
  USDT_DECIMALS,
  earlyRedemption,
  floorToDecimals,
  fromLedgerUnits,
  mulLedger,
  pledgeMaturesAt,
  pledgeRemainingDays,
  pledgeTermRewards,
  toLedgerUnits,
  utcDayIndex,
  EntryType,
  type TPledge,
  type TPledgeRedeemRequest,
  type TPledgeRequest,
} from '@kpc/shared';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { pledgeTerms, pledges } from '../../db/schema/index.ts';
import { HouseAccount, postEntry, postWithCause } from '../../ledger/ledger.ts';
import { getKpcPrice, parseAmount, type ReferenceData } from '../../ledger/reference-data.ts';
import type { Database } from '../../db/client.ts';
import { toPage } from '../../lib/paging.ts';
import { requestReplay, rowByRequest } from '../../lib/request-replay.ts';
import { decimal } from '../../lib/wire-format.ts';
import { KPC, page, sameUnits, type PlanContext } from './plan-common.ts';
import { settlePledge } from './release-engine.ts';

/** Pledges (Step 5, SPEC §3 "Pledge"): KPC staked for a term, rewarded daily, returned at maturity or redeemed early. */

function toPledge(row: typeof pledges.$inferSelect, now: Date, price: bigint): TPledge {
  const amount = toLedgerUnits(row.amount);
  const penalty = row.penalty === null ? null : toLedgerUnits(row.penalty);
  return {
    id: row.id.toString(),
    termId: row.termsId.toString(),
    termDays: row.days,
    dailyRate: decimal(row.dailyRate),
    earlyRedemptionPenaltyRate: decimal(row.earlyPenaltyRate),
    amount: fromLedgerUnits(amount),
    asset: KPC.code,
    createdAt: row.createdAt.toISOString(),
    maturesAt: pledgeMaturesAt(row.createdAt, row.days).toISOString(),
    remainingDays: row.status === 'active' ? pledgeRemainingDays(row.createdAt, row.days, now) : 0,
    rewardsPaid: decimal(row.rewarded),
    status: row.status as TPledge['status'],
    redeemedAt: row.status === 'redeemed' ? (row.closedAt?.toISOString() ?? null) : null,
    penalty: penalty === null ? null : fromLedgerUnits(penalty),
    returned: penalty === null ? null : fromLedgerUnits(amount - penalty),
    price: fromLedgerUnits(price),
    valueUsdt: fromLedgerUnits(floorToDecimals(mulLedger(amount, price), USDT_DECIMALS)),
  };
}

type PledgeTerm = typeof pledgeTerms.$inferSelect;

/** A pledge's context: the plans' and KPC's price without a query (its answer shows its value). */
export type PledgeContext = PlanContext & { referenceData: Pick<ReferenceData, 'kpcPrice'> };

/**
 * Pledge terms as this process last read them, by id: a hint that spares the pledge a read, never
 * a guard. The pledge's statement writes only while the stored term is still the one checked here,
 * and a term that refuses or no longer matches is read again before anything is answered.
 */
const knownTerms = new WeakMap<Database, Map<bigint, PledgeTerm>>();

async function readTerm(db: Database, termsId: bigint): Promise<PledgeTerm | undefined> {
  const [term] = await db.select().from(pledgeTerms).where(eq(pledgeTerms.id, termsId));
  const known = knownTerms.get(db) ?? new Map<bigint, PledgeTerm>();
  knownTerms.set(db, known);
  if (term) known.set(termsId, term);
  else known.delete(termsId);
  return term;
}

/** The refusal of a pledge on `term` (SPEC §3 "Pledge"), or null when it may be made. */
function refusal(term: PledgeTerm | undefined, request: TPledgeRequest, amount: bigint): AppError | null {
  if (!term || term.status !== 'active' || !pledgeTermRewards(term)) return new AppError('PLAN_UNAVAILABLE');
  // The member pledges at the terms they were shown (an operator may have changed them since).
  const shown = (value: string | undefined, stored: string) =>
    value === undefined || toLedgerUnits(value) === toLedgerUnits(stored);
  if (!shown(request.dailyRate, term.dailyRate) || !shown(request.earlyRedemptionPenaltyRate, term.earlyPenaltyRate)) {
    return new AppError('PRICE_CHANGED');
  }
  if (amount < toLedgerUnits(term.minAmount)) {
    return new AppError('AMOUNT_BELOW_MINIMUM', { min: decimal(term.minAmount), asset: KPC.code });
  }
  return null;
}

/**
 * `/api/plan/pledge`: stakes KPC (available -> staked) for a term; the same request id answers the
 * same pledge. One statement in the usual case, like an exchange: the term is checked as this
 * process knows it, and the pledge and its entry are written only if the stored term is unchanged.
 */
export async function createPledge(context: PledgeContext, memberId: string, request: TPledgeRequest) {
  const { db, clock, referenceData } = context;
  const termsId = BigInt(request.termId);
  const amount = parseAmount(KPC, request.amount);
  const now = clock.now();
  const { price } = await referenceData.kpcPrice(now);
  const replay = requestReplay({
    find: (executor) => rowByRequest(executor, pledges, memberId, request.requestId),
    sameRequest: (existing) => existing.termsId === termsId && sameUnits(existing.amount, amount),
    answer: (existing) => toPledge(existing, now, price),
  });

  const known = knownTerms.get(db)?.get(termsId);
  let term = known ?? (await readTerm(db, termsId));
  for (let isFresh = known === undefined, attempt = 1; ; isFresh = true, attempt += 1) {
    const refused = refusal(term, request, amount);
    if (refused === null) {
      const created = await insertPledge(db, memberId, request.requestId, amount, term!, now);
      if (created) return toPledge(created, now, price);
      // Nothing written: this request id made a pledge already (a retry, or a concurrent twin
      // whose insert won), or the stored term is no longer the one checked.
      const replayed = await replay.earlier(db);
      if (replayed) return replayed;
    } else if (isFresh) {
      // A retry of a pledge made before the term closed or changed still answers that pledge.
      const replayed = await replay.earlier(db);
      if (replayed) return replayed;
      throw refused;
    }
    // What this process knew is old, or the term changed as the pledge was written: read it again.
    if (attempt === 3) throw new Error(`pledge term ${termsId} kept changing`);
    term = await readTerm(db, termsId);
  }
}

/** The pledge and its entry in one statement, its own transaction, while the stored term is `term`. */
async function insertPledge(
  db: Database,
  memberId: string,
  requestId: string,
  amount: bigint,
  term: PledgeTerm,
  now: Date,
): Promise<typeof pledges.$inferSelect | undefined> {
  const pledge: typeof pledges.$inferSelect = {
    id: 0n,
    memberId,
    termsId: term.id,
    requestId,
    amount: fromLedgerUnits(amount),
    days: term.days,
    dailyRate: term.dailyRate,
    earlyPenaltyRate: term.earlyPenaltyRate,
    startDay: utcDayIndex(now) + 1,
    rewardedDays: 0,
    rewarded: '0',
    status: 'active',
    penalty: null,
    redeemRequestId: null,
    createdAt: now,
    closedAt: null,
  };
  const created = await postWithCause<{ id: string }>(
    db,
    sql`insert into pledges
      (member_id, terms_id, request_id, amount, days, daily_rate, early_penalty_rate, start_day, created_at)
    select ${memberId}::uuid, terms.id, ${requestId}::uuid, ${pledge.amount}::numeric,
      terms.days, terms.daily_rate, terms.early_penalty_rate, ${pledge.startDay}, ${now.toISOString()}::timestamptz
    from pledge_terms terms
    where terms.id = ${term.id.toString()}::bigint and terms.status = ${term.status}
      and terms.days = ${term.days} and terms.daily_rate = ${term.dailyRate}::numeric
      and terms.early_penalty_rate = ${term.earlyPenaltyRate}::numeric and terms.min_amount = ${term.minAmount}::numeric
    on conflict do nothing
    returning id::text`,
    {
      type: EntryType.PLEDGE,
      idempotencyKey: sql`'plan:pledge:' || cause.id`,
      memberId,
      reference: sql`'pledge:' || cause.id`,
      postings: [
        { account: { memberId, bucket: 'available' }, asset: KPC.code, amount: -amount },
        { account: { memberId, bucket: 'staked' }, asset: KPC.code, amount },
      ],
    },
  );
  return created && { ...pledge, id: BigInt(created.id) };
}

/**
 * `/api/plan/pledge/redeem`. Locks the pledge, then first settles what is due with the engine's own
 * releases (`settlePledge`): the unpaid reward days and, once the term has ended, the maturity — so
 * a pledge whose term is over is answered matured, its principal back, never a penalty. Before
 * that it ends early: the penalty share of the principal is burned (staked -> house `burn`), the
 * rest returns to available; rewards paid stay paid. The row lock keeps the engine, and any number
 * of redemptions at once, to one settlement.
 */
export async function redeemPledge({ db, clock }: PlanContext, memberId: string, request: TPledgeRedeemRequest) {
  const pledgeId = BigInt(request.pledgeId);
  const now = clock.now();
  const { price } = await getKpcPrice(db, now);
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(pledges)
      .where(and(eq(pledges.id, pledgeId), eq(pledges.memberId, memberId)))
      .for('update');
    if (!locked) throw new AppError('PLAN_RECORD_NOT_FOUND');
    if (locked.status === 'redeemed' && locked.redeemRequestId === request.requestId) {
      return toPledge(locked, now, price);
    }
    // Its term ended: the principal is already back, whoever settled it (the engine or a redemption).
    if (locked.status === 'matured') return toPledge(locked, now, price);
    if (locked.status !== 'active') throw new AppError('PLEDGE_NOT_ACTIVE');
    const settled = (await settlePledge(tx, locked.id, now)) > 0;
    const [pledge] = settled ? await tx.select().from(pledges).where(eq(pledges.id, locked.id)) : [locked];
    if (!pledge) throw new Error(`pledge ${locked.id} vanished`);
    if (pledge.status === 'matured') return toPledge(pledge, now, price);
    // The engine's maturity day (reward day `days`): from then on nothing is redeemed early.
    if (utcDayIndex(now) >= pledge.startDay + pledge.days - 1) {
      throw new Error(`pledge ${pledge.id}: its term has ended but it could not be settled`);
    }
    const { penalty, returned } = earlyRedemption({
      amount: decimal(pledge.amount),
      penaltyRate: decimal(pledge.earlyPenaltyRate),
    });
    const penaltyUnits = toLedgerUnits(penalty);
    const returnedUnits = toLedgerUnits(returned);
    await postEntry(tx, {
      type: EntryType.PLEDGE_REDEEM,
      idempotencyKey: `plan:pledge_redeem:${pledge.id}`,
      memberId,
      reference: `pledge:${pledge.id}`,
      postings: [
        { account: { memberId, bucket: 'staked' }, asset: KPC.code, amount: -toLedgerUnits(pledge.amount) },
        ...(returnedUnits > 0n
          ? [{ account: { memberId, bucket: 'available' as const }, asset: KPC.code, amount: returnedUnits }]
          : []),
        ...(penaltyUnits > 0n
          ? [{ account: { house: HouseAccount.BURN }, asset: KPC.code, amount: penaltyUnits }]
          : []),
      ],
    });
    const [updated] = await tx
      .update(pledges)
      .set({ status: 'redeemed', penalty, redeemRequestId: request.requestId, closedAt: now })
      .where(eq(pledges.id, pledge.id))
      .returning();
    return toPledge(updated!, now, price);
  });
}

export async function listPledges(
  { db, clock }: PlanContext,
  memberId: string,
  request: { cursor?: string | undefined; limit?: number | undefined },
) {
  const { limit, cursor } = page(request);
  const now = clock.now();
  const [rows, { price }] = await Promise.all([
    db
      .select()
      .from(pledges)
      .where(and(eq(pledges.memberId, memberId), cursor === null ? undefined : lt(pledges.id, cursor)))
      .orderBy(desc(pledges.id))
      .limit(limit + 1),
    getKpcPrice(db, now),
  ]);
  return toPage(rows, limit, (row) => toPledge(row, now, price));
}
