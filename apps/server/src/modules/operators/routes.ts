import { normalizeIP } from '@fastify/rate-limit';
import { AppError, ZEnvelope, ZEmpty } from '@kpc/shared';
import {
  Permission,
  ZEnrolment,
  ZEnrolmentLink,
  ZEnrolmentRequest,
  ZEnrolRequest,
  ZEnrolResponse,
  ZInviteOperatorRequest,
  ZOperator,
  ZOperatorListResponse,
  ZOperatorLoginRequest,
  ZOperatorSession,
  ZOperatorTargetRequest,
  ZSetOperatorRolesRequest,
  ZStepUpRequest,
  ZStepUpResponse,
} from '@kpc/shared/operator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorOf, sessionCookie, signedInOf } from '../../plugins/operator.ts';
import { ok } from '../../plugins/wire.ts';
import {
  completeEnrolment,
  inviteOperator,
  listOperators,
  readEnrolment,
  resetSecondFactor,
  setOperatorDisabled,
  setOperatorRoles,
} from './accounts.ts';
import type { OperatorContext } from './context.ts';
import { authenticateOperator, sessionView, signIn, signOut, stepUp } from './sessions.ts';

export interface OperatorRoutesOptions {
  context: OperatorContext;
  /** Sign-in attempts per client address and per account, and their window. */
  limits: { perAddress: number; perAccount: number; windowMs: number };
}

/**
 * The console's own calls (Step 8a §2): `/api/operator/auth/*` (sign in with password and second
 * factor, enrol from a link, who am I, step-up, sign out) and `/api/operator/operators/*`
 * (administrators: invite, roles, disable, reset a second factor). Changing operators needs a fresh
 * second factor, like a money action.
 */
