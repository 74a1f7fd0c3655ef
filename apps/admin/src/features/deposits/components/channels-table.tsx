import { ChannelStatus, type TChannelStatus } from '@kpc/shared';
import type { TOperatorChannel } from '@kpc/shared/operator';
import { App, Select, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useChannels, useSetChannelStatus } from '../api/channels.ts';
import { networkName } from '@/lib/network-name.ts';

const STATUS_COLORS = { open: 'green', paused: 'orange', not_open: 'default' } as const;
const SWITCHES: TChannelStatus[] = [ChannelStatus.OPEN, ChannelStatus.PAUSED, ChannelStatus.NOT_OPEN];

/**
 * The payment channels: each one's switch and what members see now. Finance switches a channel
 * after a confirmation (the audit log keeps it); other roles read.
 */
export function ChannelsTable({ canSwitch }: { canSwitch: boolean }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const channels = useChannels();
  const setStatus = useSetChannelStatus();

  function confirmSwitch(channel: TOperatorChannel, status: TChannelStatus) {
    const name = `${networkName(channel.chainId, channel.network)} · ${t(`channels.directions.${channel.direction}`)} · ${t(`channels.methods.${channel.method}`)}`;
    modal.confirm({
      title: t('channels.confirmTitle'),
      content: t('channels.confirmText', { channel: name, status: t(`channels.statuses.${status}`) }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () =>
        setStatus
          .mutateAsync({ direction: channel.direction, chainId: channel.chainId, method: channel.method, status })
          .then(() => notifySuccess(t('channels.switched')))
          .catch(() => undefined),
    });
  }

  const columns: TableColumnsType<TOperatorChannel> = [
    {
      title: t('chains.network'),
      key: 'network',
      render: (_, channel) => networkName(channel.chainId, channel.network),
    },
    {
      title: t('channels.direction'),
      dataIndex: 'direction',
      render: (direction: TOperatorChannel['direction']) => t(`channels.directions.${direction}`),
    },
    {
      title: t('channels.method'),
      dataIndex: 'method',
      render: (method: TOperatorChannel['method']) => t(`channels.methods.${method}`),
    },
    {
      title: t('channels.configured'),
      dataIndex: 'configured',
      render: (configured: boolean) =>
        configured ? <Tag color="green">{t('common.yes')}</Tag> : <Tag>{t('common.no')}</Tag>,
    },
    {
      title: t('channels.membersSee'),
      dataIndex: 'status',
      render: (status: TChannelStatus) => <Tag color={STATUS_COLORS[status]}>{t(`channels.statuses.${status}`)}</Tag>,
    },
    {
      title: t('channels.switch'),
      key: 'switch',
      render: (_, channel) =>
        canSwitch ? (
          <Select<TChannelStatus>
            size="small"
            value={channel.switch}
            placeholder={t('channels.notSet')}
            style={{ width: 150 }}
            onChange={(status) => confirmSwitch(channel, status)}
            options={SWITCHES.map((status) => ({ value: status, label: t(`channels.statuses.${status}`) }))}
            data-testid={`channel-switch-${channel.direction}-${channel.chainId}-${channel.method}`}
          />
        ) : channel.switch ? (
          t(`channels.statuses.${channel.switch}`)
        ) : (
          t('channels.notSet')
        ),
    },
    {
      title: t('channels.switchedAt'),
      dataIndex: 'switchedAt',
      render: (value: string | null) => formatDateTime(value),
    },
  ];

  return (
    <Table<TOperatorChannel>
      size="small"
      rowKey={(channel) => `${channel.direction}:${channel.chainId}:${channel.method}`}
      columns={columns}
      dataSource={channels.data ?? []}
      loading={channels.isFetching || setStatus.isPending}
      pagination={false}
      data-testid="channels-table"
    />
  );
}
