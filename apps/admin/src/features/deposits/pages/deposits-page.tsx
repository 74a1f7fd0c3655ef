import {
  OperatorDepositStatus,
  Permission,
  type TOperatorDeposit,
  type TOperatorDepositStatus,
} from '@kpc/shared/operator';
import {
  Card,
  Input,
  Progress,
  Segmented,
  Select,
  Space,
  Table,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CursorPager } from '@/components/cursor-pager.tsx';
import { ExportButton } from '@/components/export-button.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import { memberPath } from '@/config/routes.ts';
import { useChainsStatus } from '@/lib/api/get-chains-status.ts';
import { formatAmount, formatDateTime, shortenHex } from '@/lib/format.ts';
import { useCan } from '@/lib/session.ts';
import { useCursorPages } from '@/lib/use-cursor-pages.ts';
import { DEPOSITS_QUERY_KEY, listDeposits } from '../api/list-deposits.ts';
import { ChannelsTable } from '../components/channels-table.tsx';
import { WatchersTable } from '../components/watchers-table.tsx';
import { networkName } from '@/lib/network-name.ts';

type StatusFilter = TOperatorDepositStatus | 'all';
const STATUS_FILTERS: StatusFilter[] = ['all', ...Object.values(OperatorDepositStatus)];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Deposits: every one the watchers saw, by state and chain, with its confirmations; each chain's
 * watcher (cursor and lag); the payment channels and their switches (finance).
 */
export default function DepositsPage() {
  const { t } = useTranslation();
  const canSwitch = useCan(Permission.CHANNELS_MANAGE);
  const chains = useChainsStatus();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [chainId, setChainId] = useState<number | undefined>();
  const [memberId, setMemberId] = useState('');
  const memberFilter = UUID.test(memberId.trim()) ? memberId.trim() : undefined;
  const filters = {
    ...(status === 'all' ? {} : { status }),
    ...(chainId === undefined ? {} : { chainId }),
    ...(memberFilter ? { memberId: memberFilter } : {}),
  };
  const pages = useCursorPages({
    queryKey: DEPOSITS_QUERY_KEY,
    fetchPage: listDeposits,
    filters,
    refetchInterval: 10_000,
  });

  const columns: TableColumnsType<TOperatorDeposit> = [
    { title: t('deposits.id'), dataIndex: 'id', width: 80, render: (id: string) => <span className="mono">{id}</span> },
    {
      title: t('deposits.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: (value: string) => formatDateTime(value),
    },
    {
      title: t('deposits.member'),
      key: 'member',
      render: (_, row) =>
        row.memberId ? (
          <Link to={memberPath(row.memberId)}>{row.memberEmail ?? row.memberId}</Link>
        ) : (
          <Typography.Text type="secondary">{t('deposits.nobody')}</Typography.Text>
        ),
    },
    {
      title: t('chains.network'),
      key: 'network',
      width: 130,
      render: (_, row) => networkName(row.chainId, row.network),
    },
    {
      title: t('channels.method'),
      dataIndex: 'method',
      render: (method: TOperatorDeposit['method']) => t(`channels.methods.${method}`),
    },
    {
      title: t('deposits.from'),
      dataIndex: 'fromAddress',
      render: (address: string) => (
        <Tooltip title={address}>
          <span className="mono">{shortenHex(address)}</span>
        </Tooltip>
      ),
    },
    {
      title: t('deposits.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (_, row) => (
        <span className="mono">
          {formatAmount(row.amount)} {row.asset}
        </span>
      ),
    },
    { title: t('deposits.status'), dataIndex: 'status', render: (value: string) => <StatusTag status={value} /> },
    {
      title: t('deposits.confirmations'),
      key: 'confirmations',
      width: 160,
      render: (_, row) => (
        <Tooltip title={t('deposits.block', { block: row.blockNumber })}>
          <Progress
            size="small"
            percent={Math.round((Math.min(row.confirmations, row.required) / Math.max(row.required, 1)) * 100)}
            format={() => `${row.confirmations}/${row.required}`}
            status={row.confirmations >= row.required ? 'success' : 'active'}
          />
        </Tooltip>
      ),
    },
    {
      title: t('deposits.txHash'),
      dataIndex: 'txHash',
      render: (_, row) =>
        row.explorerTxUrl ? (
          <Typography.Link href={row.explorerTxUrl} target="_blank" rel="noreferrer" className="mono">
            {shortenHex(row.txHash)}
          </Typography.Link>
        ) : (
          <span className="mono">{shortenHex(row.txHash)}</span>
        ),
    },
    {
      title: t('deposits.creditedAt'),
      dataIndex: 'creditedAt',
      width: 170,
      render: (value: string | null) => formatDateTime(value),
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <PageTitle
        title={t('nav.deposits')}
        extra={<ExportButton path="/deposits/export" filters={filters} name="deposits" />}
      />
      <Card size="small" title={t('deposits.watchers')}>
        <WatchersTable chains={chains.data?.list ?? []} loading={chains.isLoading} />
      </Card>
      <Card>
        <div className="toolbar">
          <Segmented<StatusFilter>
            value={status}
            onChange={setStatus}
            options={STATUS_FILTERS.map((value) => ({
              value,
              label: value === 'all' ? t('common.all') : t(`status.${value}`),
            }))}
          />
          <Select
            allowClear
            placeholder={t('withdrawals.allChains')}
            value={chainId}
            onChange={(value?: number) => setChainId(value)}
            options={(chains.data?.list ?? []).map((chain) => ({
              value: chain.chainId,
              label: networkName(chain.chainId, chain.network),
            }))}
            style={{ width: 180 }}
          />
          <Input
            allowClear
            placeholder={t('withdrawals.memberIdPlaceholder')}
            value={memberId}
            onChange={(event) => setMemberId(event.target.value)}
            status={memberId.trim() && !memberFilter ? 'warning' : ''}
            style={{ width: 320 }}
          />
        </div>
        <Table<TOperatorDeposit>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={pages.rows}
          loading={pages.query.isFetching && !pages.query.isRefetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="deposits-table"
        />
        <div className="table-footer">
          <span />
          <CursorPager pages={pages} />
        </div>
      </Card>
      <Card size="small" title={t('deposits.channels')}>
        <ChannelsTable canSwitch={canSwitch} />
      </Card>
    </Space>
  );
}
