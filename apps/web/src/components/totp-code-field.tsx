import { Form } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormInput } from './form-input.tsx';

/**
 * A form's field for the authenticator app's 6-digit code (two-step verification, Step 11 §2):
 * turning it on and off, a withdrawal, a change of password.
 */
export function TotpCodeField({
  name,
  testId,
  description,
}: {
  name: string;
  testId: string;
  description?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={t('twoStep.codeLabel')} description={description}>
      <FormInput
        testId={testId}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={t('twoStep.codePlaceholder')}
      />
    </Form.Item>
  );
}
