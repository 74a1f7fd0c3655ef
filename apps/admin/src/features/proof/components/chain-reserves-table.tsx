import type { TChainReserves, TReserveAddress } from '@kpc/shared/operator';
import { Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDateTime, shortenHex } from '@/lib/format.ts';
import { networkName } from '@/lib/network-name.ts';
import { RatioTag } from './reserves-ratio.tsx';

function Address({ reserve }: { reserve: TReserveAddress | null }) {
  const { t } = useTranslation();
  if (!reserve) return <Typography.Text type="secondary">{t('proof.noAddress')}</Typography.Text>;
  return (
    <div>
      <Tooltip title={reserve.address}>
        <span className="mono">{shortenHex(reserve.address)}</span>
      </Tooltip>
      <div className="mono">{reserve.usdt === null ? '—' : `${formatAmount(reserve.usdt)} USDT`}</div>
    </div>
  );
}

/** Per chain: the block the reserves were read at, each programme address's USDT, the chain's share of what is owed. */
export function ChainReservesTable({ chains }: { chains: TChainReserves[] }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<TChainReserves> = [
    { title: t('chains.network'), key: 'network', render: (_, row) => networkName(row.chainId, row.network) },
    {
      title: t('proof.block'),
      dataIndex: 'blockNumber',
      render: (block: string | null, row) =>
        block === null ? (
          <Typography.Text type="danger">{row.reason}</Typography.Text>
        ) : (
          <span className="mono">{block}</span>
        ),
    },
    { title: t('dashboard.treasury'), key: 'treasury', render: (_, row) => <Address reserve={row.treasury} /> },
    {
      title: t('dashboard.depositAddress'),
      key: 'deposit',
      render: (_, row) => <Address reserve={row.depositAddress} />,
    },
    { title: t('dashboard.hotWallet'), key: 'hot', render: (_, row) => <Address reserve={row.hotWallet} /> },
    {
      title: t('proof.chainUsdt'),
      dataIndex: 'usdt',
      align: 'right',
      render: (usdt: string | null) => <span className="mono">{formatAmount(usdt)}</span>,
    },
    {
      title: t('proof.chainShare'),
      dataIndex: 'ratio',
      render: (ratio: string | null) => <RatioTag ratio={ratio} />,
    },
    { title: t('proof.readAt'), dataIndex: 'readAt', render: (value: string) => formatDateTime(value) },
  ];
  return (
    <Table<TChainReserves>
      rowKey="chainId"
      size="small"
      pagination={false}
      columns={columns}
      dataSource={chains}
      locale={{ emptyText: t('proof.noReserves') }}
      data-testid="proof-chains"
    />
  );
}
