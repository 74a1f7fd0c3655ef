import { CardApplicationStatus, type TCardApplicationStatus } from '@kpc/shared';
import type { TOperatorCardApplication } from '@kpc/shared/operator';
import { Input, Segmented, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CursorPager } from '@/components/cursor-pager.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import { memberPath } from '@/config/routes.ts';
import { formatAmount, formatDateTime } from '@/lib/format.ts';
import { useCursorPages } from '@/lib/use-cursor-pages.ts';
import { APPLICATIONS_QUERY_KEY, listCardApplications } from '../api/cards-api.ts';
import { ApplicationDrawer } from './application-drawer.tsx';

type StatusFilter = TCardApplicationStatus | 'all';
/** Those waiting for an operator first. */
const STATUS_FILTERS: StatusFilter[] = [
  CardApplicationStatus.SUBMITTED,
  CardApplicationStatus.APPROVED,
  CardApplicationStatus.SUBMITTING,
  CardApplicationStatus.ISSUED,
  CardApplicationStatus.REJECTED,
  'all',
];
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The applications queue: by state and member, server-side paging; a row opens its drawer. */
export function ApplicationsTab() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<StatusFilter>(CardApplicationStatus.SUBMITTED);
  const [memberId, setMemberId] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const memberFilter = UUID.test(memberId.trim()) ? memberId.trim() : undefined;
  const pages = useCursorPages({
    queryKey: APPLICATIONS_QUERY_KEY,
    fetchPage: listCardApplications,
    filters: { ...(status === 'all' ? {} : { status }), ...(memberFilter ? { memberId: memberFilter } : {}) },
    refetchInterval: 10_000,
  });

  const columns: TableColumnsType<TOperatorCardApplication> = [
    {
      title: t('cards.column.id'),
      dataIndex: 'id',
      width: 70,
      render: (id: string) => (
        <Typography.Link onClick={() => setOpenId(id)} className="mono" data-testid={`application-${id}`}>
          {id}
        </Typography.Link>
      ),
    },
    {
      title: t('cards.column.createdAt'),
      dataIndex: 'createdAt',
      width: 150,
      render: (value: string) => formatDateTime(value),
    },
    {
      title: t('cards.column.member'),
      key: 'member',
      ellipsis: true,
      render: (_, row) => <Link to={memberPath(row.memberId)}>{row.memberEmail ?? row.memberId}</Link>,
    },
    {
      title: t('cards.column.product'),
      key: 'product',
      width: 230,
      render: (_, row) => `${t(`cards.product.${row.product}`)} · ${t(`cards.network.${row.network}`)}`,
    },
    {
      title: t('cards.column.paid'),
      key: 'paid',
      width: 150,
      align: 'right',
      render: (_, row) =>
        row.payment === 'code' ? (
          t('cards.drawer.paidWithCode')
        ) : (
          <span className="mono">{formatAmount(row.paid)} USDT</span>
        ),
    },
    {
      title: t('cards.column.status'),
      dataIndex: 'status',
      width: 140,
      render: (value: string) => <StatusTag status={value} />,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 100,
      render: (_, row) => (
        <Typography.Link onClick={() => setOpenId(row.id)} data-testid={`open-application-${row.id}`}>
          {t('cards.open')}
        </Typography.Link>
      ),
    },
  ];

  return (
    <>
      <div className="toolbar" style={{ justifyContent: 'space-between' }}>
        <Segmented<StatusFilter>
          value={status}
          onChange={setStatus}
          options={STATUS_FILTERS.map((value) => ({
            value,
            label: value === 'all' ? t('common.all') : t(`cards.applicationStatus.${value}`),
          }))}
          data-testid="application-status-filter"
        />
        <Input
          allowClear
          placeholder={t('cards.memberIdPlaceholder')}
          value={memberId}
          onChange={(event) => setMemberId(event.target.value)}
          status={memberId.trim() && !memberFilter ? 'warning' : ''}
          style={{ width: 320 }}
        />
      </div>
      <Table<TOperatorCardApplication>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={pages.rows}
        loading={pages.query.isFetching && !pages.query.isRefetching}
        pagination={false}
        data-testid="applications-table"
      />
      <div className="table-footer">
        <span />
        <CursorPager pages={pages} />
      </div>
      <ApplicationDrawer id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
