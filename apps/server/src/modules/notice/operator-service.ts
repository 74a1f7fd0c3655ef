import {
  DEFAULT_PAGE_SIZE,
  AppError,
  DEFAULT_LOCALE,
  LOCALE_CODES,
  NoticeStatus,
  type LocaleCode,
  type TNoticeStatus,
} from '@kpc/shared';
import {
  NoticeState,
  NoticeVersionAction,
  type TNoticeContent,
  type TNoticeState,
  type TNoticeVersionAction,
  type TOperatorNotice,
  type TOperatorNoticeCreateRequest,
  type TOperatorNoticeEditRequest,
  type TOperatorNoticeEvent,
  type TOperatorNoticeHistoryResponse,
  type TOperatorNoticeIdRequest,
  type TOperatorNoticeListRequest,
  type TOperatorNoticeListResponse,
  type TOperatorNoticePublishRequest,
  type TOperatorNoticeVersion,
  type TOperatorNoticeVersionsResponse,
} from '@kpc/shared/operator';
import { and, asc, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { noticeEvents, notices, noticeTranslations, noticeVersions } from '../../db/schema/index.ts';
import { toPage } from '../../lib/paging.ts';
import { iso } from '../../lib/wire-format.ts';
import { recordAudit, type Actor } from '../audit/service.ts';
import { sanitizeNoticeBody, summarizeNoticeBody } from './sanitize.ts';
import { type NoticeContext } from './service.ts';

/**
 * Announcements, operator side (Steps 7 and 8b). Each save locks the notice's row, checks its
 * state, and writes in the same transaction: the event (`notice_events`), a new version with the
 * whole text as it stands after the save (`notice_versions`, append-only) and the audit entry.
 * Publishing needs English; it happens now or at a time to come (scheduled: members' queries read
 * `published_at <= now`).
 */

type NoticeRow = typeof notices.$inferSelect;
type TranslationRow = typeof noticeTranslations.$inferSelect;
type Translations = TOperatorNotice['translations'];

/** English first, then SPEC §1's order. */
const LANGUAGE_ORDER: LocaleCode[] = [DEFAULT_LOCALE, ...LOCALE_CODES.filter((code) => code !== DEFAULT_LOCALE)];
const byLanguage = (a: { language: string }, b: { language: string }) =>
  LANGUAGE_ORDER.indexOf(a.language as LocaleCode) - LANGUAGE_ORDER.indexOf(b.language as LocaleCode);

function stateOf(row: NoticeRow, now: Date): TNoticeState {
  if (row.status === NoticeStatus.PUBLISHED && row.publishedAt && row.publishedAt > now) return NoticeState.SCHEDULED;
  return row.status as TNoticeState;
}

function textsOf(row: NoticeRow, translations: TranslationRow[]): Translations {
  return translations
    .filter((translation) => translation.noticeId === row.id)
    .sort(byLanguage)
    .map((translation) => ({
      language: translation.language as LocaleCode,
      title: translation.title,
      body: translation.body,
    }));
}

function toOperatorNotice(row: NoticeRow, translations: TranslationRow[], now: Date): TOperatorNotice {
  return {
    id: row.id.toString(),
    status: row.status as TNoticeStatus,
    state: stateOf(row, now),
    version: row.version,
    translations: textsOf(row, translations),
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

/**
 * The end of every save, in its transaction: the notice's new version number and updater, the
 * event, the version with the whole text, the audit entry. `row` is the notice as the save left it
 * (its version not yet counted); answers the notice as the console shows it.
 */
async function recordSave(
  tx: Transaction,
  actor: Actor,
  now: Date,
  row: NoticeRow,
  save: {
    action: TNoticeVersionAction;
    languages?: LocaleCode[];
    set?: Partial<typeof notices.$inferInsert>;
    before?: Record<string, unknown>;
    after?: Record<string, unknown>;
    first?: boolean;
  },
): Promise<TOperatorNotice> {
  const operator = actor.name;
  const version = save.first ? 1 : row.version + 1;
  const [saved] = await tx
    .update(notices)
    .set({ ...save.set, version, updatedBy: operator, updatedAt: now })
    .where(eq(notices.id, row.id))
    .returning();
  const translations = await translationsOf(tx, [row.id]);
  const texts = textsOf(saved!, translations);
  // `notice_events` predates scheduling: a schedule is a publication there, the version tells which.
  const event = save.action === NoticeVersionAction.SCHEDULED ? NoticeVersionAction.PUBLISHED : save.action;
  await tx.insert(noticeEvents).values({
    noticeId: row.id,
    action: event,
    operator,
    ...(save.languages ? { languages: save.languages } : {}),
    createdAt: now,
  });
  await tx.insert(noticeVersions).values({
    noticeId: row.id,
    version,
    action: save.action,
    translations: Object.fromEntries(texts.map(({ language, title, body }) => [language, { title, body }])),
    publishedAt:
      save.action === NoticeVersionAction.PUBLISHED || save.action === NoticeVersionAction.SCHEDULED
        ? saved!.publishedAt
        : null,
    operator,
    createdAt: now,
  });
  await recordAudit(tx, actor, {
    action: `notice.${save.action}`,
    targetType: 'notice',
    targetId: row.id.toString(),
    ...(save.before ? { before: save.before } : {}),
    after: { version, ...save.after },
  });
  return toOperatorNotice(saved!, translations, now);
}

/** `/api/operator/notice/create`: a draft, version 1. */
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
    return recordSave(tx, actor, now, row!, {
      action: NoticeVersionAction.CREATED,
      languages,
      after: { languages },
      first: true,
    });
  });
}

