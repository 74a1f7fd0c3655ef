import {
  ZEmpty,
  ZEnvelope,
  ZStockholderApplication,
  ZStockholderApplyRequest,
  ZStockholderStatusResponse,
} from '@kpc/shared';
import {
  ZOperatorStockholderApplication,
  ZOperatorStockholderListRequest,
  ZOperatorStockholderListResponse,
  ZOperatorStockholderReviewRequest,
} from '@kpc/shared/operator';
import { Permission } from '@kpc/shared/operator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf, type createAuthHooks } from '../../plugins/auth.ts';
import { operatorOf } from '../../plugins/operator.ts';
import { ok } from '../../plugins/wire.ts';
import {
  applyAsStockholder,
  listStockholderApplications,
  reviewStockholderApplication,
  stockholderStatus,
  type StockholderContext,
} from './service.ts';

/** Shareholder applications, member side (Step 6, SPEC §2 `/pages/stockholder/index`). */
export const stockholderRoutes: FastifyPluginAsyncZod<{
  context: StockholderContext;
  auth: ReturnType<typeof createAuthHooks>;
}> = async (app, { context, auth }) => {
  const tags = ['stockholder'];
  const member = { preHandler: auth.requireSession };
  app.post(
    '/api/stockholder/status',
    {
      ...member,
      schema: {
        tags,
        summary: "The member's latest shareholder application, with the operator's note",
        body: ZEmpty.optional(),
        response: { 200: ZEnvelope(ZStockholderStatusResponse) },
      },
    },
    async (request) => ok(await stockholderStatus(context, sessionOf(request).memberId)),
  );
  app.post(
    '/api/stockholder/apply',
    {
      ...member,
      schema: {
        tags,
        summary: 'Apply as a shareholder (one pending application per member)',
        body: ZStockholderApplyRequest,
        response: { 200: ZEnvelope(ZStockholderApplication) },
      },
    },
    async (request) => ok(await applyAsStockholder(context, sessionOf(request).memberId, request.body)),
  );
};

/** Shareholder applications, operator side: behind the operator key (plugins/operator.ts). */
export const stockholderOperatorRoutes =
  (context: StockholderContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['operator'];
    app.post(
      '/api/operator/stockholder/list',
      {
        config: { operator: { permission: Permission.APPLICATIONS_READ } },
        schema: {
          tags,
          summary: 'Shareholder applications, newest first (by status)',
          body: ZOperatorStockholderListRequest,
          response: { 200: ZEnvelope(ZOperatorStockholderListResponse) },
        },
      },
      async (request) => ok(await listStockholderApplications(context, request.body)),
    );
    app.post(
      '/api/operator/stockholder/review',
      {
        config: { operator: { permission: Permission.APPLICATIONS_DECIDE } },
        schema: {
          tags,
          summary: 'Approve or reject a pending shareholder application, with a note the member sees',
          body: ZOperatorStockholderReviewRequest,
          response: { 200: ZEnvelope(ZOperatorStockholderApplication) },
        },
      },
      async (request) => ok(await reviewStockholderApplication(context, operatorOf(request).actor, request.body)),
    );
  };
