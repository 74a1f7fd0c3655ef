import { VERIFICATION_CODE_RESEND_SECONDS } from '@kpc/shared';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/lib/toast.ts';
import { useResendCountdown } from '@/lib/use-resend-countdown.ts';
import './code-button.css';

interface CodeButtonProps {
  /** Sends the code; resolves with the server's cooldown, or null when nothing was sent. */
  send: () => Promise<{ cooldownSeconds: number } | null>;
  testId: string;
}

/**
 * SPEC §4 verification-code button: "Get code", then "Resend in Xs" for the server's cooldown,
 * then "Resend". Callers decide where the code goes (a typed email, the member's own).
 */
export function CodeButton({ send, testId }: CodeButtonProps) {
  const { t } = useTranslation();
  const countdown = useResendCountdown();
  const [isSending, setIsSending] = useState(false);

  async function handleClick() {
    setIsSending(true);
    try {
      const sent = await send();
      if (!sent) return;
      showToast(t('code.sent'));
      countdown.start(sent.cooldownSeconds > 0 ? sent.cooldownSeconds : VERIFICATION_CODE_RESEND_SECONDS);
    } catch {
      // The request client has toasted why (a cooldown answer, code 1100, only needs that toast).
    } finally {
      setIsSending(false);
    }
  }

  const isCountingDown = countdown.secondsLeft > 0;
  let label = t('code.get');
  if (isCountingDown) label = t('code.resendIn', { seconds: countdown.secondsLeft });
  else if (countdown.hasStarted) label = t('code.resend');

  return (
    <Button
      className="code-button"
      size="small"
      fill="none"
      color="primary"
      disabled={isCountingDown}
      loading={isSending}
      data-testid={testId}
      onClick={() => void handleClick()}
    >
      {label}
    </Button>
  );
}
