import { CodePurpose, ErrorCode, ZResetPasswordRequest, ZTotpCode, type TPasskeyAssertion } from '@kpc/shared';
import { Form } from 'antd-mobile';
import { useState } from 'react';
import { SubmitButton } from '@/components/submit-button.tsx';
import { AppForm } from '@/components/app-form.tsx';
import { PasskeyConfirm } from '@/components/passkey-confirm.tsx';
import { TotpCodeField } from '@/components/totp-code-field.tsx';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { LOGIN_REDIRECT_PARAM, ROUTES } from '@/config/routes.ts';
import { useTwoStepStatus } from '@/lib/api/get-two-step-status.ts';
import { useRefreshUserInfo } from '@/lib/api/get-user-info.ts';
import { translateKey } from '@/lib/i18n.ts';
import { RequestError } from '@/lib/request.ts';
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
  // Two-step verification on (Step 11 §2): a change of password needs the authenticator's code
  // too. A logged-in member's page knows it; a forgotten password learns it from the server's
  // answer (TOTP_REQUIRED, given only once the emailed code proved the address).
  const twoStep = useTwoStepStatus().data;
  const isTwoStepOn = twoStep?.totp.enabled === true;
  // A logged-in member with a passkey may confirm with it instead (Step 11 §2).
  const hasPasskeys = isLoggedIn && (twoStep?.passkeys.count ?? 0) > 0;
  const [passkey, setPasskey] = useState<TPasskeyAssertion | null>(null);
  const [isTotpAsked, setIsTotpAsked] = useState(false);
  const isTotpShown = (isTwoStepOn || isTotpAsked) && !passkey;

  function readEmail(): unknown {
    return isEmailLocked ? accountEmail : form.getFieldValue('email');
  }

  async function handleFinish(values: object) {
    const payload = validateForm(form, ZResetPasswordRequest, { ...values, email: readEmail() });
    if (!payload) return;
    let totpCode: string | undefined;
    if (isTotpShown) {
      const checked = ZTotpCode.safeParse((values as { totpCode?: unknown }).totpCode ?? '');
      if (!checked.success) {
        form.setFields([{ name: 'totpCode', errors: [translateKey(checked.error.issues[0]?.message ?? '')] }]);
        return;
      }
      totpCode = checked.data;
    } else if (hasPasskeys && !passkey) {
      showToast(t('passkeys.useFirst'));
      return;
    }
    try {
      await resetMutation.mutateAsync({
        ...payload,
        ...(totpCode ? { totpCode } : {}),
        ...(passkey ? { passkey } : {}),
      });
    } catch (error) {
      setPasskey(null);
      // Toasted by the request client; the authenticator's field appears when it is asked for.
      if (error instanceof RequestError && error.code === ErrorCode.TOTP_REQUIRED) setIsTotpAsked(true);
      return;
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
        {isTotpShown && (
          <TotpCodeField name="totpCode" testId="change-password-totp" description={t('changePassword.totpHint')} />
        )}
        {hasPasskeys && <PasskeyConfirm answer={passkey} onAnswer={setPasskey} testId="change-password-passkey" />}
      </AppForm>
    </div>
  );
}
