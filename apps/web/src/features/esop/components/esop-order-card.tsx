import { EsopStatus, formatNumber, type TEsopOrder } from '@kpc/shared';
import { CaretRight } from '@phosphor-icons/react';
import { ProgressBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ESOP_LOG_ORDER_PARAM, ROUTES } from '@/config/routes.ts';
import { maskBalance, useBalanceVisibility } from '@/lib/balance-visibility.ts';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { navigateTo } from '@/lib/navigation.ts';
import { ESOP_ASSET, ESOP_PAY_ASSET, releasedPercent } from '@/features/esop/utils/esop-form.ts';

function statusTagClass(status: TEsopOrder['status']): string {
  if (status === EsopStatus.COMPLETED) return 'record__tag record__tag--done';
  return status === EsopStatus.RELEASING ? 'record__tag esop-tag--releasing' : 'record__tag';
}

/**
 * One ESOP order (issue 10 part 2): the KPC allocated, what was paid and at which price, when the
 * lock-up ends, phases released of the total, the next release's date and amount, released and
 * still locked, with a progress bar; its releases are one tap away. Amounts read "****" while the
 * member hides balances.
 */
export function EsopOrderCard({ order }: { order: TEsopOrder }) {
  const { t } = useTranslation();
  const isHidden = useBalanceVisibility((state) => state.isHidden);
  const kpc = (amount: string) => `${maskBalance(formatNumber(amount), isHidden)} ${ESOP_ASSET}`;
  const percent = releasedPercent(order);
  const facts = [
    {
      key: 'amount',
      label: t('esop.order.amount'),
      value: `${maskBalance(formatNumber(order.amount), isHidden)} ${ESOP_PAY_ASSET}`,
    },
    { key: 'price', label: t('esop.order.price'), value: `${formatNumber(order.price)} ${ESOP_PAY_ASSET}` },
    { key: 'lock-end', label: t('esop.order.lockEnd'), value: formatDateTime(order.lockEndsAt) },
    {
      key: 'phases',
      label: t('esop.order.phases'),
      value: t('esop.order.phasesValue', { done: order.phasesReleased, count: order.phaseCount }),
    },
    { key: 'released', label: t('esop.order.released'), value: kpc(order.released) },
    { key: 'locked', label: t('esop.order.locked'), value: kpc(order.locked) },
  ];

  return (
    <article className="esop-card esop-order" data-testid="esop-order">
      <header className="esop-order__head">
        <p className="esop-order__number">{t('esop.order.number', { id: order.id })}</p>
        <span className={statusTagClass(order.status)} data-testid="esop-order-status">
          {t(`esop.order.status.${order.status}`)}
        </span>
      </header>
      <p className="esop-order__label">{t('esop.order.kpc')}</p>
      <p className="esop-order__kpc" data-testid="esop-order-kpc">
        {maskBalance(formatNumber(order.kpc), isHidden)} <span className="esop-order__asset">{ESOP_ASSET}</span>
      </p>
      <p className="esop-order__created">
        {t('esop.order.createdAt')} {formatDateTime(order.createdAt)}
      </p>
      <div className="esop-order__progress">
        <ProgressBar percent={percent} className="esop-progress" />
        <span data-testid="esop-order-progress">
          {t('esop.order.progress', { percent: formatNumber(String(percent), 2) })}
        </span>
      </div>
      <dl className="esop-facts">
        {facts.map((fact) => (
          <div key={fact.key}>
            <dt>{fact.label}</dt>
            <dd data-testid={`esop-order-${fact.key}`}>{fact.value}</dd>
          </div>
        ))}
        {order.nextReleaseAt !== null && order.nextReleaseAmount !== null && (
          <div className="esop-facts__wide">
            <dt>{t('esop.order.nextRelease')}</dt>
            <dd data-testid="esop-order-next">
              {formatDateTime(order.nextReleaseAt)} · {kpc(order.nextReleaseAmount)}
            </dd>
          </div>
        )}
      </dl>
      <button
        type="button"
        className="esop-order__log"
        onClick={() => navigateTo(`${ROUTES.esopLog}?${ESOP_LOG_ORDER_PARAM}=${encodeURIComponent(order.id)}`)}
        data-testid="esop-order-log"
      >
        <span>{t('esop.logLink')}</span>
        <CaretRight size={16} aria-hidden="true" />
      </button>
    </article>
  );
}

/** An order's shape while the orders load: never a false "0". */
export function EsopOrderSkeleton() {
  return <div className="esop-card esop-order esop-order--skeleton skeleton" />;
}
