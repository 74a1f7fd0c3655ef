import { ZOperatorReason } from '@kpc/shared/operator';
import { Form, Input, Modal, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { testId } from '@/lib/test-id.ts';
import { validateForm } from '@/lib/validate-form.ts';

const ZReasonForm = z.object({ reason: ZOperatorReason });

interface ReasonDialogProps {
  open: boolean;
  title: ReactNode;
  /** What the action does, said before the operator confirms it. */
  text?: ReactNode;
  okText: string;
  danger?: boolean;
  /** Sends the action with the reason; the dialog closes when it resolves and stays open when it fails. */
  onSubmit: (reason: string) => Promise<unknown>;
  onClose: () => void;
}

/** Confirms an action that needs a reason (the audit log keeps it): freeze, disable, reset, reject. */
export function ReasonDialog({ open, title, text, okText, danger, onSubmit, onClose }: ReasonDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const [submitting, setSubmitting] = useState(false);

  async function submit() {
    const values = validateForm(form, ZReasonForm, {
      reason: (form.getFieldValue('reason') as string | undefined) ?? '',
    });
    if (!values) return;
    setSubmitting(true);
    try {
      await onSubmit(values.reason);
      onClose();
    } catch {
      // The wire client has shown why; the operator may try again or cancel.
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: danger ?? false, ...testId('reason-confirm') }}
      confirmLoading={submitting}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {text && <Typography.Paragraph>{text}</Typography.Paragraph>}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="reason" label={t('common.reason')}>
          <Input.TextArea rows={3} maxLength={500} showCount autoFocus data-testid="reason-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
