import { ZEnvelope } from '@kpc/shared';
import { Permission, ZProductStatusRequest, type TConfigDomain } from '@kpc/shared/operator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { operatorOf } from '../../plugins/operator.ts';
import { ok } from '../../plugins/wire.ts';
import type { Actor } from '../audit/service.ts';

/**
 * The three routes of a product domain's configuration (Step 8b §2), registered by the module that
 * owns the rows: `list` (config.manage), `save` (terms: money, so config.manage + config.money and
 * a fresh second factor) and `status` (offer, withdraw, order: config.manage).
 */
export interface ProductDomainRoutes<Save extends z.ZodType, Row extends z.ZodType> {
  domain: TConfigDomain;
  title: string;
  row: Row;
  saveRequest: Save;
  list: (db: Database) => Promise<z.infer<Row>[]>;
  save: (db: Database, actor: Actor, request: z.infer<Save>) => Promise<unknown>;
  setStatus: (db: Database, actor: Actor, request: z.infer<typeof ZProductStatusRequest>) => Promise<unknown>;
}

export function productDomainRoutes<Save extends z.ZodType, Row extends z.ZodType>(
  db: Database,
  spec: ProductDomainRoutes<Save, Row>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['operator'];
    const base = `/api/operator/config/${spec.domain}`;
    app.post(
      `${base}/list`,
      {
        config: { operator: { permission: Permission.CONFIG_MANAGE } },
        schema: {
          tags,
          summary: `${spec.title}: every row (offered or withdrawn) with its configuration version`,
          body: z.object({}).optional(),
          response: { 200: ZEnvelope(z.object({ list: z.array(spec.row) })) },
        },
      },
      async () => ok({ list: await spec.list(db) }),
    );
    app.post(
      `${base}/save`,
      {
        config: { operator: { permission: [Permission.CONFIG_MANAGE, Permission.CONFIG_MONEY], stepUp: true } },
        schema: {
          tags,
          summary: `${spec.title}: create a row or change its terms (new orders only; versioned, audited)`,
          body: spec.saveRequest,
          response: { 200: ZEnvelope(z.object({ list: z.array(spec.row) })) },
        },
      },
      async (request) => {
        await spec.save(db, operatorOf(request).actor, request.body as z.infer<Save>);
        return ok({ list: await spec.list(db) });
      },
    );
    app.post(
      `${base}/status`,
      {
        config: { operator: { permission: Permission.CONFIG_MANAGE } },
        schema: {
          tags,
          summary: `${spec.title}: offer or withdraw a row, its place in the list (versioned, audited)`,
          body: ZProductStatusRequest,
          response: { 200: ZEnvelope(z.object({ list: z.array(spec.row) })) },
        },
      },
      async (request) => {
        await spec.setStatus(db, operatorOf(request).actor, request.body);
        return ok({ list: await spec.list(db) });
      },
    );
  };
}
