import type { TOperatorCard } from '@kpc/shared/operator';
import { Input, Segmented, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CursorPager } from '@/components/cursor-pager.tsx';
import { ExportButton } from '@/components/export-button.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import { cardPath, memberPath } from '@/config/routes.ts';
import { formatAmount, formatDateTime } from '@/lib/format.ts';
import { useCursorPages } from '@/lib/use-cursor-pages.ts';
import { CARD_LIST_QUERY_KEY, listCards } from '../api/cards-api.ts';
import { UUID } from './applications-tab.tsx';

type StatusFilter = 'all' | 'active' | 'frozen';

/** Issued and imported cards, by state and member; a row opens the card's page. */
export function CardsTab() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [memberId, setMemberId] = useState('');
  const memberFilter = UUID.test(memberId.trim()) ? memberId.trim() : undefined;
  // The list and its export read the same filter.
  const filters = { ...(status === 'all' ? {} : { status }), ...(memberFilter ? { memberId: memberFilter } : {}) };
  const pages = useCursorPages({
    queryKey: CARD_LIST_QUERY_KEY,
    fetchPage: listCards,
    filters,
  });

  const columns: TableColumnsType<TOperatorCard> = [
    {
      title: t('cards.column.card'),
      key: 'card',
      width: 200,
      render: (_, row) => (
        <Link to={cardPath(row.id)} className="mono" data-testid={`card-${row.id}`}>
          {row.maskedNumber}
        </Link>
      ),
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
      title: t('cards.column.issuedAt'),
      dataIndex: 'issuedAt',
      width: 150,
      render: (value: string) => formatDateTime(value),
    },
    {
      title: t('cards.column.bound'),
      dataIndex: 'isBound',
      width: 100,
      render: (bound: boolean) => (bound ? t('common.yes') : t('common.no')),
    },
    {
      title: t('cards.column.feeDue'),
      dataIndex: 'monthlyFeeDue',
      width: 120,
      align: 'right',
      render: (value: string | null) => (value ? <span className="mono">{formatAmount(value)}</span> : '—'),
    },
    {
      title: t('cards.column.status'),
      key: 'status',
      width: 190,
      render: (_, row) => (
        <>
          <StatusTag status={row.status} />
          {row.frozenReason && <Tag>{t(`cards.frozenReason.${row.frozenReason}`)}</Tag>}
        </>
      ),
    },
  ];

  return (
    <>
      <div className="toolbar" style={{ justifyContent: 'space-between' }}>
        <Segmented<StatusFilter>
          value={status}
          onChange={setStatus}
          options={(['all', 'active', 'frozen'] as const).map((value) => ({
            value,
            label: value === 'all' ? t('common.all') : t(`status.${value}`),
          }))}
        />
        <Input
          allowClear
          placeholder={t('cards.memberIdPlaceholder')}
          value={memberId}
          onChange={(event) => setMemberId(event.target.value)}
          status={memberId.trim() && !memberFilter ? 'warning' : ''}
          style={{ width: 320, marginLeft: 'auto' }}
        />
        <ExportButton path="/cards/export" filters={filters} name="cards" testId="cards-export" />
      </div>
      <Table<TOperatorCard>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={pages.rows}
        loading={pages.query.isFetching && !pages.query.isRefetching}
        pagination={false}
        data-testid="cards-table"
      />
      <div className="table-footer">
        <span />
        <CursorPager pages={pages} />
      </div>
    </>
  );
}
