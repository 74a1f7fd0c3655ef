import type { LocaleCode } from '@kpc/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import memberCss from '../member-notice.css?raw';
import { previewHtml } from '../lib/preview-html.ts';

/** The member app's phone (Step 8b: preview at 390x844). */
export const PREVIEW_WIDTH = 390;
export const PREVIEW_HEIGHT = 844;

/** The member app's title of the announcement page per language (its `notice.detailTitle`; member-notice-css.test.ts checks them). */
export const MEMBER_DETAIL_TITLES: Record<LocaleCode, string> = {
  en: 'Announcement',
  'zh-Hans': '公告详情',
  hi: 'घोषणा',
  ja: 'お知らせ詳細',
  ko: '공지 상세',
  ru: 'Объявление',
  vi: 'Chi tiết thông báo',
};

/** The member app's date format (apps/web/src/lib/format-date-time.ts): local `YYYY-MM-DD HH:mm:ss`. */
function formatMemberDateTime(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** antd-mobile's NavBar layout (the member app's `PageNavBar` renders it), which the member CSS dresses. */
const NAV_BAR_CSS = `
.adm-nav-bar { display: flex; align-items: center; height: 45px; padding: 0 12px; white-space: nowrap; }
.adm-nav-bar-left, .adm-nav-bar-right { flex: 1; }
.adm-nav-bar-title { flex: auto; overflow: hidden; text-align: center; text-overflow: ellipsis; }
.adm-nav-bar-back { display: flex; align-items: center; }
#root { max-width: none; }
`;
const BACK_ARROW =
  '<svg xmlns="http://www.w3.org/2000/svg" width="22" height="22" viewBox="0 0 256 256" fill="currentColor"><path d="M168.49 199.51a12 12 0 0 1-17 17l-80-80a12 12 0 0 1 0-17l80-80a12 12 0 0 1 17 17L97 128Z"/></svg>';

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The member's announcement page (features/notice/pages/notice-detail-page.tsx) as a document. */
export function memberNoticeDocument(language: LocaleCode, title: string, body: string, date: string): string {
  return `<!doctype html>
<html lang="${language}" data-prefers-color-scheme="dark">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<style>${memberCss}\n${NAV_BAR_CSS}</style>
</head>
<body>
<div id="root"><div class="page">
<div class="adm-nav-bar page-nav-bar">
<div class="adm-nav-bar-left"><div class="adm-nav-bar-back"><span class="adm-nav-bar-back-arrow">${BACK_ARROW}</span></div></div>
<div class="adm-nav-bar-title">${escapeText(MEMBER_DETAIL_TITLES[language])}</div>
<div class="adm-nav-bar-right"></div>
</div>
<article class="notice-detail" lang="${language}">
<h1 class="notice-detail__title">${escapeText(title)}</h1>
<time class="notice-detail__date">${escapeText(date)}</time>
<div class="notice-body">${previewHtml(body)}</div>
</article>
</div></div>
</body>
</html>`;
}

interface NoticePreviewProps {
  language: LocaleCode;
  title: string;
  body: string;
  /** When members will see it dated: the publication (or schedule), else now. */
  publishedAt: string | null;
}

/**
 * The announcement as the member app shows it on a 390x844 phone, in the member's dark theme: the
 * member app's stylesheets in a frame of that size that runs no script and loads nothing.
 */
export function NoticePreview({ language, title, body, publishedAt }: NoticePreviewProps) {
  const { t } = useTranslation();
  const date = formatMemberDateTime(publishedAt ?? new Date().toISOString());
  const document = useMemo(() => memberNoticeDocument(language, title, body, date), [language, title, body, date]);
  return (
    <div className="notice-preview" style={{ width: PREVIEW_WIDTH + 2 }}>
      <iframe
        title={t('notices.preview.frameTitle')}
        sandbox=""
        srcDoc={document}
        width={PREVIEW_WIDTH}
        height={PREVIEW_HEIGHT}
        data-testid="notice-preview"
        style={{ display: 'block', border: 0 }}
      />
    </div>
  );
}
