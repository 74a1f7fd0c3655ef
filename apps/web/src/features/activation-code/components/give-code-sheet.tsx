import { pickRequestId, type PendingRequest } from '@kpc/client';
import type { TActivationCode } from '@kpc/shared';
import { Popup } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormInput } from '@/components/form-input.tsx';
import { SheetActions } from '@/components/sheet-actions.tsx';
import { showToast } from '@/lib/toast.ts';
import { useGiveActivationCode } from '@/features/activation-code/api/give-activation-code.ts';
import { isAnswerLost } from '@/lib/request.ts';
import '@/components/sheet.css';

interface GiveCodeSheetProps {
  /** The code to give; null closes the sheet. */
  code: TActivationCode | null;
  onClose: () => void;
}

/**
 * Gives an unused code to another member, named by invitation code or email. Once given it is
 * theirs: the sheet says so before Confirm. Test ids `give-code-sheet`, `give-code-to`,
 * `give-code-to-error`, `give-code-submit`, `give-code-cancel`.
 */
export function GiveCodeSheet({ code, onClose }: GiveCodeSheetProps) {
  const { t } = useTranslation();
  const giveMutation = useGiveActivationCode();
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const pendingRequest = useRef<PendingRequest | null>(null);
  // Kept while the sheet slides away after a close.
  const [shown, setShown] = useState<TActivationCode | null>(code);
  if (code && code !== shown) setShown(code);

  function close() {
    if (giveMutation.isPending) return;
    setTo('');
    setError(null);
    onClose();
  }

  async function submit() {
    const recipient = to.trim();
    if (!code) return;
    if (recipient === '') {
      setError(t('codes.give.toRequired'));
      return;
    }
    pendingRequest.current = pickRequestId(pendingRequest.current, `${code.id}:${recipient.toLowerCase()}`);
    try {
      await giveMutation.mutateAsync({ codeId: code.id, to: recipient, requestId: pendingRequest.current.id });
    } catch (failure) {
      // Toasted by the request client (unknown member, a used code...); a lost answer keeps the id.
      if (!isAnswerLost(failure)) pendingRequest.current = null;
      return;
    }
    pendingRequest.current = null;
    showToast(t('codes.give.success'));
    setTo('');
    setError(null);
    onClose();
  }

  return (
    <Popup visible={code !== null} onMaskClick={close} onClose={close} bodyClassName="sheet">
      <div className="sheet__content" data-testid="give-code-sheet">
        <h2 className="sheet__title">{t('codes.give.title')}</h2>
        <p className="sheet__text">{t('codes.give.hint')}</p>
        <div className="sheet__field">
          <span className="sheet__label">{t('codes.give.code')}</span>
          <span className="activation-code__value" translate="no" data-testid="give-code-value">
            {shown?.code ?? shown?.hint}
          </span>
        </div>
        <label className="sheet__field">
          <span className="sheet__label">{t('codes.give.to')}</span>
          <FormInput
            value={to}
            onChange={(value) => {
              setTo(value);
              setError(null);
            }}
            placeholder={t('codes.give.toPlaceholder')}
            autoComplete="off"
            testId="give-code-to"
          />
        </label>
        {error && (
          <p className="give-code__error" role="alert" data-testid="give-code-to-error">
            {error}
          </p>
        )}
        <SheetActions
          submitLabel={t('common.confirm')}
          isSubmitting={giveMutation.isPending}
          onSubmit={() => void submit()}
          onCancel={close}
          testIdPrefix="give-code"
        />
      </div>
    </Popup>
  );
}
