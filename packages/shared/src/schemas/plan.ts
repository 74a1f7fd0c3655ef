import { z } from 'zod';
import { ZAmount, ZShownAmount } from './assets.ts';
import { ZCursor, ZLimit, ZRecordId, ZRequestId } from './common.ts';
import { EsopStatus, InvestmentStatus, PledgeStatus } from '../plans.ts';

/**
 * Plans (Step 5, SPEC §3 "Investment plan order", "Pledge", §4 "Plan release", §9): the investment
 * plan (USDT, released daily into income), the ESOP / KPC plan (KPC bought with USDT, locked, then
 * released monthly) and pledges (KPC staked for a term, rewarded daily). Amounts, ratios, rates and
 * prices are decimal strings; times are ISO 8601; days are UTC days. The arithmetic is in `plans.ts`.
 * Request schemas check shape only: a product's or term's bounds are checked by the server against
 * the live configuration, with a localised error.
 */

/** A page of one of the member's lists, newest first (`cursor`: the previous page's `nextCursor`). */
const ZPageRequest = z.object({ cursor: ZCursor.optional(), limit: ZLimit.optional() });

// ---------------------------------------------------------------------------------------------
// Products: POST /api/plan/products (public; the rules page and the join forms read it)

/** One phase of an investment product: 30 days at one daily release ratio (SPEC §9: 0.35%–0.5%). */
export const ZPlanPhase = z.object({
  /** 1, 2, ... */
  phase: z.number().int(),
  /** Fraction of the order amount released per day, e.g. `0.0035` for 0.35 %. */
  ratio: z.string(),
});
export type TPlanPhase = z.infer<typeof ZPlanPhase>;

export const ZInvestmentProduct = z.object({
  id: z.string(),
  /** The product's name as a member-app message key (e.g. `plan.product.standard`). */
  nameKey: z.string(),
  /** USDT. */
  asset: z.string(),
  minAmount: z.string(),
  maxAmount: z.string(),
  /** Release coefficient: an order's quota (total income) = amount x coefficient. */
  coefficient: z.string(),
  /** The phase table in order; after its last phase, the last ratio continues until the quota is reached. */
  phases: z.array(ZPlanPhase),
});
export type TInvestmentProduct = z.infer<typeof ZInvestmentProduct>;

/** The ESOP / KPC plan's terms (SPEC §4 "Plan release"): a month is 30 days. */
export const ZEsopTerms = z.object({
  /** Months (of 30 days) from order creation before the first release phase can fall due. */
  lockMonths: z.number().int(),
  /** Monthly phases of the linear release after the lock-up. */
  releaseMonths: z.number().int(),
  /** In USDT, what one order may pay. */
  minAmount: z.string(),
  maxAmount: z.string(),
  /** KPC's current price in USDT: what a subscription made now pays per KPC. */
  price: z.string(),
});
export type TEsopTerms = z.infer<typeof ZEsopTerms>;

/** One pledge term (e.g. 30 / 90 / 180 days). */
export const ZPledgeTerm = z.object({
  id: z.string(),
  days: z.number().int(),
  /** KPC reward per day as a fraction of the pledged amount. */
  dailyRate: z.string(),
  /** In KPC, the smallest pledge. */
  minAmount: z.string(),
  /** Share of the principal burned on early redemption, e.g. `0.1` for 10 %. */
  earlyRedemptionPenaltyRate: z.string(),
});
export type TPledgeTerm = z.infer<typeof ZPledgeTerm>;

export const ZPlanProductsResponse = z.object({
  investment: z.array(ZInvestmentProduct),
  esop: ZEsopTerms,
  pledgeTerms: z.array(ZPledgeTerm),
  /** Days in a phase and in a month (30). */
  phaseDays: z.number().int(),
  /** The burn account's KPC balance (public). */
  kpcBurned: z.string(),
});
export type TPlanProductsResponse = z.infer<typeof ZPlanProductsResponse>;

// ---------------------------------------------------------------------------------------------
// Preview: POST /api/plan/preview (member) — the dates an order made now would carry

/**
 * What the review sheets show of time, said by the server (issue 24 item 8): counted from the
 * plans' clock (which the development clock moves), never from the device's, by the same
 * arithmetic the orders use, so an order made at `now` carries exactly these dates.
 */
export const ZPlanPreviewResponse = z.object({
  /** The plans' clock when this was answered. */
  now: z.string(),
  /** An investment order's first release: 00:00 UTC of the next UTC day (any product). */
  investmentFirstReleaseAt: z.string(),
  /** An ESOP order at the current terms: its lock-up end and first phase; null while none are offered. */
  esop: z.object({ lockEndsAt: z.string(), firstReleaseAt: z.string() }).nullable(),
  /** Per offered pledge term: its first reward and its maturity (the principal back). */
  pledgeTerms: z.array(z.object({ id: z.string(), firstRewardAt: z.string(), maturesAt: z.string() })),
});
export type TPlanPreviewResponse = z.infer<typeof ZPlanPreviewResponse>;

