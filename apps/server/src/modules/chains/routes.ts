import { ZEmpty, ZEnvelope } from '@kpc/shared';
import { Permission, ZChainsStatusResponse } from '@kpc/shared/operator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/wire.ts';
import { chainsStatus, type ChainStatusContext } from './status.ts';

/** The chains' nodes, deposit watchers and withdrawal senders, for operators (Step 8a §4). */
export const chainOperatorRoutes =
  (context: ChainStatusContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/operator/chains/status',
      {
        config: { operator: { permission: Permission.PAYMENTS_READ } },
        schema: {
          tags: ['operator'],
          summary:
            "Per chain: the node, the deposit watcher's cursor and lag, the hot wallet's balance and nonce, withdrawals waiting",
          body: ZEmpty.optional(),
          response: { 200: ZEnvelope(ZChainsStatusResponse) },
        },
      },
      async () => ok({ list: await chainsStatus(context) }),
    );
  };
