import { ZTotpDisableRequest, VERIFICATION_CODE_LENGTH } from '@kpc/shared';
import { Button, Dialog, Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { AppForm } from '@/components/app-form.tsx';
import { TotpCodeField } from '@/components/totp-code-field.tsx';
import { CodeButton } from '@/components/code-button.tsx';
import { FormInput } from '@/components/form-input.tsx';
import { showToast } from '@/lib/toast.ts';
import { clearChangedFieldErrors, validateForm } from '@/lib/validate-form.ts';
import { sendSecurityCode, useDisableTotp } from '@/features/two-step/api/two-step-calls.ts';

/**
 * Turning two-step verification off is a security change: the authenticator's code and, when the
 * account has an email, the code mailed to it; confirmed once more in a dialog. Test ids
 * `two-step-off-code`, `two-step-off-email-code`, `two-step-off-send`, `two-step-disable`.
 */
export function TotpDisableForm({ email }: { email: string | null }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const disableMutation = useDisableTotp();

  async function handleFinish(values: object) {
    const fields = validateForm(form, ZTotpDisableRequest, values);
    if (!fields) return;
    if (email && !fields.emailCode) {
      form.setFields([{ name: 'emailCode', errors: [t('validation.codeRequired')] }]);
      return;
    }
    const isConfirmed = await Dialog.confirm({
      content: t('twoStep.turnOffConfirm'),
      confirmText: <span data-testid="two-step-disable-confirm">{t('twoStep.turnOff')}</span>,
      cancelText: t('common.cancel'),
    });
    if (!isConfirmed) return;
    try {
      await disableMutation.mutateAsync(fields);
    } catch {
      // Toasted by the request client; a used authenticator code is cleared for the next one.
      form.setFieldValue('code', '');
      return;
    }
    showToast(t('twoStep.disabled'));
  }

  return (
    <AppForm
      form={form}
      layout="vertical"
      mode="card"
      onValuesChange={(changed: object) => clearChangedFieldErrors(form, changed)}
      onFinish={(values: object) => void handleFinish(values)}
      footer={
        <Button
          block
          type="submit"
          color="danger"
          fill="outline"
          size="large"
          loading={disableMutation.isPending}
          data-testid="two-step-disable"
        >
          {t('twoStep.turnOff')}
        </Button>
      }
    >
      <TotpCodeField name="code" testId="two-step-off-code" />
      {email && (
        <Form.Item
          name="emailCode"
          label={t('twoStep.emailCode')}
          extra={<CodeButton send={sendSecurityCode} testId="two-step-off-send" />}
          description={t('withdraw.codeSentTo', { email })}
        >
          <FormInput
            testId="two-step-off-email-code"
            inputMode="numeric"
            maxLength={VERIFICATION_CODE_LENGTH}
            placeholder={t('form.codePlaceholder')}
          />
        </Form.Item>
      )}
    </AppForm>
  );
}