/** POST /api/plan/burned (public): the programme's total KPC burned, the ledger's burn account. */
export const ZPlanBurnedResponse = z.object({ asset: z.string(), burned: z.string() });
export type TPlanBurnedResponse = z.infer<typeof ZPlanBurnedResponse>;

// ---------------------------------------------------------------------------------------------
// Investment plan: /api/plan/join, /api/plan/orders, /api/plan/log

/** POST /api/plan/join — pays `amount` USDT from available; retry-safe by `requestId`. */
export const ZPlanJoinRequest = z.object({ productId: ZRecordId, amount: ZAmount, requestId: ZRequestId });
export type TPlanJoinRequest = z.input<typeof ZPlanJoinRequest>;

/** An investment order as its view shows it (SPEC §3 "Investment plan order"). */
export const ZInvestmentOrder = z.object({
  id: z.string(),
  productId: z.string(),
  nameKey: z.string(),
  asset: z.string(),
  /** Order amount. */
  amount: z.string(),
  /** Total income: amount x coefficient. */
  quota: z.string(),
  released: z.string(),
  /** quota - released. */
  remaining: z.string(),
  coefficient: z.string(),
  /** The current phase n (of the next release; of the last one once completed). */
  phase: z.number().int(),
  /** N: the phases the whole schedule spans (past the table, the last ratio continues in further phases). */
  phaseCount: z.number().int(),
  /**
   * The phases of the product's table this order goes through (at most N), as the product lists
   * them: a member follows "phase n of this"; once `phase` is past it, the final ratio continues
   * until the quota is reached (`totalDays - daysReleased` release days left).
   */
  tablePhaseCount: z.number().int(),
  /** Release days done and in the whole schedule. */
  daysReleased: z.number().int(),
  totalDays: z.number().int(),
  /** Today's release ratio (of the next release); null once completed. */
  todayRatio: z.string().nullable(),
  /** 00:00 UTC of the next release's day; null once completed. */
  nextReleaseAt: z.string().nullable(),
  /** Participation time. */
  createdAt: z.string(),
  status: z.enum([InvestmentStatus.ACTIVE, InvestmentStatus.COMPLETED]),
});
export type TInvestmentOrder = z.infer<typeof ZInvestmentOrder>;

/** POST /api/plan/orders — the member's investment orders, newest first. */
export const ZPlanOrdersRequest = ZPageRequest;
export type TPlanOrdersRequest = z.input<typeof ZPlanOrdersRequest>;
export const ZPlanOrdersResponse = z.object({ list: z.array(ZInvestmentOrder), nextCursor: z.string().nullable() });
export type TPlanOrdersResponse = z.infer<typeof ZPlanOrdersResponse>;

/** One daily release of an investment order. */
export const ZPlanReleaseItem = z.object({
  id: z.string(),
  orderId: z.string(),
  /** Release day n (1 = the UTC day after the join day). */
  day: z.number().int(),
  /** The UTC date released for, `YYYY-MM-DD`. */
  date: z.string(),
  phase: z.number().int(),
  ratio: z.string(),
  amount: z.string(),
  asset: z.string(),
  createdAt: z.string(),
});
export type TPlanReleaseItem = z.infer<typeof ZPlanReleaseItem>;

/** POST /api/plan/log — releases, newest first; one order's with `orderId`. */
export const ZPlanLogRequest = ZPageRequest.extend({ orderId: ZRecordId.optional() });
export type TPlanLogRequest = z.input<typeof ZPlanLogRequest>;
export const ZPlanLogResponse = z.object({ list: z.array(ZPlanReleaseItem), nextCursor: z.string().nullable() });
export type TPlanLogResponse = z.infer<typeof ZPlanLogResponse>;

// ---------------------------------------------------------------------------------------------
// ESOP / KPC plan: /api/plan/esop/join, /api/plan/esop/orders, /api/plan/esop/log

/**
 * POST /api/plan/esop/join — pays `amount` USDT at the current KPC price; retry-safe by `requestId`.
 * `price` is the KPC price (USDT per KPC) the member's review showed: if another price is in effect
 * when the order is made, it is refused with PRICE_CHANGED and nothing is charged.
 */
export const ZEsopJoinRequest = z.object({ amount: ZAmount, price: ZShownAmount, requestId: ZRequestId });
export type TEsopJoinRequest = z.input<typeof ZEsopJoinRequest>;

export const ZEsopOrder = z.object({
  id: z.string(),
  /** USDT paid. */
  amount: z.string(),
  /** KPC's price in USDT when the order was made. */
  price: z.string(),
  /** KPC allocated: amount / price, rounded down. */
  kpc: z.string(),
  lockMonths: z.number().int(),
  lockEndsAt: z.string(),
  phasesReleased: z.number().int(),
  phaseCount: z.number().int(),
  /** Null once completed. */
  nextReleaseAt: z.string().nullable(),
  nextReleaseAmount: z.string().nullable(),
  /** KPC released into income and KPC still locked. */
  released: z.string(),
  locked: z.string(),
  createdAt: z.string(),
  status: z.enum([EsopStatus.LOCKED, EsopStatus.RELEASING, EsopStatus.COMPLETED]),
});
export type TEsopOrder = z.infer<typeof ZEsopOrder>;

