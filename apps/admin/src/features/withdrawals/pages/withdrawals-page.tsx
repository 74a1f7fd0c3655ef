import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { fromLedgerUnits, toLedgerUnits, WithdrawStatus, type TWithdrawStatus } from '@kpc/shared';
import { Permission, type TOperatorWithdrawal, type TReviewWithdrawalsResponse } from '@kpc/shared/operator';
import {
  App,
  Button,
  Card,
  Input,
  Select,
  Segmented,
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
import { ReasonDialog } from '@/components/reason-dialog.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import { memberPath } from '@/config/routes.ts';
import { useChainsStatus } from '@/lib/api/get-chains-status.ts';
import { formatAmount, formatDateTime, shortenHex } from '@/lib/format.ts';
import { useCan } from '@/lib/session.ts';
import { testId } from '@/lib/test-id.ts';
import { useCursorPages } from '@/lib/use-cursor-pages.ts';
import { listWithdrawals, WITHDRAWALS_QUERY_KEY } from '../api/list-withdrawals.ts';
import { useReviewWithdrawals } from '../api/review-withdrawals.ts';
import { ChainSenders } from '../components/chain-senders.tsx';
import { ReviewResultsDialog } from '../components/review-results-dialog.tsx';
import { SettleDialog } from '../components/settle-dialog.tsx';
import { WithdrawalDrawer } from '../components/withdrawal-drawer.tsx';
import { networkName } from '@/lib/network-name.ts';

type StatusFilter = TWithdrawStatus | 'all';
const STATUS_FILTERS: StatusFilter[] = [
  WithdrawStatus.SUBMITTED,
  WithdrawStatus.APPROVED,
  WithdrawStatus.SENDING,
  WithdrawStatus.CONFIRMING,
  WithdrawStatus.UNKNOWN,
  WithdrawStatus.COMPLETED,
  WithdrawStatus.REJECTED,
  WithdrawStatus.FAILED,
  'all',
];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The withdrawals queue: by state (those awaiting review first), server-side paging and filters;
 * finance selects many and approves or rejects them (a rejection with its reason) after a
 * confirmation, and settles an `unknown` one. Support and compliance see the queue read-only.
 * Above it, per chain, the sender's hot wallet, its balance and nonces.
 */
export default function WithdrawalsPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const canReview = useCan(Permission.WITHDRAWALS_REVIEW);
  const chains = useChainsStatus();
  const [status, setStatus] = useState<StatusFilter>(WithdrawStatus.SUBMITTED);
  const [chainId, setChainId] = useState<number | undefined>();
  const [memberId, setMemberId] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [isRejecting, setIsRejecting] = useState(false);
  const [results, setResults] = useState<TReviewWithdrawalsResponse['results'] | null>(null);
  const [settling, setSettling] = useState<TOperatorWithdrawal | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const review = useReviewWithdrawals();

  const memberFilter = UUID.test(memberId.trim()) ? memberId.trim() : undefined;
  const filters = {
    ...(status === 'all' ? {} : { status }),
    ...(chainId === undefined ? {} : { chainId }),
    ...(memberFilter ? { memberId: memberFilter } : {}),
  };
  const pages = useCursorPages({
    queryKey: WITHDRAWALS_QUERY_KEY,
    fetchPage: listWithdrawals,
    filters,
    refetchInterval: 10_000,
  });
  const isReviewable = canReview && status === WithdrawStatus.SUBMITTED;
  const selectedRows = pages.rows.filter((row) => selected.includes(row.id));
  const selectedTotal = fromLedgerUnits(selectedRows.reduce((sum, row) => sum + toLedgerUnits(row.amount), 0n));

  async function decide(decision: 'approved' | 'rejected', detail?: string) {
    const response = await review.mutateAsync({ ids: selected, decision, ...(detail ? { detail } : {}) });
    setSelected([]);
    setResults(response.results);
  }

  function confirmApprove() {
    modal.confirm({
      title: t('withdrawals.approveTitle', { count: selected.length }),
      content: t('withdrawals.approveText', { count: selected.length, total: formatAmount(selectedTotal) }),
      okText: t('withdrawals.approve'),
      cancelText: t('common.cancel'),
      okButtonProps: testId('approve-confirm'),
      // Closes at once: the step-up prompt may follow, and the button shows the call in progress.
      onOk: () => {
        decide('approved').catch(() => undefined);
      },
    });
  }

  const columns: TableColumnsType<TOperatorWithdrawal> = [
    {
      title: t('withdrawals.id'),
      dataIndex: 'id',
      width: 60,
      render: (id: string) => (
        <Typography.Link onClick={() => setOpenId(id)} className="mono">
          {id}
        </Typography.Link>
      ),
    },
    {
      title: t('withdrawals.createdAt'),
      dataIndex: 'createdAt',
      width: 110,
      render: (value: string) => formatDateTime(value),
    },
    {
      title: t('withdrawals.member'),
      key: 'member',
      // A long email is cut with an ellipsis (the whole one on hover) rather than widening the queue.
      ellipsis: true,
      render: (_, row) => (
        <Link to={memberPath(row.memberId)}>{row.memberEmail ?? shortenHex(row.memberWallet) ?? row.memberId}</Link>
      ),
    },
    {
      title: t('withdrawals.network'),
      key: 'network',
      width: 130,
      ellipsis: true,
      render: (_, row) => networkName(row.chainId, row.network),
    },
    {
      title: t('withdrawals.amount'),
      dataIndex: 'amount',
      align: 'right',
      width: 140,
      render: (_, row) => (
        <>
          <div className="mono">
            {formatAmount(row.amount)} {row.asset}
          </div>
          <Typography.Text type="secondary" className="mono">
            {t('withdrawals.feeShort', { fee: formatAmount(row.fee) })}
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('withdrawals.address'),
      dataIndex: 'address',
      width: 130,
      render: (address: string) => (
        <Tooltip title={address}>
          <span className="mono">{shortenHex(address, 4)}</span>
        </Tooltip>
      ),
    },
    {
      title: t('withdrawals.status'),
      dataIndex: 'status',
      width: 120,
      render: (value: string) => <StatusTag status={value} />,
    },
    {
      title: t('withdrawals.txHash'),
      dataIndex: 'txHash',
      width: 130,
      render: (_, row) =>
        row.txHash ? (
          row.explorerTxUrl ? (
            <Typography.Link href={row.explorerTxUrl} target="_blank" rel="noreferrer" className="mono">
              {shortenHex(row.txHash, 4)}
            </Typography.Link>
          ) : (
            <span className="mono">{shortenHex(row.txHash, 4)}</span>
          )
        ) : (
          '—'
        ),
    },
    ...(canReview
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            width: 80,
            render: (_: unknown, row: TOperatorWithdrawal) =>
              row.status === WithdrawStatus.UNKNOWN ? (
                <Button size="small" onClick={() => setSettling(row)}>
                  {t('withdrawals.settle')}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <PageTitle
        title={t('nav.withdrawals')}
        extra={<ExportButton path="/withdrawals/export" filters={filters} name="withdrawals" />}
      />
      <ChainSenders chains={chains.data?.list ?? []} />
      <Card>
        <div className="toolbar">
          <Segmented<StatusFilter>
            value={status}
            onChange={(value) => {
              setStatus(value);
              setSelected([]);
            }}
            options={STATUS_FILTERS.map((value) => ({
              value,
              label: value === 'all' ? t('common.all') : t(`status.${value}`),
            }))}
            data-testid="withdrawal-status-filter"
          />
        </div>
        <div className="toolbar" style={{ justifyContent: 'space-between' }}>
          <Space>
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
          </Space>
          {isReviewable && (
            <Space data-testid="review-bar">
              <Typography.Text>
                {selected.length > 0
                  ? t('withdrawals.selected', { count: selected.length, total: formatAmount(selectedTotal) })
                  : t('withdrawals.selectHint')}
              </Typography.Text>
              <Button
                type="primary"
                icon={<CheckOutlined />}
                disabled={selected.length === 0}
                loading={review.isPending}
                onClick={confirmApprove}
                data-testid="approve-selected"
              >
                {t('withdrawals.approve')}
              </Button>
              <Button
                danger
                icon={<CloseOutlined />}
                disabled={selected.length === 0}
                loading={review.isPending}
                onClick={() => setIsRejecting(true)}
                data-testid="reject-selected"
              >
                {t('withdrawals.reject')}
              </Button>
            </Space>
          )}
        </div>
        <Table<TOperatorWithdrawal>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={pages.rows}
          loading={pages.query.isFetching && !pages.query.isRefetching}
          pagination={false}
          {...(isReviewable
            ? {
                rowSelection: {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys.map(String)),
                  getCheckboxProps: (row: TOperatorWithdrawal) => ({
                    disabled: row.status !== WithdrawStatus.SUBMITTED,
                  }),
                },
              }
            : {})}
          data-testid="withdrawals-table"
        />
        <div className="table-footer">
          <span />
          <CursorPager pages={pages} />
        </div>
      </Card>
      <ReasonDialog
        open={isRejecting}
        title={t('withdrawals.rejectTitle', { count: selected.length })}
        text={t('withdrawals.rejectText', { count: selected.length, total: formatAmount(selectedTotal) })}
        okText={t('withdrawals.reject')}
        danger
        onSubmit={(reason) => decide('rejected', reason)}
        onClose={() => setIsRejecting(false)}
      />
      <ReviewResultsDialog results={results} onClose={() => setResults(null)} />
      <SettleDialog withdrawal={settling} onClose={() => setSettling(null)} />
      <WithdrawalDrawer id={openId} onClose={() => setOpenId(null)} />
    </Space>
  );
}
