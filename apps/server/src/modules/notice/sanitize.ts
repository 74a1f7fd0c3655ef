import { NOTICE_BODY_TAGS, NOTICE_DROPPED_TAGS } from '@kpc/shared/operator';
import sanitizeHtml from 'sanitize-html';

/**
 * Announcement bodies are operators' HTML, shown to every member as HTML: they are sanitised once,
 * here, when written, and members only ever get what this kept. An allowlist, not a blocklist:
 * text structure, emphasis, lists, quotes and links. No images (the member app's content security
 * policy admits only its own, and a remote image would tell a third party who read what), no
 * styles, classes or ids, no scripts or event handlers. Links are http(s) only and open in a new
 * tab without handing it the app's window (`noopener noreferrer`).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...NOTICE_BODY_TAGS],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Whatever else came is dropped with its content when it is code, unwrapped to its text otherwise.
  disallowedTagsMode: 'discard',
  nonTextTags: [...NOTICE_DROPPED_TAGS],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        target: '_blank',
        rel: 'noopener noreferrer nofollow',
      },
    }),
  },
};

/** The body members are shown: `html` with everything outside the allowlist removed. */
export function sanitizeNoticeBody(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Longest summary the list shows, in characters. */
const SUMMARY_LENGTH = 140;

/** The opening text of a sanitised body, without markup, on one line, shortened with an ellipsis. */
export function summarizeNoticeBody(sanitizedHtml: string): string {
  // Block ends become spaces, so "<p>a</p><p>b</p>" reads "a b", not "ab".
  const spaced = sanitizedHtml.replace(/<\/(p|h3|h4|li|blockquote|pre)>|<br\s*\/?>|<hr\s*\/?>/gi, ' ');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  const characters = Array.from(text);
  return characters.length <= SUMMARY_LENGTH
    ? text
    : `${characters
        .slice(0, SUMMARY_LENGTH - 1)
        .join('')
        .trimEnd()}…`;
}
