import { CodeButton } from '@/components/code-button.tsx';
import { useSendWithdrawCode } from '@/features/withdraw/api/send-withdraw-code.ts';

/** The withdrawal's code button: the code goes to the member's own email. */
export function WithdrawCodeButton({ testId }: { testId: string }) {
  const sendCodeMutation = useSendWithdrawCode();
  return <CodeButton send={() => sendCodeMutation.mutateAsync()} testId={testId} />;
}
