import { ZEnvelope } from '@kpc/shared';
import { Permission, ZMemberActionRequest, ZMemberFreezeState, ZRevokeSessionsResponse } from '@kpc/shared/operator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { operatorOf } from '../../plugins/operator.ts';
import { ok } from '../../plugins/wire.ts';
import { revokeMemberSessions, setMemberFrozen } from './freeze.ts';

/**
 * Members, operator side (Step 8a §4): freeze and unfreeze an account (compliance, with a reason and
 * a fresh second factor: it stops a member's money), end a member's sessions. Each is audited in
 * its transaction.
 */
export const memberOperatorRoutes =
  (context: { db: Database; clock: Clock }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['operator'];
    for (const [path, frozen] of [
      ['/api/operator/members/freeze', true],
      ['/api/operator/members/unfreeze', false],
    ] as const) {
      app.post(
        path,
        {
          config: { operator: { permission: Permission.MEMBERS_FREEZE, stepUp: true } },
          schema: {
            tags,
            summary: frozen
              ? 'Freeze a member: they sign in and read, but none of their calls moves money'
              : 'Unfreeze a member',
            body: ZMemberActionRequest,
            response: { 200: ZEnvelope(ZMemberFreezeState) },
          },
        },
        async (request) => ok(await setMemberFrozen(context, operatorOf(request).actor, request.body, frozen)),
      );
    }
    app.post(
      '/api/operator/members/revoke-sessions',
      {
        config: { operator: { permission: Permission.MEMBERS_SESSIONS } },
        schema: {
          tags,
          summary: 'End every session of a member (they sign in again)',
          body: ZMemberActionRequest,
          response: { 200: ZEnvelope(ZRevokeSessionsResponse) },
        },
      },
      async (request) =>
        ok({ sessionsEnded: await revokeMemberSessions(context, operatorOf(request).actor, request.body) }),
    );
  };