/**
 * `/api/operator/notice/edit`: writes or removes languages; a published (or scheduled) notice keeps
 * English. With `expectedVersion`, a save made by someone else since is refused, nothing written.
 */
export async function editNotice(
  { db, clock }: NoticeContext,
  actor: Actor,
  request: TOperatorNoticeEditRequest,
): Promise<TOperatorNotice> {
  return db.transaction(async (tx) => {
    const row = await lockNotice(tx, request.id);
    if (request.expectedVersion !== undefined && request.expectedVersion !== row.version) {
      throw new AppError('NOTICE_EDIT_CONFLICT');
    }
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
    return recordSave(tx, actor, clock.now(), row, {
      action: NoticeVersionAction.EDITED,
      languages,
      after: { languages },
    });
  });
}

/**
 * `/api/operator/notice/publish`: a draft, unpublished or scheduled notice -> `published`, with
 * English; now, or at `publishAt` (still to come: scheduled). Publishing now again after an
 * unpublish keeps the first publication's date and place in the list.
 */
export async function publishNotice(
  { db, clock }: NoticeContext,
  actor: Actor,
  request: TOperatorNoticePublishRequest,
): Promise<TOperatorNotice> {
  const operator = actor.name;
  return db.transaction(async (tx) => {
    const now = clock.now();
    const row = await lockNotice(tx, request.id);
    const state = stateOf(row, now);
    if (state === NoticeState.PUBLISHED) throw new AppError('NOTICE_WRONG_STATE');
    const translations = await translationsOf(tx, [row.id]);
    if (!translations.some((t) => t.language === DEFAULT_LOCALE)) throw new AppError('NOTICE_ENGLISH_REQUIRED');
    let publishedAt: Date;
    if (request.publishAt !== undefined) {
      publishedAt = new Date(request.publishAt);
      if (publishedAt <= now) throw new AppError('NOTICE_SCHEDULE_PAST');
    } else {
      // The date members saw is kept; one they never saw (a schedule withdrawn before its time) is not.
      const seen =
        row.publishedAt !== null &&
        row.publishedAt <= now &&
        (row.status !== NoticeStatus.UNPUBLISHED ||
          (row.unpublishedAt !== null && row.publishedAt <= row.unpublishedAt));
      publishedAt = seen ? row.publishedAt! : now;
    }
    const scheduled = publishedAt > now;
    return recordSave(tx, actor, now, row, {
      action: scheduled ? NoticeVersionAction.SCHEDULED : NoticeVersionAction.PUBLISHED,
      set: { status: NoticeStatus.PUBLISHED, publishedAt, publishedBy: operator },
      before: { state, publishedAt: iso(row.publishedAt) },
      after: {
        state: scheduled ? NoticeState.SCHEDULED : NoticeState.PUBLISHED,
        publishedAt: publishedAt.toISOString(),
      },
    });
  });
}

