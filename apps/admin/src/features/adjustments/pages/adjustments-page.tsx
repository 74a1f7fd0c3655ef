import { PlusOutlined } from '@ant-design/icons';
import { Permission, type TAdjustment, type TAdjustmentStatus } from '@kpc/shared/operator';
import { Button, Card, Segmented, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CursorPager } from '@/components/cursor-pager.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { formatAmount, formatDateTime } from '@/lib/format.ts';
import { useCan } from '@/lib/session.ts';
import { useCursorPages } from '@/lib/use-cursor-pages.ts';
import { ADJUSTMENTS_QUERY_KEY, listAdjustments } from '../api/adjustments.ts';
import { AdjustmentDrawer } from '../components/adjustment-drawer.tsx';
import { AdjustmentStatusTag } from '../components/adjustment-status-tag.tsx';
import { ProposeDialog } from '../components/propose-dialog.tsx';

type StatusFilter = TAdjustmentStatus | 'all';
const STATUS_FILTERS: StatusFilter[] = ['pending', 'accepted', 'rejected', 'expired', 'all'];

/**
 * Two-person adjustments (Step 8b §3): the list by state (pending first), a proposal form with the
 * postings it will make, and a drawer per adjustment where another finance operator approves it
 * with their authenticator code, or rejects it. The proposer sees why they cannot approve.
 */
export default function AdjustmentsPage() {
  const { t } = useTranslation();
  const canPropose = useCan(Permission.ADJUSTMENTS_PROPOSE);
  const [status, setStatus] = useState<StatusFilter>('pending');
  const [isProposing, setIsProposing] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const pages = useCursorPages({
    queryKey: ADJUSTMENTS_QUERY_KEY,
    fetchPage: listAdjustments,
    filters: status === 'all' ? {} : { status },
    refetchInterval: 15_000,
  });

  const columns: TableColumnsType<TAdjustment> = [
    {
      title: t('adjustments.columns.id'),
      dataIndex: 'id',
      width: 70,
      render: (id: string) => (
        <Typography.Link onClick={() => setOpenId(id)} className="mono" data-testid="adjustment-open">
          #{id}
        </Typography.Link>
      ),
    },
    {
      title: t('adjustments.columns.createdAt'),
      dataIndex: 'createdAt',
      width: 140,
      render: (value: string) => formatDateTime(value),
    },
    {
      title: t('adjustments.columns.kind'),
      dataIndex: 'kind',
      width: 120,
      render: (kind: string) => t(`adjustments.kinds.${kind as 'member_credit'}`),
    },
    {
      title: t('adjustments.columns.target'),
      key: 'target',
      ellipsis: true,
      render: (_, row) =>
        row.memberId ? (
          <>
            {row.memberEmail ?? row.memberId}{' '}
            <Typography.Text type="secondary">
              · {t(`adjustments.buckets.${row.bucket as 'available'}`)}
            </Typography.Text>
          </>
        ) : (
          <span className="mono">{row.postings.map((posting) => posting.house).join(' → ')}</span>
        ),
    },
    {
      title: t('adjustments.columns.amount'),
      key: 'amount',
      align: 'right',
      width: 140,
      render: (_, row) => (
        <span className="mono">
          {row.kind === 'member_debit' ? '-' : row.kind === 'member_credit' ? '+' : ''}
          {formatAmount(row.amount)} {row.asset}
        </span>
      ),
    },
    {
      title: t('adjustments.columns.approvals'),
      key: 'approvals',
      width: 90,
      render: (_, row) =>
        t('adjustments.approvalsCount', { count: row.approvals.length, required: row.requiredApprovals }),
    },
    { title: t('adjustments.columns.proposer'), dataIndex: 'proposerName', width: 120, ellipsis: true },
    {
      title: t('adjustments.columns.status'),
      dataIndex: 'status',
      width: 90,
      render: (value: TAdjustmentStatus) => <AdjustmentStatusTag status={value} />,
    },
    {
      title: t('adjustments.columns.expiresAt'),
      dataIndex: 'expiresAt',
      width: 140,
      render: (value: string, row) => (row.status === 'pending' ? formatDateTime(value) : '—'),
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <PageTitle title={t('adjustments.title')} />
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('adjustments.intro')}
      </Typography.Paragraph>
      <Card>
        <div className="toolbar" style={{ justifyContent: 'space-between' }}>
          <Segmented<StatusFilter>
            value={status}
            onChange={setStatus}
            options={STATUS_FILTERS.map((value) => ({ value, label: t(`adjustments.statuses.${value}`) }))}
            data-testid="adjustment-status-filter"
          />
          {canPropose && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setIsProposing(true)}
              data-testid="propose-open"
            >
              {t('adjustments.propose')}
            </Button>
          )}
        </div>
        <Table<TAdjustment>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={pages.rows}
          loading={pages.query.isFetching && !pages.query.isRefetching}
          pagination={false}
          data-testid="adjustments-table"
        />
        <div className="table-footer">
          <span />
          <CursorPager pages={pages} />
        </div>
      </Card>
      <ProposeDialog open={isProposing} onClose={() => setIsProposing(false)} />
      <AdjustmentDrawer id={openId} onClose={() => setOpenId(null)} />
    </Space>
  );
}
