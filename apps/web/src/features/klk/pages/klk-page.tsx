import { pickRequestId, type PendingRequest } from '@kpc/client';
import { formatNumber, type TKlkPurchase, type TKlkTier } from '@kpc/shared';
import { CheckCircle, Crown } from '@phosphor-icons/react';
import { Skeleton } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/load-failed.tsx';
import { PageLink } from '@/components/page-link.tsx';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { SkeletonRows } from '@/components/skeleton-rows.tsx';
import { ROUTES } from '@/config/routes.ts';
import { useAssetList } from '@/lib/api/get-asset-list.ts';
import { showToast } from '@/lib/toast.ts';
import { isPriceChanged, useBuyKlkPackage } from '@/features/klk/api/buy-klk-package.ts';
import { useKlkPackages } from '@/features/klk/api/get-klk-packages.ts';
import { KlkReviewSheet, type KlkReview } from '@/features/klk/components/klk-review-sheet.tsx';
import { KlkTierCard } from '@/features/klk/components/klk-tier-card.tsx';
import { useKlkLevelName } from '@/features/klk/hooks/use-klk-level-name.ts';
import { isAnswerLost } from '@/lib/request.ts';
import '@/components/record.css';
import '@/features/klk/klk.css';

/**
 * /pages/klk/index (login required; SPEC §1 "Buy a broker privilege package, which gives a card
 * activation code") — the member's KLK level, the tiers with what each costs now (an upgrade pays
 * the difference and issues only the extra codes), a review before paying, and the way to the codes.
 */
export function KlkPage() {
  const { t } = useTranslation();
  const levelName = useKlkLevelName();
  const packagesQuery = useKlkPackages();
  const assets = useAssetList();
  const buyMutation = useBuyKlkPackage();
  const packages = packagesQuery.data;
  const asset = packages?.asset ?? 'USDT';
  const balance = assets.data?.lst.find((item) => item.asset === asset);
  // Unknown until the balances answer: never a false 0.
  const available = balance?.available ?? (assets.data ? '0' : undefined);
  const pendingRequest = useRef<PendingRequest | null>(null);
  const [review, setReview] = useState<KlkReview | null>(null);
  const [isReviewOpen, setIsReviewOpen] = useState(false);
  const [purchase, setPurchase] = useState<TKlkPurchase | null>(null);

  function openReview(tier: TKlkTier) {
    setReview({ tier, asset, fromLevel: packages?.level ?? null, available, payWas: null });
    setIsReviewOpen(true);
  }

  /** After PRICE_CHANGED: the review shows what the tier costs now, or closes with the server's word if it cannot. */
  async function showNewPrice(shown: KlkReview, message: string) {
    const fresh = (await packagesQuery.refetch()).data;
    const tier = fresh?.tiers.find((candidate) => candidate.id === shown.tier.id);
    if (fresh && tier?.payNow != null && tier.payNow !== shown.tier.payNow) {
      setReview({ ...shown, tier, fromLevel: fresh.level, payWas: shown.tier.payNow ?? shown.tier.price });
      return;
    }
    setIsReviewOpen(false);
    showToast(message);
  }

  async function confirmPurchase() {
    if (!review) return;
    // What the review shows is what is sent: the server charges it, or refuses a changed price.
    const amount = review.tier.payNow ?? review.tier.price;
    pendingRequest.current = pickRequestId(pendingRequest.current, `${review.tier.id}:${amount}`);
    let bought: TKlkPurchase;
    try {
      bought = await buyMutation.mutateAsync({ tierId: review.tier.id, amount, requestId: pendingRequest.current.id });
    } catch (error) {
      // Toasted by the request client; after a lost answer Confirm retries under the same id.
      if (isPriceChanged(error)) await showNewPrice(review, error.message);
      else if (!isAnswerLost(error)) setIsReviewOpen(false);
      return;
    }
    pendingRequest.current = null;
    setIsReviewOpen(false);
    setPurchase(bought);
    showToast(t('klk.success'));
  }

  let tiers;
  if (packages) {
    tiers = (
      <div className="klk-tiers" data-testid="klk-tiers">
        {packages.tiers.map((tier) => (
          <KlkTierCard key={tier.id} tier={tier} asset={asset} isUpgrade={packages.level !== null} onBuy={openReview} />
        ))}
      </div>
    );
  } else if (packagesQuery.isError) {
    tiers = <LoadFailed onRetry={() => void packagesQuery.refetch()} />;
  } else {
    tiers = <SkeletonRows count={2} testId="klk-loading" />;
  }

  return (
    <div className="page" data-testid="klk-page">
      <PageNavBar title={t('klk.title')} />
      <section className="summary-card">
        <Crown className="summary-card__icon klk-hero__icon" size={40} weight="duotone" aria-hidden="true" />
        <div className="summary-card__main">
          <span className="summary-card__muted">{t('klk.myLevel')}</span>
          {packages ? (
            <strong className="summary-card__figure" data-testid="klk-level">
              {packages.level ? levelName(packages.level) : t('klk.noLevel')}
            </strong>
          ) : (
            <Skeleton animated className="summary-card__skeleton" />
          )}
          <span className="summary-card__muted">
            {t('asset.available')}{' '}
            <span data-testid="klk-available">
              {available === undefined ? '—' : `${formatNumber(available)} ${asset}`}
            </span>
          </span>
        </div>
      </section>
      {purchase && (
        <section className="klk-success" role="status" data-testid="klk-success">
          <CheckCircle size={28} weight="fill" aria-hidden="true" />
          <div>
            <p className="klk-success__text">{t('klk.success')}</p>
            <p className="klk-success__detail" data-testid="klk-success-detail">
              {t('klk.successDetail', {
                level: levelName(purchase.level),
                amount: `${formatNumber(purchase.paid)} ${purchase.asset}`,
                count: purchase.codeCount,
              })}
            </p>
          </div>
        </section>
      )}
      <p className="klk-intro">{t('klk.intro')}</p>
      {tiers}
      <div className="page-link-row">
        <PageLink to={ROUTES.activationCodes} testId="klk-codes-link">
          {t('klk.viewCodes')}
        </PageLink>
      </div>
      <KlkReviewSheet
        isOpen={isReviewOpen}
        review={review}
        onConfirm={confirmPurchase}
        onCancel={() => setIsReviewOpen(false)}
      />
    </div>
  );
}
