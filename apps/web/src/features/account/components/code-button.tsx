import { ZEmail, type TSendCodeRequest } from '@kpc/shared';
import { CodeButton } from '@/components/code-button.tsx';
import { translateKey } from '@/lib/i18n.ts';
import { showToast } from '@/lib/toast.ts';
import { useSendCode } from '@/features/account/api/send-code.ts';

interface EmailCodeButtonProps {
  /** A purpose anyone may ask a code for; the withdrawal code has its own logged-in call. */
  purpose: TSendCodeRequest['purpose'];
  /** Reads the email field when clicked. */
  getEmail: () => unknown;
  testId: string;
}

/** The code button of the account forms: the email is checked first so a typo never costs a send. */
export function EmailCodeButton({ purpose, getEmail, testId }: EmailCodeButtonProps) {
  const sendCodeMutation = useSendCode();

  async function send() {
    const email = ZEmail.safeParse(getEmail());
    if (!email.success) {
      showToast(translateKey(email.error.issues[0]?.message ?? 'validation.emailInvalid'));
      return null;
    }
    return sendCodeMutation.mutateAsync({ email: email.data, purpose });
  }

  return <CodeButton send={send} testId={testId} />;
}
