import { CodePurpose, ZRegisterRequest } from '@kpc/shared';
import { Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SubmitButton } from '@/components/submit-button.tsx';
import { AppForm } from '@/components/app-form.tsx';
import { FormInput } from '@/components/form-input.tsx';
import { PageLink } from '@/components/page-link.tsx';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { LOGIN_REDIRECT_PARAM, ROUTES } from '@/config/routes.ts';
import { getInviteCode, INVITE_CODE_PARAM } from '@/lib/invite-code.ts';
import { replaceWith } from '@/lib/navigation.ts';
import { showToast } from '@/lib/toast.ts';
import { clearChangedFieldErrors, validateForm } from '@/lib/validate-form.ts';
import { useRegisterAccount } from '@/features/account/api/register.ts';
import {
  CodeField,
  ConfirmPasswordField,
  EmailField,
  PasswordField,
} from '@/features/account/components/account-fields.tsx';
import { AgreementField } from '@/features/account/components/agreement-field.tsx';
import { getTargetAfterLogin, keepLoginRedirect } from '@/features/account/utils/login-redirect.ts';
import '@/features/account/account.css';

// What the member typed, kept in memory only, so reading a document and coming back keeps the form.
let draft: Record<string, unknown> = {};

/**
 * /pages/register/index — SPEC §2 Register, §4 (invite code from the `inviteCode` parameter), §5.
 * Registering logs the member in: on to Home, or to the page they asked for (`redirect`, carried
 * over from login).
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [form] = Form.useForm();
  const registerMutation = useRegisterAccount();
  const inviteCode = searchParams.get(INVITE_CODE_PARAM) ?? getInviteCode();
  const redirect = searchParams.get(LOGIN_REDIRECT_PARAM);

  async function handleFinish(values: object) {
    const payload = validateForm(form, ZRegisterRequest, values);
    if (!payload) return;
    try {
      await registerMutation.mutateAsync(payload);
    } catch {
      return; // Toasted by the request client.
    }
    draft = {};
    showToast(t('register.success'));
    replaceWith(getTargetAfterLogin(redirect, ROUTES.home));
  }

  return (
    <div className="page" data-testid="register-page">
      <PageNavBar title={t('register.title')} />
      <div className="auth-intro">
        <h2 className="auth-intro__heading">{t('register.heading')}</h2>
        <p className="auth-intro__text">{t('register.subtitle')}</p>
      </div>
      <AppForm
        form={form}
        mode="card"
        layout="vertical"
        initialValues={{ inviteCode, agreed: false, ...draft }}
        onValuesChange={(changed: object, all: Record<string, unknown>) => {
          clearChangedFieldErrors(form, changed);
          draft = all;
        }}
        onFinish={(values: object) => void handleFinish(values)}
        footer={
          <SubmitButton testId="register-submit" isLoading={registerMutation.isPending}>
            {t('register.submit')}
          </SubmitButton>
        }
      >
        <EmailField testId="register-email" />
        <PasswordField
          name="password"
          label={t('form.password')}
          placeholder={t('form.passwordPlaceholder')}
          testId="register-password"
          autoComplete="new-password"
        />
        <ConfirmPasswordField testId="register-confirm-password" />
        <CodeField
          purpose={CodePurpose.REGISTER}
          getEmail={() => form.getFieldValue('email')}
          testId="register-code"
          buttonTestId="register-code-button"
        />
        <Form.Item name="inviteCode" label={t('form.inviteCode')}>
          <FormInput
            testId="register-invite-code"
            autoCapitalize="characters"
            autoComplete="off"
            placeholder={t('form.inviteCodePlaceholder')}
            clearable
          />
        </Form.Item>
        <Form.Item name="agreed" valuePropName="checked" className="agreement-item">
          <AgreementField />
        </Form.Item>
      </AppForm>
      <p className="auth-switch">
        {t('register.haveAccount')}{' '}
        <PageLink to={keepLoginRedirect(ROUTES.login, redirect)} testId="register-login-link">
          {t('register.login')}
        </PageLink>
      </p>
    </div>
  );
}
