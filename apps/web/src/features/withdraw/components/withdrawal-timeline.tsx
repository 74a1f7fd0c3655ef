import type { TWithdrawalDetail } from '@kpc/shared';
import { Check, X } from '@phosphor-icons/react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { buildTimelineRows } from '@/features/withdraw/utils/withdrawal-timeline.ts';

/**
 * A withdrawal's steps, top to bottom, each with the time it was reached: checked when passed, the
 * current one highlighted, those ahead dimmed; a rejected or failed end in red. Step names are the
 * records list's status names.
 */
export function WithdrawalTimeline({ detail }: { detail: Pick<TWithdrawalDetail, 'status' | 'timeline'> }) {
  const { t } = useTranslation();
  const rows = buildTimelineRows(detail);
  return (
    <ol className="withdrawal-timeline" data-testid="withdrawal-timeline">
      {rows.map((row) => (
        <li
          key={row.step}
          className={`withdrawal-timeline__step withdrawal-timeline__step--${row.state}`}
          data-testid={`withdrawal-step-${row.step}`}
          data-state={row.state}
          aria-current={row.state === 'current' ? 'step' : undefined}
        >
          <span className="withdrawal-timeline__marker" aria-hidden="true">
            {row.state === 'done' && <Check size={12} weight="bold" />}
            {row.state === 'failed' && <X size={12} weight="bold" />}
          </span>
          <div className="withdrawal-timeline__text">
            <span className="withdrawal-timeline__name">{t(`history.statuses.${row.step}`)}</span>
            {row.at && (
              <time className="withdrawal-timeline__time" dateTime={row.at} data-testid="withdrawal-step-time">
                {formatDateTime(row.at)}
              </time>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
