import type { TPasskeyAssertion } from '@kpc/shared';
import { CheckCircle, Fingerprint } from '@phosphor-icons/react';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answerWithPasskey, PasskeyUnavailableError } from '@/lib/passkey.ts';
import { showToast } from '@/lib/toast.ts';
import './passkey-confirm.css';

/**
 * "Use passkey": the second step of a withdrawal or a security change (Step 11 §2) answered by one of
 * the member's passkeys. The answer is held by the form and sent with its request; once used (or
 * refused) the form clears it and the member confirms again. Test ids `<testId>` (the button) and
 * `<testId>-done`.
 */
export function PasskeyConfirm({
  answer,
  onAnswer,
  testId,
}: {
  answer: TPasskeyAssertion | null;
  onAnswer: (answer: TPasskeyAssertion | null) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [isAsking, setIsAsking] = useState(false);

  async function handleClick() {
    setIsAsking(true);
    try {
      onAnswer(await answerWithPasskey());
    } catch (error) {
      if (error instanceof PasskeyUnavailableError) {
        showToast(t(error.reason === 'unsupported' ? 'passkeys.unsupported' : 'passkeys.cancelled'));
      }
      // Other failures were toasted by the request client.
    } finally {
      setIsAsking(false);
    }
  }

  if (answer) {
    return (
      <div className="passkey-confirm passkey-confirm--done" data-testid={`${testId}-done`}>
        <CheckCircle size={22} weight="fill" aria-hidden="true" />
        <span>{t('passkeys.confirmed')}</span>
        <Button size="small" fill="none" onClick={() => onAnswer(null)} className="passkey-confirm__undo">
          {t('common.cancel')}
        </Button>
      </div>
    );
  }
  return (
    <div className="passkey-confirm">
      <Button
        block
        fill="outline"
        color="primary"
        loading={isAsking}
        onClick={() => void handleClick()}
        data-testid={testId}
      >
        <span className="passkey-confirm__label">
          <Fingerprint size={20} aria-hidden="true" />
          {t('passkeys.use')}
        </span>
      </Button>
      <p className="passkey-confirm__hint">{t('passkeys.useHint')}</p>
    </div>
  );
}
