import type { TDashboardDay } from '@kpc/shared/operator';
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@/lib/format.ts';

const countAmount = (value: { count: number; amount: string }) => (
  <>
    <span className="mono">{formatAmount(value.amount)}</span>
    <span style={{ color: '#8c8c8c' }}> ({value.count})</span>
  </>
);
const amount = (value: string) => <span className="mono">{formatAmount(value)}</span>;

/** The daily figures, newest day first, exact decimals (amounts in USDT, pledges in KPC; counts in brackets). */
export function DailyTable({ days }: { days: TDashboardDay[] }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<TDashboardDay> = [
    { title: t('dashboard.day'), dataIndex: 'day', fixed: 'left', width: 110 },
    { title: t('dashboard.signUps'), dataIndex: 'signUps', align: 'right' },
    {
      title: t('dashboard.deposits'),
      key: 'deposits',
      align: 'right',
      render: (_, day) => countAmount(day.depositsCredited),
    },
    {
      title: t('dashboard.withdrawals'),
      key: 'withdrawals',
      align: 'right',
      render: (_, day) => countAmount(day.withdrawalsCompleted),
    },
    { title: t('dashboard.planVolume'), dataIndex: 'planVolume', align: 'right', render: amount },
    { title: t('dashboard.esopVolume'), dataIndex: 'esopVolume', align: 'right', render: amount },
    { title: t('dashboard.pledgesKpc'), key: 'pledges', align: 'right', render: (_, day) => countAmount(day.pledges) },
    {
      title: t('dashboard.brokerPackages'),
      key: 'packages',
      align: 'right',
      render: (_, day) => countAmount(day.brokerPackages),
    },
    { title: t('dashboard.cardsIssued'), dataIndex: 'cardsIssued', align: 'right' },
    {
      title: t('dashboard.airdropsPaid'),
      key: 'airdrops',
      align: 'right',
      render: (_, day) => countAmount(day.airdropsPaid),
    },
  ];
  return (
    <Table<TDashboardDay>
      size="small"
      rowKey="day"
      columns={columns}
      dataSource={[...days].reverse()}
      pagination={{ pageSize: 10, showSizeChanger: false }}
      scroll={{ x: 1100 }}
      data-testid="daily-table"
    />
  );
}