/** `/api/operator/notice/unpublish`: a published or scheduled notice -> `unpublished`; members no longer see it. */
export async function unpublishNotice(
  { db, clock }: NoticeContext,
  actor: Actor,
  request: TOperatorNoticeIdRequest,
): Promise<TOperatorNotice> {
  return db.transaction(async (tx) => {
    const row = await lockNotice(tx, request.id);
    if (row.status !== NoticeStatus.PUBLISHED) throw new AppError('NOTICE_WRONG_STATE');
    const now = clock.now();
    return recordSave(tx, actor, now, row, {
      action: NoticeVersionAction.UNPUBLISHED,
      set: { status: NoticeStatus.UNPUBLISHED, unpublishedAt: now, unpublishedBy: actor.name },
      before: { state: stateOf(row, now) },
      after: { state: NoticeState.UNPUBLISHED },
    });
  });
}

/** `/api/operator/notice/list`: newest created first, every language, who decided what and when. */
export async function listOperatorNotices(
  { db, clock }: NoticeContext,
  request: TOperatorNoticeListRequest,
): Promise<TOperatorNoticeListResponse> {
  const limit = request.limit ?? DEFAULT_PAGE_SIZE;
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
  const now = clock.now();
  return toPage(rows, limit, (row) => toOperatorNotice(row, translations, now));
}

/** `/api/operator/notice/detail`: one notice, every language (the editor). */
export async function operatorNoticeDetail(
  { db, clock }: NoticeContext,
  request: TOperatorNoticeIdRequest,
): Promise<TOperatorNotice> {
  const [row] = await db
    .select()
    .from(notices)
    .where(eq(notices.id, BigInt(request.id)));
  if (!row) throw new AppError('NOTICE_NOT_FOUND');
  return toOperatorNotice(row, await translationsOf(db, [row.id]), clock.now());
}

async function requireNotice(db: Executor, id: bigint) {
  const [exists] = await db.select({ id: notices.id }).from(notices).where(eq(notices.id, id));
  if (!exists) throw new AppError('NOTICE_NOT_FOUND');
}

/** `/api/operator/notice/history`: every decision on one notice, oldest first. */
export async function noticeHistory(
  { db }: NoticeContext,
  request: TOperatorNoticeIdRequest,
): Promise<TOperatorNoticeHistoryResponse> {
  const id = BigInt(request.id);
  await requireNotice(db, id);
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

/** `/api/operator/notice/versions`: every saved version of one notice, newest first, with its whole text. */
export async function noticeVersionList(
  { db }: NoticeContext,
  request: TOperatorNoticeIdRequest,
): Promise<TOperatorNoticeVersionsResponse> {
  const id = BigInt(request.id);
  await requireNotice(db, id);
  const rows = await db
    .select()
    .from(noticeVersions)
    .where(eq(noticeVersions.noticeId, id))
    .orderBy(desc(noticeVersions.version));
  return {
    list: rows.map((row): TOperatorNoticeVersion => {
      const texts = row.translations as Record<string, { title: string; body: string }>;
      return {
        version: row.version,
        action: row.action as TNoticeVersionAction,
        operator: row.operator,
        at: row.createdAt.toISOString(),
        publishedAt: iso(row.publishedAt),
        translations: Object.entries(texts)
          .map(([language, text]) => ({ language: language as LocaleCode, title: text.title, body: text.body }))
          .sort(byLanguage),
      };
    }),
  };
}
