import { ZEmpty, ZEnvelope } from '@kpc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../plugins/wire.ts';
import { takeSnapshotNow } from '../proof/on-demand.ts';

/**
 * `/api/dev/liability-snapshot` (never in production: registered with the faucet's switch): takes a
 * proof-of-liabilities snapshot now, so a newcomer who funded an account with the faucet can verify
 * it at once instead of waiting for the next UTC day or an operator (the console's "Take a
 * snapshot now" is the production way).
 */
export const devLiabilitySnapshotRoutes: FastifyPluginAsyncZod<{
  context: Parameters<typeof takeSnapshotNow>[0];
}> = async (app, { context }) => {
  app.post(
    '/api/dev/liability-snapshot',
    {
      schema: {
        tags: ['dev'],
        summary: 'Development only: take a proof-of-liabilities snapshot now',
        body: ZEmpty.optional(),
        response: { 200: ZEnvelope(z.object({ id: z.string() })) },
      },
    },
    async () => ok({ id: String(await takeSnapshotNow(context)) }),
  );
};
