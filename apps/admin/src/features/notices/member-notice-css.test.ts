import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MEMBER_DETAIL_TITLES } from './components/notice-preview.tsx';

// The preview's copies of the member app's styles and titles (apps never import each other): a
// change in the member app without its copy here fails, so the preview stays what members see.
const web = (path: string) => readFileSync(new URL(`../../../../web/src/${path}`, import.meta.url), 'utf8');
const copy = readFileSync(new URL('./member-notice.css', import.meta.url), 'utf8');

describe("the announcement preview's copy of the member app", () => {
  it('has its theme, top bar and announcement styles verbatim', () => {
    for (const path of ['app/global.css', 'components/page-nav-bar.css', 'features/notice/notice.css']) {
      expect(copy.includes(web(path)), `apps/web/src/${path} changed: copy it into member-notice.css`).toBe(true);
    }
  });

  it("has the announcement page's title in each language", () => {
    for (const [language, title] of Object.entries(MEMBER_DETAIL_TITLES)) {
      const messages = JSON.parse(web(`locales/${language}.json`)) as { notice: { detailTitle: string } };
      expect(title).toBe(messages.notice.detailTitle);
    }
  });
});
