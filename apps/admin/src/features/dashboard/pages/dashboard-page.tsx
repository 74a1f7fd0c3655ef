import { ReloadOutlined } from '@ant-design/icons';
import { DASHBOARD_DEFAULT_DAYS, type TDashboardDay } from '@kpc/shared/operator';
import { fromLedgerUnits, toLedgerUnits } from '@kpc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title.tsx';
import { formatAmount } from '@/lib/format.ts';
import { useBalances } from '../api/get-balances.ts';
import { useDailyFigures } from '../api/get-daily-figures.ts';
import { useLedgerCheck } from '../api/check-ledger.ts';
import { BalancesPanel } from '../components/balances-panel.tsx';
import { DailyCharts } from '../components/daily-charts.tsx';
import { DailyTable } from '../components/daily-table.tsx';
import { LedgerCheckCard } from '../components/ledger-check-card.tsx';

/** An exact sum of decimal strings (ledger units, never floats). */
const sumDecimals = (values: string[]) =>
  fromLedgerUnits(values.reduce((sum, value) => sum + toLedgerUnits(value), 0n));

function Totals({ days }: { days: TDashboardDay[] }) {
  const { t } = useTranslation();
  const totals = [
    { key: 'signUps', title: t('dashboard.signUps'), value: String(days.reduce((sum, day) => sum + day.signUps, 0)) },
    {
      key: 'deposits',
      title: t('dashboard.depositsUsdt'),
      value: sumDecimals(days.map((day) => day.depositsCredited.amount)),
    },
    {
      key: 'withdrawals',
      title: t('dashboard.withdrawalsUsdt'),
      value: sumDecimals(days.map((day) => day.withdrawalsCompleted.amount)),
    },
    {
      key: 'plans',
      title: t('dashboard.planEsopUsdt'),
      value: sumDecimals(days.flatMap((day) => [day.planVolume, day.esopVolume])),
    },
    {
      key: 'cards',
      title: t('dashboard.cardsIssued'),
      value: String(days.reduce((sum, day) => sum + day.cardsIssued, 0)),
    },
  ];
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)', gap: 16 }}>
      {totals.map((total) => (
        <Card key={total.key} size="small">
          <Statistic title={total.title} value={formatAmount(total.value)} />
        </Card>
      ))}
    </div>
  );
}

/**
 * The dashboard: the last 30 days (UTC) as totals, charts and a table; the ledger check (red when a
 * balance or an entry is wrong); house balances and what the programme's addresses hold on chain.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const daily = useDailyFigures();
  const balances = useBalances();
  const ledger = useLedgerCheck();
  const days = daily.data?.days ?? [];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <PageTitle
        title={t('nav.dashboard')}
        extra={
          <Space>
            <Typography.Text type="secondary">
              {t('dashboard.period', { days: DASHBOARD_DEFAULT_DAYS })}
            </Typography.Text>
            <Button
              icon={<ReloadOutlined />}
              loading={daily.isFetching || balances.isFetching}
              onClick={() => void queryClient.invalidateQueries({ queryKey: ['dashboard'] })}
            >
              {t('common.refresh')}
            </Button>
          </Space>
        }
      />
      <LedgerCheckCard check={ledger.data} loading={ledger.isFetching} onRecheck={() => void ledger.refetch()} />
      <Totals days={days} />
      <DailyCharts days={days} />
      <Card size="small" title={t('dashboard.dailyTable')}>
        <DailyTable days={days} />
      </Card>
      <BalancesPanel balances={balances.data} loading={balances.isFetching} />
    </Space>
  );
}
