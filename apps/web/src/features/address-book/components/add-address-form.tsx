import {
  ADDRESS_LABEL_MAX_LENGTH,
  INPUT_MAX_LENGTH,
  VERIFICATION_CODE_LENGTH,
  ZAddressAddRequest,
  type TAddressAddRequest,
  type TAddressBookResponse,
  type TTwoStepStatus,
} from '@kpc/shared';
import { Button, Form, TextArea, type TextAreaProps } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppForm } from '@/components/app-form.tsx';
import { ChoiceSelector } from '@/components/choice-selector.tsx';
import { CodeButton } from '@/components/code-button.tsx';
import { FormInput } from '@/components/form-input.tsx';
import { ReviewAddress, ReviewSheet } from '@/components/review-sheet.tsx';
import { PasskeyConfirm } from '@/components/passkey-confirm.tsx';
import { TotpCodeField } from '@/components/totp-code-field.tsx';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { getNetworkName } from '@/lib/network-name.ts';
import { showToast } from '@/lib/toast.ts';
import { useSecondStep } from '@/lib/use-second-step.ts';
import { clearChangedFieldErrors, validateForm } from '@/lib/validate-form.ts';
import { sendAddressBookCode, useAddAddress } from '@/features/address-book/api/address-book-calls.ts';

interface AddAddressFormProps {
  book: TAddressBookResponse;
  /** Two-step verification on: the authenticator's code too. */
  /** The member's second steps (`/api/2fa/status`). */
  twoStep: TTwoStepStatus | undefined;
  onDone: () => void;
}

/** Addresses never hold whitespace: a paste with spaces or a line break around it is taken as meant. */
const stripWhitespace = (value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, '') : '');

/**
 * The address whole, on as many lines as it needs (an input would cut its end off), monospace, no
 * auto-correction; the test id goes on the `<textarea>` itself.
 */
function AddressTextArea(props: TextAreaProps) {
  return (
    <TextArea
      {...props}
      className="address-add__address"
      rows={1}
      autoSize={{ minRows: 1, maxRows: 3 }}
      maxLength={INPUT_MAX_LENGTH}
      enterKeyHint="done"
      ref={(textArea) => {
        const element = textArea?.nativeElement;
        element?.setAttribute('data-testid', 'address-add-address');
        element?.setAttribute('autocapitalize', 'off');
        element?.setAttribute('autocorrect', 'off');
        element?.setAttribute('spellcheck', 'false');
      }}
    />
  );
}

/**
 * Saving a withdrawal address (Step 11 §2): network, address, a name, the emailed code (and the
 * authenticator's when two-step is on); then a review naming when it becomes usable, and only its
 * Confirm saves it. Test ids `address-add-network-<chainId>`, `address-add-address`,
 * `address-add-label`, `address-add-code`, `address-add-send`, `address-add-totp`,
 * `address-add-next`, `address-add-cancel`, `address-review` (`-confirm`, `-label`, …).
 */
export function AddAddressForm({ book, twoStep, onDone }: AddAddressFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [chainId, setChainId] = useState(book.networks[0]?.chainId ?? 0);
  const [review, setReview] = useState<(TAddressAddRequest & { usableFrom: string }) | null>(null);
  const addMutation = useAddAddress();
  const secondStep = useSecondStep(twoStep);
  const schema = ZAddressAddRequest.extend({ totpCode: secondStep.totpSchema });
  const network = book.networks.find((item) => item.chainId === chainId);
  const networkName = network ? getNetworkName(network.chainId, network.network) : '';

  function handleFinish(values: object) {
    if (secondStep.isPasskeyMissing) {
      showToast(t('passkeys.useFirst'));
      return;
    }
    const parsed = validateForm(form, schema, { ...values, chainId });
    if (!parsed) return;
    const { totpCode, ...fields } = parsed;
    // When it would unlock if saved now (the server decides the exact time).
    setReview({
      ...fields,
      ...secondStep.proof(totpCode),
      usableFrom: new Date(Date.now() + book.lockHours * 3_600_000).toISOString(),
    });
  }

  async function confirm() {
    if (!review) return;
    try {
      const { usableFrom: _shown, ...body } = review;
      await addMutation.mutateAsync(body);
    } catch {
      // Toasted by the request client; back to the form to correct (a used code is cleared).
      setReview(null);
      form.setFieldValue('totpCode', '');
      secondStep.setPasskey(null);
      return;
    }
    setReview(null);
    showToast(t('addressBook.saved'));
    onDone();
  }

  return (
    <section className="address-add" data-testid="address-add">
      <h2 className="address-section__title">{t('addressBook.addTitle')}</h2>
      <AppForm
        form={form}
        layout="vertical"
        mode="card"
        onValuesChange={(changed: object) => clearChangedFieldErrors(form, changed)}
        onFinish={handleFinish}
        footer={
          <div className="address-add__actions">
            <Button block type="submit" color="primary" size="large" data-testid="address-add-next">
              {t('addressBook.next')}
            </Button>
            <Button block fill="none" size="large" onClick={onDone} data-testid="address-add-cancel">
              {t('common.cancel')}
            </Button>
          </div>
        }
      >
        <Form.Item label={t('addressBook.network')}>
          <ChoiceSelector
            columns={2}
            choices={book.networks.map((item) => ({
              value: item.chainId,
              label: getNetworkName(item.chainId, item.network),
              testId: `address-add-network-${item.chainId}`,
            }))}
            value={chainId}
            onChange={setChainId}
          />
        </Form.Item>
        <Form.Item name="address" label={t('addressBook.address')} normalize={stripWhitespace}>
          <AddressTextArea placeholder={t('addressBook.addressPlaceholder')} />
        </Form.Item>
        <Form.Item name="label" label={t('addressBook.label')}>
          <FormInput
            testId="address-add-label"
            maxLength={ADDRESS_LABEL_MAX_LENGTH}
            placeholder={t('addressBook.labelPlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('addressBook.code')}
          extra={<CodeButton send={sendAddressBookCode} testId="address-add-send" />}
          description={book.email ? t('withdraw.codeSentTo', { email: book.email }) : undefined}
        >
          <FormInput
            testId="address-add-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={VERIFICATION_CODE_LENGTH}
            placeholder={t('form.codePlaceholder')}
          />
        </Form.Item>
        {secondStep.isTotpAsked && <TotpCodeField name="totpCode" testId="address-add-totp" />}
        {secondStep.hasPasskeys && (
          <PasskeyConfirm answer={secondStep.passkey} onAnswer={secondStep.setPasskey} testId="address-add-passkey" />
        )}
      </AppForm>
      <ReviewSheet
        isOpen={review !== null}
        title={t('addressBook.reviewTitle')}
        rows={
          review
            ? [
                { key: 'label', label: t('addressBook.label'), value: review.label },
                { key: 'network', label: t('addressBook.network'), value: networkName },
                {
                  key: 'address',
                  label: t('addressBook.address'),
                  value: <ReviewAddress address={review.address} />,
                  isWide: true,
                },
                { key: 'usable', label: t('addressBook.usableFrom'), value: formatDateTime(review.usableFrom) },
              ]
            : []
        }
        warning={t('addressBook.reviewWarning', { hours: book.lockHours })}
        confirmLabel={t('addressBook.save')}
        onConfirm={confirm}
        onCancel={() => setReview(null)}
        testId="address-review"
      />
    </section>
  );
}
