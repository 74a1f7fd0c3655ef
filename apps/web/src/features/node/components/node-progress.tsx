import { NodeStatus, type TNodeStatus } from '@kpc/shared';
import { Steps } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/**
 * SPEC §4 "Global node: apply, then applied; pay; authorized": where the member stands on that road,
 * under SPEC's names. An operator's approval is part of "applied" (done: pay is next); a rejection
 * stops there, a refusal at pay.
 */
function currentStep(status: TNodeStatus | undefined): number {
  switch (status) {
    case NodeStatus.APPLIED:
    case NodeStatus.REJECTED:
      return 1;
    case NodeStatus.APPROVED:
      return 2;
    case NodeStatus.PAID:
    case NodeStatus.REFUSED:
      return 3;
    case NodeStatus.AUTHORIZED:
      return 4;
    default:
      return 0;
  }
}

export function NodeProgress({ status }: { status: TNodeStatus | undefined }) {
  const { t } = useTranslation();
  const current = currentStep(status);
  const isStopped = status === NodeStatus.REJECTED || status === NodeStatus.REFUSED;
  const steps = [t('node.steps.apply'), t('node.steps.applied'), t('node.steps.pay'), t('node.steps.authorize')];
  return (
    <Steps className="node-progress" current={Math.min(current, steps.length - 1)} data-testid="node-progress">
      {steps.map((title, index) => {
        let stepStatus: 'finish' | 'process' | 'wait' | 'error' = 'wait';
        if (index < current) stepStatus = 'finish';
        else if (index === current) stepStatus = isStopped ? 'error' : 'process';
        return <Steps.Step key={title} title={title} status={stepStatus} />;
      })}
    </Steps>
  );
}
