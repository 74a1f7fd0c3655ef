import { ZAssetLogResponse, ZEnvelope, ZPledgesResponse } from '@kpc/shared';
import {
  Permission,
  ZMemberApplicationsRequest,
  ZMemberApplicationsResponse,
  ZMemberCardsResponse,
  ZMemberDetail,
  ZMemberDetailRequest,
  ZMemberFlowRequest,
  ZMemberPlansRequest,
  ZMemberPlansResponse,
  ZMemberRecordsRequest,
  ZMemberSearchRequest,
  ZMemberSearchResponse,
  ZMemberTeamResponse,
  ZOperatorDepositListResponse,
  ZOperatorWithdrawalListResponse,
} from '@kpc/shared/operator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ChainRuntime } from '../../chain/runtime.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { ok } from '../../plugins/wire.ts';
import { listAssetLog } from '../assets/service.ts';
import type { CardContext } from '../card/context.ts';
import { listPledges } from '../plan/pledge-service.ts';
import { listOperatorDeposits } from '../recharge/operator.ts';
import { listOperatorWithdrawals } from '../withdraw/operator.ts';
import { memberApplications, memberCards, memberPlans, memberTeamList } from './records.ts';
import { memberDetail, searchMembers } from './search.ts';

export interface MembersOperatorContext {
  db: Database;
  clock: Clock;
  /** The plans' clock (orders' next release, pledges' remaining days). */
  planClock: Clock;
  chains: ChainRuntime;
  cards: CardContext;
}

/**
 * The members screens (Step 8a §4, members.read): search, a member's page, and each of its
 * records, newest first with cursor paging. Read only: freezing and ending sessions are
 * `account/operator-routes.ts`.
 */
export const membersReadRoutes =
  (context: MembersOperatorContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['operator'];
    const config = { operator: { permission: Permission.MEMBERS_READ } };
    const plans = { db: context.db, clock: context.planClock };
    app.post(
      '/api/operator/members/search',
      {
        config,
        schema: {
          tags,
          summary: 'Members, newest first: by id, wallet address (or part), invitation code, or part of an email',
          body: ZMemberSearchRequest,
          response: { 200: ZEnvelope(ZMemberSearchResponse) },
        },
      },
      async (request) => ok(await searchMembers(context.db, request.body)),
    );
    app.post(
      '/api/operator/members/detail',
      {
        config,
        schema: {
          tags,
          summary: "A member's page: profile and freeze, referrer, team, balances by bucket, newest sessions",
          body: ZMemberDetailRequest,
          response: { 200: ZEnvelope(ZMemberDetail) },
        },
      },
      async (request) => ok(await memberDetail(context.db, request.body.memberId, context.clock.now())),
    );
    app.post(
      '/api/operator/members/flow',
      {
        config,
        schema: {
          tags,
          summary: "The member's asset flow (every posting), by asset and entry type",
          body: ZMemberFlowRequest,
          response: { 200: ZEnvelope(ZAssetLogResponse) },
        },
      },
      async ({ body: { memberId, ...request } }) => ok(await listAssetLog(context.db, memberId, request)),
    );
    app.post(
      '/api/operator/members/withdrawals',
      {
        config,
        schema: {
          tags,
          summary: "The member's withdrawals",
          body: ZMemberRecordsRequest,
          response: { 200: ZEnvelope(ZOperatorWithdrawalListResponse) },
        },
      },
      async (request) => ok(await listOperatorWithdrawals(context, request.body)),
    );
    app.post(
      '/api/operator/members/deposits',
      {
        config,
        schema: {
          tags,
          summary: "The member's deposits",
          body: ZMemberRecordsRequest,
          response: { 200: ZEnvelope(ZOperatorDepositListResponse) },
        },
      },
      async (request) => ok(await listOperatorDeposits(context, request.body)),
    );
    app.post(
      '/api/operator/members/plans',
      {
        config,
        schema: {
          tags,
          summary: "The member's investment or ESOP orders",
          body: ZMemberPlansRequest,
          response: { 200: ZEnvelope(ZMemberPlansResponse) },
        },
      },
      async (request) => ok(await memberPlans(plans, request.body)),
    );
    app.post(
      '/api/operator/members/pledges',
      {
        config,
        schema: {
          tags,
          summary: "The member's pledges (KPC)",
          body: ZMemberRecordsRequest,
          response: { 200: ZEnvelope(ZPledgesResponse) },
        },
      },
      async ({ body: { memberId, ...request } }) => ok(await listPledges(plans, memberId, request)),
    );
    app.post(
      '/api/operator/members/cards',
      {
        config,
        schema: {
          tags,
          summary: "The member's cards (all of them)",
          body: ZMemberRecordsRequest,
          response: { 200: ZEnvelope(ZMemberCardsResponse) },
        },
      },
      async (request) => ok(await memberCards(context.cards, request.body.memberId)),
    );
    app.post(
      '/api/operator/members/applications',
      {
        config,
        schema: {
          tags,
          summary: "The member's card, global node or shareholder applications",
          body: ZMemberApplicationsRequest,
          response: { 200: ZEnvelope(ZMemberApplicationsResponse) },
        },
      },
      async (request) => ok(await memberApplications(context.cards, request.body)),
    );
    app.post(
      '/api/operator/members/team',
      {
        config,
        schema: {
          tags,
          summary: 'The members this member invited (direct), with their own team size',
          body: ZMemberRecordsRequest,
          response: { 200: ZEnvelope(ZMemberTeamResponse) },
        },
      },
      async (request) => ok(await memberTeamList(context.db, request.body)),
    );
  };
