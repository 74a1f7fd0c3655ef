import { INPUT_MAX_LENGTH, maskAddress } from '@kpc/shared';
import { ClipboardText } from '@phosphor-icons/react';
import { Form, TextArea, type TextAreaProps } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { SavedAddressPicker } from '@/components/saved-address-picker.tsx';
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
  /** The network chosen: its saved addresses are offered from the address book (Step 11 §2). */
  chainId: number;
}

/**
 * The address itself, whole: a text area that grows to as many lines as the address needs, in a
 * monospace face, so its last characters can be checked too (an input would cut them off). The
 * test id goes on the `<textarea>` (antd-mobile puts `data-*` on its wrapper). A line break cannot
 * stay: the field drops whitespace as it is typed.
 */
function AddressInput(props: TextAreaProps) {
  return (
    <TextArea
      {...props}
      className="withdraw-address"
      rows={1}
      autoSize={{ minRows: 1, maxRows: 4 }}
      maxLength={INPUT_MAX_LENGTH}
      enterKeyHint="done"
      ref={(textArea) => {
        const element = textArea?.nativeElement;
        element?.setAttribute('data-testid', 'withdraw-address');
        // Not props of antd-mobile's TextArea: no auto-capitals, auto-correction or spelling marks.
        element?.setAttribute('autocapitalize', 'off');
        element?.setAttribute('autocorrect', 'off');
        element?.setAttribute('spellcheck', 'false');
      }}
    />
  );
}

/**
 * The `address` field of the withdraw form: the whole address on as many lines as it needs,
 * paste-friendly (a Paste button, whitespace dropped, no auto-correction) and, when the member has
 * bound a wallet, a shortcut to withdraw to it; the member's saved addresses of the network, from
 * the address book.
 */
export function AddressField({ form, boundWallet, chainId }: AddressFieldProps) {
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
        <span className="withdraw-address-shortcuts">
          <SavedAddressPicker chainId={chainId} onPick={setAddress} />
          {boundWallet && (
            <button
              type="button"
              className="text-button text-button--small"
              onClick={() => setAddress(boundWallet)}
              data-testid="withdraw-use-wallet"
            >
              {t('withdraw.useBoundWallet', { address: maskAddress(boundWallet) })}
            </button>
          )}
        </span>
      }
    >
      <AddressInput placeholder={t('withdraw.addressPlaceholder')} autoComplete="off" />
    </Form.Item>
  );
}
