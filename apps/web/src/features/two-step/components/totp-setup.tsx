import { ZTotpEnableRequest, type TTotpBeginResponse } from '@kpc/shared';
import { Button, Form } from 'antd-mobile';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { AppForm } from '@/components/app-form.tsx';
import { TotpCodeField } from '@/components/totp-code-field.tsx';
import { CopyButton } from '@/components/copy-button.tsx';
import { showToast } from '@/lib/toast.ts';
import { clearChangedFieldErrors, validateForm } from '@/lib/validate-form.ts';
import { useEnableTotp } from '@/features/two-step/api/two-step-calls.ts';

/** `JBSW Y3DP …`: the key in groups of four, easier to type by hand. */
const groupKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Adding KPC to the authenticator app: its QR code (or the key, typed by hand), then the first code
 * it shows turns two-step verification on. Test ids `two-step-qr`, `two-step-secret`, `two-step-code`,
 * `two-step-enable`.
 */
export function TotpSetup({ begun }: { begun: TTotpBeginResponse }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const enableMutation = useEnableTotp();

  async function handleFinish(values: object) {
    const fields = validateForm(form, ZTotpEnableRequest, values);
    if (!fields) return;
    try {
      await enableMutation.mutateAsync(fields.code);
    } catch {
      // Toasted by the request client (a wrong or used code): the member types the next one.
      form.setFieldValue('code', '');
      return;
    }
    showToast(t('twoStep.enabled'));
  }

  return (
    <section className="two-step-card" data-testid="two-step-setup-steps">
      <h2 className="two-step-card__title">{t('twoStep.scanTitle')}</h2>
      <p className="two-step-card__text">{t('twoStep.scanText')}</p>
      <div className="two-step-qr" data-testid="two-step-qr">
        <QRCodeSVG value={begun.uri} size={184} marginSize={2} title={t('twoStep.qrLabel')} />
      </div>
      <p className="two-step-card__text">{t('twoStep.keyText')}</p>
      <div className="two-step-key">
        <code translate="no" data-testid="two-step-secret" data-secret={begun.secret}>
          {groupKey(begun.secret)}
        </code>
        <CopyButton text={begun.secret} testId="two-step-secret-copy" />
      </div>
      <h2 className="two-step-card__title two-step-card__title--next">{t('twoStep.codeTitle')}</h2>
      <AppForm
        form={form}
        layout="vertical"
        onValuesChange={(changed: object) => clearChangedFieldErrors(form, changed)}
        onFinish={(values: object) => void handleFinish(values)}
        footer={
          <Button
            block
            type="submit"
            color="primary"
            size="large"
            loading={enableMutation.isPending}
            data-testid="two-step-enable"
          >
            {t('twoStep.turnOn')}
          </Button>
        }
      >
        <TotpCodeField name="code" testId="two-step-code" />
      </AppForm>
    </section>
  );
}
