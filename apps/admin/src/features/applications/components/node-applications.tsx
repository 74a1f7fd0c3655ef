import { NodeStatus, type TNodeStatus } from '@kpc/shared';
import { Permission, type TOperatorNodeApplication } from '@kpc/shared/operator';
import { Button, Descriptions, Segmented, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '@/components/status-tag.tsx';
import { formatAmount, formatDateTime } from '@/lib/format.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useCan } from '@/lib/session.ts';
import { listNodeApplications, NODE_APPLICATIONS_QUERY_KEY, useDecideApplication } from '../api/applications.ts';
import { ApplicantCell, ApplicationsTable } from './applications-table.tsx';
import { DecisionDialog } from './decision-dialog.tsx';

type Filter = TNodeStatus | 'all';
type Action = 'approve' | 'reject' | 'authorize' | 'refuse';
const FILTERS: Filter[] = ['applied', 'approved', 'paid', 'authorized', 'rejected', 'refused', 'all'];

/** Global node applications: review (applied), authorise after payment (paid), refuse (approved or paid, refunded once). */
export function NodeApplications() {
  const { t } = useTranslation();
  const canDecide = useCan(Permission.APPLICATIONS_DECIDE);
  const [status, setStatus] = useState<Filter>(NodeStatus.APPLIED);
  const [deciding, setDeciding] = useState<{ action: Action; application: TOperatorNodeApplication } | null>(null);
  const decide = useDecideApplication();

  const button = (application: TOperatorNodeApplication, action: Action, danger = false, primary = false) => (
    <Button
      size="small"
      danger={danger}
      type={primary ? 'primary' : 'default'}
      onClick={() => setDeciding({ action, application })}
      data-testid={`node-${application.id}-${action}`}
    >
      {t(`applications.actions.${action}`)}
    </Button>
  );

  const columns: TableColumnsType<TOperatorNodeApplication> = [
    {
      title: t('applications.id'),
      dataIndex: 'id',
      width: 70,
      render: (id: string) => <span className="mono">{id}</span>,
    },
    { title: t('applications.applicant'), key: 'applicant', render: (_, a) => <ApplicantCell application={a} /> },
    { title: t('applications.region'), dataIndex: 'region' },
    {
      title: t('applications.statusLabel'),
      dataIndex: 'status',
      width: 120,
      render: (value: string, a) => (
        <span data-testid={`node-${a.id}-status`}>
          <StatusTag status={value} />
        </span>
      ),
    },
    {
      title: t('applications.paid'),
      dataIndex: 'paid',
      width: 110,
      render: (paid: string | null) => (paid ? formatAmount(paid) : '—'),
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
        canDecide && (
          <Space size="small">
            {a.status === NodeStatus.APPLIED && (
              <>
                {button(a, 'approve', false, true)}
                {button(a, 'reject', true)}
              </>
            )}
            {a.status === NodeStatus.PAID && button(a, 'authorize', false, true)}
            {(a.status === NodeStatus.APPROVED || a.status === NodeStatus.PAID) && button(a, 'refuse', true)}
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
          data-testid="node-status-filter"
        />
      </div>
      <ApplicationsTable
        queryKey={NODE_APPLICATIONS_QUERY_KEY}
        fetchPage={listNodeApplications}
        filters={status === 'all' ? {} : { status }}
        columns={columns}
        testId="node-applications"
        details={(a) => (
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('applications.contact')}>{a.contact}</Descriptions.Item>
            <Descriptions.Item label={t('applications.memberNote')}>{a.note ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('applications.reviewNote')}>
              {a.reviewNote ?? '—'}
              {a.reviewedBy && ` · ${a.reviewedBy} · ${formatDateTime(a.reviewedAt)}`}
            </Descriptions.Item>
            <Descriptions.Item label={t('applications.decisionNote')}>
              {a.decisionNote ?? '—'}
              {a.decidedBy && ` · ${a.decidedBy} · ${formatDateTime(a.decidedAt)}`}
            </Descriptions.Item>
            <Descriptions.Item label={t('applications.paidAt')}>{formatDateTime(a.paidAt)}</Descriptions.Item>
            <Descriptions.Item label={t('applications.refundedAt')}>{formatDateTime(a.refundedAt)}</Descriptions.Item>
          </Descriptions>
        )}
      />
      <DecisionDialog
        open={deciding !== null}
        title={action ? t(`applications.dialog.${action}`, { name: deciding?.application.name ?? '' }) : ''}
        text={action ? t(`applications.dialogText.${action}`) : undefined}
        okText={action ? t(`applications.actions.${action}`) : ''}
        danger={action === 'reject' || action === 'refuse'}
        noteRequired={action === 'reject' || action === 'refuse'}
        onSubmit={async (note) => {
          if (!deciding) return;
          const id = deciding.application.id;
          if (deciding.action === 'approve' || deciding.action === 'reject') {
            await decide.mutateAsync({
              kind: 'node-review',
              payload: { id, approve: deciding.action === 'approve', note },
            });
          } else if (deciding.action === 'authorize') {
            await decide.mutateAsync({ kind: 'node-authorize', payload: { id, note } });
          } else {
            await decide.mutateAsync({ kind: 'node-refuse', payload: { id, note: note ?? '' } });
          }
          notifySuccess(t('applications.done'));
        }}
        onClose={() => setDeciding(null)}
      />
    </>
  );
}
