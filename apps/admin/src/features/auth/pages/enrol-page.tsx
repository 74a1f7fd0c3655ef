import { ZEnrolRequest, type TEnrolResponse } from '@kpc/shared/operator';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, Result, Steps, Tag, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { PageLoading } from '@/components/page-loading.tsx';
import { ROUTES } from '@/config/routes.ts';
import { formatDateTime } from '@/lib/format.ts';
import { RequestError } from '@/lib/request.ts';
import { useRememberSession } from '@/lib/session.ts';
import { validateForm } from '@/lib/validate-form.ts';
import { enrol, enrolmentQueryOptions } from '../api/enrolment.ts';
import { PublicFrame } from '../components/public-frame.tsx';
import { RecoveryCodes } from '../components/recovery-codes.tsx';

/** The enrolment form: the server's schema, plus the password typed twice. */
const ZEnrolForm = ZEnrolRequest.extend({
  confirmPassword: z.string().min(1, 'validation.confirmPasswordRequired'),
}).refine((values) => values.password === values.confirmPassword, {
  message: 'validation.passwordMismatch',
  path: ['confirmPassword'],
});

interface EnrolValues {
  password: string;
  confirmPassword: string;
  code: string;
}
const FIELDS = ['password', 'confirmPassword', 'code'];

/** `ABCD EFGH …`: a base32 secret in groups of four, easier to type into an authenticator. */
const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Enrolment from a one-time link (`#/enrol?token=…`): who it is for, the authenticator's QR code
 * and secret, a password typed twice and the first code; then the ten recovery codes, once.
 */
export default function EnrolPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const navigate = useNavigate();
  const rememberSession = useRememberSession();
  const [form] = Form.useForm<EnrolValues>();
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [enrolled, setEnrolled] = useState<TEnrolResponse | null>(null);
  const enrolment = useQuery({ ...enrolmentQueryOptions(token), enabled: token !== '' && enrolled === null });

  if (token === '' || enrolment.isError) {
    return (
      <PublicFrame>
        <Card style={{ width: 560 }}>
          <Result
            status="warning"
            title={t('enrol.invalidTitle')}
            subTitle={t('enrol.invalidText')}
            extra={<Button onClick={() => void navigate(ROUTES.signIn)}>{t('enrol.toSignIn')}</Button>}
            data-testid="enrol-invalid"
          />
        </Card>
      </PublicFrame>
    );
  }
  if (!enrolment.data) return <PageLoading />;
  const { email, name, roles, totpSecret, otpauthUri, expiresAt } = enrolment.data;

  async function submit() {
    const values = form.getFieldsValue();
    const payload = validateForm(
      form,
      ZEnrolForm,
      {
        token,
        password: values.password ?? '',
        confirmPassword: values.confirmPassword ?? '',
        code: values.code ?? '',
      },
      FIELDS,
    );
    if (!payload) return;
    setFailure(null);
    setSubmitting(true);
    try {
      setEnrolled(await enrol({ token, password: payload.password, code: payload.code }));
    } catch (error) {
      if (error instanceof RequestError) setFailure(error.message);
      form.setFieldValue('code', '');
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <PublicFrame>
      <Card style={{ width: 960 }} data-testid="enrol-card">
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('enrol.title')}
        </Typography.Title>
        <Steps
          current={enrolled ? 1 : 0}
          items={[{ title: t('enrol.stepSetUp') }, { title: t('enrol.stepCodes') }]}
          style={{ marginBottom: 24 }}
        />
        <Descriptions
          size="small"
          column={2}
          bordered
          style={{ marginBottom: 24 }}
          items={[
            { key: 'name', label: t('enrol.name'), children: name },
            { key: 'email', label: t('enrol.email'), children: <span data-testid="enrol-email">{email}</span> },
            {
              key: 'roles',
              label: t('enrol.roles'),
              children: roles.map((role) => (
                <Tag key={role} color="blue">
                  {t(`roles.${role}.name`)}
                </Tag>
              )),
            },
            { key: 'expires', label: t('enrol.expiresAt'), children: formatDateTime(expiresAt) },
          ]}
        />
        {enrolled ? (
          <RecoveryCodes
            codes={enrolled.recoveryCodes}
            email={email}
            onContinue={() => {
              rememberSession(enrolled.session);
              void navigate('/', { replace: true });
            }}
          />
        ) : (
          <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 32 }}>
            <div>
              <Typography.Title level={5}>{t('enrol.scanTitle')}</Typography.Title>
              <Typography.Paragraph type="secondary">{t('enrol.scanText')}</Typography.Paragraph>
              <div style={{ background: '#fff', padding: 12, display: 'inline-block', border: '1px solid #eef0f4' }}>
                <QRCodeSVG value={otpauthUri} size={180} marginSize={0} title={t('enrol.qrTitle')} />
              </div>
              <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 4 }}>
                {t('enrol.secretText')}
              </Typography.Paragraph>
              <Typography.Text className="mono totp-secret" copyable={{ text: totpSecret }} data-testid="totp-secret">
                {groupSecret(totpSecret)}
              </Typography.Text>
            </div>
            <div>
              <Typography.Title level={5}>{t('enrol.formTitle')}</Typography.Title>
              {failure && (
                <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} data-testid="enrol-error" />
              )}
              <Form
                form={form}
                layout="vertical"
                requiredMark={false}
                onFinish={() => void submit()}
                onValuesChange={(changed: object) =>
                  form.setFields(
                    Object.keys(changed).map((field) => ({ name: field as keyof EnrolValues, errors: [] })),
                  )
                }
              >
                <Form.Item name="password" label={t('enrol.password')} extra={t('enrol.passwordHint')}>
                  <Input.Password autoComplete="new-password" data-testid="enrol-password" />
                </Form.Item>
                <Form.Item name="confirmPassword" label={t('enrol.confirmPassword')}>
                  <Input.Password autoComplete="new-password" data-testid="enrol-confirm-password" />
                </Form.Item>
                <Form.Item name="code" label={t('enrol.code')}>
                  <Input
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    className="mono"
                    placeholder="000000"
                    data-testid="enrol-code"
                  />
                </Form.Item>
                <Button
                  type="primary"
                  htmlType="submit"
                  size="large"
                  block
                  loading={submitting}
                  data-testid="enrol-submit"
                >
                  {t('enrol.submit')}
                </Button>
              </Form>
            </div>
          </div>
        )}
      </Card>
    </PublicFrame>
  );
}
