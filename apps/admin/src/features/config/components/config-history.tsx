import type { TConfigChange, TConfigDomain } from '@kpc/shared/operator';
import { useQuery } from '@tanstack/react-query';
import { Skeleton, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { diffRows, showValue } from '@/lib/diff-rows.ts';
import { formatDateTime } from '@/lib/format.ts';
import { configQueryKey, listConfigHistory } from '../api/config-history.ts';

/** What one version changed, field by field: `field: before → after`. */
function ChangedFields({ change }: { change: TConfigChange }) {
  const rows = diffRows(change.before, change.after).filter((row) => row.changed);
  return (
    <div>
      {rows.map((row) => (
        <div key={row.field} className="mono">
          {row.field}: {showValue(row.before)} → {showValue(row.after)}
        </div>
      ))}
    </div>
  );
}

/**
 * The versions of a configuration domain (or one subject of it), newest first: who, when, what
 * changed, why and from when it applies. Every configuration page shows it under its form.
 */
export function ConfigHistory({ domain, subject }: { domain: TConfigDomain; subject?: string }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: configQueryKey(domain, 'history', subject ?? null),
    queryFn: () => listConfigHistory({ domain, ...(subject ? { subject } : {}) }),
  });
  if (query.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  return (
    <section data-testid={`config-history-${domain}`}>
      <Typography.Title level={5}>{t('config.history.title')}</Typography.Title>
      <Table<TConfigChange>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={query.data?.list ?? []}
        locale={{ emptyText: t('config.history.empty') }}
        columns={[
          { key: 'version', title: t('config.history.version'), render: (_, c) => <Tag>v{c.version}</Tag>, width: 70 },
          { key: 'subject', title: t('config.history.subject'), dataIndex: 'subject', width: 160 },
          { key: 'changes', title: t('config.history.changes'), render: (_, c) => <ChangedFields change={c} /> },
          { key: 'reason', title: t('config.history.reason'), dataIndex: 'reason' },
          {
            key: 'effective',
            title: t('config.history.effectiveFrom'),
            render: (_, c) => formatDateTime(c.effectiveFrom),
            width: 170,
          },
          {
            key: 'who',
            title: t('config.history.who'),
            render: (_, c) => (
              <span>
                {c.actorName}
                <br />
                <Typography.Text type="secondary">{formatDateTime(c.at)}</Typography.Text>
              </span>
            ),
            width: 190,
          },
        ]}
      />
    </section>
  );
}
