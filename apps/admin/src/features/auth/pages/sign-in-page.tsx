import { LockOutlined, MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { ZOperatorLoginRequest } from '@kpc/shared/operator';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { RequestError } from '@/lib/request.ts';
import { useRememberSession } from '@/lib/session.ts';
import { REASON_PARAM, redirectTarget } from '@/lib/sign-in-path.ts';
import { validateForm } from '@/lib/validate-form.ts';
import { signIn } from '../api/sign-in.ts';
import { PublicFrame } from '../components/public-frame.tsx';

interface SignInValues {
  email: string;
  password: string;
  code: string;
}

/**
 * Sign-in: email, password and the authenticator's current code (or one of the recovery codes),
 * all at once. A failure says only that it failed (never which part), as the server does.
 */
export default function SignInPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<SignInValues>();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const rememberSession = useRememberSession();
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const wasIdle = search.get(REASON_PARAM) === 'idle';

  async function submit() {
    const values = form.getFieldsValue();
    const payload = validateForm(form, ZOperatorLoginRequest, {
      email: values.email ?? '',
      password: values.password ?? '',
      code: values.code ?? '',
    });
    if (!payload) return;
    setFailure(null);
    setSubmitting(true);
    try {
      rememberSession(await signIn(payload));
      void navigate(redirectTarget(search), { replace: true });
    } catch (error) {
      if (error instanceof RequestError) setFailure(error.message);
      form.setFieldValue('code', '');
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <PublicFrame>
      <Card style={{ width: 420 }} data-testid="sign-in-card">
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('signIn.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('signIn.intro')}</Typography.Paragraph>
        {wasIdle && <Alert type="info" showIcon title={t('signIn.idleEnded')} style={{ marginBottom: 16 }} />}
        {failure && (
          <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} data-testid="sign-in-error" />
        )}
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={() => void submit()}
          onValuesChange={(changed: object) =>
            form.setFields(Object.keys(changed).map((name) => ({ name: name as keyof SignInValues, errors: [] })))
          }
        >
          <Form.Item name="email" label={t('signIn.email')}>
            <Input prefix={<MailOutlined />} autoComplete="username" autoFocus data-testid="sign-in-email" />
          </Form.Item>
          <Form.Item name="password" label={t('signIn.password')}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="sign-in-password" />
          </Form.Item>
          <Form.Item name="code" label={t('signIn.code')} extra={t('signIn.codeHint')}>
            <Input
              prefix={<SafetyOutlined />}
              autoComplete="one-time-code"
              className="mono"
              maxLength={32}
              data-testid="sign-in-code"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={submitting} data-testid="sign-in-submit">
            {t('signIn.submit')}
          </Button>
        </Form>
      </Card>
    </PublicFrame>
  );
}
