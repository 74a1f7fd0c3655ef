import {
  ZConfirmExchangeRequest,
  ZEmpty,
  ZEnvelope,
  ZExchangeLogRequest,
  ZExchangeLogResponse,
  ZExchangePairsResponse,
  ZExchangeRecord,
  ZQuote,
  ZQuoteRequest,
} from '@kpc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf, type createAuthHooks } from '../../plugins/auth.ts';
import { ok } from '../../plugins/wire.ts';
import { confirmExchange, listExchanges, listPairs, quoteExchange, type ExchangeContext } from './service.ts';

/** Quick exchange (SPEC §3 Exchange, Step 3). */
export const exchangeRoutes: FastifyPluginAsyncZod<{
  context: ExchangeContext;
  auth: ReturnType<typeof createAuthHooks>;
}> = async (app, { context, auth }) => {
  const tags = ['exchange'];
  app.addHook('preHandler', auth.requireSession);

  app.post(
    '/api/exchange/pairs',
    {
      schema: {
        tags,
        summary: 'Open pairs with fee rate and minimum, and how long a quote holds',
        body: ZEmpty,
        response: { 200: ZEnvelope(ZExchangePairsResponse) },
      },
    },
    async () => ok(await listPairs(context)),
  );

  app.post(
    '/api/exchange/quote',
    {
      schema: {
        tags,
        summary: 'Price an exchange and lock its rate; returns a signed quote',
        body: ZQuoteRequest,
        response: { 200: ZEnvelope(ZQuote) },
      },
    },
    async (request) => ok(await quoteExchange(context, sessionOf(request).memberId, request.body)),
  );

  app.post(
    '/api/exchange/confirm',
    {
      schema: {
        tags,
        summary: 'Exchange at the quoted terms; a quote exchanges once, retries answer the same',
        body: ZConfirmExchangeRequest,
        response: { 200: ZEnvelope(ZExchangeRecord) },
      },
    },
    async (request) => ok(await confirmExchange(context, sessionOf(request).memberId, request.body.quote)),
  );

  app.post(
    '/api/exchange/log',
    {
      schema: {
        tags,
        summary: 'The member exchanges, newest first',
        body: ZExchangeLogRequest,
        response: { 200: ZEnvelope(ZExchangeLogResponse) },
      },
    },
    async (request) => ok(await listExchanges(context.db, sessionOf(request).memberId, request.body)),
  );
};
