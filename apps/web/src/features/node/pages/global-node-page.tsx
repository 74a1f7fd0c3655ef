import { pickRequestId, type PendingRequest } from '@kpc/client';
import { formatNumber, NodeStatus, type TNodeStatus } from '@kpc/shared';
import { ArrowsClockwise, GlobeHemisphereWest } from '@phosphor-icons/react';
import { Skeleton } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/load-failed.tsx';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { ReviewSheet } from '@/components/review-sheet.tsx';
import { useAssetList } from '@/lib/api/get-asset-list.ts';
import { showToast } from '@/lib/toast.ts';
import { useNodeStatus } from '@/features/node/api/get-node-status.ts';
import { isPriceChanged, usePayForNode } from '@/features/node/api/pay-for-node.ts';
import { NodeApplyForm } from '@/features/node/components/node-apply-form.tsx';
import { NodeProgress } from '@/features/node/components/node-progress.tsx';
import { NodeStatusCard } from '@/features/node/components/node-status-card.tsx';
import { isAnswerLost } from '@/lib/request.ts';
import '@/components/record.css';
import '@/features/node/node.css';

/** A new application can be made: none yet, or the last one was turned down. */
function canApply(status: TNodeStatus | undefined): boolean {
  return status === undefined || status === NodeStatus.REJECTED || status === NodeStatus.REFUSED;
}

/** The price the payment review shows (and sends), and the one it replaced after a PRICE_CHANGED refusal. */
interface PaymentReview {
  price: string;
  priceWas: string | null;
}

/**
 * /pages/node/global (login required; SPEC §4 "Global node: apply, then applied; pay; authorized")
 * — the node price, where the member's application stands, the form to apply, and the payment
 * (reviewed first) once approved. While an operator has the next move the page asks every few
 * seconds, so approval and authorization show without a reload. The review keeps the price it
 * opened with and sends it; if the server's price changed meanwhile nothing is charged and the
 * review shows the new price, to confirm again.
 */
export function GlobalNodePage() {
  const { t } = useTranslation();
  const statusQuery = useNodeStatus();
  const assets = useAssetList();
  const payMutation = usePayForNode();
  const data = statusQuery.data;
  const application = data?.application ?? null;
  const asset = data?.asset ?? 'USDT';
  const balance = assets.data?.lst.find((item) => item.asset === asset);
  const available = balance?.available ?? (assets.data ? '0' : undefined);
  const [isReviewOpen, setIsReviewOpen] = useState(false);
  const [review, setReview] = useState<PaymentReview | null>(null);
  const pendingRequest = useRef<PendingRequest | null>(null);
  const money = (value: string) => `${formatNumber(value)} ${asset}`;

  // SPEC §8 "authorization success": said once, when the member watches the node being authorized.
  const lastStatus = useRef<TNodeStatus | undefined>(undefined);
  useEffect(() => {
    const status = application?.status;
    if (lastStatus.current && lastStatus.current !== status && status === NodeStatus.AUTHORIZED) {
      showToast(t('node.authorizedToast'));
    }
    lastStatus.current = status;
  }, [application?.status, t]);

  function openReview() {
    if (!data) return;
    setReview({ price: data.price, priceWas: null });
    setIsReviewOpen(true);
  }

  /** After PRICE_CHANGED: the review shows the price now, or closes with the server's word if it cannot. */
  async function showNewPrice(shown: string, message: string) {
    const fresh = (await statusQuery.refetch()).data;
    if (fresh?.application?.status === NodeStatus.APPROVED && fresh.price !== shown) {
      setReview({ price: fresh.price, priceWas: shown });
      return;
    }
    setIsReviewOpen(false);
    showToast(message);
  }

  async function confirmPayment() {
    if (!application || !review) return;
    pendingRequest.current = pickRequestId(pendingRequest.current, `${application.id}:${review.price}`);
    try {
      await payMutation.mutateAsync({ amount: review.price, requestId: pendingRequest.current.id });
    } catch (error) {
      if (isPriceChanged(error)) await showNewPrice(review.price, error.message);
      else if (!isAnswerLost(error)) setIsReviewOpen(false);
      return;
    }
    pendingRequest.current = null;
    setIsReviewOpen(false);
    showToast(t('node.paidToast'));
  }

  let body;
  if (data) {
    body = (
      <>
        <NodeProgress status={application?.status} />
        {application && (
          <NodeStatusCard
            application={application}
            price={data.price}
            asset={asset}
            isRefreshFailing={statusQuery.isRefetchError}
            onPay={openReview}
          />
        )}
        {canApply(application?.status) && (
          <>
            <h2 className="node-heading">{application ? t('node.applyAgain') : t('node.applyTitle')}</h2>
            <p className="node-hint">{t('node.applyHint')}</p>
            <NodeApplyForm />
          </>
        )}
      </>
    );
  } else if (statusQuery.isError) {
    body = <LoadFailed onRetry={() => void statusQuery.refetch()} />;
  } else {
    body = (
      <section className="node-status" role="status" data-testid="node-loading">
        <Skeleton.Paragraph animated lineCount={4} />
      </section>
    );
  }

  return (
    <div className="page node-page" data-testid="global-node-page">
      <PageNavBar title={t('node.title')} />
      <section className="summary-card">
        <GlobeHemisphereWest className="summary-card__icon" size={40} weight="duotone" aria-hidden="true" />
        <div className="summary-card__main">
          <span className="summary-card__muted">{t('node.price')}</span>
          {data ? (
            <strong className="summary-card__figure" data-testid="node-price">
              {money(data.price)}
            </strong>
          ) : (
            <Skeleton animated className="summary-card__skeleton" />
          )}
          <span className="summary-card__muted">{t('node.intro')}</span>
        </div>
      </section>
      {body}
      {application && review && (
        <ReviewSheet
          isOpen={isReviewOpen}
          title={t('node.review.title')}
          rows={[
            { key: 'node', label: t('node.review.node'), value: `${application.name} · ${application.region}` },
            ...(available !== undefined
              ? [{ key: 'available', label: t('asset.available'), value: money(available) }]
              : []),
            { key: 'price', label: t('node.review.price'), value: money(review.price), isEmphasised: true },
          ]}
          warning={t('node.review.warning')}
          confirmLabel={t('node.review.confirm')}
          onConfirm={confirmPayment}
          onCancel={() => setIsReviewOpen(false)}
          testId="node-review"
        >
          {review.priceWas !== null && (
            <p
              className="review-sheet__note review-sheet__note--alert node-review__changed"
              role="alert"
              data-testid="node-review-changed"
            >
              <ArrowsClockwise size={18} aria-hidden="true" />
              <span>{t('node.review.priceChanged', { from: money(review.priceWas), to: money(review.price) })}</span>
            </p>
          )}
        </ReviewSheet>
      )}
    </div>
  );
}
