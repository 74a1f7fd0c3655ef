import {
  ZAuthResponse,
  ZBindWalletRequest,
  ZBindWalletResponse,
  ZEmpty,
  ZEndOtherSessionsResponse,
  ZEndSessionRequest,
  ZEnvelope,
  ZInfoRequest,
  ZLoginEmailRequest,
  ZLoginResponse,
  ZMemberSessionsResponse,
  ZRegisterRequest,
  ZRegisterResponse,
  ZResetPasswordRequest,
  ZSecurityEventsRequest,
  ZSecurityEventsResponse,
  ZSendCodeRequest,
  ZSendCodeResponse,
  ZUserInfo,
  ZWalletLoginRequest,
} from '@kpc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf, type createAuthHooks } from '../../plugins/auth.ts';
import { ok } from '../../plugins/wire.ts';
import { createCredentialLimits } from './credential-limits.ts';
import {
  endOtherSession,
  endOtherSessions,
  listActiveSessions,
  listSecurityEvents,
  signOut,
} from './security-activity.ts';
import { clientOf } from './security-events.ts';
import { getUserInfo, loginWithEmail, register, resetPassword, sendCode, type AccountContext } from './service.ts';
import { bindWallet, issueWalletNonce, loginWithWallet, type WalletContext } from './wallet.ts';

export interface AccountRouteOptions {
  context: AccountContext;
  wallet: WalletContext;
  auth: ReturnType<typeof createAuthHooks>;
  /**
   * `login`: credential attempts per client address over all credential calls; `account`: per
   * email or wallet address; `code`: code mails per client address; each per `windowMs`.
   */
  limits: { login: number; account: number; code: number; windowMs: number };
}

const ZNull = z.null();

