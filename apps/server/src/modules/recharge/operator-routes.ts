import { ZEmpty, ZEnvelope } from '@kpc/shared';
import {
  Permission,
  ZOperatorChannel,
  ZOperatorChannelListResponse,
  ZOperatorDepositListRequest,
  ZOperatorDepositListResponse,
  ZSetChannelStatusRequest,
} from '@kpc/shared/operator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorOf } from '../../plugins/operator.ts';
import { ok } from '../../plugins/wire.ts';
import { listOperatorDeposits, operatorChannels, setChannelStatus, type RechargeOperatorContext } from './operator.ts';

/** Deposits and payment channels for operators (Step 8a §4): read with payments.read, switch with channels.manage. */
export const rechargeOperatorRoutes =
  (context: RechargeOperatorContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['operator'];
    const read = { operator: { permission: Permission.PAYMENTS_READ } };
    app.post(
      '/api/operator/deposits/list',
      {
        config: read,
        schema: {
          tags,
          summary: 'Deposits seen on chain, newest first, by state, chain and member, with confirmations n/required',
          body: ZOperatorDepositListRequest,
          response: { 200: ZEnvelope(ZOperatorDepositListResponse) },
        },
      },
      async (request) => ok(await listOperatorDeposits(context, request.body)),
    );
    app.post(
      '/api/operator/channels/list',
      {
        config: read,
        schema: {
          tags,
          summary: "Every chain's deposit and withdrawal channels: configured, the operators' switch, what members see",
          body: ZEmpty.optional(),
          response: { 200: ZEnvelope(ZOperatorChannelListResponse) },
        },
      },
      async () => ok({ list: await operatorChannels(context) }),
    );
    app.post(
      '/api/operator/channels/set',
      {
        config: { operator: { permission: Permission.CHANNELS_MANAGE } },
        schema: {
          tags,
          summary: 'Open, pause or mark not open one channel (audited `channel.set`)',
          body: ZSetChannelStatusRequest,
          response: { 200: ZEnvelope(ZOperatorChannel) },
        },
      },
      async (request) => ok(await setChannelStatus(context, operatorOf(request).actor, request.body)),
    );
  };
