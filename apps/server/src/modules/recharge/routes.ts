import {
  ZAccelerateRequest,
  ZAccelerateResponse,
  ZDepositChannelsResponse,
  ZDepositListRequest,
  ZDepositListResponse,
  ZEmpty,
  ZEnvelope,
} from '@kpc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listDepositChannels } from '../../chain/channels.ts';
import { sessionOf, type createAuthHooks } from '../../plugins/auth.ts';
import { ok } from '../../plugins/wire.ts';
import { accelerateDeposit, listDeposits, type RechargeContext } from './service.ts';

/** Deposits (recharge): channels, the member's deposits with confirmations, accelerate (SPEC §2, §9). */
export const rechargeRoutes: FastifyPluginAsyncZod<{
  context: RechargeContext;
  auth: ReturnType<typeof createAuthHooks>;
  /** Accelerate asks the chain's node: limited per client address and window. */
  accelerateLimit: { max: number; timeWindow: number };
}> = async (app, { context, auth, accelerateLimit }) => {
  const tags = ['recharge'];
  app.addHook('preHandler', auth.requireSession);

  app.post(
    '/api/recharge/channels',
    {
      schema: {
        tags,
        summary: 'Deposit channels per chain: method, addresses, minimum and availability',
        body: ZEmpty,
        response: { 200: ZEnvelope(ZDepositChannelsResponse) },
      },
    },
    async () => ok({ list: await listDepositChannels(context.db, context.chains, context.network) }),
  );

  app.post(
    '/api/recharge/pending',
    {
      schema: {
        tags,
        summary: 'The member deposits, newest first, with confirmations n/20',
        body: ZDepositListRequest,
        response: { 200: ZEnvelope(ZDepositListResponse) },
      },
    },
    async (request) => ok({ list: await listDeposits(context, sessionOf(request).memberId, request.body) }),
  );

  app.post(
    '/api/recharge/accelerate',
    {
      config: { rateLimit: accelerateLimit },
      schema: {
        tags,
        summary: 'Read a deposit transaction now (after 3 minutes without arrival)',
        body: ZAccelerateRequest,
        response: { 200: ZEnvelope(ZAccelerateResponse) },
      },
    },
    async (request) => ok({ list: await accelerateDeposit(context, sessionOf(request).memberId, request.body) }),
  );
};
