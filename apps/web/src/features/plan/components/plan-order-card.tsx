import { formatFeeRate, formatNumber, InvestmentStatus, type TInvestmentOrder } from '@kpc/shared';
import { CaretRight } from '@phosphor-icons/react';
import { ProgressBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { TokenIcon } from '@/components/token-icon.tsx';
import { PLAN_LOG_ORDER_PARAM, ROUTES } from '@/config/routes.ts';
import { maskBalance, useBalanceVisibility } from '@/lib/balance-visibility.ts';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { navigateTo } from '@/lib/navigation.ts';
import { getDaysLeft, getPhaseText, getProductName, getReleasedShare } from '@/features/plan/utils/plan-view.ts';
import '@/components/record.css';

/**
 * One investment order with every SPEC §3 field: order amount, total income (quota), released
 * income, participation time, current phase (n of the product's table, then "final rate
 * continues"), the days left to reach the quota, remaining quota, release coefficient and today's
 * release ratio; a progress bar of the quota released and the next release time, and a link to its
 * releases. Money hides with the balances (the eye). Test ids `plan-order-<field>`.
 */
export function PlanOrderCard({ order }: { order: TInvestmentOrder }) {
  const { t } = useTranslation();
  const isHidden = useBalanceVisibility((state) => state.isHidden);
  const isCompleted = order.status === InvestmentStatus.COMPLETED;
  const share = getReleasedShare(order.released, order.quota);
  const money = (value: string) => maskBalance(`${formatNumber(value)} ${order.asset}`, isHidden);

  return (
    <article className="plan-card plan-order" data-testid="plan-order" data-order-id={order.id}>
      <header className="plan-order__head">
        <TokenIcon asset={order.asset} size={32} />
        <div className="plan-order__name">
          <h3>{getProductName(t, order.nameKey)}</h3>
          <p>{t('plan.order.number', { id: order.id })}</p>
        </div>
        <span
          className={isCompleted ? 'record__tag record__tag--done' : 'record__tag plan-order__tag--active'}
          data-testid="plan-order-status"
        >
          {t(isCompleted ? 'plan.order.status.completed' : 'plan.order.status.active')}
        </span>
      </header>

      <div className="plan-order__progress">
        <div className="plan-order__progress-row">
          <span data-testid="plan-order-progress">
            {t('plan.order.progress', { percent: share.text, days: order.daysReleased, total: order.totalDays })}
          </span>
        </div>
        <ProgressBar percent={share.percent} className="plan-order__bar" aria-hidden="true" />
      </div>

      <dl className="plan-order__facts">
        <div>
          <dt>{t('plan.order.amount')}</dt>
          <dd data-testid="plan-order-amount">{money(order.amount)}</dd>
        </div>
        <div>
          <dt>{t('plan.order.quota')}</dt>
          <dd data-testid="plan-order-quota">{money(order.quota)}</dd>
        </div>
        <div>
          <dt>{t('plan.order.released')}</dt>
          <dd className="plan-order__released" data-testid="plan-order-released">
            {money(order.released)}
          </dd>
        </div>
        <div>
          <dt>{t('plan.order.remaining')}</dt>
          <dd data-testid="plan-order-remaining">{money(order.remaining)}</dd>
        </div>
        <div>
          <dt>{t('plan.order.phase')}</dt>
          <dd data-testid="plan-order-phase">{getPhaseText(t, order)}</dd>
        </div>
        <div>
          <dt>{t('plan.order.daysLeft')}</dt>
          <dd data-testid="plan-order-days-left">{getDaysLeft(order)}</dd>
        </div>
        <div>
          <dt>{t('plan.order.todayRatio')}</dt>
          <dd data-testid="plan-order-ratio">{order.todayRatio === null ? '—' : formatFeeRate(order.todayRatio)}</dd>
        </div>
        <div>
          <dt>{t('plan.coefficient')}</dt>
          <dd data-testid="plan-order-coefficient">
            {t('plan.coefficientValue', { coefficient: formatNumber(order.coefficient) })}
          </dd>
        </div>
        <div>
          <dt>{t('plan.order.createdAt')}</dt>
          <dd data-testid="plan-order-created">{formatDateTime(order.createdAt)}</dd>
        </div>
        <div>
          <dt>{t('plan.order.nextRelease')}</dt>
          <dd data-testid="plan-order-next">
            {order.nextReleaseAt === null ? t('plan.order.done') : formatDateTime(order.nextReleaseAt)}
          </dd>
        </div>
      </dl>

      <button
        type="button"
        className="plan-order__log"
        onClick={() => navigateTo(`${ROUTES.planLog}?${PLAN_LOG_ORDER_PARAM}=${encodeURIComponent(order.id)}`)}
        data-testid="plan-order-log-link"
      >
        {t('plan.order.log')}
        <CaretRight size={16} weight="bold" aria-hidden="true" />
      </button>
    </article>
  );
}
