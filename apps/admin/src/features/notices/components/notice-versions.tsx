import type { TOperatorNoticeVersion } from '@kpc/shared/operator';
import { Card, Skeleton, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format.ts';
import { useNoticeVersions } from '../api/notices-api.ts';
import { languageName } from '../lib/language-name.ts';
import { NoticeActionTag } from './notice-state-tag.tsx';

/**
 * Every saved version of the announcement, newest first: its number, what the save did, who made
 * it and when (and for a publication, from when members see it); a row opens to the titles it had.
 */
export function NoticeVersions({ noticeId }: { noticeId: string }) {
  const { t } = useTranslation();
  const versions = useNoticeVersions(noticeId);
  const columns: TableColumnsType<TOperatorNoticeVersion> = [
    { title: t('notices.versions.version'), dataIndex: 'version', width: 80, render: (v: number) => `v${v}` },
    {
      title: t('notices.versions.action'),
      dataIndex: 'action',
      width: 120,
      render: (action: TOperatorNoticeVersion['action']) => <NoticeActionTag action={action} />,
    },
    { title: t('notices.versions.operator'), dataIndex: 'operator', ellipsis: true },
    { title: t('notices.versions.at'), dataIndex: 'at', width: 190, render: (at: string) => formatDateTime(at) },
    {
      title: t('notices.versions.visibleFrom'),
      dataIndex: 'publishedAt',
      width: 190,
      render: (at: string | null) => formatDateTime(at),
    },
  ];
  return (
    <Card title={t('notices.versions.title')} data-testid="notice-versions">
      {versions.data ? (
        <Table<TOperatorNoticeVersion>
          rowKey="version"
          size="small"
          columns={columns}
          dataSource={versions.data.list}
          pagination={false}
          expandable={{
            expandedRowRender: (row) => (
              <ul className="notice-version-texts">
                {row.translations.map((text) => (
                  <li key={text.language}>
                    <Typography.Text type="secondary">{languageName(text.language)}</Typography.Text> {text.title}
                  </li>
                ))}
              </ul>
            ),
          }}
          data-testid="notice-versions-table"
        />
      ) : (
        <Skeleton active paragraph={{ rows: 3 }} />
      )}
    </Card>
  );
}
