import { formatNumber, StockholderStatus, type TStockholderApplication } from '@kpc/shared';
import { CheckCircle, Handshake, Hourglass, WarningCircle } from '@phosphor-icons/react';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/load-failed.tsx';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { useStockholderStatus } from '@/features/stockholder/api/get-stockholder-status.ts';
import { StockholderForm } from '@/features/stockholder/components/stockholder-form.tsx';
import '@/components/record.css';
import '@/features/stockholder/stockholder.css';

/**
 * /pages/stockholder/index (login required; SPEC §6 "shareholder applicant") — the member's latest
 * application (pending, approved or rejected with the operator's note) and, unless one is pending
 * or approved, the form to apply. Nothing is paid here.
 */
export function StockholderPage() {
  const { t } = useTranslation();
  const statusQuery = useStockholderStatus();
  const application = statusQuery.data?.application ?? null;

  let body;
  if (statusQuery.data) {
    body = (
      <>
        {application && <StockholderStatusCard application={application} />}
        {(!application || application.status === StockholderStatus.REJECTED) && (
          <>
            <h2 className="stockholder-heading">
              {application ? t('stockholder.applyAgain') : t('stockholder.applyTitle')}
            </h2>
            <p className="stockholder-hint">{t('stockholder.applyHint')}</p>
            <StockholderForm />
          </>
        )}
      </>
    );
  } else if (statusQuery.isError) {
    body = <LoadFailed onRetry={() => void statusQuery.refetch()} />;
  } else {
    body = (
      <section className="stockholder-status" role="status" data-testid="stockholder-loading">
        <Skeleton.Paragraph animated lineCount={4} />
      </section>
    );
  }

  return (
    <div className="page" data-testid="stockholder-page">
      <PageNavBar title={t('stockholder.title')} />
      <section className="summary-card">
        <Handshake className="summary-card__icon" size={40} weight="duotone" aria-hidden="true" />
        <div className="summary-card__main">
          <strong className="summary-card__figure">{t('stockholder.heading')}</strong>
          <span className="summary-card__muted">{t('stockholder.intro')}</span>
        </div>
      </section>
      {body}
    </div>
  );
}

/** The application's state with the operator's note. Test ids `stockholder-status`, `-status-title`, `-note`. */
function StockholderStatusCard({ application }: { application: TStockholderApplication }) {
  const { t } = useTranslation();
  const { status } = application;
  let icon = <Hourglass size={28} weight="duotone" aria-hidden="true" />;
  let modifier = 'pending';
  if (status === StockholderStatus.APPROVED) {
    icon = <CheckCircle size={28} weight="fill" aria-hidden="true" />;
    modifier = 'approved';
  } else if (status === StockholderStatus.REJECTED) {
    icon = <WarningCircle size={28} weight="fill" aria-hidden="true" />;
    modifier = 'rejected';
  }
  return (
    <section
      className={`stockholder-status stockholder-status--${modifier}`}
      data-testid="stockholder-status"
      data-status={status}
    >
      <div className="stockholder-status__head">
        <span className="stockholder-status__icon">{icon}</span>
        <div>
          <h2 className="stockholder-status__title" data-testid="stockholder-status-title">
            {t(`stockholder.statuses.${status}.title`)}
          </h2>
          <p className="stockholder-status__text">{t(`stockholder.statuses.${status}.text`)}</p>
        </div>
      </div>
      {application.reviewNote && (
        <p className="stockholder-status__note" data-testid="stockholder-note">
          <span>{t('stockholder.operatorNote')}</span> {application.reviewNote}
        </p>
      )}
      <dl className="record__facts stockholder-status__facts">
        <div>
          <dt>{t('stockholder.form.name')}</dt>
          <dd>{application.name}</dd>
        </div>
        <div>
          <dt>{t('stockholder.form.contribution')}</dt>
          <dd data-testid="stockholder-contribution-value">{`${formatNumber(application.contribution)} ${application.asset}`}</dd>
        </div>
        <div className="record__fact--wide">
          <dt>{t('stockholder.form.contact')}</dt>
          <dd>{application.contact}</dd>
        </div>
        <div>
          <dt>{t('stockholder.appliedAt')}</dt>
          <dd>{formatDateTime(application.createdAt)}</dd>
        </div>
        {application.reviewedAt && (
          <div>
            <dt>{t('stockholder.reviewedAt')}</dt>
            <dd>{formatDateTime(application.reviewedAt)}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
