import { CardApplicationStatus } from '@kpc/shared';
import { Permission } from '@kpc/shared/operator';
import { App, Alert, Button, Descriptions, Drawer, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ReasonDialog } from '@/components/reason-dialog.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import { cardPath, memberPath } from '@/config/routes.ts';
import { formatAmount, formatDateTime } from '@/lib/format.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useCan } from '@/lib/session.ts';
import { testId } from '@/lib/test-id.ts';
import { useApplicationAction, useCardApplication } from '../api/cards-api.ts';
import { ImportDialog } from './import-dialog.tsx';

/**
 * One card application: the holder's KYC details (opening the drawer is an audited view), what was
 * paid, and the next step: approve or reject (with a note; the payment comes back once) while it
 * is submitted, issue through the issuer or import a card issued outside once approved.
 */
export function ApplicationDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const detail = useCardApplication(id);
  const act = useApplicationAction();
  const canDecide = useCan(Permission.APPLICATIONS_DECIDE);
  const canManage = useCan(Permission.CARDS_MANAGE);
  const [dialog, setDialog] = useState<'reject' | 'import' | null>(null);
  const application = detail.data;
  const none = '—';

  function confirm(action: 'approve' | 'issue') {
    if (!application) return;
    modal.confirm({
      title: t(`cards.drawer.${action}Title`, { id: application.id }),
      content: t(`cards.drawer.${action}Text`),
      okText: t(`cards.drawer.${action}`),
      cancelText: t('common.cancel'),
      okButtonProps: testId(`${action}-confirm`),
      onOk: () => {
        act
          .mutateAsync({ action, id: application.id })
          .then(() => notifySuccess(t(`cards.drawer.${action}Done`)))
          .catch(() => undefined);
      },
    });
  }

  const status = application?.status;
  const isSubmitted = status === CardApplicationStatus.SUBMITTED;
  const isApproved = status === CardApplicationStatus.APPROVED;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={560}
      title={t('cards.drawer.title', { id: id ?? '' })}
      loading={detail.isLoading}
      data-testid="application-drawer"
      extra={
        application && (
          <Space>
            {canDecide && isSubmitted && application.decision === null && (
              <>
                <Button
                  type="primary"
                  loading={act.isPending}
                  onClick={() => confirm('approve')}
                  {...testId('approve-application')}
                >
                  {t('cards.drawer.approve')}
                </Button>
                <Button
                  danger
                  loading={act.isPending}
                  onClick={() => setDialog('reject')}
                  {...testId('reject-application')}
                >
                  {t('cards.drawer.reject')}
                </Button>
              </>
            )}
            {canManage && isApproved && (
              <>
                <Button
                  type="primary"
                  loading={act.isPending}
                  onClick={() => confirm('issue')}
                  {...testId('issue-card')}
                >
                  {t('cards.drawer.issue')}
                </Button>
                <Button loading={act.isPending} onClick={() => setDialog('import')} {...testId('import-card')}>
                  {t('cards.drawer.import')}
                </Button>
              </>
            )}
          </Space>
        )
      }
    >
      {application && (
        <>
          {application.decision !== null && isSubmitted && (
            <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('cards.drawer.decisionSent')} />
          )}
          <Typography.Title level={5}>{t('cards.drawer.kyc')}</Typography.Title>
          <Descriptions
            size="small"
            column={1}
            bordered
            data-testid="application-kyc"
            items={[
              { key: 'name', label: t('cards.kyc.name'), children: application.holderName ?? none },
              { key: 'nationality', label: t('cards.kyc.nationality'), children: application.nationality ?? none },
              {
                key: 'document',
                label: t('cards.kyc.document'),
                children: application.documentType
                  ? t(`cards.kyc.documentType.${application.documentType}` as 'cards.kyc.documentType.passport', {
                      defaultValue: application.documentType,
                    })
                  : none,
              },
              {
                key: 'last4',
                label: t('cards.kyc.documentLast4'),
                children: (
                  <span className="mono">{application.documentLast4 ? `…${application.documentLast4}` : none}</span>
                ),
              },
            ]}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t('cards.kyc.audited')}
          </Typography.Paragraph>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('cards.drawer.application')}
          </Typography.Title>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              {
                key: 'status',
                label: t('cards.column.status'),
                children: (
                  <span data-testid="application-status" data-status={application.status}>
                    <StatusTag status={application.status} />
                  </span>
                ),
              },
              {
                key: 'member',
                label: t('cards.column.member'),
                children: (
                  <Link to={memberPath(application.memberId)}>{application.memberEmail ?? application.memberId}</Link>
                ),
              },
              {
                key: 'product',
                label: t('cards.column.product'),
                children: `${t(`cards.product.${application.product}`)} · ${t(`cards.network.${application.network}`)}`,
              },
              {
                key: 'paid',
                label: t('cards.column.paid'),
                children:
                  application.payment === 'code'
                    ? t('cards.drawer.paidWithCode')
                    : `${formatAmount(application.paid)} USDT`,
              },
              { key: 'created', label: t('cards.column.createdAt'), children: formatDateTime(application.createdAt) },
              { key: 'decided', label: t('cards.drawer.decidedAt'), children: formatDateTime(application.decidedAt) },
              { key: 'decidedBy', label: t('cards.drawer.decidedBy'), children: application.decidedBy ?? none },
              {
                key: 'reason',
                label: t('cards.drawer.rejectReason'),
                children: application.rejectReason ? t(`cards.rejectReason.${application.rejectReason}`) : none,
              },
              {
                key: 'refunded',
                label: t('cards.drawer.refundedAt'),
                children: formatDateTime(application.refundedAt),
              },
              { key: 'issuedBy', label: t('cards.drawer.issuedBy'), children: application.issuedBy ?? none },
              {
                key: 'initial',
                label: t('cards.drawer.initialTopUp'),
                children: application.initialTopUp
                  ? `${formatAmount(application.initialTopUp.amount)} USDT · ${t(`cards.topUpStatus.${application.initialTopUp.status}`)}`
                  : none,
              },
              {
                key: 'card',
                label: t('cards.drawer.card'),
                children: application.cardRecordId ? (
                  <Link to={cardPath(application.cardRecordId)} data-testid="application-card-link">
                    {t('cards.drawer.openCard')}
                  </Link>
                ) : (
                  none
                ),
              },
            ]}
          />
        </>
      )}
      <ReasonDialog
        open={dialog === 'reject'}
        title={t('cards.drawer.rejectTitle', { id: id ?? '' })}
        text={t('cards.drawer.rejectText')}
        okText={t('cards.drawer.reject')}
        danger
        onSubmit={async (note) => {
          await act.mutateAsync({ action: 'reject', id: id!, note });
          notifySuccess(t('cards.drawer.rejectDone'));
        }}
        onClose={() => setDialog(null)}
      />
      <ImportDialog
        open={dialog === 'import'}
        onSubmit={async (values) => {
          await act.mutateAsync({ action: 'import', id: id!, ...values });
          notifySuccess(t('cards.drawer.importDone'));
        }}
        onClose={() => setDialog(null)}
      />
    </Drawer>
  );
}
