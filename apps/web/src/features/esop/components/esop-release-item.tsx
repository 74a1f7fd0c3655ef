import { formatNumber, type TEsopReleaseItem } from '@kpc/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-date-time.ts';
import '@/components/record.css';

/** One phase released from an ESOP order: which phase of how many, the KPC, when it fell due and arrived. */
export function EsopReleaseItem({ release }: { release: TEsopReleaseItem }) {
  const { t } = useTranslation();
  return (
    <div className="record record--stacked" data-testid="esop-log-item">
      <div className="record__row">
        <p className="record__title">
          <span data-testid="esop-log-item-phase">
            {t('esop.log.phase', { phase: release.phase, count: release.phaseCount })}
          </span>
          <span className="record__tag">{t('esop.order.number', { id: release.orderId })}</span>
        </p>
        <p className="record__amount--positive esop-log__amount" data-testid="esop-log-item-amount">
          +{formatNumber(release.amount)} {release.asset}
        </p>
      </div>
      <dl className="record__facts">
        <div>
          <dt>{t('esop.log.dueAt')}</dt>
          <dd>{formatDateTime(release.dueAt)}</dd>
        </div>
        <div>
          <dt>{t('esop.log.releasedAt')}</dt>
          <dd>{formatDateTime(release.createdAt)}</dd>
        </div>
      </dl>
    </div>
  );
}
