import type { TDashboardDay } from '@kpc/shared/operator';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatAmount } from '@/lib/format.ts';

/** Chart series use numbers; the table beside them keeps the exact decimals. */
const toNumber = (value: string) => Number(value);

const COLORS = {
  deposits: '#2F47D9',
  withdrawals: '#F5A623',
  signUps: '#13A8A8',
  cards: '#722ED1',
  plans: '#2F47D9',
  esop: '#13A8A8',
  packages: '#F5A623',
  airdrops: '#EB2F96',
  pledges: '#52C41A',
};

const CHART_HEIGHT = 240;
const axisTick = { fontSize: 12, fill: '#6b7280' };

/** The last 30 days as charts: money in and out, members and cards, product volume, pledges. */
export function DailyCharts({ days }: { days: TDashboardDay[] }) {
  const { t } = useTranslation();
  const data = days.map((day) => ({
    day: day.day.slice(5),
    deposits: toNumber(day.depositsCredited.amount),
    withdrawals: toNumber(day.withdrawalsCompleted.amount),
    signUps: day.signUps,
    cards: day.cardsIssued,
    plans: toNumber(day.planVolume),
    esop: toNumber(day.esopVolume),
    packages: toNumber(day.brokerPackages.amount),
    airdrops: toNumber(day.airdropsPaid.amount),
    pledges: toNumber(day.pledges.amount),
  }));
  const amountTooltip = (value: unknown) => formatAmount(String(value));
  const xAxis = <XAxis dataKey="day" tick={axisTick} interval="preserveStartEnd" minTickGap={16} />;
  const grid = <CartesianGrid strokeDasharray="3 3" vertical={false} />;

  return (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16 }} data-testid="daily-charts">
      <Card size="small" title={t('dashboard.chartMoney')}>
        <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
          <BarChart data={data}>
            {grid}
            {xAxis}
            <YAxis tick={axisTick} width={64} />
            <Tooltip formatter={amountTooltip} />
            <Legend />
            <Bar dataKey="deposits" name={t('dashboard.deposits')} fill={COLORS.deposits} />
            <Bar dataKey="withdrawals" name={t('dashboard.withdrawals')} fill={COLORS.withdrawals} />
          </BarChart>
        </ResponsiveContainer>
      </Card>
      <Card size="small" title={t('dashboard.chartMembers')}>
        <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
          <LineChart data={data}>
            {grid}
            {xAxis}
            <YAxis tick={axisTick} width={40} allowDecimals={false} />
            <Tooltip />
            <Legend />
            <Line
              type="monotone"
              dataKey="signUps"
              name={t('dashboard.signUps')}
              stroke={COLORS.signUps}
              dot={false}
              strokeWidth={2}
            />
            <Line
              type="monotone"
              dataKey="cards"
              name={t('dashboard.cardsIssued')}
              stroke={COLORS.cards}
              dot={false}
              strokeWidth={2}
            />
          </LineChart>
        </ResponsiveContainer>
      </Card>
      <Card size="small" title={t('dashboard.chartProducts')}>
        <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
          <BarChart data={data}>
            {grid}
            {xAxis}
            <YAxis tick={axisTick} width={64} />
            <Tooltip formatter={amountTooltip} />
            <Legend />
            <Bar dataKey="plans" stackId="volume" name={t('dashboard.planVolume')} fill={COLORS.plans} />
            <Bar dataKey="esop" stackId="volume" name={t('dashboard.esopVolume')} fill={COLORS.esop} />
            <Bar dataKey="packages" stackId="volume" name={t('dashboard.brokerPackages')} fill={COLORS.packages} />
            <Bar dataKey="airdrops" stackId="volume" name={t('dashboard.airdropsPaid')} fill={COLORS.airdrops} />
          </BarChart>
        </ResponsiveContainer>
      </Card>
      <Card size="small" title={t('dashboard.chartPledges')}>
        <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
          <BarChart data={data}>
            {grid}
            {xAxis}
            <YAxis tick={axisTick} width={64} />
            <Tooltip formatter={amountTooltip} />
            <Legend />
            <Bar dataKey="pledges" name={t('dashboard.pledgesKpc')} fill={COLORS.pledges} />
          </BarChart>
        </ResponsiveContainer>
      </Card>
    </div>
  );
}
