import { maskAddress } from '@kpc/shared';
import { ClipboardText } from '@phosphor-icons/react';
import { Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { FormInput } from '@/components/form-input.tsx';
import { showToast } from '@/lib/toast.ts';

type FormInstance = ReturnType<typeof Form.useForm>[0];

/** Addresses never hold whitespace: a paste with spaces or a line break around it is taken as meant. */
export function stripWhitespace(value: unknown): string {
  return typeof value === 'string' ? value.replace(/\s+/g, '') : '';
}

interface AddressFieldProps {
  form: FormInstance;
  /** The member's bound wallet, '' when none: offered as the destination. */
  boundWallet: string;
}

/**
 * The `address` field of the withdraw form: paste-friendly (a Paste button, whitespace dropped, no
 * auto-correction) and, when the member has bound a wallet, a shortcut to withdraw to it.
 */
export function AddressField({ form, boundWallet }: AddressFieldProps) {
  const { t } = useTranslation();

  function setAddress(address: string) {
    form.setFieldsValue({ address: stripWhitespace(address) });
    form.setFields([{ name: 'address', errors: [] }]);
  }

  async function paste() {
    try {
      setAddress(await navigator.clipboard.readText());
    } catch {
      // No clipboard access (permission, plain HTTP): the field's own paste still works.
      showToast(t('withdraw.pasteFailed'));
    }
  }

  return (
    <Form.Item
      name="address"
      label={t('withdraw.address')}
      normalize={stripWhitespace}
      extra={
        <button type="button" className="text-button" onClick={() => void paste()} data-testid="withdraw-address-paste">
          <ClipboardText size={16} aria-hidden="true" />
          {t('withdraw.paste')}
        </button>
      }
      description={
        boundWallet ? (
          <button
            type="button"
            className="text-button text-button--small"
            onClick={() => setAddress(boundWallet)}
            data-testid="withdraw-use-wallet"
          >
            {t('withdraw.useBoundWallet', { address: maskAddress(boundWallet) })}
          </button>
        ) : undefined
      }
    >
      <FormInput
        testId="withdraw-address"
        placeholder={t('withdraw.addressPlaceholder')}
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        clearable
      />
    </Form.Item>
  );
}
