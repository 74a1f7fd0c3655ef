import { formatNumber, NodeStatus, type TNodeApplication } from '@kpc/shared';
import { CheckCircle, Hourglass, WarningCircle } from '@phosphor-icons/react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { isWaitingOnOperator } from '@/features/node/api/get-node-status.ts';

interface NodeStatusCardProps {
  application: TNodeApplication;
  price: string;
  asset: string;
  isRefreshFailing: boolean;
  onPay: () => void;
}

/**
 * Where the application stands, in SPEC §4's words: applied (an operator reviews it), applied and
 * approved (pay the price), paid (waiting for authorization), authorized, or rejected/refused with
 * the operator's note and the refund. Test ids `node-status`, `node-status-title`, `node-note`, `node-refund`, `node-live`, `node-pay`.
 */
export function NodeStatusCard({ application, price, asset, isRefreshFailing, onPay }: NodeStatusCardProps) {
  const { t } = useTranslation();
  const { status } = application;
  const money = (value: string) => `${formatNumber(value)} ${asset}`;
  const isStopped = status === NodeStatus.REJECTED || status === NodeStatus.REFUSED;
  const note =
    status === NodeStatus.REJECTED || status === NodeStatus.APPROVED
      ? application.reviewNote
      : application.decisionNote;
  let icon = <Hourglass size={28} weight="duotone" aria-hidden="true" />;
  if (status === NodeStatus.AUTHORIZED) icon = <CheckCircle size={28} weight="fill" aria-hidden="true" />;
  if (isStopped) icon = <WarningCircle size={28} weight="fill" aria-hidden="true" />;

  return (
    <section className={`node-status node-status--${status}`} data-testid="node-status" data-status={status}>
      <div className="node-status__head">
        <span className="node-status__icon">{icon}</span>
        <div>
          <h2 className="node-status__title" data-testid="node-status-title">
            {t(`node.statuses.${status}.title`)}
          </h2>
          <p className="node-status__text">{t(`node.statuses.${status}.text`, { amount: money(price) })}</p>
        </div>
      </div>
      {note && (
        <p className="node-status__note" data-testid="node-note">
          <span>{t('node.operatorNote')}</span> {note}
        </p>
      )}
      {status === NodeStatus.REFUSED && application.paid && (
        <p className="node-status__refund" data-testid="node-refund">
          {t('node.refunded', { amount: money(application.paid) })}
        </p>
      )}
      {isWaitingOnOperator(status) && status !== NodeStatus.APPROVED && (
        <p
          className={isRefreshFailing ? 'node-status__live node-status__live--failing' : 'node-status__live'}
          data-testid="node-live"
        >
          <span className="node-status__live-dot" aria-hidden="true" />
          {isRefreshFailing ? t('node.refreshFailed') : t('node.autoRefresh')}
        </p>
      )}
      {status === NodeStatus.APPROVED && (
        <Button block color="primary" size="large" onClick={onPay} data-testid="node-pay">
          {t('node.pay', { amount: money(price) })}
        </Button>
      )}
      <dl className="record__facts node-status__facts">
        <div>
          <dt>{t('node.form.name')}</dt>
          <dd data-testid="node-detail-name">{application.name}</dd>
        </div>
        <div>
          <dt>{t('node.form.region')}</dt>
          <dd>{application.region}</dd>
        </div>
        <div className="record__fact--wide">
          <dt>{t('node.form.contact')}</dt>
          <dd>{application.contact}</dd>
        </div>
        <div>
          <dt>{t('node.appliedAt')}</dt>
          <dd>{formatDateTime(application.createdAt)}</dd>
        </div>
        {application.paid && application.paidAt && (
          <div className="record__fact--wide">
            <dt>{t('node.paidAt')}</dt>
            <dd data-testid="node-paid">{`${money(application.paid)} · ${formatDateTime(application.paidAt)}`}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
