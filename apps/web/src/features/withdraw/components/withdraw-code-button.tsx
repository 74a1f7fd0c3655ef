import { VERIFICATION_CODE_RESEND_SECONDS } from '@kpc/shared';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast.ts';
import { useSendWithdrawCode } from '../api/send-withdraw-code.ts';
import { useResendCountdown } from '../hooks/use-resend-countdown.ts';

/**
 * SPEC §4 verification-code button for a withdrawal: "Get code" mails a code to the member's own
 * email, then "Resend in Xs" for the server's cooldown, then "Resend".
 */
export function WithdrawCodeButton({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const sendCodeMutation = useSendWithdrawCode();
  const countdown = useResendCountdown();

  async function handleClick() {
    try {
      const { cooldownSeconds } = await sendCodeMutation.mutateAsync();
      showToast(t('code.sent'));
      countdown.start(cooldownSeconds > 0 ? cooldownSeconds : VERIFICATION_CODE_RESEND_SECONDS);
    } catch {
      // The request client has toasted why (a cooldown answer, code 1100, only needs that toast).
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
      loading={sendCodeMutation.isPending}
      data-testid={testId}
      onClick={() => void handleClick()}
    >
      {label}
    </Button>
  );
}
