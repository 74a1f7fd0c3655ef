import { ZEnvelope } from '@kpc/shared';
import { Permission, ZConfigHistoryRequest, ZConfigHistoryResponse } from '@kpc/shared/operator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { ok } from '../../plugins/wire.ts';
import { listConfigChanges } from './history.ts';

/** `/api/operator/config/history`: the versions of a domain's terms (Step 8b §2), for every configuration page. */
export const configHistoryRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/operator/config/history',
      {
        config: { operator: { permission: Permission.CONFIG_MANAGE } },
        schema: {
          tags: ['operator'],
          summary: "A configuration domain's versions, newest first (who, when, before, after, reason, effective from)",
          body: ZConfigHistoryRequest,
          response: { 200: ZEnvelope(ZConfigHistoryResponse) },
        },
      },
      async (request) => ok({ list: await listConfigChanges(db, request.body.domain, request.body.subject) }),
    );
  };
