import { z } from 'zod';
import { LOCALE_CODES, type LocaleCode } from '../locales.ts';
import { ZLimit, ZRecordId } from './common.ts';

/**
 * Announcements (Step 7, SPEC §2 `/pages/notice/index`, `/pages/notice/detail`, §3 "Notice").
 * Members read the published ones in the language of their `language` header, falling back to
 * English; opening one marks it read. The body is HTML the server sanitised when the operator wrote
 * it: the member app shows that and nothing else.
 */

export const NoticeStatus = { DRAFT: 'draft', PUBLISHED: 'published', UNPUBLISHED: 'unpublished' } as const;
export type TNoticeStatus = (typeof NoticeStatus)[keyof typeof NoticeStatus];
export const ZNoticeStatus = z.enum([NoticeStatus.DRAFT, NoticeStatus.PUBLISHED, NoticeStatus.UNPUBLISHED], {
  error: 'validation.invalid',
});

/** A notice is written in any of the seven languages of SPEC §1. */
export const ZNoticeLanguage = z.enum(LOCALE_CODES as [LocaleCode, ...LocaleCode[]], { error: 'validation.invalid' });

const NOTICE_CURSOR_PATTERN = /^\d{1,15}\.\d{1,19}$/;
/**
 * The member list's paging cursor: `<published time in ms>.<id>` of the last notice seen (the list
 * is ordered by publication, which is not the order of ids).
 */
export const ZNoticeCursor = z
  .string({ error: 'validation.invalid' })
  .regex(NOTICE_CURSOR_PATTERN, 'validation.invalid')
  // Refinements run even when the pattern failed: test it again before reading the id.
  .refine(
    (value) => NOTICE_CURSOR_PATTERN.test(value) && BigInt(value.split('.')[1]!) <= 9_223_372_036_854_775_807n,
    'validation.invalid',
  )
  .meta({ description: "The previous page's nextCursor." });

/** POST /api/notice/list {cursor?, limit?}: published notices, newest first. */
export const ZNoticeListRequest = z.object({ cursor: ZNoticeCursor.optional(), limit: ZLimit.optional() });
export type TNoticeListRequest = z.input<typeof ZNoticeListRequest>;

export const ZNoticeListItem = z.object({
  id: z.string(),
  title: z.string(),
  /** The body's opening text, without markup. */
  summary: z.string(),
  publishedAt: z.string(),
  /** The language the title and summary are in: the member's, or English when the notice lacks it. */
  language: ZNoticeLanguage,
  /** The member has opened it. */
  read: z.boolean(),
});
export type TNoticeListItem = z.infer<typeof ZNoticeListItem>;
export const ZNoticeListResponse = z.object({ list: z.array(ZNoticeListItem), nextCursor: z.string().nullable() });
export type TNoticeListResponse = z.infer<typeof ZNoticeListResponse>;

/** POST /api/notice/detail {id}: one published notice; marks it read for the member. */
export const ZNoticeDetailRequest = z.object({ id: ZRecordId });
export type TNoticeDetailRequest = z.input<typeof ZNoticeDetailRequest>;
export const ZNoticeDetail = z.object({
  id: z.string(),
  title: z.string(),
  /** Sanitised HTML: paragraphs, emphasis, lists, headings, quotes and http(s) links only. */
  body: z.string(),
  publishedAt: z.string(),
  language: ZNoticeLanguage,
});
export type TNoticeDetail = z.infer<typeof ZNoticeDetail>;

/** POST /api/notice/unread: how many published notices the member has not opened, and the newest of them. */
export const ZNoticeUnreadResponse = z.object({
  count: z.number().int(),
  latest: z.object({ id: z.string(), title: z.string(), language: ZNoticeLanguage }).nullable(),
});
export type TNoticeUnreadResponse = z.infer<typeof ZNoticeUnreadResponse>;
