import { ErrorCode } from '@kpc/shared';
import { ZStepUpRequest, type TOperatorSession } from '@kpc/shared/operator';
import { Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '@/lib/query-client.ts';
import { request, RequestError } from '@/lib/request.ts';
import { SESSION_QUERY_KEY } from '@/lib/session.ts';
import { settleStepUp, useStepUpPrompt } from '@/lib/step-up.ts';
import { validateForm } from '@/lib/validate-form.ts';

/** antd's highest container layer (1000 + 10 nested containers of 100): nothing a screen opens covers it. */
export const STEP_UP_Z_INDEX = 2000;

interface StepUpValues {
  code: string;
}

/**
 * The step-up prompt: a money action was refused for want of a fresh second factor, so the operator
 * types the authenticator's current code (POST /api/operator/auth/step-up) and the action is sent
 * again. A wrong or replayed code stays here with the server's message.
 */
export function StepUpDialog() {
  const { t } = useTranslation();
  const open = useStepUpPrompt();
  const [form] = Form.useForm<StepUpValues>();
  const [submitting, setSubmitting] = useState(false);

  async function submit() {
    const values = validateForm(form, ZStepUpRequest, {
      code: (form.getFieldValue('code') as string | undefined) ?? '',
    });
    if (!values) return;
    setSubmitting(true);
    try {
      const { stepUpUntil } = await request<{ stepUpUntil: string }>('/auth/step-up', values, {
        quietCodes: [ErrorCode.OPERATOR_TOTP_INVALID, ErrorCode.INVALID_REQUEST],
      });
      queryClient.setQueryData<TOperatorSession>(SESSION_QUERY_KEY, (session) =>
        session ? { ...session, stepUpUntil } : session,
      );
      form.resetFields();
      settleStepUp(true);
    } catch (error) {
      if (error instanceof RequestError) form.setFields([{ name: 'code', errors: [error.message] }]);
    } finally {
      setSubmitting(false);
    }
  }

  function cancel() {
    form.resetFields();
    settleStepUp(false);
  }

  return (
    <Modal
      open={open}
      title={t('stepUp.title')}
      okText={t('stepUp.confirm')}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={cancel}
      confirmLoading={submitting}
      destroyOnHidden
      mask={{ closable: false }}
      width={420}
      // Above the dialog whose action asked for it, even one opened inside a drawer (antd stacks a
      // nested container 100 above its parent: a drawer's dialog sits at 1200; containers stop at 2000).
      zIndex={STEP_UP_Z_INDEX}
    >
      <Typography.Paragraph type="secondary">{t('stepUp.text')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item name="code" label={t('stepUp.code')}>
          <Input
            autoFocus
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            size="large"
            className="mono"
            placeholder="000000"
            data-testid="step-up-code"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
