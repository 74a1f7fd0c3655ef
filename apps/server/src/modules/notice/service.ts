import {
  AppError,
  DEFAULT_LOCALE,
  LOCALE_CODES,
  NoticeStatus,
  type LocaleCode,
  type TNoticeDetail,
  type TNoticeDetailRequest,
  type TNoticeListItem,
  type TNoticeListRequest,
  type TNoticeListResponse,
  type TNoticeStatus,
  type TNoticeUnreadResponse,
} from '@kpc/shared';
import type {
  TNoticeContent,
  TOperatorNotice,
  TOperatorNoticeCreateRequest,
  TOperatorNoticeEditRequest,
  TOperatorNoticeEvent,
  TOperatorNoticeHistoryResponse,
  TOperatorNoticeIdRequest,
  TOperatorNoticeListRequest,
  TOperatorNoticeListResponse,
} from '@kpc/shared/operator';
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { noticeEvents, noticeReads, notices, noticeTranslations } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { toPage } from '../assets/service.ts';
import { recordAudit, type Actor } from '../audit/service.ts';
import { sanitizeNoticeBody, summarizeNoticeBody } from './sanitize.ts';

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

const DEFAULT_LIMIT = 20;
type NoticeRow = typeof notices.$inferSelect;
type TranslationRow = typeof noticeTranslations.$inferSelect;
const iso = (date: Date | null) => date?.toISOString() ?? null;

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
  { db }: NoticeContext,
  memberId: string,
  locale: LocaleCode,
  request: TNoticeListRequest,
): Promise<TNoticeListResponse> {
  const limit = request.limit ?? DEFAULT_LIMIT;
  let after;
  if (request.cursor) {
    const [time, id] = request.cursor.split('.');
    after = sql`(${notices.publishedAt}, ${notices.id}) < (${new Date(Number(time)).toISOString()}::timestamptz, ${BigInt(id!)})`;
  }
  const rows = await selectLocalised(db, locale, memberId)
    .where(and(eq(notices.status, NoticeStatus.PUBLISHED), after))
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
    and(eq(notices.id, id), eq(notices.status, NoticeStatus.PUBLISHED)),
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
  { db }: NoticeContext,
  memberId: string,
  locale: LocaleCode,
): Promise<TNoticeUnreadResponse> {
  const unread = and(eq(notices.status, NoticeStatus.PUBLISHED), sql`${noticeReads.readAt} is null`);
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

// ---------------------------------------------------------------------------------------------
// Operators

/** English first, then SPEC §1's order. */
const LANGUAGE_ORDER: LocaleCode[] = [DEFAULT_LOCALE, ...LOCALE_CODES.filter((code) => code !== DEFAULT_LOCALE)];
const byLanguage = (a: TranslationRow, b: TranslationRow) =>
  LANGUAGE_ORDER.indexOf(a.language as LocaleCode) - LANGUAGE_ORDER.indexOf(b.language as LocaleCode);

function toOperatorNotice(row: NoticeRow, translations: TranslationRow[]): TOperatorNotice {
  return {
    id: row.id.toString(),
    status: row.status as TNoticeStatus,
    translations: translations
      .filter((translation) => translation.noticeId === row.id)
      .sort(byLanguage)
      .map((translation) => ({
        language: translation.language as LocaleCode,
        title: translation.title,
        body: translation.body,
      })),
    publishedAt: iso(row.publishedAt),
    publishedBy: row.publishedBy,
    unpublishedAt: iso(row.unpublishedAt),
    unpublishedBy: row.unpublishedBy,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedBy: row.updatedBy,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function translationsOf(db: Executor, ids: bigint[]): Promise<TranslationRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(noticeTranslations).where(inArray(noticeTranslations.noticeId, ids));
}

async function answerOperator(tx: Executor, row: NoticeRow): Promise<TOperatorNotice> {
  return toOperatorNotice(row, await translationsOf(tx, [row.id]));
}

async function lockNotice(tx: Transaction, id: string): Promise<NoticeRow> {
  const [row] = await tx
    .select()
    .from(notices)
    .where(eq(notices.id, BigInt(id)))
    .for('update');
  if (!row) throw new AppError('NOTICE_NOT_FOUND');
  return row;
}

/** Writes one language's title and sanitised body (and its summary), replacing what was there. */
async function writeTranslation(tx: Transaction, noticeId: bigint, language: LocaleCode, content: TNoticeContent) {
  const body = sanitizeNoticeBody(content.body);
  const values = { title: content.title.trim(), body, summary: summarizeNoticeBody(body) };
  await tx
    .insert(noticeTranslations)
    .values({ noticeId, language, ...values })
    .onConflictDoUpdate({ target: [noticeTranslations.noticeId, noticeTranslations.language], set: values });
}

/** Languages in SPEC §1's order, so the history reads the same whatever order the request had. */
const languagesOf = (translations: Partial<Record<LocaleCode, unknown>>) =>
  LOCALE_CODES.filter((language) => language in translations);

/** `/api/operator/notice/create`: a draft. */
export async function createNotice(
  { db, clock }: NoticeContext,
  actor: Actor,
  request: TOperatorNoticeCreateRequest,
): Promise<TOperatorNotice> {
  const operator = actor.name;
  return db.transaction(async (tx) => {
    const now = clock.now();
    const [row] = await tx
      .insert(notices)
      .values({ createdBy: operator, createdAt: now, updatedBy: operator, updatedAt: now })
      .returning();
    const languages = languagesOf(request.translations);
    for (const language of languages) await writeTranslation(tx, row!.id, language, request.translations[language]!);
    await tx.insert(noticeEvents).values({ noticeId: row!.id, action: 'created', operator, languages, createdAt: now });
    await recordAudit(tx, actor, {
      action: 'notice.created',
      targetType: 'notice',
      targetId: row!.id.toString(),
      after: { languages },
    });
    return answerOperator(tx, row!);
  });
}

/** `/api/operator/notice/edit`: writes or removes languages; a published notice keeps English. */
export async function editNotice(
  { db, clock }: NoticeContext,
  actor: Actor,
  request: TOperatorNoticeEditRequest,
): Promise<TOperatorNotice> {
  const operator = actor.name;
  return db.transaction(async (tx) => {
    const row = await lockNotice(tx, request.id);
    const languages = languagesOf(request.translations);
    for (const language of languages) {
      const content = request.translations[language];
      if (content) {
        await writeTranslation(tx, row.id, language, content);
      } else {
        await tx
          .delete(noticeTranslations)
          .where(and(eq(noticeTranslations.noticeId, row.id), eq(noticeTranslations.language, language)));
      }
    }
    const remaining = await translationsOf(tx, [row.id]);
    // A notice is never left without any text, and a published one never without English.
    if (remaining.length === 0) throw new AppError('NOTICE_WRONG_STATE');
    if (row.status === NoticeStatus.PUBLISHED && !remaining.some((t) => t.language === DEFAULT_LOCALE)) {
      throw new AppError('NOTICE_ENGLISH_REQUIRED');
    }
    const now = clock.now();
    const [edited] = await tx
      .update(notices)
      .set({ updatedBy: operator, updatedAt: now })
      .where(eq(notices.id, row.id))
      .returning();
    await tx.insert(noticeEvents).values({ noticeId: row.id, action: 'edited', operator, languages, createdAt: now });
    await recordAudit(tx, actor, {
      action: 'notice.edited',
      targetType: 'notice',
      targetId: row.id.toString(),
      after: { languages },
    });
    return toOperatorNotice(edited!, remaining);
  });
}

/**
 * `/api/operator/notice/publish`: a draft or an unpublished notice -> `published`, with English.
 * The first publication dates it; publishing again after an unpublish keeps that date and place.
 */
export async function publishNotice(
  { db, clock }: NoticeContext,
  actor: Actor,
  request: TOperatorNoticeIdRequest,
): Promise<TOperatorNotice> {
  const operator = actor.name;
  return db.transaction(async (tx) => {
    const row = await lockNotice(tx, request.id);
    if (row.status === NoticeStatus.PUBLISHED) throw new AppError('NOTICE_WRONG_STATE');
    const translations = await translationsOf(tx, [row.id]);
    if (!translations.some((t) => t.language === DEFAULT_LOCALE)) throw new AppError('NOTICE_ENGLISH_REQUIRED');
    const now = clock.now();
    const [published] = await tx
      .update(notices)
      .set({
        status: NoticeStatus.PUBLISHED,
        publishedAt: row.publishedAt ?? now,
        publishedBy: operator,
        updatedBy: operator,
        updatedAt: now,
      })
      .where(eq(notices.id, row.id))
      .returning();
    await tx.insert(noticeEvents).values({ noticeId: row.id, action: 'published', operator, createdAt: now });
    await recordAudit(tx, actor, { action: 'notice.published', targetType: 'notice', targetId: row.id.toString() });
    return toOperatorNotice(published!, translations);
  });
}

/** `/api/operator/notice/unpublish`: `published` -> `unpublished`; members no longer see it. */
export async function unpublishNotice(
  { db, clock }: NoticeContext,
  actor: Actor,
  request: TOperatorNoticeIdRequest,
): Promise<TOperatorNotice> {
  const operator = actor.name;
  return db.transaction(async (tx) => {
    const row = await lockNotice(tx, request.id);
    if (row.status !== NoticeStatus.PUBLISHED) throw new AppError('NOTICE_WRONG_STATE');
    const now = clock.now();
    const [unpublished] = await tx
      .update(notices)
      .set({
        status: NoticeStatus.UNPUBLISHED,
        unpublishedAt: now,
        unpublishedBy: operator,
        updatedBy: operator,
        updatedAt: now,
      })
      .where(eq(notices.id, row.id))
      .returning();
    await tx.insert(noticeEvents).values({ noticeId: row.id, action: 'unpublished', operator, createdAt: now });
    await recordAudit(tx, actor, { action: 'notice.unpublished', targetType: 'notice', targetId: row.id.toString() });
    return answerOperator(tx, unpublished!);
  });
}

/** `/api/operator/notice/list`: newest created first, every language, who decided what and when. */
export async function listOperatorNotices(
  { db }: NoticeContext,
  request: TOperatorNoticeListRequest,
): Promise<TOperatorNoticeListResponse> {
  const limit = request.limit ?? DEFAULT_LIMIT;
  const rows = await db
    .select()
    .from(notices)
    .where(
      and(
        request.status ? eq(notices.status, request.status) : undefined,
        request.cursor ? lt(notices.id, BigInt(request.cursor)) : undefined,
      ),
    )
    .orderBy(desc(notices.id))
    .limit(limit + 1);
  const translations = await translationsOf(
    db,
    rows.slice(0, limit).map((row) => row.id),
  );
  return toPage(rows, limit, (row) => toOperatorNotice(row, translations));
}

/** `/api/operator/notice/history`: every decision on one notice, oldest first. */
export async function noticeHistory(
  { db }: NoticeContext,
  request: TOperatorNoticeIdRequest,
): Promise<TOperatorNoticeHistoryResponse> {
  const id = BigInt(request.id);
  const [exists] = await db.select({ id: notices.id }).from(notices).where(eq(notices.id, id));
  if (!exists) throw new AppError('NOTICE_NOT_FOUND');
  const rows = await db.select().from(noticeEvents).where(eq(noticeEvents.noticeId, id)).orderBy(asc(noticeEvents.id));
  return {
    list: rows.map((row): TOperatorNoticeEvent => ({
      action: row.action as TOperatorNoticeEvent['action'],
      operator: row.operator,
      languages: (row.languages as LocaleCode[] | null) ?? null,
      at: row.createdAt.toISOString(),
    })),
  };
}
