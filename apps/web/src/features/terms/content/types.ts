import type { LocaleCode } from '@kpc/shared';

/** One legal document in one language, rendered by the terms pages (SPEC §2: /pages/term/*). */
export interface TermsDocument {
  title: string;
  /** Shown under the title, e.g. "Last updated: 20 November 2026". */
  updated: string;
  /** Opening paragraphs before the first section. */
  intro: string[];
  sections: { heading: string; paragraphs: string[] }[];
}

/** Every document exists in all seven languages. */
export type LocalizedTermsDocument = Record<LocaleCode, TermsDocument>;
