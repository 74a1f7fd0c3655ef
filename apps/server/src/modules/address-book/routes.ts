import {
  ZAddressAddRequest,
  ZAddressBookOnlyRequest,
  ZAddressBookResponse,
  ZAddressCancelPeek,
  ZAddressCancelRequest,
  ZAddressCancelResponse,
  ZAddressRemoveRequest,
  ZEmpty,
  ZEnvelope,
  ZSavedAddress,
  ZWithdrawCodeResponse,
} from '@kpc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf, type createAuthHooks } from '../../plugins/auth.ts';
import { ok } from '../../plugins/wire.ts';
import { clientOf } from '../account/security-events.ts';
import { cancelByLink, peekCancel } from './cancel.ts';
import {
  addAddress,
  listAddresses,
  removeAddress,
  sendAddressBookCode,
  setAddressBookOnly,
  type AddressBookContext,
} from './service.ts';

type Limit = { max: number; timeWindow: number };

/** The withdrawal address book (Step 11 §2): the member's own calls, and the mail's public cancel link. */
export const addressBookRoutes: FastifyPluginAsyncZod<{
  context: AddressBookContext;
  auth: ReturnType<typeof createAuthHooks>;
  /** Code mails per client address (the withdrawal code's limit). */
  codeLimit: Limit;
  /** The public cancel link's calls per client address (the sign-in limit): tokens cannot be tried in bulk. */
  linkLimit: Limit;
}> = async (app, { context, auth, codeLimit, linkLimit }) => {
  const tags = ['address-book'];
  const member = { preHandler: auth.requireSession };
  const actorOf = (request: Parameters<typeof clientOf>[0]) => ({
    client: clientOf(request),
    sessionId: sessionOf(request).sessionId,
  });

  app.post(
    '/api/wdaddr/list',
    {
      ...member,
      schema: {
        tags,
        summary: "The member's saved withdrawal addresses (newest first), and whether only they may be used",
        body: ZEmpty.optional(),
        response: { 200: ZEnvelope(ZAddressBookResponse) },
      },
    },
    async (request) => ok(await listAddresses(context, sessionOf(request).memberId)),
  );

  app.post(
    '/api/wdaddr/sendCode',
    {
      ...member,
      config: { rateLimit: codeLimit },
      schema: {
        tags,
        summary: "Mail the code for an address-book change to the member's own email",
        body: ZEmpty.optional(),
        response: { 200: ZEnvelope(ZWithdrawCodeResponse) },
      },
    },
    async (request) => ok(await sendAddressBookCode(context, request.locale, sessionOf(request).memberId)),
  );

  app.post(
    '/api/wdaddr/add',
    {
      ...member,
      schema: {
        tags,
        summary:
          'Save a withdrawal address (emailed code, and the authenticator code when on); usable after the lock, with a cancel link mailed',
        body: ZAddressAddRequest,
        response: { 200: ZEnvelope(ZSavedAddress) },
      },
    },
    async (request) =>
      ok(await addAddress(context, request.locale, sessionOf(request).memberId, request.body, actorOf(request))),
  );

  app.post(
    '/api/wdaddr/remove',
    {
      ...member,
      schema: {
        tags,
        summary: "Remove one of the member's saved withdrawal addresses; answers the address removed",
        body: ZAddressRemoveRequest,
        response: { 200: ZEnvelope(ZSavedAddress) },
      },
    },
    async (request) => ok(await removeAddress(context, sessionOf(request).memberId, request.body.id, actorOf(request))),
  );

  app.post(
    '/api/wdaddr/setOnly',
    {
      ...member,
      schema: {
        tags,
        summary: 'Turn "address book only" on or off (emailed code, and the authenticator code when on)',
        body: ZAddressBookOnlyRequest,
        response: { 200: ZEnvelope(ZAddressBookResponse) },
      },
    },
    async (request) =>
      ok(await setAddressBookOnly(context, sessionOf(request).memberId, request.body, actorOf(request))),
  );

  app.post(
    '/api/wdaddr/cancel/peek',
    {
      config: { rateLimit: linkLimit },
      schema: {
        tags,
        summary: "What a mail's cancel link would remove (address masked); public, the token is the authority",
        body: ZAddressCancelRequest,
        response: { 200: ZEnvelope(ZAddressCancelPeek) },
      },
    },
    async (request) => ok(await peekCancel(context, request.body.token)),
  );

  app.post(
    '/api/wdaddr/cancel',
    {
      config: { rateLimit: linkLimit },
      schema: {
        tags,
        summary: "Remove the address a mail's cancel link names (once; again answers already); public",
        body: ZAddressCancelRequest,
        response: { 200: ZEnvelope(ZAddressCancelResponse) },
      },
    },
    async (request) => ok(await cancelByLink(context, request.body.token, clientOf(request))),
  );
};
