import { z } from 'zod';
import { ZCursor, ZLimit, ZRecordId } from '../schemas/common.ts';
import { ZNoticeLanguage, ZNoticeStatus } from '../schemas/notice.ts';

/**
 * What operators do to announcements (Step 7), under `/api/operator/notice/<action>` with the
 * `x-operator-key` header: create and edit them in any of the seven languages, publish (English
 * required), unpublish, list them and read their history. Every decision keeps the operator's name
 * and time. Bodies are HTML: the server keeps only an allowlist of tags (see the server's
 * `modules/notice/sanitize.ts`) and answers what it kept.
 */

/**
 * The tags a body keeps (the server's `modules/notice/sanitize.ts` applies it on write; the
 * console's preview applies it too, so what it shows is what members will see).
 */
export const NOTICE_BODY_TAGS = [
  'p',
  'br',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
  'hr',
  'a',
] as const;
/** Tags dropped with their content (code and embedded documents); any other tag is unwrapped to its text. */
export const NOTICE_DROPPED_TAGS = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'object',
  'template',
  'svg',
  'math',
] as const;

/** Longest title, in characters. */
export const NOTICE_TITLE_MAX = 200;
/** Longest body, in characters of HTML as sent. */
export const NOTICE_BODY_MAX = 50_000;

export const ZNoticeContent = z.object({
  title: z
    .string({ error: 'validation.invalid' })
    .trim()
    .min(1, 'validation.invalid')
    .max(NOTICE_TITLE_MAX, 'validation.invalid'),
  body: z
    .string({ error: 'validation.invalid' })
    .trim()
    .min(1, 'validation.invalid')
    .max(NOTICE_BODY_MAX, 'validation.invalid'),
});
export type TNoticeContent = z.input<typeof ZNoticeContent>;

const hasSome = (translations: Record<string, unknown>) => Object.keys(translations).length > 0;

/** POST /api/operator/notice/create: a draft, in one or more languages. */
export const ZOperatorNoticeCreateRequest = z.object({
  translations: z.partialRecord(ZNoticeLanguage, ZNoticeContent).refine(hasSome, 'validation.invalid'),
});
export type TOperatorNoticeCreateRequest = z.input<typeof ZOperatorNoticeCreateRequest>;

/**
 * POST /api/operator/notice/edit: writes the languages given (a published notice changes at once);
 * `null` removes a language. Languages not named stay as they are. A published notice keeps English.
 */
export const ZOperatorNoticeEditRequest = z.object({
  id: ZRecordId,
  translations: z.partialRecord(ZNoticeLanguage, ZNoticeContent.nullable()).refine(hasSome, 'validation.invalid'),
  /** Step 8b: the version the editor started from; another save since then is refused (NOTICE_EDIT_CONFLICT). */
  expectedVersion: z
    .number({ error: 'validation.invalid' })
    .int('validation.invalid')
    .positive('validation.invalid')
    .optional(),
});
export type TOperatorNoticeEditRequest = z.input<typeof ZOperatorNoticeEditRequest>;

/** POST /api/operator/notice/detail, /unpublish, /history and /versions: one notice. */
export const ZOperatorNoticeIdRequest = z.object({ id: ZRecordId });
export type TOperatorNoticeIdRequest = z.input<typeof ZOperatorNoticeIdRequest>;

/**
 * POST /api/operator/notice/publish: now, or (Step 8b) at `publishAt`, a time still to come — members
 * see it from then. A scheduled notice may be scheduled again or published now.
 */
export const ZOperatorNoticePublishRequest = z.object({
  id: ZRecordId,
  publishAt: z.iso.datetime({ offset: true, error: 'validation.invalid' }).optional(),
});
export type TOperatorNoticePublishRequest = z.input<typeof ZOperatorNoticePublishRequest>;

