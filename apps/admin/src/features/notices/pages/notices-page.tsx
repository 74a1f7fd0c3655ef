import { PlusOutlined } from '@ant-design/icons';
import { NoticeStatus, type TNoticeStatus } from '@kpc/shared';
import { NoticeState, type TOperatorNotice } from '@kpc/shared/operator';
import { Button, Card, Segmented, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CursorPager } from '@/components/cursor-pager.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { noticePath } from '@/config/routes.ts';
import { formatDateTime } from '@/lib/format.ts';
import { useCursorPages } from '@/lib/use-cursor-pages.ts';
import { listNotices, NOTICES_QUERY_KEY } from '../api/notices-api.ts';
import { NoticeStateTag } from '../components/notice-state-tag.tsx';
import { NEW_NOTICE_ID, NOTICE_LANGUAGES } from '../lib/drafts.ts';

type StatusFilter = TNoticeStatus | 'all';
const STATUS_FILTERS: StatusFilter[] = ['all', NoticeStatus.DRAFT, NoticeStatus.PUBLISHED, NoticeStatus.UNPUBLISHED];

/**
 * Announcements, newest first: each one's title, state (a scheduled one with its time), the
 * languages it is written in, when it was published (or is scheduled) and by whom, and who last
 * saved it; a new one from the button.
 */
export default function NoticesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [status, setStatus] = useState<StatusFilter>('all');
  const pages = useCursorPages({
    queryKey: NOTICES_QUERY_KEY,
    fetchPage: listNotices,
    filters: status === 'all' ? {} : { status },
  });

  const columns: TableColumnsType<TOperatorNotice> = [
    {
      title: t('notices.list.id'),
      dataIndex: 'id',
      width: 70,
      render: (id: string) => <span className="mono">{id}</span>,
    },
    {
      title: t('notices.list.title'),
      key: 'title',
      ellipsis: true,
      render: (_, row) => (
        <Link to={noticePath(row.id)} data-testid="notice-row-link">
          {row.translations[0]?.title ?? `#${row.id}`}
        </Link>
      ),
    },
    {
      title: t('notices.list.state'),
      dataIndex: 'state',
      width: 120,
      render: (_, row) => <NoticeStateTag state={row.state} />,
    },
    {
      title: t('notices.list.languages'),
      key: 'languages',
      width: 230,
      render: (_, row) => {
        const written = new Set(row.translations.map((text) => text.language));
        return (
          <Space size={2} wrap>
            {NOTICE_LANGUAGES.filter((code) => written.has(code)).map((code) => (
              <Tag key={code} style={{ marginInlineEnd: 0 }}>
                {code}
              </Tag>
            ))}
          </Space>
        );
      },
    },
    {
      title: t('notices.list.publishedAt'),
      key: 'publishedAt',
      width: 220,
      render: (_, row) =>
        row.publishedAt ? (
          <>
            <div>{formatDateTime(row.publishedAt)}</div>
            <Typography.Text type="secondary">
              {row.state === NoticeState.SCHEDULED
                ? t('notices.list.scheduledBy', { name: row.publishedBy })
                : t('notices.list.publishedBy', { name: row.publishedBy })}
            </Typography.Text>
          </>
        ) : (
          '—'
        ),
    },
    {
      title: t('notices.list.updated'),
      key: 'updated',
      width: 220,
      render: (_, row) => (
        <>
          <div>{formatDateTime(row.updatedAt)}</div>
          <Typography.Text type="secondary">
            {row.updatedBy} · v{row.version}
          </Typography.Text>
        </>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <PageTitle
        title={t('nav.notices')}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => void navigate(noticePath(NEW_NOTICE_ID))}
            data-testid="notice-new"
          >
            {t('notices.list.new')}
          </Button>
        }
      />
      <Card>
        <div className="toolbar">
          <Segmented<StatusFilter>
            value={status}
            onChange={setStatus}
            options={STATUS_FILTERS.map((value) => ({
              value,
              label: value === 'all' ? t('common.all') : t(`notices.state.${value}`),
            }))}
            data-testid="notice-status-filter"
          />
        </div>
        <Table<TOperatorNotice>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={pages.rows}
          loading={pages.query.isFetching && !pages.query.isRefetching}
          pagination={false}
          locale={pages.query.isPending ? { emptyText: ' ' } : { emptyText: t('notices.list.empty') }}
          data-testid="notices-table"
        />
        <div className="table-footer">
          <Typography.Text type="secondary">{t('notices.list.scheduledHint')}</Typography.Text>
          <CursorPager pages={pages} />
        </div>
      </Card>
    </Space>
  );
}
