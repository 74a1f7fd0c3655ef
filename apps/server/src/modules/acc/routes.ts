import {
  ZAuthResponse,
  ZBindWalletRequest,
  ZBindWalletResponse,
  ZEmpty,
  ZEnvelope,
  ZInfoRequest,
  ZLoginEmailRequest,
  ZLoginResponse,
  ZRegisterRequest,
  ZResetPasswordRequest,
  ZSendCodeRequest,
  ZSendCodeResponse,
  ZUserInfo,
  ZWalletLoginRequest,
} from '@kpc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf, type createAuthHooks } from '../../plugins/auth.ts';
import { ok } from '../../plugins/wire.ts';
import { revokeSession } from './sessions.ts';
import { getUserInfo, loginWithEmail, register, resetPassword, sendCode, type AccountContext } from './service.ts';
import { bindWallet, issueWalletNonce, loginWithWallet, type WalletContext } from './wallet.ts';

export interface AccountRouteOptions {
  context: AccountContext;
  wallet: WalletContext;
  auth: ReturnType<typeof createAuthHooks>;
  limits: { login: number; code: number; windowMs: number };
}

const ZNull = z.null();

/** The account calls (SPEC §7 `acc` module): email accounts (Step 1) and wallet sign-in (Step 2). */
export const accountRoutes: FastifyPluginAsyncZod<AccountRouteOptions> = async (
  app,
  { context, wallet, auth, limits },
) => {
  const loginLimit = { rateLimit: { max: limits.login, timeWindow: limits.windowMs } };
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
      config: loginLimit,
      schema: {
        tags,
        summary: 'Register an email member with an invitation code',
        body: ZRegisterRequest,
        response: { 200: ZEnvelope(ZNull) },
      },
    },
    async (request) => {
      await register(context, request.body);
      return ok(null);
    },
  );

  app.post(
    '/api/acc/loginEmail',
    {
      config: loginLimit,
      schema: {
        tags,
        summary: 'Log in by email: type 1 password, type 2 emailed code',
        body: ZLoginEmailRequest,
        response: { 200: ZEnvelope(ZLoginResponse) },
      },
    },
    async (request) => ok(await loginWithEmail(context, request.body)),
  );

  app.post(
    '/api/acc/auth',
    {
      config: loginLimit,
      schema: {
        tags,
        summary: 'A single-use nonce (`auth`) for a wallet to sign in an EIP-4361 message; valid 5 minutes',
        body: ZEmpty,
        response: { 200: ZEnvelope(ZAuthResponse) },
      },
    },
    async () => ok(await issueWalletNonce(wallet)),
  );

  app.post(
    '/api/acc/login',
    {
      config: loginLimit,
      schema: {
        tags,
        summary: 'Wallet sign-in: `random` is the signed EIP-4361 message, `sign` its signature',
        description:
          'A first sign-in of an address creates the member under `inviteAddress` (an invitation code or an inviter wallet address). The nonce is consumed only on success.',
        body: ZWalletLoginRequest,
        response: { 200: ZEnvelope(ZLoginResponse) },
      },
    },
    async (request) => ok(await loginWithWallet(wallet, request.body)),
  );

  app.post(
    '/api/acc/bindWallet',
    {
      config: loginLimit,
      preHandler: auth.requireSession,
      schema: {
        tags,
        summary: 'Bind the signing wallet to the logged-in member',
        body: ZBindWalletRequest,
        response: { 200: ZEnvelope(ZBindWalletResponse) },
      },
    },
    async (request) => ok(await bindWallet(wallet, sessionOf(request).memberId, request.body)),
  );

  app.post(
    '/api/acc/resetPassword',
    {
      config: loginLimit,
      preHandler: auth.readOptionalSession,
      schema: {
        tags,
        summary: 'Set a new password by emailed code; ends every other session',
        body: ZResetPasswordRequest,
        response: { 200: ZEnvelope(ZNull) },
      },
    },
    async (request) => {
      await resetPassword(context, request.locale, request.body, request.session);
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
      await revokeSession(context.db, context.clock, sessionOf(request).sessionId, 'logout');
      return ok(null);
    },
  );
};