export const operatorAccountRoutes =
  ({ context, limits }: OperatorRoutesOptions): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['operator'];
    const secure = context.publicUrl.startsWith('https:');
    const perAddress = app.createRateLimit({
      max: limits.perAddress,
      timeWindow: limits.windowMs,
      keyGenerator: (request) => `operator-sign-in:${normalizeIP(request.ip)}`,
    });
    const perAccount = app.createRateLimit({
      max: limits.perAccount,
      timeWindow: limits.windowMs,
      keyGenerator: (request) =>
        `operator-account:${String((request.body as { email?: unknown }).email).toLowerCase()}`,
    });
    const limited =
      (...checks: Array<typeof perAddress>) =>
      async (request: FastifyRequest, reply: FastifyReply) => {
        for (const check of checks) {
          const result = await check(request);
          if (!result.isAllowed && result.isExceeded) {
            const seconds = Math.max(1, result.ttlInSeconds);
            void reply.header('retry-after', seconds);
            throw new AppError('RATE_LIMITED', { seconds });
          }
        }
      };
    const ip = (request: FastifyRequest) => normalizeIP(request.ip);
    const setCookie = (reply: FastifyReply, token: string | null) =>
      reply.header('set-cookie', sessionCookie(token, context.policy.maxAgeSeconds, secure));

    app.post(
      '/api/operator/auth/login',
      {
        config: { operator: 'public' },
        preHandler: limited(perAddress, perAccount),
        schema: {
          tags,
          summary: 'Sign in with email, password and a TOTP or recovery code; sets the session cookie',
          body: ZOperatorLoginRequest,
          response: { 200: ZEnvelope(ZOperatorSession) },
        },
      },
      async (request, reply) => {
        const { token } = await signIn(context, request.body, ip(request));
        setCookie(reply, token);
        const signedIn = await authenticateOperator(context, token);
        return ok(await sessionView(context, signedIn!));
      },
    );
    app.post(
      '/api/operator/auth/enrolment',
      {
        config: { operator: 'public' },
        preHandler: limited(perAddress),
        schema: {
          tags,
          summary: 'What an enrolment link is for, and the authenticator secret it offers',
          body: ZEnrolmentRequest,
          response: { 200: ZEnvelope(ZEnrolment) },
        },
      },
      async (request) => ok(await readEnrolment(context, request.body.token)),
    );
    app.post(
      '/api/operator/auth/enrol',
      {
        config: { operator: 'public' },
        preHandler: limited(perAddress),
        schema: {
          tags,
          summary: 'Set the password, prove the authenticator and sign in; answers ten recovery codes, once',
          body: ZEnrolRequest,
          response: { 200: ZEnvelope(ZEnrolResponse) },
        },
      },
      async (request, reply) => {
        const enrolled = await completeEnrolment(context, request.body, ip(request));
        setCookie(reply, enrolled.token);
        const signedIn = await authenticateOperator(context, enrolled.token);
        return ok({ recoveryCodes: enrolled.recoveryCodes, session: await sessionView(context, signedIn!) });
      },
    );
    app.post(
      '/api/operator/auth/me',
      {
        config: { operator: 'signed-in' },
        schema: {
          tags,
          summary: 'The signed-in operator and the session',
          body: ZEmpty.optional(),
          response: { 200: ZEnvelope(ZOperatorSession) },
        },
      },
      async (request) => ok(await sessionView(context, signedInOf(request))),
    );
    app.post(
      '/api/operator/auth/step-up',
      {
        config: { operator: 'signed-in' },
        schema: {
          tags,
          summary: 'A fresh TOTP code, so money actions may follow for a few minutes',
          body: ZStepUpRequest,
          response: { 200: ZEnvelope(ZStepUpResponse) },
        },
      },
      async (request) => {
        const until = await stepUp(context, signedInOf(request), request.body.code, ip(request));
        return ok({ stepUpUntil: until.toISOString() });
      },
    );
    app.post(
      '/api/operator/auth/logout',
      {
        config: { operator: 'signed-in' },
        schema: { tags, summary: 'Ends the session', body: ZEmpty.optional(), response: { 200: ZEnvelope(ZEmpty) } },
      },
      async (request, reply) => {
        await signOut(context, signedInOf(request), ip(request));
        setCookie(reply, null);
        return ok({});
      },
    );

    const manage = { permission: Permission.OPERATORS_MANAGE, stepUp: true } as const;
    app.post(
      '/api/operator/operators/list',
      {
        config: { operator: { permission: Permission.OPERATORS_MANAGE } },
        schema: {
          tags,
          summary: 'Every operator',
          body: ZEmpty.optional(),
          response: { 200: ZEnvelope(ZOperatorListResponse) },
        },
      },
      async () => ok(await listOperators(context)),
    );
    app.post(
      '/api/operator/operators/invite',
      {
        config: { operator: manage },
        schema: {
          tags,
          summary: 'Invite an operator with roles; answers the one-time enrolment link to hand over',
          body: ZInviteOperatorRequest,
          response: { 200: ZEnvelope(ZEnrolmentLink) },
        },
      },
      async (request) => ok(await inviteOperator(context, operatorOf(request).actor, request.body)),
    );
    app.post(
      '/api/operator/operators/roles',
      {
        config: { operator: manage },
        schema: {
          tags,
          summary: "Change an operator's roles",
          body: ZSetOperatorRolesRequest,
          response: { 200: ZEnvelope(ZOperator) },
        },
      },
      async (request) => ok(await setOperatorRoles(context, operatorOf(request).actor, request.body)),
    );
    for (const [path, disabled] of [
      ['/api/operator/operators/disable', true],
      ['/api/operator/operators/enable', false],
    ] as const) {
      app.post(
        path,
        {
          config: { operator: manage },
          schema: {
            tags,
            summary: disabled ? 'Disable an operator (every session ends)' : 'Enable a disabled operator',
            body: ZOperatorTargetRequest,
            response: { 200: ZEnvelope(ZOperator) },
          },
        },
        async (request) => ok(await setOperatorDisabled(context, operatorOf(request).actor, request.body, disabled)),
      );
    }
    app.post(
      '/api/operator/operators/reset-second-factor',
      {
        config: { operator: manage },
        schema: {
          tags,
          summary: 'Reset a lost second factor: the old one stops at once; answers a new enrolment link',
          body: ZOperatorTargetRequest,
          response: { 200: ZEnvelope(ZEnrolmentLink) },
        },
      },
      async (request) => ok(await resetSecondFactor(context, operatorOf(request).actor, request.body)),
    );
  };
