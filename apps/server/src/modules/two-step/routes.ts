import {
  ZEmpty,
  ZEnvelope,
  ZTotpBeginResponse,
  ZTotpDisableRequest,
  ZTotpEnableRequest,
  ZTwoStepStatus,
  ZWithdrawCodeResponse,
} from '@kpc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf, type createAuthHooks } from '../../plugins/auth.ts';
import { clientOf } from '../account/security-events.ts';
import { ok } from '../../plugins/wire.ts';
import { passkeyRoutes } from './passkey-routes.ts';
import { beginTotp, disableTotp, enableTotp, sendSecurityCode, twoStepStatus, type TwoStepContext } from './service.ts';

/** Members' two-step verification (Step 11 §2): the authenticator app and passkeys, turned on and off in Mine. */
export const twoStepRoutes: FastifyPluginAsyncZod<{
  context: TwoStepContext;
  auth: ReturnType<typeof createAuthHooks>;
  /** Code mails per client address (the withdrawal code's limit). */
  codeLimit: { max: number; timeWindow: number };
}> = async (app, { context, auth, codeLimit }) => {
  const tags = ['two-step'];
  app.addHook('preHandler', auth.requireSession);

  app.post(
    '/api/2fa/status',
    {
      schema: {
        tags,
        summary: "Whether the member's authenticator app is on",
        body: ZEmpty.optional(),
        response: { 200: ZEnvelope(ZTwoStepStatus) },
      },
    },
    async (request) => ok(await twoStepStatus(context, sessionOf(request).memberId)),
  );

  app.post(
    '/api/2fa/totp/begin',
    {
      schema: {
        tags,
        summary: 'A new authenticator secret (and its QR code URI); on only once a code from it is given',
        body: ZEmpty.optional(),
        response: { 200: ZEnvelope(ZTotpBeginResponse) },
      },
    },
    async (request) => ok(await beginTotp(context, sessionOf(request).memberId)),
  );

  app.post(
    '/api/2fa/totp/enable',
    {
      schema: {
        tags,
        summary: 'Turn the authenticator on with its first code',
        body: ZTotpEnableRequest,
        response: { 200: ZEnvelope(ZTwoStepStatus) },
      },
    },
    async (request) => {
      const { memberId, sessionId } = sessionOf(request);
      return ok(await enableTotp(context, memberId, request.body.code, { client: clientOf(request), sessionId }));
    },
  );

  app.post(
    '/api/2fa/sendCode',
    {
      config: { rateLimit: codeLimit },
      schema: {
        tags,
        summary: "Mail the code for a security change to the member's own email",
        body: ZEmpty.optional(),
        response: { 200: ZEnvelope(ZWithdrawCodeResponse) },
      },
    },
    async (request) => ok(await sendSecurityCode(context, request.locale, sessionOf(request).memberId)),
  );

  app.post(
    '/api/2fa/totp/disable',
    {
      schema: {
        tags,
        summary: 'Turn the authenticator off: its code, and the emailed code when the account has an email',
        body: ZTotpDisableRequest,
        response: { 200: ZEnvelope(ZTwoStepStatus) },
      },
    },
    async (request) => {
      const { memberId, sessionId } = sessionOf(request);
      return ok(await disableTotp(context, memberId, request.body, { client: clientOf(request), sessionId }));
    },
  );

  // Passkeys, the other kind of second step (behind the same session check).
  await app.register(passkeyRoutes, {
    context,
    ceremonyLimit: { max: codeLimit.max * 4, timeWindow: codeLimit.timeWindow },
  });
};
