import type { TChainBalances, TDashboardBalancesResponse, TOnChainBalance } from '@kpc/shared/operator';
import { Card, Descriptions, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatGas, shortenHex } from '@/lib/format.ts';
import { networkName } from '@/lib/network-name.ts';

function OnChain({ balance }: { balance: TOnChainBalance | null }) {
  const { t } = useTranslation();
  if (!balance) return <Typography.Text type="secondary">{t('dashboard.notConfigured')}</Typography.Text>;
  return (
    <div>
      <Tooltip title={balance.address}>
        <span className="mono">{shortenHex(balance.address)}</span>
      </Tooltip>
      <div>
        {balance.usdt === null ? (
          <Typography.Text type="danger">{balance.reason ?? t('dashboard.noAnswer')}</Typography.Text>
        ) : (
          <>
            <Typography.Text strong>{formatAmount(balance.usdt)} USDT</Typography.Text>
            <Typography.Text type="secondary">
              {' · '}
              {formatGas(balance.gas)} {balance.gasSymbol}
            </Typography.Text>
          </>
        )}
      </div>
    </div>
  );
}

function ChainCard({ chain }: { chain: TChainBalances }) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      title={networkName(chain.chainId, chain.network)}
      extra={
        chain.head ? (
          <Tag>{t('dashboard.head', { block: chain.head })}</Tag>
        ) : (
          <Tag color="red">{t('dashboard.noAnswer')}</Tag>
        )
      }
    >
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'treasury', label: t('dashboard.treasury'), children: <OnChain balance={chain.treasury} /> },
          {
            key: 'deposit',
            label: t('dashboard.depositAddress'),
            children: <OnChain balance={chain.depositAddress} />,
          },
          { key: 'hot', label: t('dashboard.hotWallet'), children: <OnChain balance={chain.hotWallet} /> },
        ]}
      />
    </Card>
  );
}

interface HouseRow {
  account: string;
  /** Balance per asset. */
  byAsset: Record<string, string>;
}

/** One row per house account, one column per asset; accounts that hold nothing in any asset are left out. */
export function pivotHouseBalances(house: TDashboardBalancesResponse['house']) {
  const assets = [...new Set(house.map((row) => row.asset))].sort((a, b) =>
    a === 'USDT' ? -1 : b === 'USDT' ? 1 : a.localeCompare(b),
  );
  const rows = new Map<string, HouseRow>();
  for (const { account, asset, balance } of house) {
    const row = rows.get(account) ?? { account, byAsset: {} };
    row.byAsset[asset] = balance;
    rows.set(account, row);
  }
  const isZero = (value: string | undefined) => value === undefined || /^-?0(\.0+)?$/.test(value);
  const all = [...rows.values()];
  const shown = all.filter((row) => assets.some((asset) => !isZero(row.byAsset[asset])));
  return { assets, rows: shown, hidden: all.length - shown.length };
}

/** House balances (the ledger's side) and, per chain, what the programme's addresses hold on chain. */
export function BalancesPanel({
  balances,
  loading,
}: {
  balances: TDashboardBalancesResponse | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const house = pivotHouseBalances(balances?.house ?? []);
  return (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16, alignItems: 'start' }}>
      <Card size="small" title={t('dashboard.houseBalances')} loading={loading && !balances}>
        <Table<HouseRow>
          size="small"
          pagination={false}
          rowKey="account"
          dataSource={house.rows}
          columns={[
            {
              title: t('dashboard.account'),
              dataIndex: 'account',
              render: (account: string) => t(`house.${account as 'treasury'}`, { defaultValue: account }),
            },
            ...house.assets.map((asset) => ({
              title: asset,
              key: asset,
              align: 'right' as const,
              render: (_: unknown, row: HouseRow) => (
                <span className="mono">{formatAmount(row.byAsset[asset] ?? '0')}</span>
              ),
            })),
          ]}
          data-testid="house-balances"
        />
        {house.hidden > 0 && (
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
            {t('dashboard.zeroAccountsHidden', { count: house.hidden })}
          </Typography.Paragraph>
        )}
      </Card>
      <div style={{ display: 'grid', gap: 16 }}>
        {(balances?.chains ?? []).map((chain) => (
          <ChainCard key={chain.chainId} chain={chain} />
        ))}
        {balances && balances.chains.length === 0 && (
          <Card size="small">
            <Typography.Text type="secondary">{t('dashboard.noChains')}</Typography.Text>
          </Card>
        )}
      </div>
    </div>
  );
}
