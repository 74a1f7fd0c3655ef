import { ZAccelerateRequest } from '@kpc/shared';
import { Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormInput } from '@/components/form-input.tsx';
import { SheetActions } from '@/components/sheet-actions.tsx';
import { translateKey } from '@/lib/i18n.ts';
import { showToast } from '@/lib/toast.ts';
import { useAccelerateDeposit } from '@/features/recharge/api/accelerate-deposit.ts';
import '@/components/sheet.css';

interface AccelerateSheetProps {
  isOpen: boolean;
  chainId: number;
  network: string;
  /** Confirmations a deposit needs on this network, for the success message. */
  confirmations: number;
  /** Pre-fills the hash, e.g. of a send from this device that has not arrived. */
  initialHash: string;
  onClose: () => void;
}

/** SPEC §9 Accelerate: the member gives a deposit's transaction hash and the server looks it up at once. */
export function AccelerateSheet({ isOpen, onClose, ...formProps }: AccelerateSheetProps) {
  return (
    // destroyOnClose: each opening starts from `initialHash` with no message.
    <Popup visible={isOpen} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet" destroyOnClose>
      <AccelerateForm {...formProps} onDone={onClose} />
    </Popup>
  );
}

function AccelerateForm({
  chainId,
  network,
  confirmations,
  initialHash,
  onDone,
}: Omit<AccelerateSheetProps, 'isOpen' | 'onClose'> & { onDone: () => void }) {
  const { t } = useTranslation();
  const [txHash, setTxHash] = useState(initialHash);
  const [error, setError] = useState('');
  const accelerateMutation = useAccelerateDeposit();

  async function handleSubmit() {
    const parsed = ZAccelerateRequest.safeParse({ chainId, txHash });
    if (!parsed.success) {
      setError(translateKey(parsed.error.issues[0]?.message ?? 'validation.invalid'));
      return;
    }
    try {
      await accelerateMutation.mutateAsync(parsed.data);
    } catch {
      return; // Toasted by the request client (e.g. no deposit in this transaction).
    }
    showToast(t('recharge.accelerateSuccess', { confirmations }));
    onDone();
  }

  return (
    <div className="sheet__content" data-testid="recharge-accelerate-sheet">
      <h2 className="sheet__title">{t('recharge.accelerateTitle')}</h2>
      <p className="sheet__text">{t('recharge.accelerateHint', { network })}</p>
      <label className="sheet__field">
        <span className="sheet__label">{t('recharge.txHash')}</span>
        <FormInput
          testId="recharge-accelerate-hash"
          value={txHash}
          onChange={(next) => {
            setTxHash(next);
            setError('');
          }}
          onEnterPress={() => void handleSubmit()}
          autoCapitalize="off"
          autoComplete="off"
          autoCorrect="off"
          maxLength={80}
          placeholder={t('recharge.txHashPlaceholder')}
          clearable
        />
      </label>
      {error && (
        <p className="sheet__error" role="alert" data-testid="recharge-accelerate-error">
          {error}
        </p>
      )}
      <SheetActions
        submitLabel={t('recharge.accelerate')}
        isSubmitting={accelerateMutation.isPending}
        onSubmit={() => void handleSubmit()}
        onCancel={onDone}
        testIdPrefix="recharge-accelerate"
      />
    </div>
  );
}
