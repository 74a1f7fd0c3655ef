import { ZEmpty, ZEnvelope, ZLiabilityLatestResponse, ZLiabilityProofResponse } from '@kpc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf, type createAuthHooks } from '../../plugins/auth.ts';
import { ok } from '../../plugins/wire.ts';
import { latestSnapshot, memberProof, type ProofContext } from './service.ts';

/** Proof of liabilities (Step 11 §1): the published root for anyone, a member's own path for them. */
export const proofRoutes: FastifyPluginAsyncZod<{
  context: ProofContext;
  auth: ReturnType<typeof createAuthHooks>;
}> = async (app, { context, auth }) => {
  const tags = ['proof'];
  app.post(
    '/api/pol/latest',
    {
      schema: {
        tags,
        summary:
          'The latest proof-of-liabilities snapshot: its root hash and the total owed to members per asset (public)',
        body: ZEmpty.optional(),
        response: { 200: ZEnvelope(ZLiabilityLatestResponse) },
      },
    },
    async () => ok({ snapshot: await latestSnapshot(context.db) }),
  );
  app.post(
    '/api/pol/proof',
    {
      preHandler: auth.requireSession,
      schema: {
        tags,
        summary: "The member's leaf (balances and secret nonce) and path to the latest snapshot's root",
        body: ZEmpty.optional(),
        response: { 200: ZEnvelope(ZLiabilityProofResponse) },
      },
    },
    async (request) => ok(await memberProof(context, sessionOf(request).memberId)),
  );
};