/** The account calls (SPEC §7 `acc` module): email accounts (Step 1) and wallet sign-in (Step 2). */
export const accountRoutes: FastifyPluginAsyncZod<AccountRouteOptions> = async (
  app,
  { context, wallet, auth, limits },
) => {
  const credentials = createCredentialLimits(app, {
    perClient: limits.login,
    perAccount: limits.account,
    windowMs: limits.windowMs,
    secret: context.secret,
  });
  // Issuing a nonce is no credential attempt: its own bucket, one nonce per wallet sign-in or binding.
  const nonceLimit = { rateLimit: { max: limits.login, timeWindow: limits.windowMs } };
  const codeLimit = { rateLimit: { max: limits.code, timeWindow: limits.windowMs } };
  const tags = ['acc'];

  app.post(
    '/api/acc/sendCode',
    {
      config: codeLimit,
      schema: {
        tags,
        summary: 'Mail a verification code (register, resetPassword, login)',
        body: ZSendCodeRequest,
        response: { 200: ZEnvelope(ZSendCodeResponse) },
      },
    },
    async (request) => ok(await sendCode(context, request.locale, request.body.email, request.body.purpose)),
  );

  app.post(
    '/api/acc/register',
    {
      onRequest: credentials.countClientAttempt,
      schema: {
        tags,
        summary: 'Register an email member with an invitation code; answers a session, as an email login does',
        body: ZRegisterRequest,
        response: { 200: ZEnvelope(ZRegisterResponse) },
      },
    },
    async (request, reply) => {
      await credentials.countAccountAttempt(request, reply, request.body.email);
      return ok(await register(context, request.body, clientOf(request)));
    },
  );

  app.post(
    '/api/acc/loginEmail',
    {
      onRequest: credentials.countClientAttempt,
      schema: {
        tags,
        summary: 'Log in by email: type 1 password, type 2 emailed code',
        body: ZLoginEmailRequest,
        response: { 200: ZEnvelope(ZLoginResponse) },
      },
    },
    async (request, reply) => {
      await credentials.countAccountAttempt(request, reply, request.body.email);
      return ok(await loginWithEmail(context, request.body, clientOf(request)));
    },
  );

  app.post(
    '/api/acc/auth',
    {
      config: nonceLimit,
      preHandler: auth.readOptionalSession,
      schema: {
        tags,
        summary: 'A single-use nonce (`auth`) for a wallet to sign in an EIP-4361 message; valid 5 minutes',
        description:
          'Sent with a `token`, the nonce belongs to that session: only it can bind a wallet with the nonce (`/api/acc/bindWallet`). Any nonce signs in.',
        body: ZEmpty,
        response: { 200: ZEnvelope(ZAuthResponse) },
      },
    },
    async (request) => ok(await issueWalletNonce(wallet, request.session?.sessionId)),
  );

  app.post(
    '/api/acc/login',
    {
      onRequest: credentials.countClientAttempt,
      schema: {
        tags,
        summary: 'Wallet sign-in: `random` is the signed EIP-4361 message, `sign` its signature',
        description:
          'A first sign-in of an address creates the member under `inviteAddress` (an invitation code or an inviter wallet address). The nonce is consumed only on success.',
        body: ZWalletLoginRequest,
        response: { 200: ZEnvelope(ZLoginResponse) },
      },
    },
    async (request, reply) => {
      await credentials.countAccountAttempt(request, reply, request.body.address);
      return ok(await loginWithWallet(wallet, request.body, clientOf(request)));
    },
  );

  app.post(
    '/api/acc/bindWallet',
    {
      onRequest: credentials.countClientAttempt,
      preHandler: auth.requireSession,
      schema: {
        tags,
        summary: 'Bind the signing wallet to the logged-in member',
        description:
          "The message names the member's invitation code and carries a nonce this session asked for (`/api/acc/auth` with its `token`).",
        body: ZBindWalletRequest,
        response: { 200: ZEnvelope(ZBindWalletResponse) },
      },
    },
    async (request, reply) => {
      await credentials.countAccountAttempt(request, reply, request.body.address);
      return ok(await bindWallet(wallet, sessionOf(request), request.body, clientOf(request)));
    },
  );

  app.post(
    '/api/acc/resetPassword',
    {
      onRequest: credentials.countClientAttempt,
      preHandler: auth.readOptionalSession,
      schema: {
        tags,
        summary: 'Set a new password by emailed code; ends every other session',
        body: ZResetPasswordRequest,
        response: { 200: ZEnvelope(ZNull) },
      },
    },
    async (request, reply) => {
      await credentials.countAccountAttempt(request, reply, request.body.email);
      await resetPassword(context, request.locale, request.body, request.session, clientOf(request));
      return ok(null);
    },
  );

  app.post(
    '/api/acc/info',
    {
      preHandler: auth.requireSession,
      schema: { tags, summary: 'The logged-in member', body: ZInfoRequest, response: { 200: ZEnvelope(ZUserInfo) } },
    },
    async (request) => ok(await getUserInfo(context.db, sessionOf(request).memberId)),
  );

  app.post(
    '/api/acc/logout',
    {
      preHandler: auth.requireSession,
      schema: { tags, summary: 'End this session', body: ZEmpty, response: { 200: ZEnvelope(ZNull) } },
    },
    async (request) => {
      await signOut(context, sessionOf(request), clientOf(request));
      return ok(null);
    },
  );

  // Security activity (Step 11 §2, /pages/security/activity).
  app.post(
    '/api/acc/security/events',
    {
      preHandler: auth.requireSession,
      schema: {
        tags,
        summary: "The member's security events, newest first: sign-ins, password changes, wallet, sessions ended",
        body: ZSecurityEventsRequest,
        response: { 200: ZEnvelope(ZSecurityEventsResponse) },
      },
    },
    async (request) => ok(await listSecurityEvents(context.db, sessionOf(request), request.body)),
  );

  app.post(
    '/api/acc/sessions',
    {
      preHandler: auth.requireSession,
      schema: {
        tags,
        summary: "The member's active sessions, this one (`current`) first: device, address, created, last seen",
        body: ZEmpty,
        response: { 200: ZEnvelope(ZMemberSessionsResponse) },
      },
    },
    async (request) => ok(await listActiveSessions(context, sessionOf(request))),
  );

  app.post(
    '/api/acc/sessions/end',
    {
      preHandler: auth.requireSession,
      schema: {
        tags,
        summary: 'End one other session of the member: its token stops working at once, in every process',
        description: "Another member's session, an ended one and this one answer alike: SESSION_NOT_FOUND.",
        body: ZEndSessionRequest,
        response: { 200: ZEnvelope(ZNull) },
      },
    },
    async (request) => {
      await endOtherSession(context, sessionOf(request), clientOf(request), request.body.sessionId);
      return ok(null);
    },
  );

  app.post(
    '/api/acc/sessions/endOthers',
    {
      preHandler: auth.requireSession,
      schema: {
        tags,
        summary: 'End every session of the member but this one; answers how many ended',
        body: ZEmpty,
        response: { 200: ZEnvelope(ZEndOtherSessionsResponse) },
      },
    },
    async (request) => ok(await endOtherSessions(context, sessionOf(request), clientOf(request))),
  );
};
