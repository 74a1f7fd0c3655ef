import {
  DEFAULT_PAGE_SIZE,
  AppError,
  DEFAULT_LOCALE,
  NoticeStatus,
  type LocaleCode,
  type TNoticeDetail,
  type TNoticeDetailRequest,
  type TNoticeListItem,
  type TNoticeListRequest,
  type TNoticeListResponse,
  type TNoticeUnreadResponse,
} from '@kpc/shared';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import { noticeReads, notices, noticeTranslations } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';

/**
 * Announcements (Step 7). Operators write a draft in any of the seven languages, publish it (with
 * English, SPEC §1's fallback), edit it, unpublish and publish it again; each decision locks the
 * notice's row, checks its state and is kept in `notice_events` with the operator's name. Members
 * see only published ones, in their language or else English; one that is not published answers
 * exactly as one that does not exist.
 */

export interface NoticeContext {
  db: Database;
  clock: Clock;
}

/**
 * What members see: published, and (Step 8b) from its time on — a scheduled notice appears when
 * its `published_at` comes, read from the clock at each query, so no job has to run on time.
 */
export const visibleToMembers = (now: Date) =>
  and(eq(notices.status, NoticeStatus.PUBLISHED), lte(notices.publishedAt, now));

// ---------------------------------------------------------------------------------------------
// Members

/** The member's language and English, joined beside each notice: the first that exists is shown. */
const localText = alias(noticeTranslations, 'local_text');
const englishText = alias(noticeTranslations, 'english_text');

function selectLocalised(db: Executor, locale: LocaleCode, memberId: string) {
  return db
    .select({
      id: notices.id,
      publishedAt: notices.publishedAt,
      localTitle: localText.title,
      localSummary: localText.summary,
      localBody: localText.body,
      englishTitle: englishText.title,
      englishSummary: englishText.summary,
      englishBody: englishText.body,
      readAt: noticeReads.readAt,
    })
    .from(notices)
    .leftJoin(localText, and(eq(localText.noticeId, notices.id), eq(localText.language, locale)))
    .leftJoin(englishText, and(eq(englishText.noticeId, notices.id), eq(englishText.language, DEFAULT_LOCALE)))
    .leftJoin(noticeReads, and(eq(noticeReads.noticeId, notices.id), eq(noticeReads.memberId, memberId)));
}

type LocalisedRow = Awaited<ReturnType<typeof selectLocalised>>[number];

/** The member's language when the notice has it, else English (a published notice always has English). */
function pickText(row: LocalisedRow, locale: LocaleCode) {
  if (row.localTitle !== null) {
    return { language: locale, title: row.localTitle, summary: row.localSummary ?? '', body: row.localBody ?? '' };
  }
  return {
    language: DEFAULT_LOCALE,
    title: row.englishTitle ?? '',
    summary: row.englishSummary ?? '',
    body: row.englishBody ?? '',
  };
}

const cursorOf = (row: { publishedAt: Date | null; id: bigint }) => `${row.publishedAt!.getTime()}.${row.id}`;

/** `/api/notice/list`: published notices, newest publication first, in the member's language, with read state. */
export async function listNotices(
  { db, clock }: NoticeContext,
  memberId: string,
  locale: LocaleCode,
  request: TNoticeListRequest,
): Promise<TNoticeListResponse> {
  const limit = request.limit ?? DEFAULT_PAGE_SIZE;
  let after;
  if (request.cursor) {
    const [time, id] = request.cursor.split('.');
    after = sql`(${notices.publishedAt}, ${notices.id}) < (${new Date(Number(time)).toISOString()}::timestamptz, ${BigInt(id!)})`;
  }
  const rows = await selectLocalised(db, locale, memberId)
    .where(and(visibleToMembers(clock.now()), after))
    .orderBy(desc(notices.publishedAt), desc(notices.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    list: page.map((row): TNoticeListItem => {
      const text = pickText(row, locale);
      return {
        id: row.id.toString(),
        title: text.title,
        summary: text.summary,
        publishedAt: row.publishedAt!.toISOString(),
        language: text.language,
        read: row.readAt !== null,
      };
    }),
    nextCursor: rows.length > limit && last ? cursorOf(last) : null,
  };
}

/** `/api/notice/detail`: one published notice in the member's language; marks it read (once, idempotently). */
export async function readNotice(
  { db, clock }: NoticeContext,
  memberId: string,
  locale: LocaleCode,
  request: TNoticeDetailRequest,
): Promise<TNoticeDetail> {
  const id = BigInt(request.id);
  const [row] = await selectLocalised(db, locale, memberId).where(
    and(eq(notices.id, id), visibleToMembers(clock.now())),
  );
  if (!row) throw new AppError('NOTICE_NOT_FOUND');
  if (row.readAt === null) {
    await db.insert(noticeReads).values({ memberId, noticeId: id, readAt: clock.now() }).onConflictDoNothing();
  }
  const text = pickText(row, locale);
  return {
    id: row.id.toString(),
    title: text.title,
    body: text.body,
    publishedAt: row.publishedAt!.toISOString(),
    language: text.language,
  };
}

/** `/api/notice/unread`: the count of published notices the member has not opened, and the newest of them. */
export async function unreadNotices(
  { db, clock }: NoticeContext,
  memberId: string,
  locale: LocaleCode,
): Promise<TNoticeUnreadResponse> {
  const unread = and(visibleToMembers(clock.now()), sql`${noticeReads.readAt} is null`);
  const [[counted], [latest]] = await Promise.all([
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(notices)
      .leftJoin(noticeReads, and(eq(noticeReads.noticeId, notices.id), eq(noticeReads.memberId, memberId)))
      .where(unread),
    selectLocalised(db, locale, memberId).where(unread).orderBy(desc(notices.publishedAt), desc(notices.id)).limit(1),
  ]);
  if (!latest) return { count: counted?.count ?? 0, latest: null };
  const text = pickText(latest, locale);
  return {
    count: counted?.count ?? 0,
    latest: { id: latest.id.toString(), title: text.title, language: text.language },
  };
}
