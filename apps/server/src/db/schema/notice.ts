import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, serialId } from './columns.ts';

/**
 * Announcements (Step 7, SPEC §2 `/pages/notice/*`, §3 "Notice"). Operators write them in any of
 * the seven languages and publish them; members read the published ones in their language, falling
 * back to English, which publishing requires. Every operator decision keeps the operator's name
 * (from OPERATOR_KEYS) and its time: the latest of each kind on the notice, all of them in
 * `notice_events`.
 */

/**
 * `draft` -> `published` <-> `unpublished`. A `published` notice whose `published_at` is still to
 * come is scheduled (Step 8b): members' queries read only `published_at <= now`, so it appears at
 * its time without a job, and a crash or restart cannot miss it.
 */
export const notices = pgTable(
  'notices',
  {
    id: serialId(),
    status: text('status').notNull().default('draft'),
    /** The first publication: the date members see and the list's order; a re-publication keeps it. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedBy: text('published_by'),
    unpublishedAt: timestamp('unpublished_at', { withTimezone: true }),
    unpublishedBy: text('unpublished_by'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The newest row of `notice_versions` (Step 8b); an edit may name the version it started from. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    // Members' list: the published ones, newest first, paged by (published_at, id).
    index('notices_published_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'published'`),
    index('notices_status_idx').on(t.status, t.id),
    check('notices_status', sql`${t.status} in ('draft', 'published', 'unpublished')`),
    check('notices_published', sql`${t.status} = 'draft' or ${t.publishedAt} is not null`),
  ],
);

/** One language's title and body (sanitised HTML, server-side on write) and the summary the list shows. */
export const noticeTranslations = pgTable(
  'notice_translations',
  {
    noticeId: bigint('notice_id', { mode: 'bigint' })
      .notNull()
      .references(() => notices.id),
    /** A locale code of SPEC §1: en, zh-Hans, hi, ja, ko, ru, vi. */
    language: text('language').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The body's text, shortened: computed on write so the list reads no HTML. */
    summary: text('summary').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.noticeId, t.language] }),
    check('notice_translations_language', sql`${t.language} in ('en', 'zh-Hans', 'hi', 'ja', 'ko', 'ru', 'vi')`),
  ],
);

/** Which member read which notice, once (opening the detail); a member's unread count reads it. */
export const noticeReads = pgTable(
  'notice_reads',
  {
    memberId: uuid('member_id').notNull(),
    noticeId: bigint('notice_id', { mode: 'bigint' })
      .notNull()
      .references(() => notices.id),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.noticeId] })],
);

/** Every operator decision on a notice: created, edited (with the languages touched), published, unpublished. */
export const noticeEvents = pgTable(
  'notice_events',
  {
    id: serialId(),
    noticeId: bigint('notice_id', { mode: 'bigint' })
      .notNull()
      .references(() => notices.id),
    action: text('action').notNull(),
    operator: text('operator').notNull(),
    /** The languages written or removed by a create or an edit. */
    languages: text('languages').array(),
    createdAt: createdAt(),
  },
  (t) => [
    index('notice_events_notice_idx').on(t.noticeId, t.id),
    check('notice_events_action', sql`${t.action} in ('created', 'edited', 'published', 'unpublished')`),
  ],
);

/**
 * Step 8b: every save of a notice (create, edit, publish, schedule, unpublish) as a version: the
 * whole text in every language as it stood after the save, who saved it and when. Append-only
 * (a trigger refuses UPDATE, DELETE and TRUNCATE); numbered 1, 2, … per notice under the notice's
 * row lock, and unique, so two saves can never write the same number.
 */
export const noticeVersions = pgTable(
  'notice_versions',
  {
    id: serialId(),
    noticeId: bigint('notice_id', { mode: 'bigint' })
      .notNull()
      .references(() => notices.id),
    version: integer('version').notNull(),
    action: text('action').notNull(),
    /** `{ "<language>": { "title": …, "body": … } }`: the sanitised text members would see. */
    translations: jsonb('translations').notNull(),
    /** For `published` and `scheduled`: from when members see it. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    operator: text('operator').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notice_versions_version_key').on(t.noticeId, t.version),
    check('notice_versions_version_positive', sql`${t.version} > 0`),
    check('notice_versions_action', sql`${t.action} in ('created', 'edited', 'published', 'scheduled', 'unpublished')`),
  ],
);
