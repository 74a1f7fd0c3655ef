import { CodePurpose, PASSWORD_MAX_LENGTH, VERIFICATION_CODE_LENGTH, ZResetPasswordRequest } from '@kpc/shared';
import { Button, Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormInput } from '../../../components/form-input.tsx';
import { PageNavBar } from '../../../components/page-nav-bar.tsx';
import { ROUTES } from '../../../config/routes.ts';
import { useRefreshUserInfo } from '../../../lib/api/get-user-info.ts';
import { navigateBack, redirectTo } from '../../../lib/navigation.ts';
import { showToast } from '../../../lib/toast.ts';
import { selectIsLoggedIn, useUserStore } from '../../../lib/user-store.ts';
import { clearChangedFieldErrors, validateForm } from '../../../lib/validate-form.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { CodeButton } from '../components/code-button.tsx';

/**
 * /pages/change/pwd — change password (logged in) or forgot password (logged out) by emailed code.
 * A logged-in member keeps this session (the token goes with the call); the server ends the others.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [form] = Form.useForm();
  const resetMutation = useResetPassword();
  const isLoggedIn = useUserStore(selectIsLoggedIn);
  const accountEmail = useUserStore((state) => state.userInfo?.email ?? '');
  useRefreshUserInfo();
  // A logged-in member changes the password of their own account: the email is fixed.
  const isEmailLocked = isLoggedIn && accountEmail !== '';

  function readEmail(): unknown {
    return isEmailLocked ? accountEmail : form.getFieldValue('email');
  }

  async function handleFinish(values: object) {
    const payload = validateForm(form, ZResetPasswordRequest, { ...values, email: readEmail() });
    if (!payload) return;
    try {
      await resetMutation.mutateAsync(payload);
    } catch {
      return; // Toasted by the request client.
    }
    showToast(t('changePassword.success'));
    if (isLoggedIn) navigateBack();
    else redirectTo(`${ROUTES.login}?email=${encodeURIComponent(payload.email)}`);
  }

  return (
    <div className="page" data-testid="change-password-page">
      <PageNavBar title={isLoggedIn ? t('changePassword.title') : t('changePassword.forgotTitle')} />
      <p className="page-hint">{t('changePassword.hint')}</p>
      <Form
        form={form}
        mode="card"
        layout="vertical"
        initialValues={{ email: searchParams.get('email') ?? '' }}
        onValuesChange={(changed: object) => clearChangedFieldErrors(form, changed)}
        onFinish={(values: object) => void handleFinish(values)}
        footer={
          <Button
            block
            type="submit"
            color="primary"
            size="large"
            loading={resetMutation.isPending}
            data-testid="change-password-submit"
          >
            {t('changePassword.submit')}
          </Button>
        }
      >
        {isEmailLocked ? (
          <Form.Item label={t('form.email')}>
            <FormInput testId="change-password-email" value={accountEmail} readOnly />
          </Form.Item>
        ) : (
          <Form.Item name="email" label={t('form.email')}>
            <FormInput
              testId="change-password-email"
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder={t('form.emailPlaceholder')}
              clearable
            />
          </Form.Item>
        )}
        <Form.Item
          name="code"
          label={t('form.code')}
          extra={
            <CodeButton
              purpose={CodePurpose.RESET_PASSWORD}
              getEmail={readEmail}
              testId="change-password-code-button"
            />
          }
        >
          <FormInput
            testId="change-password-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={VERIFICATION_CODE_LENGTH}
            placeholder={t('form.codePlaceholder')}
          />
        </Form.Item>
        <Form.Item name="password" label={t('form.newPassword')}>
          <FormInput
            testId="change-password-new"
            type="password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            placeholder={t('form.newPasswordPlaceholder')}
          />
        </Form.Item>
        <Form.Item name="confirmPassword" label={t('form.confirmPassword')}>
          <FormInput
            testId="change-password-confirm"
            type="password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            placeholder={t('form.confirmPasswordPlaceholder')}
          />
        </Form.Item>
      </Form>
    </div>
  );
}
