import type { TOperatorLiabilitySnapshot } from '@kpc/shared/operator';
import { Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { CursorPager } from '@/components/cursor-pager.tsx';
import { formatAmount, formatDateTime, shortenHex } from '@/lib/format.ts';
import { useCursorPages } from '@/lib/use-cursor-pages.ts';
import { listSnapshots, PROOF_QUERY_KEY } from '../api/list-snapshots.ts';
import { usdtOwed } from './latest-snapshot.tsx';
import { RatioTag } from './reserves-ratio.tsx';

/** Every snapshot, newest first (a `building` one is being taken, or waits for the job to take it over). */
export function SnapshotsTable({ refetchInterval }: { refetchInterval?: number | undefined }) {
  const { t } = useTranslation();
  const pages = useCursorPages({
    queryKey: [...PROOF_QUERY_KEY, 'history'],
    fetchPage: listSnapshots,
    filters: {},
    ...(refetchInterval ? { refetchInterval } : {}),
  });
  const columns: TableColumnsType<TOperatorLiabilitySnapshot> = [
    { title: t('proof.id'), dataIndex: 'id', width: 70, render: (id: string) => <span className="mono">{id}</span> },
    {
      title: t('proof.takenAt'),
      key: 'takenAt',
      width: 170,
      render: (_, row) => formatDateTime(row.takenAt ?? row.createdAt),
    },
    {
      title: t('proof.kindLabel'),
      dataIndex: 'kind',
      render: (kind: TOperatorLiabilitySnapshot['kind']) => t(`proof.kind.${kind}`),
    },
    {
      title: t('proof.statusLabel'),
      dataIndex: 'status',
      render: (status: TOperatorLiabilitySnapshot['status'], row) => (
        <>
          <Tag color={status === 'published' ? 'green' : 'gold'}>{t(`proof.status.${status}`)}</Tag>
          {row.treePrunedAt && (
            <Tooltip title={t('proof.treePrunedHint', { time: formatDateTime(row.treePrunedAt) })}>
              <Tag data-testid={`proof-pruned-${row.id}`}>{t('proof.treePruned')}</Tag>
            </Tooltip>
          )}
        </>
      ),
    },
    {
      title: t('proof.membersShort'),
      dataIndex: 'leafCount',
      align: 'right',
      render: (count: number | null) => count ?? '—',
    },
    {
      title: t('proof.owedShort'),
      key: 'owed',
      align: 'right',
      render: (_, row) => <span className="mono">{formatAmount(usdtOwed(row))}</span>,
    },
    {
      title: t('proof.reservesShort'),
      dataIndex: 'reservesUsdt',
      align: 'right',
      render: (value: string | null) => <span className="mono">{formatAmount(value)}</span>,
    },
    {
      title: t('proof.ratioShortLabel'),
      key: 'ratio',
      render: (_, row) => <RatioTag ratio={row.ratio} testId={`proof-ratio-${row.id}`} />,
    },
    {
      title: t('proof.blocks'),
      key: 'blocks',
      render: (_, row) =>
        row.chains.length === 0
          ? '—'
          : row.chains.map((chain) => (
              <div key={chain.chainId} className="mono">
                {chain.blockNumber ?? <Tooltip title={chain.reason}>✕</Tooltip>}
              </div>
            )),
    },
    {
      title: t('proof.rootHash'),
      dataIndex: 'rootHash',
      render: (hash: string | null) =>
        hash ? (
          <Tooltip title={hash}>
            <span className="mono">{shortenHex(hash)}</span>
          </Tooltip>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <>
      <Table<TOperatorLiabilitySnapshot>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={pages.rows}
        loading={pages.query.isFetching && !pages.query.isRefetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="proof-history"
      />
      <div className="table-footer">
        <span />
        <CursorPager pages={pages} />
      </div>
    </>
  );
}