/** POST /api/plan/esop/orders — the member's ESOP orders, newest first. */
export const ZEsopOrdersRequest = ZPageRequest;
export type TEsopOrdersRequest = z.input<typeof ZEsopOrdersRequest>;
export const ZEsopOrdersResponse = z.object({ list: z.array(ZEsopOrder), nextCursor: z.string().nullable() });
export type TEsopOrdersResponse = z.infer<typeof ZEsopOrdersResponse>;

/** One monthly phase released from an ESOP order. */
export const ZEsopReleaseItem = z.object({
  id: z.string(),
  orderId: z.string(),
  phase: z.number().int(),
  phaseCount: z.number().int(),
  /** When the phase fell due. */
  dueAt: z.string(),
  amount: z.string(),
  /** KPC. */
  asset: z.string(),
  createdAt: z.string(),
});
export type TEsopReleaseItem = z.infer<typeof ZEsopReleaseItem>;

/** POST /api/plan/esop/log — ESOP releases, newest first; one order's with `orderId`. */
export const ZEsopLogRequest = ZPageRequest.extend({ orderId: ZRecordId.optional() });
export type TEsopLogRequest = z.input<typeof ZEsopLogRequest>;
export const ZEsopLogResponse = z.object({ list: z.array(ZEsopReleaseItem), nextCursor: z.string().nullable() });
export type TEsopLogResponse = z.infer<typeof ZEsopLogResponse>;

// ---------------------------------------------------------------------------------------------
// Pledge: /api/plan/pledge, /api/plan/pledges, /api/plan/pledge/redeem

/** POST /api/plan/pledge — stakes `amount` KPC from available for a term; retry-safe by `requestId`. */
export const ZPledgeRequest = z.object({
  termId: ZRecordId,
  amount: ZAmount,
  requestId: ZRequestId,
  /** The term's daily rate and early penalty as the app showed them: changed since, PRICE_CHANGED (Step 8b). */
  dailyRate: ZShownAmount.optional(),
  earlyRedemptionPenaltyRate: ZShownAmount.optional(),
});
export type TPledgeRequest = z.input<typeof ZPledgeRequest>;

/** A pledge as its view shows it (SPEC §3 "Pledge": amount, time, remaining days, current price). */
export const ZPledge = z.object({
  id: z.string(),
  termId: z.string(),
  termDays: z.number().int(),
  dailyRate: z.string(),
  /** The early-redemption penalty share fixed when pledged (a later change of the term does not apply). */
  earlyRedemptionPenaltyRate: z.string(),
  /** KPC staked. */
  amount: z.string(),
  asset: z.string(),
  createdAt: z.string(),
  /** 00:00 UTC of the term's last day, when the principal returns to available. */
  maturesAt: z.string(),
  /** Days until maturity; 0 once ended. */
  remainingDays: z.number().int(),
  /** KPC rewards paid so far. */
  rewardsPaid: z.string(),
  status: z.enum([PledgeStatus.ACTIVE, PledgeStatus.MATURED, PledgeStatus.REDEEMED]),
  /** Set when redeemed early: when, the KPC burned and the KPC returned. */
  redeemedAt: z.string().nullable(),
  penalty: z.string().nullable(),
  returned: z.string().nullable(),
  /** KPC's current price in USDT and the pledge's value at it (display only). */
  price: z.string(),
  valueUsdt: z.string(),
});
export type TPledge = z.infer<typeof ZPledge>;

/** POST /api/plan/pledges — the member's pledges, newest first. */
export const ZPledgesRequest = ZPageRequest;
export type TPledgesRequest = z.input<typeof ZPledgesRequest>;
export const ZPledgesResponse = z.object({ list: z.array(ZPledge), nextCursor: z.string().nullable() });
export type TPledgesResponse = z.infer<typeof ZPledgesResponse>;

/**
 * POST /api/plan/pledge/redeem — ends an active pledge; retry-safe by `requestId`. What is due is
 * settled first (rewards, and the maturity once the term has ended): a pledge whose term has ended
 * is answered `matured`, its principal back and no penalty; before that, it ends early and its
 * penalty is burned. Investment joins and pledges convert at no price (USDT and KPC amounts as typed).
 */
export const ZPledgeRedeemRequest = z.object({ pledgeId: ZRecordId, requestId: ZRequestId });
export type TPledgeRedeemRequest = z.input<typeof ZPledgeRedeemRequest>;

/**
 * What each call answers (inside the SPEC §7 envelope): join -> `ZInvestmentOrder`, esop/join ->
 * `ZEsopOrder`, pledge and pledge/redeem -> `ZPledge`; a replayed `requestId` answers the same record.
 */
export const ZPlanJoinResponse = ZInvestmentOrder;
export const ZEsopJoinResponse = ZEsopOrder;
export const ZPledgeResponse = ZPledge;
export const ZPledgeRedeemResponse = ZPledge;
