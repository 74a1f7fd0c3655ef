import { VERIFICATION_CODE_RESEND_SECONDS, ZEmail, type TSendCodeRequest } from '@kpc/shared';
import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateKey } from '../../../lib/i18n.ts';
import { showToast } from '../../../lib/toast.ts';
import { useSendCode } from '../api/send-code.ts';

interface CodeButtonProps {
  /** A purpose anyone may ask a code for; the withdrawal code has its own logged-in call. */
  purpose: TSendCodeRequest['purpose'];
  /** Reads the email field when clicked. */
  getEmail: () => unknown;
  testId: string;
}

/**
 * SPEC §4 verification-code button: "Get code", then "Resend in Xs" for the server's cooldown,
 * then "Resend". The email is checked first so a typo never costs a send.
 */
export function CodeButton({ purpose, getEmail, testId }: CodeButtonProps) {
  const { t } = useTranslation();
  const sendCodeMutation = useSendCode();
  // A deadline rather than a decrementing counter: throttled timers (background tabs) cannot stretch it.
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [hasSent, setHasSent] = useState(false);
  const secondsLeft = Math.max(0, Math.ceil((endsAt - now) / 1000));

  useEffect(() => {
    if (endsAt === 0) return;
    const timer = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= endsAt) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);

  async function handleClick() {
    const email = ZEmail.safeParse(getEmail());
    if (!email.success) {
      showToast(translateKey(email.error.issues[0]?.message ?? 'validation.emailInvalid'));
      return;
    }
    try {
      const { cooldownSeconds } = await sendCodeMutation.mutateAsync({ email: email.data, purpose });
      showToast(t('code.sent'));
      const startedAt = Date.now();
      setHasSent(true);
      setNow(startedAt);
      setEndsAt(startedAt + (cooldownSeconds > 0 ? cooldownSeconds : VERIFICATION_CODE_RESEND_SECONDS) * 1000);
    } catch {
      // The request client has toasted why (a cooldown answer, code 1100, only needs that toast).
    }
  }

  const isCountingDown = secondsLeft > 0;
  let label = t('code.get');
  if (isCountingDown) label = t('code.resendIn', { seconds: secondsLeft });
  else if (hasSent) label = t('code.resend');

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
