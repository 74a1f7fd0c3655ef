import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { ZTotpCode, type TAdjustment, type TAdjustmentPosting } from '@kpc/shared/operator';
import { Alert, Button, Descriptions, Drawer, Form, Input, Modal, Space, Table, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ReasonDialog } from '@/components/reason-dialog.tsx';
import { formatAmount, formatDateTime } from '@/lib/format.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useCan, useSession } from '@/lib/session.ts';
import { testId } from '@/lib/test-id.ts';
import { validateForm } from '@/lib/validate-form.ts';
import { Permission } from '@kpc/shared/operator';
import { useAdjustment, useApproveAdjustment, useRejectAdjustment } from '../api/adjustments.ts';
import { AdjustmentStatusTag } from './adjustment-status-tag.tsx';

const ZCodeForm = z.object({ code: ZTotpCode });

function signed(amount: string) {
  return amount.startsWith('-') ? `-${formatAmount(amount.slice(1))}` : `+${formatAmount(amount)}`;
}

/** Asks for this approval's authenticator code (each approval spends its own) and approves. */
function ApproveDialog({ adjustment, onClose }: { adjustment: TAdjustment | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  const approve = useApproveAdjustment();
  async function submit() {
    if (!adjustment) return;
    const values = validateForm(form, ZCodeForm, { code: (form.getFieldValue('code') as string | undefined) ?? '' });
    if (!values) return;
    try {
      const result = await approve.mutateAsync({ id: adjustment.id, code: values.code });
      notifySuccess(t(result.status === 'accepted' ? 'adjustments.detail.accepted' : 'adjustments.detail.approved'));
      onClose();
    } catch {
      form.resetFields();
    }
  }
  return (
    <Modal
      open={adjustment !== null}
      title={t('adjustments.detail.approveTitle', { id: adjustment?.id ?? '' })}
      okText={t('adjustments.detail.approve')}
      cancelText={t('common.cancel')}
      okButtonProps={testId('approve-confirm')}
      confirmLoading={approve.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t('adjustments.detail.approveText', {
          amount: formatAmount(adjustment?.amount ?? '0'),
          asset: adjustment?.asset ?? '',
        })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false} onFinish={() => void submit()}>
        <Form.Item name="code" label={t('adjustments.detail.code')}>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
            className="mono"
            data-testid="approve-code"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** One adjustment: its postings, both reasons, who proposed and approved it; approve or reject while pending. */
export function AdjustmentDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const canApprove = useCan(Permission.ADJUSTMENTS_APPROVE);
  const detail = useAdjustment(id);
  const reject = useRejectAdjustment();
  const [approving, setApproving] = useState<TAdjustment | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const adjustment = detail.data;
  const me = session.operator.id;
  const isOwn = adjustment?.proposerId === me;
  const hasApproved = adjustment?.approvals.some((approval) => approval.approverId === me) ?? false;
  const isPending = adjustment?.status === 'pending';
  const approveBlocked = isOwn
    ? t('adjustments.detail.ownProposal')
    : hasApproved
      ? t('adjustments.detail.alreadyApproved')
      : null;

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={600}
      title={t('adjustments.detail.title', { id: id ?? '' })}
      loading={detail.isLoading}
      extra={
        adjustment && isPending && canApprove ? (
          <Space>
            <Button danger icon={<CloseOutlined />} onClick={() => setRejecting(true)} data-testid="adjustment-reject">
              {t('adjustments.detail.reject')}
            </Button>
            <Button
              type="primary"
              icon={<CheckOutlined />}
              disabled={approveBlocked !== null}
              onClick={() => setApproving(adjustment)}
              data-testid="adjustment-approve"
            >
              {t('adjustments.detail.approve')}
            </Button>
          </Space>
        ) : null
      }
    >
      {adjustment && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="adjustment-detail">
          {isPending && approveBlocked && (
            <Alert type="info" showIcon title={approveBlocked} data-testid="approve-blocked-reason" />
          )}
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              {
                key: 'status',
                label: t('adjustments.columns.status'),
                children: <AdjustmentStatusTag status={adjustment.status} />,
              },
              {
                key: 'kind',
                label: t('adjustments.columns.kind'),
                children: t(`adjustments.kinds.${adjustment.kind as 'member_credit'}`),
              },
              ...(adjustment.memberId
                ? [
                    {
                      key: 'member',
                      label: t('adjustments.form.member'),
                      children: adjustment.memberEmail ?? adjustment.memberId,
                    },
                  ]
                : []),
              {
                key: 'amount',
                label: t('adjustments.columns.amount'),
                children: (
                  <span className="mono">
                    {formatAmount(adjustment.amount)} {adjustment.asset}
                  </span>
                ),
              },
              { key: 'public', label: t('adjustments.detail.publicReason'), children: adjustment.publicReason },
              { key: 'internal', label: t('adjustments.detail.internalReason'), children: adjustment.internalReason },
              {
                key: 'proposer',
                label: t('adjustments.detail.proposer'),
                children: `${adjustment.proposerName} · ${formatDateTime(adjustment.createdAt)}`,
              },
              { key: 'required', label: t('adjustments.detail.required'), children: adjustment.requiredApprovals },
              {
                key: 'expires',
                label: t('adjustments.detail.expiresAt'),
                children: formatDateTime(adjustment.expiresAt),
              },
              ...(adjustment.decisionReason
                ? [{ key: 'decision', label: t('adjustments.detail.decision'), children: adjustment.decisionReason }]
                : []),
            ]}
          />
          <Typography.Title level={5}>{t('adjustments.detail.postings')}</Typography.Title>
          <Table<TAdjustmentPosting & { key: number }>
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={adjustment.postings.map((posting, key) => ({ ...posting, key }))}
            columns={[
              {
                title: t('adjustments.detail.account'),
                key: 'account',
                render: (_, posting) =>
                  posting.house
                    ? t('adjustments.detail.house', { name: posting.house })
                    : t('adjustments.detail.member', {
                        bucket: t(`adjustments.buckets.${posting.bucket as 'available'}`),
                      }),
              },
              {
                title: t('adjustments.detail.amount'),
                dataIndex: 'amount',
                align: 'right',
                render: (amount: string, posting) => (
                  <span className="mono">
                    {signed(amount)} {posting.asset}
                  </span>
                ),
              },
            ]}
          />
          <Typography.Title level={5}>{t('adjustments.detail.approvals')}</Typography.Title>
          {adjustment.approvals.length === 0 ? (
            <Typography.Text type="secondary">{t('adjustments.detail.noApprovals')}</Typography.Text>
          ) : (
            <Timeline
              data-testid="adjustment-approvals"
              items={adjustment.approvals.map((approval) => ({
                key: approval.approverId,
                color: 'green',
                content: `${approval.approverName} · ${formatDateTime(approval.at)}`,
              }))}
            />
          )}
        </Space>
      )}
      <ApproveDialog adjustment={approving} onClose={() => setApproving(null)} />
      <ReasonDialog
        open={rejecting}
        title={t('adjustments.detail.rejectTitle', { id: id ?? '' })}
        text={t('adjustments.detail.rejectText')}
        okText={t('adjustments.detail.reject')}
        danger
        onSubmit={async (reason) => {
          await reject.mutateAsync({ id: id!, reason });
          notifySuccess(t('adjustments.detail.rejected'));
        }}
        onClose={() => setRejecting(false)}
      />
    </Drawer>
  );
}
