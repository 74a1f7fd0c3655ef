import { CheckCircleFilled, CloseCircleFilled, ReloadOutlined } from '@ant-design/icons';
import type { TLedgerCheckResponse } from '@kpc/shared/operator';
import { Button, Card, Space, Statistic, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format.ts';

interface LedgerCheckCardProps {
  check: TLedgerCheckResponse | undefined;
  loading: boolean;
  onRecheck: () => void;
}

/** The ledger check: green when every balance equals its postings and every entry balances; red, with examples, otherwise. */
export function LedgerCheckCard({ check, loading, onRecheck }: LedgerCheckCardProps) {
  const { t } = useTranslation();
  const ok = check?.ok ?? true;
  const color = check ? (ok ? '#52c41a' : '#ff4d4f') : undefined;
  return (
    <Card
      size="small"
      loading={!check && loading}
      title={
        <Space>
          {check && (ok ? <CheckCircleFilled style={{ color }} /> : <CloseCircleFilled style={{ color }} />)}
          {t('dashboard.ledgerCheck')}
        </Space>
      }
      extra={
        <Button size="small" icon={<ReloadOutlined />} loading={loading} onClick={onRecheck}>
          {t('dashboard.recheck')}
        </Button>
      }
      style={{ borderColor: color, background: check && !ok ? '#fff1f0' : undefined }}
      data-testid="ledger-check"
      data-ok={check ? String(ok) : undefined}
    >
      {check && (
        <>
          <Typography.Paragraph strong style={{ color, marginBottom: 8 }}>
            {ok ? t('dashboard.ledgerOk') : t('dashboard.ledgerBroken')}
          </Typography.Paragraph>
          <Space size="large" wrap>
            <Statistic title={t('dashboard.unbalancedEntries')} value={check.unbalancedEntries} />
            <Statistic title={t('dashboard.driftedAccounts')} value={check.driftedAccounts} />
            <Statistic title={t('dashboard.staleAccounts')} value={check.staleAccounts} />
            <Statistic title={t('dashboard.negativeAccounts')} value={check.negativeAccounts} />
          </Space>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            {t('dashboard.checkedAt', { time: formatDateTime(check.checkedAt) })}
          </Typography.Paragraph>
          {check.examples.length > 0 && (
            <Table
              size="small"
              style={{ marginTop: 12 }}
              rowKey={(row) => `${row.problem}:${row.id}:${row.asset}`}
              pagination={false}
              dataSource={check.examples}
              columns={[
                {
                  title: t('dashboard.problem'),
                  dataIndex: 'problem',
                  render: (problem: string) => t(`dashboard.problems.${problem as 'unbalanced_entry'}`),
                },
                {
                  title: t('dashboard.recordId'),
                  dataIndex: 'id',
                  render: (id: string) => <span className="mono">{id}</span>,
                },
                { title: t('dashboard.asset'), dataIndex: 'asset' },
                {
                  title: t('dashboard.memberId'),
                  dataIndex: 'memberId',
                  render: (id: string | null) => <span className="mono">{id ?? '—'}</span>,
                },
                {
                  title: t('dashboard.detail'),
                  dataIndex: 'detail',
                  render: (detail: string) => <span className="mono">{detail}</span>,
                },
              ]}
            />
          )}
        </>
      )}
    </Card>
  );
}
