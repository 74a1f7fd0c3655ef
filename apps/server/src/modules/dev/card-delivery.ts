import { AppError, ZEnvelope, ZRecordId } from '@kpc/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cards } from '../../db/schema/index.ts';
import { sessionOf, type createAuthHooks } from '../../plugins/auth.ts';
import { ok } from '../../plugins/wire.ts';
import type { CardContext } from '../card/context.ts';

const ZCardDeliveryRequest = z.object({ id: ZRecordId });
const ZCardDeliveryResponse = z.object({ cardNumber: z.string(), cardId: z.string() });

/**
 * `/api/dev/card/delivery` (development only, with the faucet, and only with the sandbox issuer):
 * the full number and ID of one of the member's own issued cards, read from the sandbox. It stands
 * in for the physical card a real issuer posts to the holder, so a newcomer on `npm start` can bind
 * the card they were just issued. The programme itself never stores the full number.
 */
export const devCardDeliveryRoutes: FastifyPluginAsyncZod<{
  context: CardContext;
  auth: ReturnType<typeof createAuthHooks>;
}> = async (app, { context, auth }) => {
  app.post(
    '/api/dev/card/delivery',
    {
      preHandler: auth.requireSession,
      schema: {
        tags: ['dev'],
        summary: "Development only: the sandbox's number and ID of one of the member's cards",
        body: ZCardDeliveryRequest,
        response: { 200: ZEnvelope(ZCardDeliveryResponse) },
      },
    },
    async (request) => {
      const { memberId } = sessionOf(request);
      const [row] = await context.db
        .select({ issuerRef: cards.issuerRef })
        .from(cards)
        .where(and(eq(cards.id, BigInt(request.body.id)), eq(cards.memberId, memberId)));
      const card = row ? await context.issuer.getCard(row.issuerRef) : null;
      if (!card) throw new AppError('CARD_NOT_FOUND');
      return ok({ cardNumber: card.number, cardId: card.cardId });
    },
  );
};
