import {
  WITHDRAW_STEPS,
  WithdrawStatus,
  WithdrawStep,
  type TWithdrawalDetail,
  type TWithdrawStatus,
  type TWithdrawStep,
} from '@kpc/shared';

/** How a step of the timeline is drawn: checked, highlighted, dimmed, or red. */
export type TimelineRowState = 'done' | 'current' | 'upcoming' | 'failed';

export interface TimelineRow {
  step: TWithdrawStep;
  state: TimelineRowState;
  /** When the withdrawal reached the step; null for a step ahead. */
  at: string | null;
}

/** The step a state shows as: a payout without a receipt yet (`unknown`) is still confirming. */
export function stepOfStatus(status: TWithdrawStatus): TWithdrawStep {
  return status === WithdrawStatus.UNKNOWN ? WithdrawStep.CONFIRMING : status;
}

/** Whether the withdrawal ended without paying (its funds were returned). */
export function isWithdrawalStopped(status: TWithdrawStatus): boolean {
  return status === WithdrawStatus.REJECTED || status === WithdrawStatus.FAILED;
}

/**
 * The rows of a withdrawal's timeline. Going through: the five steps in order, those passed
 * checked with their time, the one it stands at highlighted (all checked once completed), the rest
 * dimmed. Rejected or failed: the steps it reached, ending in the red one.
 */
export function buildTimelineRows(detail: Pick<TWithdrawalDetail, 'status' | 'timeline'>): TimelineRow[] {
  const reachedAt = new Map(detail.timeline.map((entry) => [entry.step, entry.at]));
  if (isWithdrawalStopped(detail.status)) {
    return detail.timeline.map((entry) => ({
      step: entry.step,
      state: isWithdrawalStopped(entry.step as TWithdrawStatus) ? 'failed' : 'done',
      at: entry.at,
    }));
  }
  const current = WITHDRAW_STEPS.indexOf(stepOfStatus(detail.status));
  const isCompleted = detail.status === WithdrawStatus.COMPLETED;
  return WITHDRAW_STEPS.map((step, index) => {
    let state: TimelineRowState = 'upcoming';
    if (index < current || (index === current && isCompleted)) state = 'done';
    else if (index === current) state = 'current';
    return { step, state, at: state === 'upcoming' ? null : (reachedAt.get(step) ?? null) };
  });
}
