import { StockholderStatus, type TStockholderStatus } from '@kpc/shared';
import { Permission, type TOperatorStockholderApplication } from '@kpc/shared/operator';
import { Button, Descriptions, Segmented, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '@/components/status-tag.tsx';
import { formatAmount, formatDateTime } from '@/lib/format.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useCan } from '@/lib/session.ts';
import {
  listStockholderApplications,
  STOCKHOLDER_APPLICATIONS_QUERY_KEY,
  useDecideApplication,
} from '../api/applications.ts';
import { ApplicantCell, ApplicationsTable } from './applications-table.tsx';
import { DecisionDialog } from './decision-dialog.tsx';

type Filter = TStockholderStatus | 'all';
type Action = 'approve' | 'reject';
const FILTERS: Filter[] = ['pending', 'approved', 'rejected', 'all'];

/** Shareholder applications: approve or reject a pending one with a note the member reads. */
export function StockholderApplications() {
  const { t } = useTranslation();
  const canDecide = useCan(Permission.APPLICATIONS_DECIDE);
  const [status, setStatus] = useState<Filter>(StockholderStatus.PENDING);
  const [deciding, setDeciding] = useState<{ action: Action; application: TOperatorStockholderApplication } | null>(
    null,
  );
  const decide = useDecideApplication();

  const columns: TableColumnsType<TOperatorStockholderApplication> = [
    {
      title: t('applications.id'),
      dataIndex: 'id',
      width: 70,
      render: (id: string) => <span className="mono">{id}</span>,
    },
    { title: t('applications.applicant'), key: 'applicant', render: (_, a) => <ApplicantCell application={a} /> },
    {
      title: t('applications.contribution'),
      key: 'contribution',
      render: (_, a) => `${formatAmount(a.contribution)} ${a.asset}`,
    },
    {
      title: t('applications.statusLabel'),
      dataIndex: 'status',
      width: 120,
      render: (value: string, a) => (
        <span data-testid={`stockholder-${a.id}-status`}>
          <StatusTag status={value} />
        </span>
      ),
    },
    {
      title: t('applications.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: '',
      key: 'actions',
      width: 200,
      render: (_, a) =>
        canDecide &&
        a.status === StockholderStatus.PENDING && (
          <Space size="small">
            {(['approve', 'reject'] as const).map((action) => (
              <Button
                key={action}
                size="small"
                type={action === 'approve' ? 'primary' : 'default'}
                danger={action === 'reject'}
                onClick={() => setDeciding({ action, application: a })}
                data-testid={`stockholder-${a.id}-${action}`}
              >
                {t(`applications.actions.${action}`)}
              </Button>
            ))}
          </Space>
        ),
    },
  ];

  const action = deciding?.action;
  return (
    <>
      <div className="toolbar">
        <Segmented<Filter>
          value={status}
          onChange={setStatus}
          options={FILTERS.map((value) => ({
            value,
            label: value === 'all' ? t('applications.all') : t(`status.${value}`),
          }))}
          data-testid="stockholder-status-filter"
        />
      </div>
      <ApplicationsTable
        queryKey={STOCKHOLDER_APPLICATIONS_QUERY_KEY}
        fetchPage={listStockholderApplications}
        filters={status === 'all' ? {} : { status }}
        columns={columns}
        testId="stockholder-applications"
        details={(a) => (
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('applications.contact')}>{a.contact}</Descriptions.Item>
            <Descriptions.Item label={t('applications.memberNote')}>{a.note ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('applications.reviewNote')} span={2}>
              {a.reviewNote ?? '—'}
              {a.reviewedBy && ` · ${a.reviewedBy} · ${formatDateTime(a.reviewedAt)}`}
            </Descriptions.Item>
          </Descriptions>
        )}
      />
      <DecisionDialog
        open={deciding !== null}
        title={action ? t(`applications.dialog.${action}`, { name: deciding?.application.name ?? '' }) : ''}
        text={action ? t(`applications.dialogText.stockholder_${action}`) : undefined}
        okText={action ? t(`applications.actions.${action}`) : ''}
        danger={action === 'reject'}
        noteRequired={action === 'reject'}
        onSubmit={async (note) => {
          if (!deciding) return;
          await decide.mutateAsync({
            kind: 'stockholder-review',
            payload: { id: deciding.application.id, approve: deciding.action === 'approve', note },
          });
          notifySuccess(t('applications.done'));
        }}
        onClose={() => setDeciding(null)}
      />
    </>
  );
}
