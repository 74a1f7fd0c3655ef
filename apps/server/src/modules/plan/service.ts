import {
  DEFAULT_PAGE_SIZE,
  AppError,
  PLAN_PHASE_DAYS,
  esopAllocation,
  esopLockEnd,
  esopOrderReleases,
  esopOrderView,
  fromLedgerUnits,
  investmentOrderView,
  investmentProductReleases,
  investmentQuota,
  pledgeTermRewards,
  toLedgerUnits,
  utcDate,
  utcDayIndex,
  EntryType,
  type TEsopJoinRequest,
  type TEsopLogRequest,
  type TEsopOrder,
  type TInvestmentOrder,
  type TPlanJoinRequest,
  type TPlanLogRequest,
  type TPlanProductsResponse,
} from '@kpc/shared';
import { and, asc, desc, eq, getTableColumns, inArray, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { esopOrders, esopTerms, planOrders, planProducts, planReleases, pledgeTerms } from '../../db/schema/index.ts';
import { HouseAccount, postEntry } from '../../ledger/ledger.ts';
import { houseBalance } from '../../ledger/reads.ts';
import { getKpcPrice, parseAmount } from '../../ledger/reference-data.ts';
import { toPage } from '../../lib/paging.ts';
import { requestReplay, rowByRequest } from '../../lib/request-replay.ts';
import { decimal } from '../../lib/wire-format.ts';
import { recordTeamEvent, TeamEventKind } from '../team/airdrop.ts';
import { checkBounds, KPC, page, sameUnits, USDT, type PlanContext } from './plan-common.ts';
import { ReleaseKind } from './release-engine.ts';

export type { PlanContext } from './plan-common.ts';

const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Products and KPC burned (public)

/** The burn account's KPC balance: the sum of its postings. */
export async function kpcBurned(db: Executor): Promise<string> {
  return decimal(await houseBalance(db, HouseAccount.BURN, 'KPC'));
}

/** The ESOP terms a subscription made now takes (the newest active), or undefined while none are. */
export async function currentEsopTerms(db: Executor) {
  const [terms] = await db
    .select()
    .from(esopTerms)
    .where(eq(esopTerms.status, 'active'))
    .orderBy(desc(esopTerms.id))
    .limit(1);
  return terms;
}

export async function listProducts({ db, clock }: PlanContext): Promise<TPlanProductsResponse> {
  const [products, esop, terms, burned, price] = await Promise.all([
    db
      .select()
      .from(planProducts)
      .where(eq(planProducts.status, 'active'))
      .orderBy(asc(planProducts.sortOrder), asc(planProducts.id)),
    currentEsopTerms(db),
    db
      .select()
      .from(pledgeTerms)
      .where(eq(pledgeTerms.status, 'active'))
      .orderBy(asc(pledgeTerms.sortOrder), asc(pledgeTerms.id)),
    kpcBurned(db),
    getKpcPrice(db, clock.now()),
  ]);
  if (!esop) throw new Error('no ESOP terms configured');
  return {
    // A product or term whose smallest release rounds to 0 is not offered (nor joined, below).
    investment: products.filter(investmentProductReleases).map((product) => ({
      id: product.id.toString(),
      nameKey: product.nameKey,
      asset: USDT.code,
      minAmount: decimal(product.minAmount),
      maxAmount: decimal(product.maxAmount),
      coefficient: decimal(product.coefficient),
      phases: product.phaseRatios.map((ratio, index) => ({ phase: index + 1, ratio: decimal(ratio) })),
    })),
    esop: {
      lockMonths: esop.lockMonths,
      releaseMonths: esop.releaseMonths,
      minAmount: decimal(esop.minUsdt),
      maxAmount: decimal(esop.maxUsdt),
      price: fromLedgerUnits(price.price),
    },
    pledgeTerms: terms.filter(pledgeTermRewards).map((term) => ({
      id: term.id.toString(),
      days: term.days,
      dailyRate: decimal(term.dailyRate),
      minAmount: decimal(term.minAmount),
      earlyRedemptionPenaltyRate: decimal(term.earlyPenaltyRate),
    })),
    phaseDays: PLAN_PHASE_DAYS,
    kpcBurned: burned,
  };
}

// ---------------------------------------------------------------------------------------------
// Investment plan

type OrderRow = typeof planOrders.$inferSelect & { nameKey: string };

function toInvestmentOrder(row: OrderRow): TInvestmentOrder {
  const view = investmentOrderView({
    amount: row.amount,
    quota: row.quota,
    phaseRatios: row.phaseRatios,
    createdAt: row.createdAt,
    daysReleased: row.releasedDays,
    released: row.released,
  });
  return {
    id: row.id.toString(),
    productId: row.productId.toString(),
    nameKey: row.nameKey,
    asset: USDT.code,
    amount: decimal(row.amount),
    quota: decimal(row.quota),
    released: decimal(row.released),
    remaining: view.remaining,
    coefficient: decimal(row.coefficient),
    phase: view.phase,
    phaseCount: view.phaseCount,
    tablePhaseCount: view.tablePhaseCount,
    daysReleased: row.releasedDays,
    totalDays: view.totalDays,
    todayRatio: view.todayRatio,
    nextReleaseAt: view.nextReleaseAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    status: view.status,
  };
}

function selectOrders(db: Executor, where: SQL | undefined, limit: number) {
  return db
    .select({ ...planOrdersColumns, nameKey: planProducts.nameKey })
    .from(planOrders)
    .innerJoin(planProducts, eq(planProducts.id, planOrders.productId))
    .where(where)
    .orderBy(desc(planOrders.id))
    .limit(limit);
}
const planOrdersColumns = {
  id: planOrders.id,
  memberId: planOrders.memberId,
  productId: planOrders.productId,
  requestId: planOrders.requestId,
  amount: planOrders.amount,
  coefficient: planOrders.coefficient,
  quota: planOrders.quota,
  phaseRatios: planOrders.phaseRatios,
  startDay: planOrders.startDay,
  released: planOrders.released,
  releasedDays: planOrders.releasedDays,
  status: planOrders.status,
  createdAt: planOrders.createdAt,
  completedAt: planOrders.completedAt,
};

/** `/api/plan/join`: pays USDT from available into `plan_funds`; the same request id answers the same order. */
export async function joinInvestment(
  { db, clock }: PlanContext,
  memberId: string,
  request: TPlanJoinRequest,
): Promise<TInvestmentOrder> {
  const productId = BigInt(request.productId);
  const amount = parseAmount(USDT, request.amount);
  const replay = requestReplay({
    find: async (executor) =>
      (
        await selectOrders(
          executor,
          and(eq(planOrders.memberId, memberId), eq(planOrders.requestId, request.requestId)),
          1,
        )
      )[0],
    sameRequest: (existing) => existing.productId === productId && sameUnits(existing.amount, amount),
    answer: toInvestmentOrder,
  });
  const replayed = await replay.earlier(db);
  if (replayed) return replayed;
  const [product] = await db.select().from(planProducts).where(eq(planProducts.id, productId));
  if (!product || product.status !== 'active' || !investmentProductReleases(product)) {
    throw new AppError('PLAN_UNAVAILABLE');
  }
  checkBounds(amount, product.minAmount, product.maxAmount, USDT.code);
  const now = clock.now();
  const amountText = fromLedgerUnits(amount);
  return db.transaction(async (tx) => {
    const [order] = await tx
      .insert(planOrders)
      .values({
        memberId,
        productId,
        requestId: request.requestId,
        amount: amountText,
        coefficient: product.coefficient,
        quota: investmentQuota(amountText, decimal(product.coefficient)),
        phaseRatios: product.phaseRatios,
        startDay: utcDayIndex(now) + 1,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!order) return replay.twin(tx, 'plan order vanished');
    await postEntry(tx, {
      type: EntryType.PLAN_JOIN,
      idempotencyKey: `plan:join:${order.id}`,
      memberId,
      reference: `plan_order:${order.id}`,
      postings: [
        { account: { memberId, bucket: 'available' }, asset: USDT.code, amount: -amount },
        { account: { house: HouseAccount.PLAN_FUNDS }, asset: USDT.code, amount },
      ],
    });
    // Step 7: team volume, levels and airdrops, once per order.
    await recordTeamEvent(tx, { key: `plan_order:${order.id}`, kind: TeamEventKind.PLAN, memberId, usdtUnits: amount });
    return toInvestmentOrder({ ...order, nameKey: product.nameKey });
  });
}

export async function listInvestmentOrders(
  { db }: PlanContext,
  memberId: string,
  request: { cursor?: string | undefined; limit?: number | undefined },
) {
  const { limit, cursor } = page(request);
  const rows = await selectOrders(
    db,
    and(eq(planOrders.memberId, memberId), cursor === null ? undefined : lt(planOrders.id, cursor)),
    limit + 1,
  );
  return toPage(rows, limit, toInvestmentOrder);
}

function releaseRows(db: Executor, memberId: string, kind: string, request: TPlanLogRequest, limit: number) {
  const cursor = request.cursor ? BigInt(request.cursor) : null;
  // A release's id is its ledger entry's: the log's cursor and the asset flow's name the same thing.
  return db
    .select({ id: planReleases.entryId, ...getTableColumns(planReleases) })
    .from(planReleases)
    .where(
      and(
        eq(planReleases.memberId, memberId),
        eq(planReleases.kind, kind),
        request.orderId ? eq(planReleases.sourceId, BigInt(request.orderId)) : undefined,
        cursor === null ? undefined : lt(planReleases.entryId, cursor),
      ),
    )
    .orderBy(desc(planReleases.entryId))
    .limit(limit + 1);
}

/** `/api/plan/log`: the member's investment releases, newest first. */
export async function listInvestmentLog({ db }: PlanContext, memberId: string, request: TPlanLogRequest) {
  const limit = request.limit ?? DEFAULT_PAGE_SIZE;
  const rows = await releaseRows(db, memberId, ReleaseKind.INVESTMENT, request, limit);
  return toPage(rows, limit, (row) => ({
    id: row.id.toString(),
    orderId: row.sourceId.toString(),
    day: row.period,
    date: utcDate(row.dueDay),
    phase: row.phase ?? 1,
    ratio: decimal(row.ratio ?? '0'),
    amount: decimal(row.amount),
    asset: row.asset,
    createdAt: row.createdAt.toISOString(),
  }));
}

// ---------------------------------------------------------------------------------------------
// ESOP / KPC plan

function toEsopOrder(row: typeof esopOrders.$inferSelect, now: Date): TEsopOrder {
  const view = esopOrderView({
    kpc: row.kpcAllocated,
    createdAt: row.createdAt,
    lockMonths: row.lockMonths,
    releaseMonths: row.releaseMonths,
    phasesReleased: row.releasedPhases,
    now,
  });
  return {
    id: row.id.toString(),
    amount: decimal(row.usdtPaid),
    price: decimal(row.price),
    kpc: decimal(row.kpcAllocated),
    lockMonths: row.lockMonths,
    lockEndsAt: view.lockEndsAt.toISOString(),
    phasesReleased: row.releasedPhases,
    phaseCount: view.phaseCount,
    nextReleaseAt: view.nextReleaseAt?.toISOString() ?? null,
    nextReleaseAmount: view.nextReleaseAmount,
    released: view.released,
    locked: view.locked,
    createdAt: row.createdAt.toISOString(),
    status: view.status,
  };
}

/**
 * `/api/plan/esop/join`: pays USDT (available -> `plan_funds`) at KPC's current price, read in the
 * same transaction and kept on the order; the KPC allocated goes `plan_payout` -> the member's locked.
 * The request carries the price the member's review showed: any other price in effect is refused
 * (PRICE_CHANGED) in that transaction, before anything is charged.
 */
export async function joinEsop({ db, clock }: PlanContext, memberId: string, request: TEsopJoinRequest) {
  const amount = parseAmount(USDT, request.amount);
  const shownPrice = toLedgerUnits(request.price);
  const replay = requestReplay({
    find: (executor) => rowByRequest(executor, esopOrders, memberId, request.requestId),
    sameRequest: (existing) => sameUnits(existing.usdtPaid, amount) && sameUnits(existing.price, shownPrice),
    answer: (existing) => toEsopOrder(existing, clock.now()),
  });
  const replayed = await replay.earlier(db);
  if (replayed) return replayed;
  const terms = await currentEsopTerms(db);
  if (!terms) throw new AppError('PLAN_UNAVAILABLE');
  checkBounds(amount, terms.minUsdt, terms.maxUsdt, USDT.code);
  const now = clock.now();
  return db.transaction(async (tx) => {
    const { price } = await getKpcPrice(tx, now);
    if (price !== shownPrice) throw new AppError('PRICE_CHANGED');
    const usdt = fromLedgerUnits(amount);
    const kpc = esopAllocation(usdt, fromLedgerUnits(price));
    // Every phase must release something (the engine skips an order whose phase truncates to 0).
    if (!esopOrderReleases(kpc, terms.releaseMonths)) throw new AppError('AMOUNT_TOO_SMALL');
    const lockEndAt = esopLockEnd(now, terms.lockMonths);
    const [order] = await tx
      .insert(esopOrders)
      .values({
        memberId,
        termsId: terms.id,
        requestId: request.requestId,
        usdtPaid: usdt,
        price: fromLedgerUnits(price),
        kpcAllocated: kpc,
        lockMonths: terms.lockMonths,
        releaseMonths: terms.releaseMonths,
        lockEndAt,
        nextDueAt: new Date(lockEndAt.getTime() + PLAN_PHASE_DAYS * DAY_MS),
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!order) return replay.twin(tx, 'ESOP order vanished');
    const kpcUnits = toLedgerUnits(kpc);
    await postEntry(tx, {
      type: EntryType.ESOP_JOIN,
      idempotencyKey: `plan:esop_join:${order.id}`,
      memberId,
      reference: `esop_order:${order.id}`,
      postings: [
        { account: { memberId, bucket: 'available' }, asset: USDT.code, amount: -amount },
        { account: { house: HouseAccount.PLAN_FUNDS }, asset: USDT.code, amount },
        { account: { house: HouseAccount.PLAN_PAYOUT }, asset: KPC.code, amount: -kpcUnits },
        { account: { memberId, bucket: 'locked' }, asset: KPC.code, amount: kpcUnits },
      ],
    });
    await recordTeamEvent(tx, { key: `esop_order:${order.id}`, kind: TeamEventKind.ESOP, memberId, usdtUnits: amount });
    return toEsopOrder(order, now);
  });
}

export async function listEsopOrders(
  { db, clock }: PlanContext,
  memberId: string,
  request: { cursor?: string | undefined; limit?: number | undefined },
) {
  const { limit, cursor } = page(request);
  const rows = await db
    .select()
    .from(esopOrders)
    .where(and(eq(esopOrders.memberId, memberId), cursor === null ? undefined : lt(esopOrders.id, cursor)))
    .orderBy(desc(esopOrders.id))
    .limit(limit + 1);
  const now = clock.now();
  return toPage(rows, limit, (row) => toEsopOrder(row, now));
}

/** `/api/plan/esop/log`: the member's ESOP phase releases, newest first. */
export async function listEsopLog({ db }: PlanContext, memberId: string, request: TEsopLogRequest) {
  const limit = request.limit ?? DEFAULT_PAGE_SIZE;
  const rows = await releaseRows(db, memberId, ReleaseKind.ESOP, request, limit);
  const orderIds = [...new Set(rows.map((row) => row.sourceId))];
  const orders =
    orderIds.length === 0
      ? []
      : await db
          .select({ id: esopOrders.id, releaseMonths: esopOrders.releaseMonths, lockEndAt: esopOrders.lockEndAt })
          .from(esopOrders)
          .where(inArray(esopOrders.id, orderIds));
  const byId = new Map(orders.map((order) => [order.id, order]));
  return toPage(rows, limit, (row) => {
    const order = byId.get(row.sourceId);
    if (!order) throw new Error(`ESOP release ${row.id} without its order`);
    return {
      id: row.id.toString(),
      orderId: row.sourceId.toString(),
      phase: row.period,
      phaseCount: order.releaseMonths,
      dueAt: new Date(order.lockEndAt.getTime() + row.period * PLAN_PHASE_DAYS * DAY_MS).toISOString(),
      amount: decimal(row.amount),
      asset: row.asset,
      createdAt: row.createdAt.toISOString(),
    };
  });
}
