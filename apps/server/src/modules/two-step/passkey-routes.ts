import {
  ZEmpty,
  ZEnvelope,
  ZPasskey,
  ZPasskeyCreationOptions,
  ZPasskeyList,
  ZPasskeyRegisterOptionsRequest,
  ZPasskeyRegisterRequest,
  ZPasskeyRemoveRequest,
  ZPasskeyRenameRequest,
  ZPasskeyRequestOptions,
} from '@kpc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/wire.ts';
import { clientOf } from '../account/security-events.ts';
import { authenticationOptions } from './passkey-step.ts';
import { listPasskeys, registerPasskey, registrationOptions, removePasskey, renamePasskey } from './passkeys.ts';
import type { TwoStepContext } from './service.ts';

/**
 * Members' passkeys (Step 11 §2), registered inside `twoStepRoutes` (so behind its session check):
 * added and removed on the two-step page, asked for by withdrawals and security changes.
 */
export const passkeyRoutes: FastifyPluginAsyncZod<{
  context: TwoStepContext;
  /** Ceremonies started per client address (each writes a challenge). */
  ceremonyLimit: { max: number; timeWindow: number };
}> = async (app, { context, ceremonyLimit }) => {
  const tags = ['two-step'];

  app.post(
    '/api/2fa/passkey/list',
    {
      schema: {
        tags,
        summary: "The member's passkeys",
        body: ZEmpty.optional(),
        response: { 200: ZEnvelope(ZPasskeyList) },
      },
    },
    async (request) => ok(await listPasskeys(context, sessionOf(request).memberId)),
  );

  app.post(
    '/api/2fa/passkey/registerOptions',
    {
      config: { rateLimit: ceremonyLimit },
      schema: {
        tags,
        summary:
          'Start adding a passkey: the emailed security code (and the second step when on), then options for the browser',
        body: ZPasskeyRegisterOptionsRequest,
        response: { 200: ZEnvelope(ZPasskeyCreationOptions) },
      },
    },
    async (request) => ok(await registrationOptions(context, sessionOf(request).memberId, request.body)),
  );

  app.post(
    '/api/2fa/passkey/register',
    {
      schema: {
        tags,
        summary: "Finish adding a passkey with the browser's new credential",
        body: ZPasskeyRegisterRequest,
        response: { 200: ZEnvelope(ZPasskey) },
      },
    },
    async (request) => {
      const { memberId, sessionId } = sessionOf(request);
      return ok(await registerPasskey(context, memberId, request.body, { client: clientOf(request), sessionId }));
    },
  );

  app.post(
    '/api/2fa/passkey/options',
    {
      config: { rateLimit: ceremonyLimit },
      schema: {
        tags,
        summary: "A challenge for the member's passkeys: the second step of a withdrawal or a security change",
        body: ZEmpty.optional(),
        response: { 200: ZEnvelope(ZPasskeyRequestOptions) },
      },
    },
    async (request) => ok(await authenticationOptions(context, sessionOf(request).memberId)),
  );

  app.post(
    '/api/2fa/passkey/rename',
    {
      schema: {
        tags,
        summary: 'Rename a passkey',
        body: ZPasskeyRenameRequest,
        response: { 200: ZEnvelope(ZPasskey) },
      },
    },
    async (request) => ok(await renamePasskey(context, sessionOf(request).memberId, request.body)),
  );

  app.post(
    '/api/2fa/passkey/remove',
    {
      schema: {
        tags,
        summary: 'Remove a passkey: the emailed security code and the second step',
        body: ZPasskeyRemoveRequest,
        response: { 200: ZEnvelope(ZPasskeyList) },
      },
    },
    async (request) => {
      const { memberId, sessionId } = sessionOf(request);
      return ok(await removePasskey(context, memberId, request.body, { client: clientOf(request), sessionId }));
    },
  );
};
