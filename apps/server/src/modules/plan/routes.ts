import {
  ZEmpty,
  ZEnvelope,
  ZEsopJoinRequest,
  ZEsopJoinResponse,
  ZEsopLogRequest,
  ZEsopLogResponse,
  ZEsopOrdersRequest,
  ZEsopOrdersResponse,
  ZPlanBurnedResponse,
  ZPlanJoinRequest,
  ZPlanJoinResponse,
  ZPlanLogRequest,
  ZPlanLogResponse,
  ZPlanOrdersRequest,
  ZPlanOrdersResponse,
  ZPlanPreviewResponse,
  ZPlanProductsResponse,
  ZPledgeRedeemRequest,
  ZPledgeRedeemResponse,
  ZPledgeRequest,
  ZPledgeResponse,
  ZPledgesRequest,
  ZPledgesResponse,
} from '@kpc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf, type createAuthHooks } from '../../plugins/auth.ts';
import { ok } from '../../plugins/wire.ts';
import { createPledge, listPledges, redeemPledge, type PledgeContext } from './pledge-service.ts';
import { previewDates } from './preview.ts';
import {
  joinEsop,
  joinInvestment,
  kpcBurned,
  listEsopLog,
  listEsopOrders,
  listInvestmentLog,
  listInvestmentOrders,
  listProducts,
} from './service.ts';

/** Plans (Step 5, SPEC §3-§4): the investment plan, the ESOP / KPC plan and pledges. */
export const planRoutes: FastifyPluginAsyncZod<{
  context: PledgeContext;
  auth: ReturnType<typeof createAuthHooks>;
}> = async (app, { context, auth }) => {
  const tags = ['plan'];
  const member = { preHandler: auth.requireSession };

  // Public: the rules page and Home read these logged out too.
  app.post(
    '/api/plan/products',
    {
      schema: {
        tags,
        summary: 'Investment products, ESOP terms, pledge terms and KPC burned (public)',
        body: ZEmpty.optional(),
        response: { 200: ZEnvelope(ZPlanProductsResponse) },
      },
    },
    async () => ok(await listProducts(context)),
  );
  app.post(
    '/api/plan/burned',
    {
      schema: {
        tags,
        summary: "The programme's total KPC burned: the ledger's burn account (public)",
        body: ZEmpty.optional(),
        response: { 200: ZEnvelope(ZPlanBurnedResponse) },
      },
    },
    async () => ok({ asset: 'KPC', burned: await kpcBurned(context.db) }),
  );

  app.post(
    '/api/plan/preview',
    {
      ...member,
      schema: {
        tags,
        summary: "The dates an order made now would carry (first release, lock-up end, maturity), on the plans' clock",
        body: ZEmpty.optional(),
        response: { 200: ZEnvelope(ZPlanPreviewResponse) },
      },
    },
    async () => ok(await previewDates(context)),
  );

  app.post(
    '/api/plan/join',
    {
      ...member,
      schema: {
        tags,
        summary: 'Join an investment product with USDT from available; retry-safe by requestId',
        body: ZPlanJoinRequest,
        response: { 200: ZEnvelope(ZPlanJoinResponse) },
      },
    },
    async (request) => ok(await joinInvestment(context, sessionOf(request).memberId, request.body)),
  );
  app.post(
    '/api/plan/orders',
    {
      ...member,
      schema: {
        tags,
        summary: 'The member investment orders, newest first',
        body: ZPlanOrdersRequest,
        response: { 200: ZEnvelope(ZPlanOrdersResponse) },
      },
    },
    async (request) => ok(await listInvestmentOrders(context, sessionOf(request).memberId, request.body)),
  );
  app.post(
    '/api/plan/log',
    {
      ...member,
      schema: {
        tags,
        summary: 'The member investment releases, newest first (one order with orderId)',
        body: ZPlanLogRequest,
        response: { 200: ZEnvelope(ZPlanLogResponse) },
      },
    },
    async (request) => ok(await listInvestmentLog(context, sessionOf(request).memberId, request.body)),
  );

  app.post(
    '/api/plan/esop/join',
    {
      ...member,
      schema: {
        tags,
        summary: 'Subscribe to the ESOP plan with USDT at the current KPC price; retry-safe by requestId',
        body: ZEsopJoinRequest,
        response: { 200: ZEnvelope(ZEsopJoinResponse) },
      },
    },
    async (request) => ok(await joinEsop(context, sessionOf(request).memberId, request.body)),
  );
  app.post(
    '/api/plan/esop/orders',
    {
      ...member,
      schema: {
        tags,
        summary: 'The member ESOP orders, newest first',
        body: ZEsopOrdersRequest,
        response: { 200: ZEnvelope(ZEsopOrdersResponse) },
      },
    },
    async (request) => ok(await listEsopOrders(context, sessionOf(request).memberId, request.body)),
  );
  app.post(
    '/api/plan/esop/log',
    {
      ...member,
      schema: {
        tags,
        summary: 'The member ESOP phase releases, newest first (one order with orderId)',
        body: ZEsopLogRequest,
        response: { 200: ZEnvelope(ZEsopLogResponse) },
      },
    },
    async (request) => ok(await listEsopLog(context, sessionOf(request).memberId, request.body)),
  );

  app.post(
    '/api/plan/pledge',
    {
      ...member,
      schema: {
        tags,
        summary: 'Pledge KPC from available for a term; retry-safe by requestId',
        body: ZPledgeRequest,
        response: { 200: ZEnvelope(ZPledgeResponse) },
      },
    },
    async (request) => ok(await createPledge(context, sessionOf(request).memberId, request.body)),
  );
  app.post(
    '/api/plan/pledges',
    {
      ...member,
      schema: {
        tags,
        summary: 'The member pledges, newest first',
        body: ZPledgesRequest,
        response: { 200: ZEnvelope(ZPledgesResponse) },
      },
    },
    async (request) => ok(await listPledges(context, sessionOf(request).memberId, request.body)),
  );
  app.post(
    '/api/plan/pledge/redeem',
    {
      ...member,
      schema: {
        tags,
        summary: 'Redeem an active pledge early: the penalty share is burned; retry-safe by requestId',
        body: ZPledgeRedeemRequest,
        response: { 200: ZEnvelope(ZPledgeRedeemResponse) },
      },
    },
    async (request) => ok(await redeemPledge(context, sessionOf(request).memberId, request.body)),
  );
};
