import type {
  TAirdropTermsState,
  TAssetsTermsState,
  TExchangeTermsState,
  TLevelTermsState,
  TTermsDomain,
  TWithdrawalTermsState,
} from '@kpc/shared/operator';
import { useQuery } from '@tanstack/react-query';
import { Select, Skeleton, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { configQueryKey } from '../api/config-history.ts';
import { getTerms } from '../api/config-terms.ts';
import { TermsEditor, type TermsField } from './terms-editor.tsx';

function useTerms<T>(domain: TTermsDomain) {
  return useQuery({ queryKey: configQueryKey(domain, 'terms'), queryFn: () => getTerms<T>(domain) });
}

const loading = <Skeleton active paragraph={{ rows: 6 }} />;

type Versioned = TWithdrawalTermsState | TLevelTermsState | TAirdropTermsState;

const FIELDS = {
  withdrawal: [
    { name: 'feeRate', kind: 'decimal' },
    { name: 'minFee', kind: 'decimal' },
    { name: 'autoApproveDaily', kind: 'decimal' },
  ],
  levels: [
    { name: 'ambassadorDirect', kind: 'count' },
    { name: 'vipDirect', kind: 'count' },
    { name: 'vipTeam', kind: 'count' },
    { name: 'vipVolume', kind: 'decimal' },
    { name: 'kpcSteps', kind: 'list' },
    { name: 'esopSteps', kind: 'list' },
  ],
  airdrop: [
    { name: 'feeRate', kind: 'decimal' },
    { name: 'purchaseRates', kind: 'list' },
    { name: 'cardAmounts', kind: 'list' },
  ],
  pair: [
    { name: 'feeRate', kind: 'decimal' },
    { name: 'minAmount', kind: 'decimal' },
    { name: 'enabled', kind: 'switch' },
  ],
  price: [{ name: 'price', kind: 'decimal' }],
} as const satisfies Record<string, readonly TermsField[]>;

/** Withdrawal, levels, airdrop: terms that are versions only. */
export function VersionedPanel({ domain }: { domain: 'withdrawal' | 'levels' | 'airdrop' }) {
  const query = useTerms<Versioned>(domain);
  if (!query.data) return loading;
  const { current, version, scheduled } = query.data;
  return (
    <TermsEditor
      key={version}
      domain={domain}
      fields={FIELDS[domain]}
      current={current}
      version={version}
      scheduled={scheduled}
    />
  );
}

/** Exchange pairs: pick one, change its fee rate, minimum or switch (at once). */
export function ExchangePanel() {
  const { t } = useTranslation();
  const query = useTerms<TExchangeTermsState>('exchange');
  const [picked, setPicked] = useState<string | null>(null);
  if (!query.data) return loading;
  const pairs = query.data.pairs;
  const keyOf = (pair: { fromAsset: string; toAsset: string }) => `${pair.fromAsset}-${pair.toAsset}`;
  const pair = pairs.find((candidate) => keyOf(candidate) === picked) ?? pairs[0];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Table
        size="small"
        rowKey={keyOf}
        pagination={false}
        dataSource={pairs}
        onRow={(row) => ({ onClick: () => setPicked(keyOf(row)) })}
        rowClassName={(row) => (pair && keyOf(row) === keyOf(pair) ? 'ant-table-row-selected' : '')}
        columns={[
          {
            key: 'pair',
            title: t('config.terms.pair'),
            render: (_, row) => <strong>{`${row.fromAsset} → ${row.toAsset}`}</strong>,
          },
          {
            key: 'fee',
            title: t('config.terms.fields.feeRate'),
            render: (_, row) => <span className="mono">{row.terms.feeRate}</span>,
          },
          {
            key: 'min',
            title: t('config.terms.fields.minAmount'),
            render: (_, row) => <span className="mono">{row.terms.minAmount}</span>,
          },
          {
            key: 'enabled',
            title: t('config.terms.fields.enabled'),
            render: (_, row) =>
              row.terms.enabled ? <Tag color="green">{t('config.terms.on')}</Tag> : <Tag>{t('config.terms.off')}</Tag>,
          },
          { key: 'version', title: t('config.history.version'), render: (_, row) => <Tag>v{row.version}</Tag> },
        ]}
      />
      {pair && (
        <>
          <Select
            value={keyOf(pair)}
            onChange={setPicked}
            style={{ width: 240 }}
            data-testid="config-pair"
            options={pairs.map((p) => ({ value: keyOf(p), label: `${p.fromAsset} → ${p.toAsset}` }))}
          />
          <TermsEditor
            key={`${keyOf(pair)}:${pair.version}`}
            domain="exchange"
            fields={FIELDS.pair}
            current={pair.terms}
            version={pair.version}
            schedulable={false}
            extraBody={{ fromAsset: pair.fromAsset, toAsset: pair.toAsset }}
          />
        </>
      )}
    </Space>
  );
}

/** Assets and the KPC price: a new price from a chosen time. */
export function AssetsPanel() {
  const { t } = useTranslation();
  const query = useTerms<TAssetsTermsState>('assets');
  if (!query.data) return loading;
  const { assets, current, version, scheduled } = query.data;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Table
        size="small"
        rowKey="code"
        pagination={false}
        dataSource={assets}
        columns={[
          { key: 'code', title: t('config.terms.asset'), dataIndex: 'code' },
          { key: 'decimals', title: t('config.terms.decimals'), dataIndex: 'decimals' },
          {
            key: 'enabled',
            title: t('config.terms.fields.enabled'),
            render: (_, row) =>
              row.enabled ? <Tag color="green">{t('config.terms.on')}</Tag> : <Tag>{t('config.terms.off')}</Tag>,
          },
        ]}
      />
      <TermsEditor
        key={version}
        domain="assets"
        fields={FIELDS.price}
        current={current}
        version={version}
        scheduled={scheduled}
      />
    </Space>
  );
}
