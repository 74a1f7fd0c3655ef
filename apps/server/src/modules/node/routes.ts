import {
  ZEmpty,
  ZEnvelope,
  ZNodeApplication,
  ZNodeApplyRequest,
  ZNodePayRequest,
  ZNodeStatusResponse,
} from '@kpc/shared';
import {
  ZOperatorNodeApplication,
  ZOperatorNodeAuthorizeRequest,
  ZOperatorNodeListRequest,
  ZOperatorNodeListResponse,
  ZOperatorNodeRefuseRequest,
  ZOperatorNodeReviewRequest,
} from '@kpc/shared/operator';
import { Permission } from '@kpc/shared/operator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf, type createAuthHooks } from '../../plugins/auth.ts';
import { operatorOf } from '../../plugins/operator.ts';
import { ok } from '../../plugins/wire.ts';
import {
  applyForNode,
  authorizeNode,
  listNodeApplications,
  nodeStatus,
  payForNode,
  refuseNode,
  reviewNodeApplication,
  type NodeContext,
} from './service.ts';

/** The global node, member side (Step 6, SPEC §2 `/pages/node/global`, §4). */
export const nodeRoutes: FastifyPluginAsyncZod<{
  context: NodeContext;
  auth: ReturnType<typeof createAuthHooks>;
}> = async (app, { context, auth }) => {
  const tags = ['node'];
  const member = { preHandler: auth.requireSession };
  app.post(
    '/api/node/status',
    {
      ...member,
      schema: {
        tags,
        summary: "The node price and the member's latest application",
        body: ZEmpty.optional(),
        response: { 200: ZEnvelope(ZNodeStatusResponse) },
      },
    },
    async (request) => ok(await nodeStatus(context, sessionOf(request).memberId)),
  );
  app.post(
    '/api/node/apply',
    {
      ...member,
      schema: {
        tags,
        summary: 'Apply for a global node (one open application per member)',
        body: ZNodeApplyRequest,
        response: { 200: ZEnvelope(ZNodeApplication) },
      },
    },
    async (request) => ok(await applyForNode(context, sessionOf(request).memberId, request.body)),
  );
  app.post(
    '/api/node/pay',
    {
      ...member,
      schema: {
        tags,
        summary: 'Pay the node price from available USDT for the approved application; retry-safe by requestId',
        body: ZNodePayRequest,
        response: { 200: ZEnvelope(ZNodeApplication) },
      },
    },
    async (request) => ok(await payForNode(context, sessionOf(request).memberId, request.body)),
  );
};

/** The global node, operator side: behind the operator key (plugins/operator.ts). */
export const nodeOperatorRoutes =
  (context: NodeContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['operator'];
    app.post(
      '/api/operator/node/list',
      {
        config: { operator: { permission: Permission.APPLICATIONS_READ } },
        schema: {
          tags,
          summary: 'Node applications, newest first (by status)',
          body: ZOperatorNodeListRequest,
          response: { 200: ZEnvelope(ZOperatorNodeListResponse) },
        },
      },
      async (request) => ok(await listNodeApplications(context, request.body)),
    );
    app.post(
      '/api/operator/node/review',
      {
        config: { operator: { permission: Permission.APPLICATIONS_DECIDE } },
        schema: {
          tags,
          summary: 'Approve (awaiting payment) or reject an applied node application',
          body: ZOperatorNodeReviewRequest,
          response: { 200: ZEnvelope(ZOperatorNodeApplication) },
        },
      },
      async (request) => ok(await reviewNodeApplication(context, operatorOf(request).actor, request.body)),
    );
    app.post(
      '/api/operator/node/authorize',
      {
        config: { operator: { permission: Permission.APPLICATIONS_DECIDE } },
        schema: {
          tags,
          summary: 'Authorize a paid node',
          body: ZOperatorNodeAuthorizeRequest,
          response: { 200: ZEnvelope(ZOperatorNodeApplication) },
        },
      },
      async (request) => ok(await authorizeNode(context, operatorOf(request).actor, request.body)),
    );
    app.post(
      '/api/operator/node/refuse',
      {
        config: { operator: { permission: Permission.APPLICATIONS_DECIDE } },
        schema: {
          tags,
          summary: 'Refuse an approved or paid node; a payment is refunded exactly once',
          body: ZOperatorNodeRefuseRequest,
          response: { 200: ZEnvelope(ZOperatorNodeApplication) },
        },
      },
      async (request) => ok(await refuseNode(context, operatorOf(request).actor, request.body)),
    );
  };
