import {
  AppError,
  ZActivationCodeGiveRequest,
  ZActivationCodeGiveResponse,
  ZActivationCodesRequest,
  ZActivationCodesResponse,
  ZEnvelope,
} from '@kpc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf, type createAuthHooks } from '../../plugins/auth.ts';
import { ok } from '../../plugins/wire.ts';
import { giveActivationCode, listActivationCodes, type ActivationCodeContext } from './service.ts';

/** Card activation codes (Step 6, SPEC §2 `/pages/card/sdk`): the member's codes and giving one away. */
export const activationCodeRoutes: FastifyPluginAsyncZod<{
  context: ActivationCodeContext;
  auth: ReturnType<typeof createAuthHooks>;
  /** Failed gives a member may make per window, whatever the failure: giving is not a way to test emails. */
  recipientLimit: { max: number; timeWindow: number };
}> = async (app, { context, auth, recipientLimit }) => {
  const tags = ['card'];
  const member = { preHandler: auth.requireSession };
  const failures = app.createRateLimit({
    ...recipientLimit,
    keyGenerator: (request) => `code-give-failure:${request.session?.memberId ?? ''}`,
  });

  app.post(
    '/api/card/codes',
    {
      ...member,
      schema: {
        tags,
        summary: "The member's activation codes, newest first (unused ones in full, to copy)",
        body: ZActivationCodesRequest,
        response: { 200: ZEnvelope(ZActivationCodesResponse) },
      },
    },
    async (request) => ok(await listActivationCodes(context, sessionOf(request).memberId, request.body)),
  );
  app.post(
    '/api/card/codes/give',
    {
      ...member,
      schema: {
        tags,
        summary: 'Give an unused code to another member (invitation code or email); retry-safe by requestId',
        body: ZActivationCodeGiveRequest,
        response: { 200: ZEnvelope(ZActivationCodeGiveResponse) },
      },
    },
    async (request, reply) =>
      ok(
        await giveActivationCode(context, sessionOf(request).memberId, request.body, async () => {
          const limit = await failures(request);
          if (!limit.isAllowed && limit.isExceeded) {
            const seconds = Math.max(1, limit.ttlInSeconds);
            void reply.header('retry-after', seconds);
            throw new AppError('RATE_LIMITED', { seconds });
          }
        }),
      ),
  );
};