/** What the console shows of a notice's state: a `published` one still to come is `scheduled`. */
export const NoticeState = {
  DRAFT: 'draft',
  SCHEDULED: 'scheduled',
  PUBLISHED: 'published',
  UNPUBLISHED: 'unpublished',
} as const;
export type TNoticeState = (typeof NoticeState)[keyof typeof NoticeState];
export const ZNoticeState = z.enum([
  NoticeState.DRAFT,
  NoticeState.SCHEDULED,
  NoticeState.PUBLISHED,
  NoticeState.UNPUBLISHED,
]);

/** POST /api/operator/notice/list: newest first (by creation), optionally of one status. */
export const ZOperatorNoticeListRequest = z.object({
  status: ZNoticeStatus.optional(),
  cursor: ZCursor.optional(),
  limit: ZLimit.optional(),
});
export type TOperatorNoticeListRequest = z.input<typeof ZOperatorNoticeListRequest>;

export const ZOperatorNotice = z.object({
  id: z.string(),
  status: ZNoticeStatus,
  /** `status`, with a published notice whose time is still to come shown as `scheduled`. */
  state: ZNoticeState,
  /** The newest version (1 on creation, one more per save). */
  version: z.number().int(),
  /** Every language written, English first; `body` is the sanitised HTML members see. */
  translations: z.array(z.object({ language: ZNoticeLanguage, title: z.string(), body: z.string() })),
  publishedAt: z.string().nullable(),
  publishedBy: z.string().nullable(),
  unpublishedAt: z.string().nullable(),
  unpublishedBy: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type TOperatorNotice = z.infer<typeof ZOperatorNotice>;
export const ZOperatorNoticeListResponse = z.object({
  list: z.array(ZOperatorNotice),
  nextCursor: z.string().nullable(),
});
export type TOperatorNoticeListResponse = z.infer<typeof ZOperatorNoticeListResponse>;

/** POST /api/operator/notice/history: every decision on the notice, oldest first. */
export const ZOperatorNoticeEvent = z.object({
  action: z.enum(['created', 'edited', 'published', 'unpublished']),
  operator: z.string(),
  /** The languages a create or an edit wrote or removed. */
  languages: z.array(ZNoticeLanguage).nullable(),
  at: z.string(),
});
export type TOperatorNoticeEvent = z.infer<typeof ZOperatorNoticeEvent>;
export const ZOperatorNoticeHistoryResponse = z.object({ list: z.array(ZOperatorNoticeEvent) });
export type TOperatorNoticeHistoryResponse = z.infer<typeof ZOperatorNoticeHistoryResponse>;

/** The actions a version records (Step 8b). */
export const NoticeVersionAction = {
  CREATED: 'created',
  EDITED: 'edited',
  PUBLISHED: 'published',
  SCHEDULED: 'scheduled',
  UNPUBLISHED: 'unpublished',
} as const;
export type TNoticeVersionAction = (typeof NoticeVersionAction)[keyof typeof NoticeVersionAction];

/** One save of a notice: the text in every language after it, who saved it, when and what they did. */
export const ZOperatorNoticeVersion = z.object({
  version: z.number().int(),
  action: z.enum([
    NoticeVersionAction.CREATED,
    NoticeVersionAction.EDITED,
    NoticeVersionAction.PUBLISHED,
    NoticeVersionAction.SCHEDULED,
    NoticeVersionAction.UNPUBLISHED,
  ]),
  operator: z.string(),
  at: z.string(),
  /** For `published` and `scheduled`: from when members see it. */
  publishedAt: z.string().nullable(),
  translations: z.array(z.object({ language: ZNoticeLanguage, title: z.string(), body: z.string() })),
});
export type TOperatorNoticeVersion = z.infer<typeof ZOperatorNoticeVersion>;

/** POST /api/operator/notice/versions: every version of a notice, newest first. */
export const ZOperatorNoticeVersionsResponse = z.object({ list: z.array(ZOperatorNoticeVersion) });
export type TOperatorNoticeVersionsResponse = z.infer<typeof ZOperatorNoticeVersionsResponse>;
