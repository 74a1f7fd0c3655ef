import { ZEnvelope } from '@kpc/shared';
import {
  Permission,
  ZOperatorWithdrawal,
  ZOperatorWithdrawalDetail,
  ZOperatorWithdrawalDetailRequest,
  ZOperatorWithdrawalListRequest,
  ZOperatorWithdrawalListResponse,
  ZReviewWithdrawalsRequest,
  ZReviewWithdrawalsResponse,
  ZSettleUnknownWithdrawalRequest,
} from '@kpc/shared/operator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorOf } from '../../plugins/operator.ts';
import { ok } from '../../plugins/wire.ts';
import {
  listOperatorWithdrawals,
  operatorWithdrawalDetail,
  reviewWithdrawals,
  settleUnknownWithdrawal,
  type WithdrawOperatorContext,
} from './operator.ts';

/**
 * The withdrawals queue (Step 8a §4): read with payments.read; approve, reject and settle with
 * withdrawals.review and a fresh second factor (money actions), each decision audited.
 */
export const withdrawOperatorRoutes =
  (context: WithdrawOperatorContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['operator'];
    const read = { operator: { permission: Permission.PAYMENTS_READ } };
    const decide = { operator: { permission: Permission.WITHDRAWALS_REVIEW, stepUp: true } };
    app.post(
      '/api/operator/withdrawals/list',
      {
        config: read,
        schema: {
          tags,
          summary: 'Withdrawals, newest first, by state, chain and member, with the member',
          body: ZOperatorWithdrawalListRequest,
          response: { 200: ZEnvelope(ZOperatorWithdrawalListResponse) },
        },
      },
      async (request) => ok(await listOperatorWithdrawals(context, request.body)),
    );
    app.post(
      '/api/operator/withdrawals/detail',
      {
        config: read,
        schema: {
          tags,
          summary: 'One withdrawal and its history (every state change, who made it, the detail)',
          body: ZOperatorWithdrawalDetailRequest,
          response: { 200: ZEnvelope(ZOperatorWithdrawalDetail) },
        },
      },
      async (request) => ok(await operatorWithdrawalDetail(context, BigInt(request.body.id))),
    );
    app.post(
      '/api/operator/withdrawals/review',
      {
        config: decide,
        schema: {
          tags,
          summary:
            'Approve or reject submitted withdrawals (1 to 100; a rejection needs a reason and returns the frozen funds); each decided once',
          body: ZReviewWithdrawalsRequest,
          response: { 200: ZEnvelope(ZReviewWithdrawalsResponse) },
        },
      },
      async (request) => ok(await reviewWithdrawals(context.db, operatorOf(request).actor, request.body)),
    );
    app.post(
      '/api/operator/withdrawals/settle',
      {
        config: decide,
        schema: {
          tags,
          summary: 'Settle an unknown withdrawal on outside evidence: completed (paid) or failed (funds returned)',
          body: ZSettleUnknownWithdrawalRequest,
          response: { 200: ZEnvelope(ZOperatorWithdrawal) },
        },
      },
      async (request) => ok(await settleUnknownWithdrawal(context, operatorOf(request).actor, request.body)),
    );
  };
