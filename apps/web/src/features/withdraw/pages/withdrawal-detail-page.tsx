import {
  ErrorCode,
  formatNumber,
  isWithdrawalInFlight,
  WithdrawStatus,
  type TWithdrawalDetail,
  type TWithdrawDetailRequest,
} from '@kpc/shared';
import { ArrowSquareOut, MagnifyingGlass, WarningCircle } from '@phosphor-icons/react';
import { Button, Empty, ProgressBar, Skeleton } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button.tsx';
import { LoadFailed } from '@/components/load-failed.tsx';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { ROUTES, WITHDRAW_DETAIL_ID_PARAM, WITHDRAW_DETAIL_RECORD_PARAM } from '@/config/routes.ts';
import { redirectTo } from '@/lib/navigation.ts';
import { getNetworkName } from '@/lib/network-name.ts';
import { RequestError } from '@/lib/request.ts';
import { useWithdrawalDetail } from '@/features/withdraw/api/get-withdrawal-detail.ts';
import { WithdrawalTimeline } from '@/features/withdraw/components/withdrawal-timeline.tsx';
import { isWithdrawalStopped, stepOfStatus } from '@/features/withdraw/utils/withdrawal-timeline.ts';
import '@/components/record.css';
import '@/features/withdraw/withdrawal-detail.css';

/** The page's query: `?id=` (after submitting) or `?record=` (from the records list). */
function readRequest(params: URLSearchParams): TWithdrawDetailRequest {
  const id = params.get(WITHDRAW_DETAIL_ID_PARAM);
  if (id !== null) return { id };
  return { recordId: params.get(WITHDRAW_DETAIL_RECORD_PARAM) ?? '' };
}

function statusTagClass(status: TWithdrawalDetail['status']): string {
  if (status === WithdrawStatus.COMPLETED) return 'record__tag record__tag--done';
  return isWithdrawalStopped(status) ? 'record__tag record__tag--failed' : 'record__tag';
}

/**
 * /pages/asset/withdraw/detail?id= (login required) — one withdrawal, watched to its end: status,
 * amount, fee, received, network, the full address, the payout's hash with its explorer link, its
 * confirmations n/20 and the timeline. Refreshes every 3 s while in flight, stops once final.
 */
export function WithdrawalDetailPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const query = useWithdrawalDetail(readRequest(searchParams));
  const detail = query.data;

  let content;
  if (detail) {
    content = <WithdrawalDetail detail={detail} isRefreshFailing={query.isRefetchError} />;
  } else if (query.isError) {
    const isMissing = query.error instanceof RequestError && query.error.code === ErrorCode.INVALID_REQUEST;
    content = isMissing ? (
      <div className="withdrawal-detail__missing" data-testid="withdrawal-not-found">
        <Empty image={<MagnifyingGlass size={64} weight="thin" />} description={t('withdraw.detail.notFound')} />
        <Button size="small" fill="outline" color="primary" onClick={() => void redirectTo(ROUTES.assetHistory)}>
          {t('history.title')}
        </Button>
      </div>
    ) : (
      <LoadFailed onRetry={() => void query.refetch()} />
    );
  } else {
    content = <WithdrawalDetailSkeleton />;
  }

  return (
    <div className="page" data-testid="withdrawal-detail-page">
      <PageNavBar title={t('withdraw.detail.title')} />
      {content}
    </div>
  );
}

/** The page's shape while it loads: never an empty page, never a false "0". */
function WithdrawalDetailSkeleton() {
  return (
    <div className="withdrawal-detail" role="status" data-testid="withdrawal-detail-loading">
      <section className="withdrawal-detail__card withdrawal-detail__hero">
        <Skeleton animated className="withdrawal-detail__skeleton-tag" />
        <Skeleton animated className="withdrawal-detail__skeleton-amount" />
      </section>
      <section className="withdrawal-detail__card">
        <Skeleton.Paragraph animated lineCount={5} />
      </section>
      <section className="withdrawal-detail__card">
        <Skeleton.Paragraph animated lineCount={4} />
      </section>
    </div>
  );
}

