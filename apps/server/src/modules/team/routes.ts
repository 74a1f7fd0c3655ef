import {
  ZEmpty,
  ZEnvelope,
  ZTeamAirdropsRequest,
  ZTeamAirdropsResponse,
  ZTeamInvitationsRequest,
  ZTeamInvitationsResponse,
  ZTeamSummary,
} from '@kpc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { sessionOf, type createAuthHooks } from '../../plugins/auth.ts';
import { ok } from '../../plugins/wire.ts';
import { airdropList, invitations, teamSummary } from './service.ts';

/** The member's team (Step 7, SPEC §2 `/pages/team/index`): always the session's own member. */
export const teamRoutes: FastifyPluginAsyncZod<{
  db: Database;
  auth: ReturnType<typeof createAuthHooks>;
}> = async (app, { db, auth }) => {
  const tags = ['team'];
  const member = { preHandler: auth.requireSession };
  app.post(
    '/api/team/summary',
    {
      ...member,
      schema: {
        tags,
        summary: "The member's team: members, volume, levels and airdrops received",
        body: ZEmpty.optional(),
        response: { 200: ZEnvelope(ZTeamSummary) },
      },
    },
    async (request) => ok(await teamSummary(db, sessionOf(request).memberId)),
  );
  app.post(
    '/api/team/invitations',
    {
      ...member,
      schema: {
        tags,
        summary: 'The members the member invited, newest first (masked)',
        body: ZTeamInvitationsRequest,
        response: { 200: ZEnvelope(ZTeamInvitationsResponse) },
      },
    },
    async (request) => ok(await invitations(db, sessionOf(request).memberId, request.body.cursor, request.body.limit)),
  );
  app.post(
    '/api/team/airdrops',
    {
      ...member,
      schema: {
        tags,
        summary: 'The airdrops the member received, newest first: gross, handling fee, net',
        body: ZTeamAirdropsRequest,
        response: { 200: ZEnvelope(ZTeamAirdropsResponse) },
      },
    },
    async (request) => ok(await airdropList(db, sessionOf(request).memberId, request.body.cursor, request.body.limit)),
  );
};
