import { ZOperatorDecisionNote } from '@kpc/shared/operator';
import { Form, Input, Modal, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { testId } from '@/lib/test-id.ts';
import { validateForm } from '@/lib/validate-form.ts';

const ZRequiredNote = z.object({ note: ZOperatorDecisionNote });
const ZOptionalNote = z.object({ note: ZOperatorDecisionNote.optional() });

export interface DecisionDialogProps {
  open: boolean;
  title: ReactNode;
  text?: ReactNode;
  okText: string;
  danger?: boolean;
  /** A refusal or rejection says why; an approval may. */
  noteRequired: boolean;
  onSubmit: (note: string | undefined) => Promise<unknown>;
  onClose: () => void;
}

/** Confirms a decision on an application with the note the member reads in the app. */
export function DecisionDialog({
  open,
  title,
  text,
  okText,
  danger,
  noteRequired,
  onSubmit,
  onClose,
}: DecisionDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ note: string }>();
  const [submitting, setSubmitting] = useState(false);

  async function submit() {
    const typed = ((form.getFieldValue('note') as string | undefined) ?? '').trim();
    const values = validateForm(form, noteRequired ? ZRequiredNote : ZOptionalNote, {
      note: typed === '' && !noteRequired ? undefined : typed,
    });
    if (!values) return;
    setSubmitting(true);
    try {
      await onSubmit(values.note);
      onClose();
    } catch {
      // The wire client has shown why.
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
      okButtonProps={{ danger: danger ?? false, ...testId('decision-confirm') }}
      confirmLoading={submitting}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {text && <Typography.Paragraph>{text}</Typography.Paragraph>}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="note" label={noteRequired ? t('applications.note.required') : t('applications.note.optional')}>
          <Input.TextArea rows={3} maxLength={500} showCount autoFocus data-testid="decision-note" />
        </Form.Item>
      </Form>
      {/* Below the form: as a field's help it would run into the character count. */}
      <Typography.Text type="secondary">{t('applications.note.hint')}</Typography.Text>
    </Modal>
  );
}
