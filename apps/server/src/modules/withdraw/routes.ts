import {
  ZEmpty,
  ZEnvelope,
  ZWithdrawal,
  ZWithdrawalDetail,
  ZWithdrawChannelsResponse,
  ZWithdrawCodeResponse,
  ZWithdrawDetailRequest,
  ZWithdrawRequest,
} from '@kpc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf, type createAuthHooks } from '../../plugins/auth.ts';
import { ok } from '../../plugins/wire.ts';
import {
  applyWithdrawal,
  sendWithdrawCode,
  withdrawalDetail,
  withdrawChannels,
  type WithdrawContext,
} from './service.ts';

/** Withdrawals (SPEC §2 Withdraw, §5, §8, §9; Step 4 §3). */
export const withdrawRoutes: FastifyPluginAsyncZod<{
  context: WithdrawContext;
  auth: ReturnType<typeof createAuthHooks>;
  /** Code mails and submissions, per client address and window. */
  codeLimit: { max: number; timeWindow: number };
}> = async (app, { context, auth, codeLimit }) => {
  const tags = ['withdraw'];
  app.addHook('preHandler', auth.requireSession);

  app.post(
    '/api/withdraw/channels',
    {
      schema: {
        tags,
        summary: 'Withdrawal networks with minimum, fee terms and availability; where the code is mailed',
        body: ZEmpty,
        response: { 200: ZEnvelope(ZWithdrawChannelsResponse) },
      },
    },
    async (request) => ok(await withdrawChannels(context, sessionOf(request).memberId)),
  );

  app.post(
    '/api/withdraw/sendCode',
    {
      config: { rateLimit: codeLimit },
      schema: {
        tags,
        summary: "Mail a withdrawal code to the member's own email",
        body: ZEmpty,
        response: { 200: ZEnvelope(ZWithdrawCodeResponse) },
      },
    },
    async (request) => ok(await sendWithdrawCode(context, request.locale, sessionOf(request).memberId)),
  );

  app.post(
    '/api/withdraw/apply',
    {
      schema: {
        tags,
        summary: 'Submit a withdrawal: freezes amount and fee; retries with the same requestId answer the same',
        body: ZWithdrawRequest,
        response: { 200: ZEnvelope(ZWithdrawal) },
      },
    },
    async (request) => ok(await applyWithdrawal(context, sessionOf(request).memberId, request.body)),
  );

  app.post(
    '/api/withdraw/detail',
    {
      schema: {
        tags,
        summary:
          "One of the member's withdrawals: its confirmations n/required, explorer link and timeline; refresh while in flight",
        body: ZWithdrawDetailRequest,
        response: { 200: ZEnvelope(ZWithdrawalDetail) },
      },
    },
    async (request) => ok(await withdrawalDetail(context, sessionOf(request).memberId, request.body)),
  );
};
