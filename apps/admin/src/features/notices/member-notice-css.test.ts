import { describe, expect, it } from 'vitest';
// The one place the console reads member-app files: to check its copies of them.
/* eslint-disable no-restricted-imports */
import webGlobal from '../../../../web/src/app/global.css?raw';
import webNavBar from '../../../../web/src/components/page-nav-bar.css?raw';
import webNotice from '../../../../web/src/features/notice/notice.css?raw';
/* eslint-enable no-restricted-imports */
import { MEMBER_DETAIL_TITLES } from './components/notice-preview.tsx';
import copy from './member-notice.css?raw';

// The preview's copies of the member app's styles and titles (apps never import each other): a
// change in the member app without its copy here fails, so the preview stays what members see.
const MEMBER_LOCALES = import.meta.glob<{ detailTitle: string }>('../../../../web/src/locales/*.json', {
  eager: true,
  import: 'notice',
});

describe("the announcement preview's copy of the member app", () => {
  it('has its theme, top bar and announcement styles verbatim', () => {
    for (const [path, source] of Object.entries({ webGlobal, webNavBar, webNotice })) {
      expect(copy.includes(source), `${path} changed: copy it into member-notice.css`).toBe(true);
    }
  });

  it("has the announcement page's title in each language", () => {
    expect(Object.keys(MEMBER_LOCALES)).toHaveLength(7);
    for (const [language, title] of Object.entries(MEMBER_DETAIL_TITLES)) {
      expect(title).toBe(MEMBER_LOCALES[`../../../../web/src/locales/${language}.json`]?.detailTitle);
    }
  });
});
