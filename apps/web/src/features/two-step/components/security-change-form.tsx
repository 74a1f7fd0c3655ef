import {
  VERIFICATION_CODE_LENGTH,
  ZTotpCode,
  ZVerificationCode,
  type TPasskeyAssertion,
  type TSecondStepProof,
  type TTwoStepStatus,
} from '@kpc/shared';
import { Button, Form } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppForm } from '@/components/app-form.tsx';
import { CodeButton } from '@/components/code-button.tsx';
import { FormInput } from '@/components/form-input.tsx';
import { PasskeyConfirm } from '@/components/passkey-confirm.tsx';
import { TotpCodeField } from '@/components/totp-code-field.tsx';
import { translateKey } from '@/lib/i18n.ts';
import { showToast } from '@/lib/toast.ts';
import { clearChangedFieldErrors } from '@/lib/validate-form.ts';
import { sendSecurityCode } from '@/features/two-step/api/two-step-calls.ts';

export type SecurityChangeProof = TSecondStepProof & { emailCode?: string };

/**
 * The codes of a change of security settings (adding or removing a passkey): the code mailed to the
 * member's own email (when the account has one) and, while two-step verification is on, its second
 * step: the authenticator's code or a passkey's answer. Test ids `<testId>-email-code`,
 * `<testId>-send`, `<testId>-totp`, `<testId>-passkey`, `<testId>-submit`.
 */
export function SecurityChangeForm({
  status,
  testId,
  submitLabel,
  danger = false,
  isPending,
  onSubmit,
  children,
}: {
  status: TTwoStepStatus;
  testId: string;
  submitLabel: string;
  danger?: boolean;
  isPending: boolean;
  /** Resolves true when the change went through (the form clears), false when refused. */
  onSubmit: (proof: SecurityChangeProof) => Promise<boolean>;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [passkey, setPasskey] = useState<TPasskeyAssertion | null>(null);
  const hasPasskeys = status.passkeys.count > 0;

  function fieldError(name: string, message: string) {
    form.setFields([{ name, errors: [translateKey(message)] }]);
  }

  async function handleFinish(values: { emailCode?: unknown; totpCode?: unknown }) {
    const proof: SecurityChangeProof = {};
    if (status.email) {
      const code = ZVerificationCode.safeParse(values.emailCode ?? '');
      if (!code.success) return fieldError('emailCode', code.error.issues[0]?.message ?? '');
      proof.emailCode = code.data;
    }
    if (passkey) proof.passkey = passkey;
    else if (status.totp.enabled) {
      const code = ZTotpCode.safeParse(values.totpCode ?? '');
      if (!code.success) return fieldError('totpCode', code.error.issues[0]?.message ?? '');
      proof.totpCode = code.data;
    } else if (hasPasskeys) {
      showToast(t('passkeys.useFirst'));
      return;
    }
    const isDone = await onSubmit(proof);
    // A passkey's answer and an authenticator code work once: either way the member gives new ones.
    setPasskey(null);
    form.setFieldValue('totpCode', '');
    if (isDone) form.resetFields();
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
          color={danger ? 'danger' : 'primary'}
          fill={danger ? 'outline' : 'solid'}
          size="large"
          loading={isPending}
          data-testid={`${testId}-submit`}
        >
          {submitLabel}
        </Button>
      }
    >
      {children}
      {status.email && (
        <Form.Item
          name="emailCode"
          label={t('twoStep.emailCode')}
          extra={<CodeButton send={sendSecurityCode} testId={`${testId}-send`} />}
          description={t('withdraw.codeSentTo', { email: status.email })}
        >
          <FormInput
            testId={`${testId}-email-code`}
            inputMode="numeric"
            maxLength={VERIFICATION_CODE_LENGTH}
            placeholder={t('form.codePlaceholder')}
          />
        </Form.Item>
      )}
      {status.totp.enabled && !passkey && <TotpCodeField name="totpCode" testId={`${testId}-totp`} />}
      {hasPasskeys && <PasskeyConfirm answer={passkey} onAnswer={setPasskey} testId={`${testId}-passkey`} />}
    </AppForm>
  );
}
