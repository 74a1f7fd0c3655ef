import { Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormInput } from '@/components/form-input.tsx';
import { SheetActions } from '@/components/sheet-actions.tsx';
import '@/components/sheet.css';

interface WalletInvitePopupProps {
  isOpen: boolean;
  /** Pre-fills the field, e.g. with a remembered invite code the server did not recognise. */
  initialValue: string;
  isSubmitting: boolean;
  onSubmit: (inviteAddress: string) => void;
  onClose: () => void;
}

/** Asks a new wallet for its inviter: an invitation code or the inviter's wallet address. */
export function WalletInvitePopup({ isOpen, onClose, ...formProps }: WalletInvitePopupProps) {
  return (
    // destroyOnClose: each opening starts from `initialValue` with no message.
    <Popup visible={isOpen} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet" destroyOnClose>
      <InviteForm {...formProps} onCancel={onClose} />
    </Popup>
  );
}

function InviteForm({
  initialValue,
  isSubmitting,
  onSubmit,
  onCancel,
}: Omit<WalletInvitePopupProps, 'isOpen' | 'onClose'> & { onCancel: () => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState('');

  function handleSubmit() {
    const inviteAddress = value.trim();
    if (inviteAddress) onSubmit(inviteAddress);
    else setError(t('login.inviteRequired'));
  }

  return (
    <div className="sheet__content" data-testid="wallet-invite-popup">
      <h2 className="sheet__title">{t('login.inviteTitle')}</h2>
      <p className="sheet__text">{t('login.inviteHint')}</p>
      <label className="sheet__field">
        <span className="sheet__label">{t('login.inviteLabel')}</span>
        <FormInput
          testId="wallet-invite-input"
          value={value}
          onChange={(next) => {
            setValue(next);
            setError('');
          }}
          onEnterPress={handleSubmit}
          autoCapitalize="off"
          autoComplete="off"
          maxLength={64}
          placeholder={t('login.invitePlaceholder')}
          clearable
        />
      </label>
      {error && (
        <p className="sheet__error" role="alert">
          {error}
        </p>
      )}
      <SheetActions
        submitLabel={t('login.inviteSubmit')}
        isSubmitting={isSubmitting}
        onSubmit={handleSubmit}
        onCancel={onCancel}
        testIdPrefix="wallet-invite"
      />
    </div>
  );
}
