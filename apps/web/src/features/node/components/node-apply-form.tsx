import { SubmitButton } from '@/components/submit-button.tsx';
import { ZNodeApplyRequest } from '@kpc/shared';
import { Form, TextArea } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { AppForm } from '@/components/app-form.tsx';
import { FormInput } from '@/components/form-input.tsx';
import { showToast } from '@/lib/toast.ts';
import { clearChangedFieldErrors, validateForm } from '@/lib/validate-form.ts';
import { useApplyForNode } from '@/features/node/api/apply-for-node.ts';

/**
 * The node application: who applies, how to reach them, where the node would run, and a note.
 * Test ids `node-apply-{name,contact,region,note,submit}`.
 */
export function NodeApplyForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const applyMutation = useApplyForNode();

  // The shared schema is the one check (no antd `rules`, which would hold back the schema's
  // messages until they pass): one submit shows every error. `required` only draws the mark.
  async function handleFinish(values: Record<string, unknown>) {
    const note = typeof values.note === 'string' && values.note.trim() !== '' ? values.note : undefined;
    const payload = validateForm(form, ZNodeApplyRequest, { ...values, note });
    if (!payload) return;
    try {
      await applyMutation.mutateAsync(payload);
    } catch {
      return; // Toasted by the request client (e.g. an open application already).
    }
    form.resetFields();
    showToast(t('node.applied'));
  }

  return (
    <AppForm
      form={form}
      mode="card"
      layout="vertical"
      className="node-form"
      onValuesChange={(changed: object) => clearChangedFieldErrors(form, changed)}
      onFinish={(values: Record<string, unknown>) => void handleFinish(values)}
      data-testid="node-apply-form"
      footer={
        <SubmitButton testId="node-apply-submit" isLoading={applyMutation.isPending}>
          {t('node.form.submit')}
        </SubmitButton>
      }
    >
      <Form.Item name="name" label={t('node.form.name')} required>
        <FormInput placeholder={t('node.form.namePlaceholder')} maxLength={100} testId="node-apply-name" />
      </Form.Item>
      <Form.Item name="contact" label={t('node.form.contact')} required>
        <FormInput placeholder={t('node.form.contactPlaceholder')} maxLength={200} testId="node-apply-contact" />
      </Form.Item>
      <Form.Item name="region" label={t('node.form.region')} required>
        <FormInput placeholder={t('node.form.regionPlaceholder')} maxLength={100} testId="node-apply-region" />
      </Form.Item>
      <Form.Item name="note" label={t('node.form.note')}>
        <TextArea
          placeholder={t('node.form.notePlaceholder')}
          maxLength={500}
          autoSize={{ minRows: 2, maxRows: 5 }}
          data-testid="node-apply-note"
        />
      </Form.Item>
    </AppForm>
  );
}
