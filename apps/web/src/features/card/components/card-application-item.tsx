import { CardApplicationStatus, formatNumber, type TCardApplication } from '@kpc/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { isApplicationOpen } from '@/features/card/api/get-card-applications.ts';
import { useCardNames } from '@/features/card/hooks/use-card-names.ts';

/** What card fees and refunds are paid in (the products' `asset`). */
const CARD_ASSET = 'USDT';

const STATUS_TAG: Record<string, string> = {
  [CardApplicationStatus.ISSUED]: 'record__tag record__tag--done',
  [CardApplicationStatus.REJECTED]: 'record__tag record__tag--failed',
  [CardApplicationStatus.APPROVED]: 'record__tag card-application__tag--approved',
};

/**
 * One card application and where it stands: submitted, KYC approved, KYC rejected (with why, and
 * the refund or the code returned) or issued; how it was paid and when each step happened. Test ids
 * `card-application-<id>` (`data-status`) and `card-application-<id>-{status,reason,payment,live}`.
 */
export function CardApplicationItem({ application }: { application: TCardApplication }) {
  const { t } = useTranslation();
  const names = useCardNames();
  const testId = `card-application-${application.id}`;
  const { status } = application;
  const paidWith =
    application.payment === 'code'
      ? t('card.applications.paidWithCode')
      : t('card.applications.paidFromBalance', { amount: `${formatNumber(application.paid)} ${CARD_ASSET}` });

  return (
    <li className="record-list__item" data-testid={testId} data-status={status}>
      <article className="record record--stacked">
        <div className="record__row">
          <span className="record__title">
            {names.product(application.product)}
            <span className="record__tag">{names.network(application.network)}</span>
          </span>
          <span className={STATUS_TAG[status] ?? 'record__tag'} data-testid={`${testId}-status`}>
            {t(`card.applications.status.${status}`)}
          </span>
        </div>
        {status === CardApplicationStatus.REJECTED && (
          <p className="card-application__reason" data-testid={`${testId}-reason`}>
            {application.rejectReason
              ? t(`card.rejectReason.${application.rejectReason}`)
              : t('card.applications.rejectedNoReason')}{' '}
            {application.payment === 'code'
              ? t('card.applications.codeReturned')
              : t('card.applications.refunded', { amount: `${formatNumber(application.paid)} ${CARD_ASSET}` })}
          </p>
        )}
        {isApplicationOpen(application) && (
          <p className="card-application__live" data-testid={`${testId}-live`}>
            <span className="card-application__live-dot" aria-hidden="true" />
            {status === CardApplicationStatus.SUBMITTED
              ? t('card.applications.waitingKyc')
              : t('card.applications.waitingIssue')}
          </p>
        )}
        <dl className="record__facts">
          <div>
            <dt>{t('card.applications.payment')}</dt>
            <dd data-testid={`${testId}-payment`}>{paidWith}</dd>
          </div>
          <div>
            <dt>{t('card.applications.appliedAt')}</dt>
            <dd>{formatDateTime(application.createdAt)}</dd>
          </div>
          {application.decidedAt && (
            <div>
              <dt>{t('card.applications.decidedAt')}</dt>
              <dd>{formatDateTime(application.decidedAt)}</dd>
            </div>
          )}
          {application.issuedAt && (
            <div>
              <dt>{t('card.applications.issuedAt')}</dt>
              <dd>{formatDateTime(application.issuedAt)}</dd>
            </div>
          )}
        </dl>
      </article>
    </li>
  );
}
