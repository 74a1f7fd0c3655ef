import { ZEnvelope } from '@kpc/shared';
import {
  Permission,
  ZOperatorActivationCode,
  ZOperatorCodeLookupRequest,
  ZOperatorCodeLookupResponse,
  ZOperatorCodeVoidRequest,
} from '@kpc/shared/operator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorOf } from '../../plugins/operator.ts';
import { ok } from '../../plugins/wire.ts';
import { lookupCodes, voidCode, type CodeOperatorContext } from './operator.ts';

/** Activation codes for operators (Step 8b §1, cards.manage): look up and void (audited). */
export const codeOperatorRoutes =
  (context: CodeOperatorContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['operator'];
    const config = { operator: { permission: Permission.CARDS_MANAGE } };
    app.post(
      '/api/operator/codes/lookup',
      {
        config,
        schema: {
          tags,
          summary: 'Activation codes by a whole code, its visible part, or the owner (id, email, invitation code)',
          body: ZOperatorCodeLookupRequest,
          response: { 200: ZEnvelope(ZOperatorCodeLookupResponse) },
        },
      },
      async (request) => ok(await lookupCodes(context, request.body)),
    );
    app.post(
      '/api/operator/codes/void',
      {
        config,
        schema: {
          tags,
          summary: 'Void an unused activation code with a reason: it can then never be used or given',
          body: ZOperatorCodeVoidRequest,
          response: { 200: ZEnvelope(ZOperatorActivationCode) },
        },
      },
      async (request) => ok(await voidCode(context, operatorOf(request).actor, request.body)),
    );
  };
