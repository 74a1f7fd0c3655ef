import { ZEnvelope } from '@kpc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { AdjustableClock } from '../../lib/clock.ts';
import { ok } from '../../plugins/wire.ts';
import { chargeMonthlyFees, type MonthlyFeeContext } from '../card/monthly-fee.ts';
import { runReleaseEngine } from '../plan/release-engine.ts';

const ZAdvanceRequest = z.object({
  days: z
    .number({ error: 'validation.invalid' })
    .int('validation.invalid')
    .min(0, 'validation.invalid')
    .max(3650, 'validation.invalid'),
});
const ZAdvanceResponse = z.object({ now: z.string(), offsetDays: z.number().int() });

/**
 * `/api/dev/clock/advance` (never in production, never beside a real chain: registered with the
 * faucet's switch): moves the plans' clock forward by whole days and runs the release engine, so
 * a newcomer watches a month of releases arrive in a minute, and charges the cards' monthly fees
 * that fell due (they run on the same clock). Sessions and codes keep real time.
 */
export const devClockRoutes: FastifyPluginAsyncZod<{
  db: Database;
  planClock: AdjustableClock;
  cards: MonthlyFeeContext;
}> = async (app, { db, planClock, cards }) => {
  app.post(
    '/api/dev/clock/advance',
    {
      schema: {
        tags: ['dev'],
        summary: "Development only: move the plans' clock forward by days and release what fell due",
        body: ZAdvanceRequest,
        response: { 200: ZEnvelope(ZAdvanceResponse) },
      },
    },
    async (request) => {
      planClock.advanceDays(request.body.days);
      await runReleaseEngine(db, planClock, { logger: request.log });
      await chargeMonthlyFees(cards);
      return ok({ now: planClock.now().toISOString(), offsetDays: planClock.offsetDays() });
    },
  );
};
