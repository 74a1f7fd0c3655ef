import { ZEmpty, ZEnvelope, ZNotificationPrefs, ZNotificationPrefSetRequest } from '@kpc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { sessionOf, type createAuthHooks } from '../../plugins/auth.ts';
import { ok } from '../../plugins/wire.ts';
import { notificationPrefs, setNotificationPref } from './prefs.ts';

/** Members' email notifications (Step 11 §2): which kinds they receive, chosen in Mine. */
export const notificationRoutes: FastifyPluginAsyncZod<{
  db: Database;
  auth: ReturnType<typeof createAuthHooks>;
}> = async (app, { db, auth }) => {
  const tags = ['notifications'];
  app.addHook('preHandler', auth.requireSession);

  app.post(
    '/api/notify/prefs',
    {
      schema: {
        tags,
        summary: 'Every notification kind with whether the member receives it',
        body: ZEmpty.optional(),
        response: { 200: ZEnvelope(ZNotificationPrefs) },
      },
    },
    async (request) => ok(await notificationPrefs(db, sessionOf(request).memberId)),
  );

  app.post(
    '/api/notify/prefs/set',
    {
      schema: {
        tags,
        summary: 'Turn one notification kind on or off (security mails cannot be turned off)',
        body: ZNotificationPrefSetRequest,
        response: { 200: ZEnvelope(ZNotificationPrefs) },
      },
    },
    async (request) => ok(await setNotificationPref(db, sessionOf(request).memberId, request.locale, request.body)),
  );
};
