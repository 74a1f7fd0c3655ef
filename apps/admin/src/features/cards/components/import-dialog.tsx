import { isCardId, isCardNumber, normalizeCardId, normalizeCardNumber } from '@kpc/shared';
import { Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { testId } from '@/lib/test-id.ts';
import { validateForm } from '@/lib/validate-form.ts';

/** The server's import schema with this section's messages (the shared schema says only "invalid"). */
const ZImportForm = z.object({
  cardNumber: z
    .string()
    .transform(normalizeCardNumber)
    .pipe(z.string().min(1, 'cards.import.numberRequired').refine(isCardNumber, 'cards.import.numberInvalid')),
  cardId: z
    .string()
    .transform(normalizeCardId)
    .pipe(z.string().min(1, 'cards.import.cardIdRequired').refine(isCardId, 'cards.import.cardIdInvalid')),
  label: z.string().trim().min(1, 'cards.import.labelRequired').max(40, 'cards.import.labelInvalid'),
  region: z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}$/, 'cards.import.regionInvalid')),
});
export type ImportValues = z.output<typeof ZImportForm>;
const FIELDS = ['cardNumber', 'cardId', 'label', 'region'] as const;

/**
 * Imports a card issued outside the issuer adapter: the operator types what is printed on it. The
 * number goes to the server once and is never shown again (only its last 4 digits are kept).
 */
export function ImportDialog({
  open,
  onSubmit,
  onClose,
}: {
  open: boolean;
  onSubmit: (values: ImportValues) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [submitting, setSubmitting] = useState(false);

  async function submit() {
    const values = validateForm(
      form,
      ZImportForm,
      Object.fromEntries(FIELDS.map((name) => [name, (form.getFieldValue(name) as string | undefined) ?? ''])),
    );
    if (!values) return;
    setSubmitting(true);
    try {
      await onSubmit(values);
      onClose();
    } catch {
      // The wire client has shown why; the operator may correct it or cancel.
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Modal
      open={open}
      title={t('cards.import.title')}
      okText={t('cards.import.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={testId('import-confirm')}
      confirmLoading={submitting}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('cards.import.text')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        autoComplete="off"
        // A field's message goes once it is edited: it was about the value before.
        onValuesChange={(changed: Record<string, unknown>) =>
          form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })))
        }
      >
        <Form.Item name="cardNumber" label={t('cards.import.cardNumber')}>
          <Input inputMode="numeric" maxLength={23} className="mono" data-testid="import-card-number" />
        </Form.Item>
        <Form.Item name="cardId" label={t('cards.import.cardId')}>
          <Input maxLength={12} className="mono" data-testid="import-card-id" />
        </Form.Item>
        <Form.Item name="label" label={t('cards.import.label')}>
          <Input maxLength={40} data-testid="import-label" />
        </Form.Item>
        <Form.Item name="region" label={t('cards.import.region')} extra={t('cards.import.regionHint')}>
          <Input maxLength={2} style={{ width: 120 }} data-testid="import-region" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
