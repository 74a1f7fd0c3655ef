import { CodePurpose, ZResetPasswordRequest } from '@kpc/shared';
import { Form } from 'antd-mobile';
import { SubmitButton } from '@/components/submit-button.tsx';
import { AppForm } from '@/components/app-form.tsx';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { LOGIN_REDIRECT_PARAM, ROUTES } from '@/config/routes.ts';
import { useRefreshUserInfo } from '@/lib/api/get-user-info.ts';
import { navigateBack, redirectTo } from '@/lib/navigation.ts';
import { showToast } from '@/lib/toast.ts';
import { selectIsLoggedIn, useUserStore } from '@/lib/user-store.ts';
import { clearChangedFieldErrors, validateForm } from '@/lib/validate-form.ts';
import { useResetPassword } from '@/features/account/api/reset-password.ts';
import {
  CodeField,
  ConfirmPasswordField,
  EmailField,
  PasswordField,
} from '@/features/account/components/account-fields.tsx';
import { keepLoginRedirect } from '@/features/account/utils/login-redirect.ts';
import '@/features/account/account.css';

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
    if (isLoggedIn) {
      navigateBack();
      return;
    }
    // Forgot password: back to login, still on the way to the page the member asked for.
    const login = `${ROUTES.login}?email=${encodeURIComponent(payload.email)}`;
    redirectTo(keepLoginRedirect(login, searchParams.get(LOGIN_REDIRECT_PARAM)));
  }

  return (
    <div className="page" data-testid="change-password-page">
      <PageNavBar title={isLoggedIn ? t('changePassword.title') : t('changePassword.forgotTitle')} />
      <p className="page-hint">{t('changePassword.hint')}</p>
      <AppForm
        form={form}
        mode="card"
        layout="vertical"
        initialValues={{ email: searchParams.get('email') ?? '' }}
        onValuesChange={(changed: object) => clearChangedFieldErrors(form, changed)}
        onFinish={(values: object) => void handleFinish(values)}
        footer={
          <SubmitButton testId="change-password-submit" isLoading={resetMutation.isPending}>
            {t('changePassword.submit')}
          </SubmitButton>
        }
      >
        <EmailField testId="change-password-email" lockedEmail={isEmailLocked ? accountEmail : undefined} />
        <CodeField
          purpose={CodePurpose.RESET_PASSWORD}
          getEmail={readEmail}
          testId="change-password-code"
          buttonTestId="change-password-code-button"
        />
        <PasswordField
          name="password"
          label={t('form.newPassword')}
          placeholder={t('form.newPasswordPlaceholder')}
          testId="change-password-new"
          autoComplete="new-password"
        />
        <ConfirmPasswordField testId="change-password-confirm" />
      </AppForm>
    </div>
  );
}
