import {
  fromLedgerUnits,
  ZCardApplication,
  ZCardApplicationRequest,
  ZCardApplicationsRequest,
  ZCardApplicationsResponse,
  ZCardApplyRequest,
  ZCardBindRequest,
  ZCardBindResponse,
  ZCardFreezeRequest,
  ZCardFreezeResponse,
  ZCardListResponse,
  ZCardProductsResponse,
  ZCardTopUpRequest,
  ZCardTopUpResponse,
  ZCardTransactionsRequest,
  ZCardTransactionsResponse,
  ZEmpty,
  ZEnvelope,
  ZPriceResponse,
} from '@kpc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ReferenceData } from '../../ledger/reference-data.ts';
import type { Clock } from '../../lib/clock.ts';
import { sessionOf, type createAuthHooks } from '../../plugins/auth.ts';
import { ok } from '../../plugins/wire.ts';
import { applyForCard, getApplication, listApplications } from './applications.ts';
import type { CardContext } from './context.ts';
import { bindCard, cardTransactions, listCards, listProducts, setCardFrozen } from './service.ts';
import { topUpCard } from './top-ups.ts';

/** Issuer callbacks are small JSON documents; anything larger is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * The `card` module (SPEC §7 `/api/card/getPrice`; Step 6 cards, SPEC §2 "Card pages", §5): the
 * KPC price, card products, applying, the member's applications and cards, binding, top-up,
 * freeze and the card's transactions.
 */
export const cardRoutes: FastifyPluginAsyncZod<{
  referenceData: ReferenceData;
  clock: Clock;
  context: CardContext;
  auth: ReturnType<typeof createAuthHooks>;
}> = async (app, { referenceData, clock, context, auth }) => {
  const tags = ['card'];
  const member = { preHandler: auth.requireSession };
  app.post(
    '/api/card/getPrice',
    {
      schema: {
        tags,
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
  const { issuer } = context;
  if (issuer.handleWebhook) {
    const handleWebhook = issuer.handleWebhook.bind(issuer);
    // Its own scope: the signature covers the exact bytes, so the body stays a string here.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
        done(null, body),
      );
      scope.post('/api/card/issuer/webhook', { schema: { hide: true } }, async (request, reply) => {
        const rawBody = typeof request.body === 'string' ? request.body : '';
        let verified: boolean;
        try {
          verified = await handleWebhook({ headers: request.headers, rawBody });
        } catch (error) {
          request.log.error({ err: error }, 'card issuer webhook not processed');
          return reply.code(503).send();
        }
        return reply.code(verified ? 204 : 401).send();
      });
    });
  }
  app.post(
    '/api/card/products',
    {
      ...member,
      schema: {
        tags,
        summary: 'Card products with their networks, fees and limits',
        body: ZEmpty.optional(),
        response: { 200: ZEnvelope(ZCardProductsResponse) },
      },
    },
    async () => ok(await listProducts(context)),
  );
  app.post(
    '/api/card/apply',
    {
      ...member,
      schema: {
        tags,
        summary:
          'Apply for a card with KYC details, paying from available USDT or with an activation code; retry-safe by requestId',
        body: ZCardApplyRequest,
        response: { 200: ZEnvelope(ZCardApplication) },
      },
    },
    async (request) => ok(await applyForCard(context, sessionOf(request).memberId, request.body)),
  );
  app.post(
    '/api/card/applications',
    {
      ...member,
      schema: {
        tags,
        summary: "The member's card applications, newest first",
        body: ZCardApplicationsRequest.optional(),
        response: { 200: ZEnvelope(ZCardApplicationsResponse) },
      },
    },
    async (request) => ok(await listApplications(context, sessionOf(request).memberId, request.body ?? {})),
  );
  app.post(
    '/api/card/application',
    {
      ...member,
      schema: {
        tags,
        summary: "One of the member's card applications",
        body: ZCardApplicationRequest,
        response: { 200: ZEnvelope(ZCardApplication) },
      },
    },
    async (request) => ok(await getApplication(context, sessionOf(request).memberId, request.body.id)),
  );
  app.post(
    '/api/card/list',
    {
      ...member,
      schema: {
        tags,
        summary: "The member's cards, masked, bound or not",
        body: ZEmpty.optional(),
        response: { 200: ZEnvelope(ZCardListResponse) },
      },
    },
    async (request) => ok(await listCards(context, sessionOf(request).memberId)),
  );
  app.post(
    '/api/card/bind',
    {
      ...member,
      schema: {
        tags,
        summary: "Bind one of the member's issued cards by its number and ID",
        body: ZCardBindRequest,
        response: { 200: ZEnvelope(ZCardBindResponse) },
      },
    },
    async (request) => ok(await bindCard(context, sessionOf(request).memberId, request.body)),
  );
  app.post(
    '/api/card/topup',
    {
      ...member,
      schema: {
        tags,
        summary:
          'Load USDT from available onto a bound card (plus the fee), within its limits; retry-safe by requestId',
        body: ZCardTopUpRequest,
        response: { 200: ZEnvelope(ZCardTopUpResponse) },
      },
    },
    async (request) => ok(await topUpCard(context, sessionOf(request).memberId, request.body)),
  );
  for (const [path, frozen] of [
    ['/api/card/freeze', true],
    ['/api/card/unfreeze', false],
  ] as const) {
    app.post(
      path,
      {
        ...member,
        schema: {
          tags,
          summary: frozen ? 'Freeze a bound card (no top-up or spending)' : 'Unfreeze a bound card',
          body: ZCardFreezeRequest,
          response: { 200: ZEnvelope(ZCardFreezeResponse) },
        },
      },
      async (request) => ok(await setCardFrozen(context, sessionOf(request).memberId, request.body.id, frozen)),
    );
  }
  app.post(
    '/api/card/transactions',
    {
      ...member,
      schema: {
        tags,
        summary: "A bound card's transactions, newest first, with its balance",
        body: ZCardTransactionsRequest,
        response: { 200: ZEnvelope(ZCardTransactionsResponse) },
      },
    },
    async (request) => ok(await cardTransactions(context, sessionOf(request).memberId, request.body)),
  );
};

// The operator side (the console and the operator key) lives in operator-routes.ts.
export { cardOperatorRoutes } from './operator-routes.ts';
