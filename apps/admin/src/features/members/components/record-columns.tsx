import type { TAssetLogItem, TCardListItem, TPledge } from '@kpc/shared';
import type {
  TMemberApplication,
  TMemberPlansResponse,
  TMemberTeamEntry,
  TOperatorDeposit,
  TOperatorWithdrawal,
} from '@kpc/shared/operator';
import { Tooltip, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { StatusTag } from '@/components/status-tag.tsx';
import { memberPath } from '@/config/routes.ts';
import { formatAmount, formatDateTime, shortenHex } from '@/lib/format.ts';
import { networkName } from '@/lib/network-name.ts';

type TPlanOrder = TMemberPlansResponse['list'][number];

const mono = (value: string | null | undefined) => <span className="mono">{value ?? '—'}</span>;
const amount = (value: string | null | undefined) => <span className="mono">{formatAmount(value)}</span>;
const time = (value: string | null | undefined) => formatDateTime(value);
const hex = (value: string | null | undefined) =>
  value ? (
    <Tooltip title={value}>
      <span className="mono">{shortenHex(value)}</span>
    </Tooltip>
  ) : (
    '—'
  );

/** The columns of each record list on a member's page. */
export function buildRecordColumns(t: TFunction) {
  const flow: TableColumnsType<TAssetLogItem> = [
    { title: t('records.time'), dataIndex: 'createdAt', render: time },
    {
      title: t('records.type'),
      dataIndex: 'type',
      render: (type: string) => t(`entryType.${type as 'deposit'}`, { defaultValue: type }),
    },
    { title: t('records.asset'), dataIndex: 'asset' },
    {
      title: t('records.bucket'),
      dataIndex: 'bucket',
      render: (bucket: string) => t(`bucket.${bucket as 'available'}`, { defaultValue: bucket }),
    },
    {
      title: t('records.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (value: string) => (
        <Typography.Text type={value.startsWith('-') ? 'danger' : 'success'} className="mono">
          {formatAmount(value)}
        </Typography.Text>
      ),
    },
    { title: t('records.balanceAfter'), dataIndex: 'balanceAfter', align: 'right', render: amount },
  ];
  const withdrawals: TableColumnsType<TOperatorWithdrawal> = [
    { title: t('records.id'), dataIndex: 'id', render: mono },
    { title: t('records.time'), dataIndex: 'createdAt', render: time },
    { title: t('chains.network'), key: 'network', render: (_, row) => networkName(row.chainId, row.network) },
    { title: t('records.amount'), dataIndex: 'amount', align: 'right', render: amount },
    { title: t('withdrawals.fee'), dataIndex: 'fee', align: 'right', render: amount },
    { title: t('withdrawals.address'), dataIndex: 'address', render: hex },
    { title: t('records.status'), dataIndex: 'status', render: (status: string) => <StatusTag status={status} /> },
    { title: t('withdrawals.txHash'), dataIndex: 'txHash', render: hex },
  ];
  const deposits: TableColumnsType<TOperatorDeposit> = [
    { title: t('records.id'), dataIndex: 'id', render: mono },
    { title: t('records.time'), dataIndex: 'createdAt', render: time },
    { title: t('chains.network'), key: 'network', render: (_, row) => networkName(row.chainId, row.network) },
    {
      title: t('channels.method'),
      dataIndex: 'method',
      render: (method: TOperatorDeposit['method']) => t(`channels.methods.${method}`),
    },
    { title: t('records.amount'), dataIndex: 'amount', align: 'right', render: amount },
    { title: t('records.status'), dataIndex: 'status', render: (status: string) => <StatusTag status={status} /> },
    {
      title: t('deposits.confirmations'),
      key: 'confirmations',
      render: (_, row) => `${row.confirmations}/${row.required}`,
    },
    { title: t('deposits.txHash'), dataIndex: 'txHash', render: hex },
  ];
  const plans: TableColumnsType<TPlanOrder> = [
    { title: t('records.id'), dataIndex: 'id', render: mono },
    { title: t('records.time'), dataIndex: 'createdAt', render: time },
    { title: t('records.paidUsdt'), dataIndex: 'amount', align: 'right', render: amount },
    {
      title: t('records.released'),
      dataIndex: 'released',
      align: 'right',
      render: (_, order) => amount(order.released),
    },
    {
      title: t('records.remaining'),
      key: 'remaining',
      align: 'right',
      render: (_, order) => amount(order.kind === 'investment' ? order.remaining : order.locked),
    },
    {
      title: t('records.progress'),
      key: 'progress',
      render: (_, order) =>
        order.kind === 'investment'
          ? t('records.daysProgress', { done: order.daysReleased, total: order.totalDays })
          : t('records.phasesProgress', { done: order.phasesReleased, total: order.phaseCount }),
    },
    { title: t('records.status'), dataIndex: 'status', render: (status: string) => <StatusTag status={status} /> },
  ];
  const pledges: TableColumnsType<TPledge> = [
    { title: t('records.id'), dataIndex: 'id', render: mono },
    { title: t('records.time'), dataIndex: 'createdAt', render: time },
    { title: t('records.amountKpc'), dataIndex: 'amount', align: 'right', render: amount },
    { title: t('records.term'), dataIndex: 'termDays', render: (days: number) => t('records.days', { count: days }) },
    { title: t('records.rewardsPaid'), dataIndex: 'rewardsPaid', align: 'right', render: amount },
    { title: t('records.maturesAt'), dataIndex: 'maturesAt', render: time },
    { title: t('records.status'), dataIndex: 'status', render: (status: string) => <StatusTag status={status} /> },
  ];
  const cards: TableColumnsType<TCardListItem> = [
    { title: t('records.card'), dataIndex: 'maskedNumber', render: mono },
    { title: t('records.product'), key: 'product', render: (_, card) => `${card.label} · ${card.network}` },
    { title: t('records.status'), dataIndex: 'status', render: (status: string) => <StatusTag status={status} /> },
    {
      title: t('records.bound'),
      dataIndex: 'isBound',
      render: (bound: boolean) => (bound ? t('common.yes') : t('common.no')),
    },
    { title: t('records.balance'), dataIndex: 'balance', align: 'right', render: amount },
    { title: t('records.issuedAt'), dataIndex: 'issuedAt', render: time },
  ];
  const applications: TableColumnsType<TMemberApplication> = [
    { title: t('records.id'), dataIndex: 'id', render: mono },
    { title: t('records.time'), dataIndex: 'createdAt', render: time },
    {
      title: t('records.summary'),
      key: 'summary',
      render: (_, application) =>
        application.kind === 'card'
          ? `${application.product} · ${application.network} · ${formatAmount(application.paid)} USDT`
          : application.kind === 'node'
            ? `${application.name} · ${application.region}`
            : `${application.name} · ${formatAmount(application.contribution)} ${application.asset}`,
    },
    { title: t('records.status'), dataIndex: 'status', render: (status: string) => <StatusTag status={status} /> },
  ];
  const team: TableColumnsType<TMemberTeamEntry> = [
    {
      title: t('members.member'),
      key: 'member',
      render: (_, member) => (
        <Link to={memberPath(member.id)}>{member.email ?? shortenHex(member.walletAddress) ?? member.id}</Link>
      ),
    },
    { title: t('members.inviteCode'), dataIndex: 'inviteCode', render: mono },
    {
      title: t('members.level'),
      dataIndex: 'level',
      render: (level: TMemberTeamEntry['level']) => t(`members.levels.${level}`),
    },
    { title: t('members.teamCount'), dataIndex: 'teamCount', align: 'right' },
    { title: t('members.createdAt'), dataIndex: 'createdAt', render: time },
  ];
  return { flow, withdrawals, deposits, plans, pledges, cards, applications, team };
}
