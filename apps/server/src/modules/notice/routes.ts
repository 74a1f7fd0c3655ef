import {
  ZEmpty,
  ZEnvelope,
  ZNoticeDetail,
  ZNoticeDetailRequest,
  ZNoticeListRequest,
  ZNoticeListResponse,
  ZNoticeUnreadResponse,
} from '@kpc/shared';
import {
  ZOperatorNotice,
  ZOperatorNoticeCreateRequest,
  ZOperatorNoticeEditRequest,
  ZOperatorNoticeHistoryResponse,
  ZOperatorNoticeIdRequest,
  ZOperatorNoticeListRequest,
  ZOperatorNoticeListResponse,
  ZOperatorNoticePublishRequest,
  ZOperatorNoticeVersionsResponse,
} from '@kpc/shared/operator';
import { Permission } from '@kpc/shared/operator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf, type createAuthHooks } from '../../plugins/auth.ts';
import { operatorOf } from '../../plugins/operator.ts';
import { ok } from '../../plugins/wire.ts';
import {
  createNotice,
  editNotice,
  listOperatorNotices,
  noticeHistory,
  noticeVersionList,
  operatorNoticeDetail,
  publishNotice,
  unpublishNotice,
} from './operator-service.ts';
import { listNotices, readNotice, unreadNotices, type NoticeContext } from './service.ts';

/**
 * Announcements, member side (Step 7, SPEC §2 `/pages/notice/index`, `/pages/notice/detail`; Home;
 * Mine). Texts come in the language of the `language` header (SPEC §7), as error messages do,
 * falling back to English.
 */
export const noticeRoutes: FastifyPluginAsyncZod<{
  context: NoticeContext;
  auth: ReturnType<typeof createAuthHooks>;
}> = async (app, { context, auth }) => {
  const tags = ['notice'];
  const member = { preHandler: auth.requireSession };
  app.post(
    '/api/notice/list',
    {
      ...member,
      schema: {
        tags,
        summary: 'Published announcements, newest first, in the member’s language (else English), read or not',
        body: ZNoticeListRequest,
        response: { 200: ZEnvelope(ZNoticeListResponse) },
      },
    },
    async (request) => ok(await listNotices(context, sessionOf(request).memberId, request.locale, request.body)),
  );
  app.post(
    '/api/notice/detail',
    {
      ...member,
      schema: {
        tags,
        summary: 'One published announcement with its sanitised HTML body; marks it read',
        body: ZNoticeDetailRequest,
        response: { 200: ZEnvelope(ZNoticeDetail) },
      },
    },
    async (request) => ok(await readNotice(context, sessionOf(request).memberId, request.locale, request.body)),
  );
  app.post(
    '/api/notice/unread',
    {
      ...member,
      schema: {
        tags,
        summary: 'How many published announcements the member has not opened, and the newest of them',
        body: ZEmpty.optional(),
        response: { 200: ZEnvelope(ZNoticeUnreadResponse) },
      },
    },
    async (request) => ok(await unreadNotices(context, sessionOf(request).memberId, request.locale)),
  );
};

/** Announcements, operator side: behind the operator key (plugins/operator.ts). */
export const noticeOperatorRoutes =
  (context: NoticeContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['operator'];
    app.post(
      '/api/operator/notice/list',
      {
        config: { operator: { permission: Permission.NOTICES_MANAGE } },
        schema: {
          tags,
          summary: 'Announcements, newest first (by status), every language',
          body: ZOperatorNoticeListRequest,
          response: { 200: ZEnvelope(ZOperatorNoticeListResponse) },
        },
      },
      async (request) => ok(await listOperatorNotices(context, request.body)),
    );
    app.post(
      '/api/operator/notice/create',
      {
        config: { operator: { permission: Permission.NOTICES_MANAGE } },
        schema: {
          tags,
          summary: 'A draft announcement in one or more languages; bodies are sanitised HTML',
          body: ZOperatorNoticeCreateRequest,
          response: { 200: ZEnvelope(ZOperatorNotice) },
        },
      },
      async (request) => ok(await createNotice(context, operatorOf(request).actor, request.body)),
    );
    app.post(
      '/api/operator/notice/edit',
      {
        config: { operator: { permission: Permission.NOTICES_MANAGE } },
        schema: {
          tags,
          summary: 'Write or remove (null) languages of an announcement; a published one keeps English',
          body: ZOperatorNoticeEditRequest,
          response: { 200: ZEnvelope(ZOperatorNotice) },
        },
      },
      async (request) => ok(await editNotice(context, operatorOf(request).actor, request.body)),
    );
    app.post(
      '/api/operator/notice/publish',
      {
        config: { operator: { permission: Permission.NOTICES_MANAGE } },
        schema: {
          tags,
          summary:
            'Publish a draft, unpublished or scheduled announcement now, or schedule it (publishAt); English required',
          body: ZOperatorNoticePublishRequest,
          response: { 200: ZEnvelope(ZOperatorNotice) },
        },
      },
      async (request) => ok(await publishNotice(context, operatorOf(request).actor, request.body)),
    );
    app.post(
      '/api/operator/notice/unpublish',
      {
        config: { operator: { permission: Permission.NOTICES_MANAGE } },
        schema: {
          tags,
          summary: 'Withdraw a published or scheduled announcement from members',
          body: ZOperatorNoticeIdRequest,
          response: { 200: ZEnvelope(ZOperatorNotice) },
        },
      },
      async (request) => ok(await unpublishNotice(context, operatorOf(request).actor, request.body)),
    );
    app.post(
      '/api/operator/notice/history',
      {
        config: { operator: { permission: Permission.NOTICES_MANAGE } },
        schema: {
          tags,
          summary: 'Every decision on an announcement: who created, edited, published, unpublished it, and when',
          body: ZOperatorNoticeIdRequest,
          response: { 200: ZEnvelope(ZOperatorNoticeHistoryResponse) },
        },
      },
      async (request) => ok(await noticeHistory(context, request.body)),
    );
    app.post(
      '/api/operator/notice/detail',
      {
        config: { operator: { permission: Permission.NOTICES_MANAGE } },
        schema: {
          tags,
          summary: 'One announcement in every language, its state (scheduled included) and version',
          body: ZOperatorNoticeIdRequest,
          response: { 200: ZEnvelope(ZOperatorNotice) },
        },
      },
      async (request) => ok(await operatorNoticeDetail(context, request.body)),
    );
    app.post(
      '/api/operator/notice/versions',
      {
        config: { operator: { permission: Permission.NOTICES_MANAGE } },
        schema: {
          tags,
          summary: 'Every saved version of an announcement, newest first: the whole text, who saved it, when, and how',
          body: ZOperatorNoticeIdRequest,
          response: { 200: ZEnvelope(ZOperatorNoticeVersionsResponse) },
        },
      },
      async (request) => ok(await noticeVersionList(context, request.body)),
    );
  };
