import { ZEmpty, ZEnvelope, ZKlkBuyRequest, ZKlkPackagesResponse, ZKlkPurchase } from '@kpc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf, type createAuthHooks } from '../../plugins/auth.ts';
import { ok } from '../../plugins/wire.ts';
import { buyPackage, listPackages, type KlkContext } from './service.ts';

/** KLK broker packages (Step 6, SPEC §2 `/pages/klk/index`). */
export const klkRoutes: FastifyPluginAsyncZod<{
  context: KlkContext;
  auth: ReturnType<typeof createAuthHooks>;
}> = async (app, { context, auth }) => {
  const tags = ['klk'];
  const member = { preHandler: auth.requireSession };
  app.post(
    '/api/klk/packages',
    {
      ...member,
      schema: {
        tags,
        summary: "The package tiers, the member's KLK level and what each upgrade costs now",
        body: ZEmpty.optional(),
        response: { 200: ZEnvelope(ZKlkPackagesResponse) },
      },
    },
    async (request) => ok(await listPackages(context, sessionOf(request).memberId)),
  );
  app.post(
    '/api/klk/buy',
    {
      ...member,
      schema: {
        tags,
        summary: 'Buy a tier (or upgrade to it: the difference) from available USDT; retry-safe by requestId',
        body: ZKlkBuyRequest,
        response: { 200: ZEnvelope(ZKlkPurchase) },
      },
    },
    async (request) => ok(await buyPackage(context, sessionOf(request).memberId, request.body)),
  );
};