function WithdrawalDetail({ detail, isRefreshFailing }: { detail: TWithdrawalDetail; isRefreshFailing: boolean }) {
  const { t } = useTranslation();
  const isInFlight = isWithdrawalInFlight(detail.status);
  const isSlow = detail.status === WithdrawStatus.UNKNOWN;
  // The payout's progress while it is on its way, and the full count once it is done.
  const showsConfirmations =
    detail.status === WithdrawStatus.SENDING ||
    detail.status === WithdrawStatus.CONFIRMING ||
    detail.status === WithdrawStatus.COMPLETED;
  const money = (amount: string) => `${formatNumber(amount)} ${detail.asset}`;

  return (
    <div className="withdrawal-detail">
      <section className="withdrawal-detail__card withdrawal-detail__hero">
        <span className={statusTagClass(detail.status)} data-testid="withdrawal-status">
          {t(`history.statuses.${stepOfStatus(detail.status)}`)}
        </span>
        <p className="withdrawal-detail__amount" data-testid="withdrawal-amount">
          {formatNumber(detail.amount)} <span className="withdrawal-detail__asset">{detail.asset}</span>
        </p>
        {isInFlight && (
          <p
            className={`withdrawal-detail__live${isRefreshFailing ? ' withdrawal-detail__live--failing' : ''}`}
            data-testid="withdrawal-live"
          >
            <span className="withdrawal-detail__live-dot" aria-hidden="true" />
            {isRefreshFailing ? t('withdraw.detail.refreshFailed') : t('withdraw.detail.autoRefresh')}
          </p>
        )}
        {showsConfirmations && (
          <div className="withdrawal-detail__confirmations" data-testid="withdrawal-confirmations-block">
            <div className="withdrawal-detail__confirmations-row">
              <span>{t('withdraw.detail.confirmations')}</span>
              <span className="withdrawal-detail__confirmations-count" data-testid="withdrawal-confirmations">
                {detail.confirmations}/{detail.required}
              </span>
            </div>
            <ProgressBar
              percent={detail.required > 0 ? (detail.confirmations / detail.required) * 100 : 0}
              className="withdrawal-detail__progress"
            />
          </div>
        )}
        {isSlow && (
          <p className="withdrawal-detail__notice" data-testid="withdrawal-slow">
            <WarningCircle size={16} aria-hidden="true" />
            {t('withdraw.detail.slowConfirming')}
          </p>
        )}
        {detail.reason && (
          <p className="withdrawal-detail__notice withdrawal-detail__notice--failed" data-testid="withdrawal-reason">
            <WarningCircle size={16} aria-hidden="true" />
            {t(`withdraw.detail.reasons.${detail.reason}`)}
          </p>
        )}
      </section>

      <section className="withdrawal-detail__card">
        <dl className="withdrawal-detail__facts">
          <div>
            <dt>{t('history.amount')}</dt>
            <dd data-testid="withdrawal-fact-amount">{money(detail.amount)}</dd>
          </div>
          <div>
            <dt>{t('history.feeLabel')}</dt>
            <dd data-testid="withdrawal-fact-fee">{money(detail.fee)}</dd>
          </div>
          <div>
            <dt>{t('history.received')}</dt>
            <dd data-testid="withdrawal-fact-received">{money(detail.received)}</dd>
          </div>
          <div>
            <dt>{t('history.network')}</dt>
            <dd data-testid="withdrawal-fact-network">{getNetworkName(detail.chainId, detail.network)}</dd>
          </div>
        </dl>
        <div className="withdrawal-detail__long">
          <p className="withdrawal-detail__label">{t('withdraw.address')}</p>
          <div className="withdrawal-detail__value-row">
            <span className="withdrawal-detail__mono" data-testid="withdrawal-address">
              {detail.address}
            </span>
            <CopyButton text={detail.address} testId="withdrawal-address-copy" />
          </div>
        </div>
        <div className="withdrawal-detail__long">
          <p className="withdrawal-detail__label">{t('withdraw.detail.txHash')}</p>
          {detail.txHash ? (
            <>
              <div className="withdrawal-detail__value-row">
                <span className="withdrawal-detail__mono" data-testid="withdrawal-tx-hash">
                  {detail.txHash}
                </span>
                <CopyButton text={detail.txHash} testId="withdrawal-tx-copy" />
              </div>
              {detail.explorerTxUrl && (
                <a
                  className="withdrawal-detail__explorer"
                  href={detail.explorerTxUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid="withdrawal-explorer"
                >
                  {t('withdraw.detail.explorer')}
                  <ArrowSquareOut size={16} aria-hidden="true" />
                </a>
              )}
            </>
          ) : (
            <p className="withdrawal-detail__pending" data-testid="withdrawal-tx-pending">
              {t('withdraw.detail.txPending')}
            </p>
          )}
        </div>
      </section>

      <section className="withdrawal-detail__card">
        <h2 className="withdrawal-detail__heading">{t('withdraw.detail.progress')}</h2>
        <WithdrawalTimeline detail={detail} />
      </section>
    </div>
  );
}
