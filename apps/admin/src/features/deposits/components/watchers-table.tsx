import type { TChainOperatorStatus } from '@kpc/shared/operator';
import { Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format.ts';
import { networkName } from '@/lib/network-name.ts';

const NODE_COLORS = {
  up: 'green',
  down: 'red',
  unverified: 'gold',
  misconfigured: 'red',
  not_configured: 'default',
} as const;
/** A watcher more blocks behind than this is shown in red: deposits wait on it. */
const LAG_WARNING_BLOCKS = 20;

/** Per chain: the node, the deposit watcher's cursor and how far behind the head it is. */
export function WatchersTable({ chains, loading }: { chains: TChainOperatorStatus[]; loading: boolean }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<TChainOperatorStatus> = [
    { title: t('chains.network'), key: 'network', render: (_, chain) => networkName(chain.chainId, chain.network) },
    {
      title: t('chains.nodeState'),
      key: 'node',
      render: (_, chain) => (
        <Tooltip title={chain.node.reason ?? undefined}>
          <Tag color={NODE_COLORS[chain.node.state]}>{t(`chains.node.${chain.node.state}`)}</Tag>
        </Tooltip>
      ),
    },
    {
      title: t('chains.head'),
      key: 'head',
      render: (_, chain) => <span className="mono">{chain.node.head ?? '—'}</span>,
    },
    {
      title: t('chains.cursor'),
      key: 'cursor',
      render: (_, chain) => <span className="mono">{chain.watcher?.nextBlock ?? '—'}</span>,
    },
    {
      title: t('chains.lag'),
      key: 'lag',
      render: (_, chain) => {
        const lag = chain.watcher?.lagBlocks;
        if (lag === null || lag === undefined) return '—';
        return <Tag color={lag > LAG_WARNING_BLOCKS ? 'red' : 'green'}>{t('chains.lagBlocks', { count: lag })}</Tag>;
      },
    },
    { title: t('chains.pendingDeposits'), key: 'pending', render: (_, chain) => chain.watcher?.pendingDeposits ?? '—' },
    { title: t('chains.updatedAt'), key: 'updated', render: (_, chain) => formatDateTime(chain.watcher?.updatedAt) },
  ];
  return (
    <Table<TChainOperatorStatus>
      size="small"
      rowKey="chainId"
      columns={columns}
      dataSource={chains}
      loading={loading}
      pagination={false}
      data-testid="watchers-table"
    />
  );
}
