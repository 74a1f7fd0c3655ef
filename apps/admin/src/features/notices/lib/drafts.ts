import { DEFAULT_LOCALE, LOCALE_CODES, type LocaleCode } from '@kpc/shared';
import { NOTICE_BODY_MAX, NOTICE_TITLE_MAX, type TOperatorNotice } from '@kpc/shared/operator';

/**
 * The editor's text: a title and a body per language, as typed. A language is written when either
 * is filled; then both must be (the server's schema), and English must be written to publish.
 */
export type Draft = { title: string; body: string };
export type Drafts = Record<LocaleCode, Draft>;

/** English first, then SPEC §1's order: the editor's tabs. */
export const NOTICE_LANGUAGES: LocaleCode[] = [
  DEFAULT_LOCALE,
  ...LOCALE_CODES.filter((code) => code !== DEFAULT_LOCALE),
];

/** The route's id of an announcement not saved yet (`#/notices/new`). */
export const NEW_NOTICE_ID = 'new';

const EMPTY: Draft = { title: '', body: '' };

export function draftsOf(notice: TOperatorNotice | undefined): Drafts {
  const drafts = Object.fromEntries(NOTICE_LANGUAGES.map((language) => [language, EMPTY])) as Drafts;
  for (const { language, title, body } of notice?.translations ?? []) drafts[language] = { title, body };
  return drafts;
}

export const isWritten = (draft: Draft) => draft.title.trim() !== '' || draft.body.trim() !== '';

/** Message keys (`notices.editor.*`) of what is wrong with one language's text, if anything. */
export type DraftProblem = 'titleRequired' | 'bodyRequired' | 'titleTooLong' | 'bodyTooLong';
export interface DraftCheck {
  /** Per language, per field, the first problem. */
  fields: Partial<Record<LocaleCode, { title?: DraftProblem; body?: DraftProblem }>>;
  /** No language is written. */
  empty: boolean;
  /** Publishing was asked and English is not written. */
  englishMissing: boolean;
  ok: boolean;
}

/** Checks the drafts as the server will: each written language whole, something written, English to publish. */
export function checkDrafts(drafts: Drafts, { publishing }: { publishing: boolean }): DraftCheck {
  const fields: DraftCheck['fields'] = {};
  for (const language of NOTICE_LANGUAGES) {
    const draft = drafts[language];
    const mustBeWhole = isWritten(draft) || (publishing && language === DEFAULT_LOCALE);
    if (!mustBeWhole) continue;
    const title = draft.title.trim();
    const body = draft.body.trim();
    const problems: { title?: DraftProblem; body?: DraftProblem } = {};
    if (title === '') problems.title = 'titleRequired';
    else if (title.length > NOTICE_TITLE_MAX) problems.title = 'titleTooLong';
    if (body === '') problems.body = 'bodyRequired';
    else if (body.length > NOTICE_BODY_MAX) problems.body = 'bodyTooLong';
    if (problems.title || problems.body) fields[language] = problems;
  }
  const empty = NOTICE_LANGUAGES.every((language) => !isWritten(drafts[language]));
  const englishMissing = publishing && !isWritten(drafts[DEFAULT_LOCALE]);
  return { fields, empty, englishMissing, ok: Object.keys(fields).length === 0 && !empty };
}

/**
 * What an edit sends: the languages whose text changed, `null` for one emptied that the notice had;
 * undefined when nothing changed.
 */
export function changedTranslations(saved: Drafts, drafts: Drafts) {
  const changes: Partial<Record<LocaleCode, Draft | null>> = {};
  for (const language of NOTICE_LANGUAGES) {
    const before = saved[language];
    const after = drafts[language];
    if (before.title === after.title && before.body === after.body) continue;
    if (isWritten(after)) changes[language] = { title: after.title.trim(), body: after.body.trim() };
    else if (isWritten(before)) changes[language] = null;
  }
  return Object.keys(changes).length > 0 ? changes : undefined;
}

/** What a create sends: every written language. */
export function writtenTranslations(drafts: Drafts) {
  const written: Partial<Record<LocaleCode, Draft>> = {};
  for (const language of NOTICE_LANGUAGES) {
    const draft = drafts[language];
    if (isWritten(draft)) written[language] = { title: draft.title.trim(), body: draft.body.trim() };
  }
  return written;
}
