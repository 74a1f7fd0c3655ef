import { formatFeeRate, formatNumber, type TPlanReleaseItem } from '@kpc/shared';
import { useTranslation } from 'react-i18next';
import '@/components/record.css';

/** One daily release: its day and UTC date, phase, ratio, the order and the USDT it paid into income. */
export function PlanReleaseItem({ item }: { item: TPlanReleaseItem }) {
  const { t } = useTranslation();
  return (
    <div className="record record--stacked" data-testid="plan-log-item">
      <div className="record__row">
        <p className="record__title">
          <span data-testid="plan-log-item-day">{t('plan.log.day', { day: item.day })}</span>
          <span className="record__tag">{t('plan.order.number', { id: item.orderId })}</span>
        </p>
        <p className="record__amount record__amount--positive" data-testid="plan-log-item-amount">
          +{formatNumber(item.amount)} <span className="record__asset">{item.asset}</span>
        </p>
      </div>
      <dl className="record__facts plan-log__facts">
        <div>
          <dt>{t('plan.log.phase')}</dt>
          <dd data-testid="plan-log-item-phase">{item.phase}</dd>
        </div>
        <div>
          <dt>{t('plan.log.ratio')}</dt>
          <dd data-testid="plan-log-item-ratio">{formatFeeRate(item.ratio)}</dd>
        </div>
        <div>
          <dt>{t('plan.log.date')}</dt>
          <dd data-testid="plan-log-item-date">{item.date}</dd>
        </div>
      </dl>
    </div>
  );
}
