import { fromLedgerUnits, ZEmpty, ZEnvelope, ZPriceResponse } from '@kpc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.ts';
import type { ReferenceData } from '../../ledger/reference-data.ts';
import { ok } from '../../plugins/wire.ts';

/** The `card` module (SPEC §7): the KPC price now; cards themselves arrive in a later step. */
export const cardRoutes: FastifyPluginAsyncZod<{ referenceData: ReferenceData; clock: Clock }> = async (
  app,
  { referenceData, clock },
) => {
  app.post(
    '/api/card/getPrice',
    {
      schema: {
        tags: ['card'],
        summary: 'KPC price in USDT now',
        body: ZEmpty,
        response: { 200: ZEnvelope(ZPriceResponse) },
      },
    },
    async () => {
      const { price, updatedAt } = await referenceData.kpcPrice(clock.now());
      return ok({ price: fromLedgerUnits(price), updatedAt: updatedAt.toISOString() });
    },
  );
};
