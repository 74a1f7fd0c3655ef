import { ZEnvelope } from '@kpc/shared';
import { Permission, ZMemberActionRequest, ZMemberTwoStepReset } from '@kpc/shared/operator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { operatorOf } from '../../plugins/operator.ts';
import { ok } from '../../plugins/wire.ts';
import { resetMemberTwoStep } from './support-reset.ts';

/** Two-step verification, operator side (Step 11 §2): turned off for a member who lost it. */
export const twoStepOperatorRoutes =
  (context: { db: Database; clock: Clock }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/operator/members/reset-two-step',
      {
        config: { operator: { permission: Permission.MEMBERS_SECURITY, stepUp: true } },
        schema: {
          tags: ['operator'],
          summary:
            "Turn off a member's two-step verification (authenticator and passkeys) after checking who they are: a reason, a fresh second factor, audited; the member is mailed",
          body: ZMemberActionRequest,
          response: { 200: ZEnvelope(ZMemberTwoStepReset) },
        },
      },
      async (request) => ok(await resetMemberTwoStep(context, operatorOf(request).actor, request.body)),
    );
  };
