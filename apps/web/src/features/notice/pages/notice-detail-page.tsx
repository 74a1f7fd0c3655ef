import { ErrorCode } from '@kpc/shared';
import { MagnifyingGlass } from '@phosphor-icons/react';
import { Button, Empty, Skeleton } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/load-failed.tsx';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { NOTICE_DETAIL_ID_PARAM, ROUTES } from '@/config/routes.ts';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { redirectTo } from '@/lib/navigation.ts';
import { RequestError } from '@/lib/request.ts';
import { useNoticeDetail } from '@/features/notice/api/get-notice-detail.ts';
import { NoticeEnglishNote } from '@/features/notice/components/notice-english-note.tsx';
import '@/features/notice/notice.css';

/**
 * /pages/notice/detail?id= (login required; SPEC §2 "announcement detail") — the title, the date
 * and the body. Opening it marks the announcement read. The body is HTML the server sanitised when
 * the operator wrote it (an allowlist of text tags and http(s) links); it is shown as the server
 * sent it and never built from anything else.
 */
export function NoticeDetailPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const id = searchParams.get(NOTICE_DETAIL_ID_PARAM) ?? '';
  const query = useNoticeDetail(id);
  const notice = query.data;

  let content;
  if (notice) {
    content = (
      <article className="notice-detail" lang={notice.language} data-testid="notice-detail" data-id={notice.id}>
        <h1 className="notice-detail__title" data-testid="notice-detail-title">
          {notice.title}
        </h1>
        <time className="notice-detail__date" dateTime={notice.publishedAt} data-testid="notice-detail-date">
          {formatDateTime(notice.publishedAt)}
        </time>
        <NoticeEnglishNote language={notice.language} />
        <div
          className="notice-body"
          data-testid="notice-detail-body"
          // Sanitised by the server on write (modules/notice/sanitize.ts); nothing of the page's own goes in.
          dangerouslySetInnerHTML={{ __html: notice.body }}
        />
      </article>
    );
  } else if (id === '' || (query.error instanceof RequestError && query.error.code === ErrorCode.NOTICE_NOT_FOUND)) {
    content = (
      <div className="notice-missing" data-testid="notice-not-found">
        <Empty image={<MagnifyingGlass size={64} weight="thin" />} description={t('notice.notFound')} />
        <Button size="middle" fill="outline" color="primary" onClick={() => void redirectTo(ROUTES.noticeList)}>
          {t('notice.allNotices')}
        </Button>
      </div>
    );
  } else if (query.isError) {
    content = <LoadFailed onRetry={() => void query.refetch()} />;
  } else {
    content = (
      <div className="notice-detail" role="status" aria-label={t('list.loading')} data-testid="notice-detail-loading">
        <Skeleton.Title animated />
        <Skeleton animated className="notice-detail__date-skeleton" />
        <Skeleton.Paragraph animated lineCount={6} />
      </div>
    );
  }

  return (
    <div className="page" data-testid="notice-detail-page">
      <PageNavBar title={t('notice.detailTitle')} />
      {content}
    </div>
  );
}
