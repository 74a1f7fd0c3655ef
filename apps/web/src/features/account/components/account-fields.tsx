import { PASSWORD_MAX_LENGTH, VERIFICATION_CODE_LENGTH, type TSendCodeRequest } from '@kpc/shared';
import { Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { FormInput } from '@/components/form-input.tsx';
import { EmailCodeButton } from './code-button.tsx';

interface EmailFieldProps {
  testId: string;
  /** When set, shows this email read-only; it is then not a form value (the page supplies it). */
  lockedEmail?: string | undefined;
}

/** The `email` form field; read-only when the page fixes the email to the signed-in account. */
export function EmailField({ testId, lockedEmail }: EmailFieldProps) {
  const { t } = useTranslation();
  if (lockedEmail !== undefined) {
    return (
      <Form.Item label={t('form.email')}>
        <FormInput testId={testId} value={lockedEmail} readOnly />
      </Form.Item>
    );
  }
  return (
    <Form.Item name="email" label={t('form.email')}>
      <FormInput
        testId={testId}
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder={t('form.emailPlaceholder')}
        clearable
      />
    </Form.Item>
  );
}

interface PasswordFieldProps {
  /** Form value name, e.g. `password` or `confirmPassword`. */
  name: string;
  label: string;
  placeholder: string;
  testId: string;
  autoComplete: 'current-password' | 'new-password';
}

/** A password form field, capped at the server's password length. */
export function PasswordField({ name, label, placeholder, testId, autoComplete }: PasswordFieldProps) {
  return (
    <Form.Item name={name} label={label}>
      <FormInput
        testId={testId}
        type="password"
        autoComplete={autoComplete}
        maxLength={PASSWORD_MAX_LENGTH}
        placeholder={placeholder}
      />
    </Form.Item>
  );
}

/** The `confirmPassword` form field: the new password typed a second time. */
export function ConfirmPasswordField({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <PasswordField
      name="confirmPassword"
      label={t('form.confirmPassword')}
      placeholder={t('form.confirmPasswordPlaceholder')}
      testId={testId}
      autoComplete="new-password"
    />
  );
}

interface CodeFieldProps {
  /** A purpose anyone may ask a code for; the withdrawal code has its own logged-in call. */
  purpose: TSendCodeRequest['purpose'];
  /** Reads the email the code is sent to. */
  getEmail: () => unknown;
  testId: string;
  buttonTestId: string;
}

/** The `code` form field: the emailed verification code, with its "Get code" button. */
export function CodeField({ purpose, getEmail, testId, buttonTestId }: CodeFieldProps) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="code"
      label={t('form.code')}
      extra={<EmailCodeButton purpose={purpose} getEmail={getEmail} testId={buttonTestId} />}
    >
      <FormInput
        testId={testId}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={VERIFICATION_CODE_LENGTH}
        placeholder={t('form.codePlaceholder')}
      />
    </Form.Item>
  );
}
