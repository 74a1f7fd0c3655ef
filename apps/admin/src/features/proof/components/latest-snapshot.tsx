import type { TOperatorLiabilitySnapshot } from '@kpc/shared/operator';
import { Alert, Card, Descriptions, Space, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button.tsx';
import { formatAmount, formatDateTime } from '@/lib/format.ts';
import { ChainReservesTable } from './chain-reserves-table.tsx';
import { formatRatio, isCovered } from './reserves-ratio.tsx';

const COVERED = '#389e0d';
const SHORT = '#d46b08';

/** What the programme owed in USDT at the snapshot. */
export const usdtOwed = (snapshot: TOperatorLiabilitySnapshot) =>
  snapshot.totals.find((total) => total.asset === 'USDT')?.total ?? null;

/**
 * The latest published snapshot: USDT owed against USDT held on chain and their ratio (green at
 * 100 % or more, orange below), every asset's total, the root hash to copy, and each chain's
 * reserves with the block they were read at.
 */
export function LatestSnapshot({ snapshot }: { snapshot: TOperatorLiabilitySnapshot }) {
  const { t } = useTranslation();
  const ratio = snapshot.ratio;
  const color = ratio === null ? undefined : isCovered(ratio) ? COVERED : SHORT;
  const unread = snapshot.chains.find((chain) => chain.reason !== null);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 16 }}>
        <Card size="small">
          <Statistic title={t('proof.owedUsdt')} value={formatAmount(usdtOwed(snapshot))} />
        </Card>
        <Card size="small">
          <Statistic title={t('proof.reservesUsdt')} value={formatAmount(snapshot.reservesUsdt)} />
        </Card>
        <Card
          size="small"
          style={{ borderColor: color }}
          data-testid="proof-ratio"
          data-covered={ratio === null ? undefined : String(isCovered(ratio))}
        >
          <Statistic
            title={t('proof.ratio')}
            value={ratio === null ? '—' : formatRatio(ratio)}
            styles={{ content: { color } }}
          />
          <Typography.Text type="secondary">
            {ratio === null
              ? t('proof.ratioUnknown')
              : isCovered(ratio)
                ? t('proof.ratioCovered')
                : t('proof.ratioShort')}
          </Typography.Text>
        </Card>
      </div>
      {unread && <Alert type="warning" showIcon title={t('proof.chainUnread', { reason: unread.reason })} />}
      <Card size="small" title={t('proof.latest')}>
        <Descriptions
          size="small"
          column={3}
          items={[
            { key: 'takenAt', label: t('proof.takenAt'), children: formatDateTime(snapshot.takenAt) },
            { key: 'kind', label: t('proof.kindLabel'), children: t(`proof.kind.${snapshot.kind}`) },
            { key: 'members', label: t('proof.members'), children: snapshot.leafCount ?? '—' },
            {
              key: 'totals',
              label: t('proof.totals'),
              span: 3,
              children: (
                <span className="mono" data-testid="proof-totals">
                  {snapshot.totals.map((total) => `${formatAmount(total.total)} ${total.asset}`).join(' · ')}
                </span>
              ),
            },
            {
              key: 'root',
              label: t('proof.rootHash'),
              span: 3,
              children: (
                <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8, minWidth: 0 }}>
                  <Typography.Text className="mono" style={{ wordBreak: 'break-all' }} data-testid="proof-root">
                    {snapshot.rootHash}
                  </Typography.Text>
                  <CopyButton size="small" text={snapshot.rootHash ?? ''} />
                </span>
              ),
            },
          ]}
        />
      </Card>
      <Card size="small" title={t('proof.reserves')}>
        <ChainReservesTable chains={snapshot.chains} />
      </Card>
    </Space>
  );
}
