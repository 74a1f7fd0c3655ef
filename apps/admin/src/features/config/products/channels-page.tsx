import type { TOperatorChannel, TOperatorChannelListResponse } from '@kpc/shared/operator';
import { Permission } from '@kpc/shared/operator';
import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@/components/page-title.tsx';
import { ROUTES } from '@/config/routes.ts';
import { formatDateTime } from '@/lib/format.ts';
import { networkName } from '@/lib/network-name.ts';
import { request } from '@/lib/request.ts';
import { useCan } from '@/lib/session.ts';
import { ConfigHistory } from '../components/config-history.tsx';
import { useLabels } from './labels.ts';

const STATUS_COLORS = { open: 'green', paused: 'orange', not_open: 'default' } as const;

/**
 * Deposit channels per chain (Step 8b §2). What a channel needs (node, contracts, hot wallet) is set
 * per chain when the programme is deployed; what operators change is its switch (open, paused, not
 * open), which the deposits screen's control already does (finance, audited `channel.set`). This
 * page shows every channel and links there, rather than a second control for the same switch.
 */
export default function ChannelsConfigPage() {
  const { t } = useTranslation();
  const { label } = useLabels();
  const canRead = useCan(Permission.PAYMENTS_READ);
  const channels = useQuery({
    queryKey: ['config', 'channels', 'rows'],
    queryFn: async () => (await request<TOperatorChannelListResponse>('/channels/list')).list,
    enabled: canRead,
  });
  const columns: TableColumnsType<TOperatorChannel> = [
    { key: 'network', title: label('network'), render: (_, c) => networkName(c.chainId, c.network) },
    { key: 'direction', title: t('channels.direction'), render: (_, c) => t(`channels.directions.${c.direction}`) },
    { key: 'method', title: t('channels.method'), render: (_, c) => t(`channels.methods.${c.method}`) },
    {
      key: 'configured',
      title: t('channels.configured'),
      render: (_, c) => (c.configured ? t('common.yes') : t('common.no')),
    },
    {
      key: 'status',
      title: t('channels.membersSee'),
      render: (_, c) => <Tag color={STATUS_COLORS[c.status]}>{t(`channels.statuses.${c.status}`)}</Tag>,
    },
    {
      key: 'switchedAt',
      title: t('channels.switchedAt'),
      render: (_, c) => (c.switchedAt ? formatDateTime(c.switchedAt) : '—'),
    },
  ];
  return (
    <div data-testid="config-products-channels">
      <PageTitle
        title={label('domains.channels.title')}
        extra={
          canRead && (
            <Link to={ROUTES.deposits}>
              <Button data-testid="config-channels-open-deposits">{label('channelsLink')}</Button>
            </Link>
          )
        }
      />
      <Typography.Paragraph type="secondary">{label('domains.channels.text')}</Typography.Paragraph>
      {!canRead ? (
        <Typography.Paragraph type="warning">{label('channelsNeedPayments')}</Typography.Paragraph>
      ) : channels.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <Table<TOperatorChannel>
          size="small"
          rowKey={(c) => `${c.direction}-${c.chainId}-${c.method}`}
          dataSource={channels.data ?? []}
          columns={columns}
          pagination={false}
          style={{ marginBottom: 24 }}
        />
      )}
      <ConfigHistory domain="channels" />
    </div>
  );
}
