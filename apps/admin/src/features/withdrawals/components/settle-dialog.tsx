import { ZSettleUnknownWithdrawalRequest, type TOperatorWithdrawal } from '@kpc/shared/operator';
import { Alert, Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@/lib/format.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { validateForm } from '@/lib/validate-form.ts';
import { useSettleWithdrawal } from '../api/settle-withdrawal.ts';

interface SettleValues {
  outcome?: 'completed' | 'failed';
  detail?: string;
}

/**
 * Settles an `unknown` withdrawal (its payout's nonce was used but no receipt is found) on evidence
 * from outside: `completed` pays it from the frozen funds, `failed` returns them to the member.
 */
export function SettleDialog({ withdrawal, onClose }: { withdrawal: TOperatorWithdrawal | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SettleValues>();
  const settle = useSettleWithdrawal();

  function submit() {
    if (!withdrawal) return;
    const values = form.getFieldsValue();
    const payload = validateForm(
      form,
      ZSettleUnknownWithdrawalRequest,
      { id: withdrawal.id, outcome: values.outcome, detail: values.detail ?? '' },
      ['outcome', 'detail'],
    );
    if (!payload) return;
    settle.mutate(payload, {
      onSuccess: () => {
        notifySuccess(t('withdrawals.settled'));
        onClose();
      },
    });
  }

  return (
    <Modal
      open={withdrawal !== null}
      title={t('withdrawals.settleTitle', { id: withdrawal?.id ?? '' })}
      okText={t('withdrawals.settle')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={settle.isPending}
      destroyOnHidden
      width={560}
    >
      {withdrawal && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('withdrawals.settleText', {
            amount: formatAmount(withdrawal.amount),
            asset: withdrawal.asset,
            nonce: withdrawal.nonce ?? '—',
          })}
        />
      )}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="outcome" label={t('withdrawals.settleOutcome')}>
          <Radio.Group
            options={[
              { value: 'completed', label: t('withdrawals.settleCompleted') },
              { value: 'failed', label: t('withdrawals.settleFailed') },
            ]}
          />
        </Form.Item>
        <Form.Item name="detail" label={t('withdrawals.evidence')} extra={t('withdrawals.evidenceHint')}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
