import { NOTICE_BODY_TAGS, NOTICE_DROPPED_TAGS } from '@kpc/shared/operator';

const KEPT = new Set<string>(NOTICE_BODY_TAGS);
const DROPPED = new Set<string>(NOTICE_DROPPED_TAGS);

/**
 * The body as members will get it, for the preview while it is typed: the same allowlist as the
 * server's `modules/notice/sanitize.ts` (shared tag lists), so a tag the server would strip is not
 * previewed either. Other tags are unwrapped to their text, code is dropped with its content, every
 * attribute goes but a link's http(s) `href`. What members get is the server's sanitising on save;
 * the preview frame runs no script whatever this lets through (a sandbox without scripts).
 */
export function previewHtml(html: string): string {
  const document = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  clean(document.body);
  return document.body.innerHTML.trim();
}

function clean(parent: Element) {
  for (const node of [...parent.childNodes]) {
    if (node.nodeType === Node.COMMENT_NODE) {
      node.remove();
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue;
    const element = node as Element;
    const tag = element.tagName.toLowerCase();
    if (DROPPED.has(tag)) {
      element.remove();
      continue;
    }
    clean(element);
    if (!KEPT.has(tag)) {
      element.replaceWith(...element.childNodes);
      continue;
    }
    const href = tag === 'a' ? element.getAttribute('href') : null;
    for (const attribute of [...element.attributes]) element.removeAttribute(attribute.name);
    if (tag === 'a') {
      if (href && /^https?:\/\//i.test(href.trim())) element.setAttribute('href', href.trim());
      element.setAttribute('target', '_blank');
      element.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  }
}
