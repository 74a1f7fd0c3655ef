import { CodePurpose, EmailLoginType, ZLoginEmailRequest } from '@kpc/shared';
import { Form, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SubmitButton } from '@/components/submit-button.tsx';
import { AppForm } from '@/components/app-form.tsx';
import { PageLink } from '@/components/page-link.tsx';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { LOGIN_REDIRECT_PARAM, ROUTES } from '@/config/routes.ts';
import { addInviteCode } from '@/lib/invite-code.ts';
import { replaceWith } from '@/lib/navigation.ts';
import { showToast } from '@/lib/toast.ts';
import { clearChangedFieldErrors, validateForm } from '@/lib/validate-form.ts';
import { useLoginWithEmail } from '@/features/account/api/login-email.ts';
import { CodeField, EmailField, PasswordField } from '@/features/account/components/account-fields.tsx';
import { WalletLogin } from '@/features/account/components/wallet-login.tsx';
import { getTargetAfterLogin, keepLoginRedirect } from '@/features/account/utils/login-redirect.ts';
import '@/features/account/account.css';

type EmailLoginTypeValue = (typeof EmailLoginType)[keyof typeof EmailLoginType];

/**
 * /pages/login/index — email login with password (type 1) or emailed code (type 2), and below it
 * the wallet login (SPEC §2, §7).
 */
export function LoginPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [form] = Form.useForm();
  const [loginType, setLoginType] = useState<EmailLoginTypeValue>(EmailLoginType.PASSWORD);
  const loginMutation = useLoginWithEmail();
  // Set by the login guard: the page the member asked for. SPEC §2: arriving this way slides up.
  const redirect = searchParams.get(LOGIN_REDIRECT_PARAM);

  async function handleFinish(values: object) {
    const payload = validateForm(form, ZLoginEmailRequest, { ...values, type: loginType });
    if (!payload) return;
    try {
      await loginMutation.mutateAsync(payload);
    } catch {
      return; // Toasted by the request client.
    }
    finishLogin();
  }

  function finishLogin() {
    showToast(t('login.success'));
    replaceWith(getTargetAfterLogin(redirect, ROUTES.home));
  }

  return (
    <div className={redirect ? 'page page--slide-up' : 'page'} data-testid="login-page">
      <PageNavBar title={t('login.title')} />
      <div className="auth-intro">
        <h2 className="auth-intro__heading">{t('login.heading')}</h2>
        <p className="auth-intro__text">{t('login.subtitle')}</p>
      </div>
      <Tabs
        className="auth-tabs"
        activeKey={String(loginType)}
        onChange={(key) =>
          setLoginType(key === String(EmailLoginType.CODE) ? EmailLoginType.CODE : EmailLoginType.PASSWORD)
        }
      >
        <Tabs.Tab
          key={String(EmailLoginType.PASSWORD)}
          title={<span data-testid="login-tab-password">{t('login.withPassword')}</span>}
        />
        <Tabs.Tab
          key={String(EmailLoginType.CODE)}
          title={<span data-testid="login-tab-code">{t('login.withCode')}</span>}
        />
      </Tabs>
      <AppForm
        form={form}
        mode="card"
        layout="vertical"
        initialValues={{ email: searchParams.get('email') ?? '' }}
        onValuesChange={(changed: object) => clearChangedFieldErrors(form, changed)}
        onFinish={(values: object) => void handleFinish(values)}
        footer={
          <>
            <div className="auth-links auth-links--end">
              <PageLink to={keepLoginRedirect(ROUTES.changePassword, redirect)} testId="login-forgot-password">
                {t('login.forgotPassword')}
              </PageLink>
            </div>
            <SubmitButton testId="login-submit" isLoading={loginMutation.isPending}>
              {t('login.submit')}
            </SubmitButton>
          </>
        }
      >
        <EmailField testId="login-email" />
        {loginType === EmailLoginType.PASSWORD ? (
          <PasswordField
            key="password"
            name="password"
            label={t('form.password')}
            placeholder={t('form.passwordPlaceholder')}
            testId="login-password"
            autoComplete="current-password"
          />
        ) : (
          <CodeField
            key="code"
            purpose={CodePurpose.LOGIN}
            getEmail={() => form.getFieldValue('email')}
            testId="login-code"
            buttonTestId="login-code-button"
          />
        )}
      </AppForm>
      <WalletLogin onLoggedIn={finishLogin} />
      <p className="auth-switch">
        {t('login.noAccount')}{' '}
        <PageLink to={addInviteCode(keepLoginRedirect(ROUTES.register, redirect))} testId="login-register-link">
          {t('login.register')}
        </PageLink>
      </p>
    </div>
  );
}
