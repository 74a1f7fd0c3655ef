import { SubmitButton } from '@/components/submit-button.tsx';
import { ZStockholderApplyRequest } from '@kpc/shared';
import { Form, TextArea } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { AppForm } from '@/components/app-form.tsx';
import { FormInput } from '@/components/form-input.tsx';
import { showToast } from '@/lib/toast.ts';
import { clearChangedFieldErrors, validateForm } from '@/lib/validate-form.ts';
import { useApplyAsStockholder } from '@/features/stockholder/api/apply-as-stockholder.ts';

/**
 * The shareholder application: name, contact, the intended contribution in USDT and a note. Nothing
 * is paid here. Test ids `stockholder-{name,contact,contribution,submit}`.
 */
export function StockholderForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const applyMutation = useApplyAsStockholder();

  // The shared schema is the one check (no antd `rules`, which would hold back the schema's
  // messages until they pass): one submit shows every error. `required` only draws the mark.
  async function handleFinish(values: Record<string, unknown>) {
    const note = typeof values.note === 'string' && values.note.trim() !== '' ? values.note : undefined;
    const payload = validateForm(form, ZStockholderApplyRequest, { ...values, note });
    if (!payload) return;
    try {
      await applyMutation.mutateAsync(payload);
    } catch {
      return; // Toasted by the request client (e.g. a pending application already).
    }
    form.resetFields();
    showToast(t('stockholder.applied'));
  }

  return (
    <AppForm
      form={form}
      mode="card"
      layout="vertical"
      onValuesChange={(changed: object) => clearChangedFieldErrors(form, changed)}
      onFinish={(values: Record<string, unknown>) => void handleFinish(values)}
      data-testid="stockholder-form"
      footer={
        <SubmitButton testId="stockholder-submit" isLoading={applyMutation.isPending}>
          {t('stockholder.form.submit')}
        </SubmitButton>
      }
    >
      <Form.Item name="name" label={t('stockholder.form.name')} required>
        <FormInput placeholder={t('stockholder.form.namePlaceholder')} maxLength={100} testId="stockholder-name" />
      </Form.Item>
      <Form.Item name="contact" label={t('stockholder.form.contact')} required>
        <FormInput
          placeholder={t('stockholder.form.contactPlaceholder')}
          maxLength={200}
          testId="stockholder-contact"
        />
      </Form.Item>
      <Form.Item name="contribution" label={t('stockholder.form.contribution')} required>
        <FormInput
          placeholder={t('stockholder.form.contributionPlaceholder')}
          inputMode="decimal"
          maxLength={40}
          testId="stockholder-contribution"
        />
      </Form.Item>
      <Form.Item name="note" label={t('stockholder.form.note')}>
        <TextArea
          placeholder={t('stockholder.form.notePlaceholder')}
          maxLength={500}
          autoSize={{ minRows: 2, maxRows: 5 }}
        />
      </Form.Item>
    </AppForm>
  );
}
