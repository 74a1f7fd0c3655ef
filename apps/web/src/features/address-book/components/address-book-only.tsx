import { VERIFICATION_CODE_LENGTH, ZAddressBookOnlyRequest, type TTwoStepStatus } from '@kpc/shared';
import { Form, List, Popup, Switch } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppForm } from '@/components/app-form.tsx';
import { CodeButton } from '@/components/code-button.tsx';
import { FormInput } from '@/components/form-input.tsx';
import { SheetActions } from '@/components/sheet-actions.tsx';
import { PasskeyConfirm } from '@/components/passkey-confirm.tsx';
import { TotpCodeField } from '@/components/totp-code-field.tsx';
import { showToast } from '@/lib/toast.ts';
import { useSecondStep } from '@/lib/use-second-step.ts';
import { clearChangedFieldErrors, validateForm } from '@/lib/validate-form.ts';
import { sendAddressBookCode, useSetAddressBookOnly } from '@/features/address-book/api/address-book-calls.ts';

interface AddressBookOnlyProps {
  isOn: boolean;
  email: string | null;
  /** The member's second steps (`/api/2fa/status`). */
  twoStep: TTwoStepStatus | undefined;
}

/**
 * "Address book only" (Step 11 §2): when on, withdrawals go to usable saved addresses alone.
 * Turning it either way is a security change, confirmed in a sheet with the emailed code (and the
 * authenticator's when two-step is on). Test ids `address-only-switch`, `address-only-sheet`,
 * `address-only-code`, `address-only-send`, `address-only-totp`, `address-only-submit`.
 */
export function AddressBookOnly({ isOn, email, twoStep }: AddressBookOnlyProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [isOpen, setIsOpen] = useState(false);
  const setMutation = useSetAddressBookOnly();
  const secondStep = useSecondStep(twoStep);
  const schema = ZAddressBookOnlyRequest.extend({ totpCode: secondStep.totpSchema });

  async function submit() {
    if (secondStep.isPasskeyMissing) {
      showToast(t('passkeys.useFirst'));
      return;
    }
    const parsed = validateForm(form, schema, { ...(form.getFieldsValue() as object), on: !isOn });
    if (!parsed) return;
    const { totpCode, ...fields } = parsed;
    try {
      await setMutation.mutateAsync({ ...fields, ...secondStep.proof(totpCode) });
    } catch {
      form.setFieldValue('totpCode', '');
      secondStep.setPasskey(null);
      return; // toasted by the request client
    }
    setIsOpen(false);
    showToast(fields.on ? t('addressBook.onlyTurnedOn') : t('addressBook.onlyTurnedOff'));
  }

  return (
    <>
      <List mode="card" className="dark-list address-only" data-testid="address-only">
        <List.Item
          description={t('addressBook.onlyText')}
          extra={
            <Switch
              checked={isOn}
              onChange={() => {
                form.resetFields();
                setIsOpen(true);
              }}
              aria-label={t('addressBook.onlyTitle')}
              data-testid="address-only-switch"
            />
          }
        >
          {t('addressBook.onlyTitle')}
        </List.Item>
      </List>
      <Popup
        visible={isOpen}
        onMaskClick={() => setIsOpen(false)}
        onClose={() => setIsOpen(false)}
        bodyClassName="sheet"
        destroyOnClose
      >
        <div className="sheet__content" data-testid="address-only-sheet">
          <h2 className="sheet__title">{isOn ? t('addressBook.onlyOffTitle') : t('addressBook.onlyOnTitle')}</h2>
          <p className="sheet__text">{isOn ? t('addressBook.onlyOffText') : t('addressBook.onlyOnText')}</p>
          <AppForm
            form={form}
            layout="vertical"
            className="address-only__form"
            onValuesChange={(changed: object) => clearChangedFieldErrors(form, changed)}
          >
            <Form.Item
              name="code"
              label={t('addressBook.code')}
              extra={<CodeButton send={sendAddressBookCode} testId="address-only-send" />}
              description={email ? t('withdraw.codeSentTo', { email }) : undefined}
            >
              <FormInput
                testId="address-only-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={VERIFICATION_CODE_LENGTH}
                placeholder={t('form.codePlaceholder')}
              />
            </Form.Item>
            {secondStep.isTotpAsked && <TotpCodeField name="totpCode" testId="address-only-totp" />}
            {secondStep.hasPasskeys && (
              <PasskeyConfirm
                answer={secondStep.passkey}
                onAnswer={secondStep.setPasskey}
                testId="address-only-passkey"
              />
            )}
          </AppForm>
          <SheetActions
            submitLabel={isOn ? t('addressBook.turnOff') : t('addressBook.turnOn')}
            isSubmitting={setMutation.isPending}
            onSubmit={() => void submit()}
            onCancel={() => setIsOpen(false)}
            testIdPrefix="address-only"
          />
        </div>
      </Popup>
    </>
  );
}
