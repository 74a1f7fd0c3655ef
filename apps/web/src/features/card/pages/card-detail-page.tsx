import { CardStatus, formatNumber, USDT_DECIMALS, type TCardListItem } from '@kpc/shared';
import { ArrowCircleUp, CreditCard, MagnifyingGlass } from '@phosphor-icons/react';
import { Button, Empty, Skeleton } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/load-failed.tsx';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { SkeletonRows } from '@/components/skeleton-rows.tsx';
import { CARD_DETAIL_ID_PARAM, ROUTES } from '@/config/routes.ts';
import { useAssetList } from '@/lib/api/get-asset-list.ts';
import { navigateTo, switchTab } from '@/lib/navigation.ts';
import { useCardList } from '@/features/card/api/get-card-list.ts';
import { useCardProducts } from '@/features/card/api/get-card-products.ts';
import { CardFace } from '@/features/card/components/card-face.tsx';
import { CardDetailFacts } from '@/features/card/components/card-detail-facts.tsx';
import { CardDetailState } from '@/features/card/components/card-detail-state.tsx';
import { CardFreezeButton } from '@/features/card/components/card-freeze-button.tsx';
import { CardTopUpResult } from '@/features/card/components/card-top-up-result.tsx';
import { CardTopUpReviewSheet } from '@/features/card/components/card-top-up-review-sheet.tsx';
import { CardTopUpSheet } from '@/features/card/components/card-top-up-sheet.tsx';
import { CardTransactions } from '@/features/card/components/card-transactions.tsx';
import { useCardDetailAutoRefresh } from '@/features/card/hooks/card-detail-auto-refresh.ts';
import { useCardTopUpFlow } from '@/features/card/hooks/card-top-up-flow.ts';
import '@/components/page-loading.css';
import '@/components/record.css';
import '@/features/card/card.css';
import '@/features/card/card-detail.css';

/**
 * /pages/card/detail?id= (login required; issue 11 §3 "top up a bound card from USDT available,
 * freeze and unfreeze it, and a list of its transactions with the balance") — one of the member's
 * bound cards: the card drawn with its number masked, its balance (never a false 0: a skeleton
 * while loading, "—" with Retry when the issuer does not answer), why it is frozen, top-up with a
 * review, freeze and unfreeze, its details, fees and limits, and its transactions. An id that is
 * not one of the member's cards, or a card not yet bound, says so with the way on.
 */
export function CardDetailPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const id = searchParams.get(CARD_DETAIL_ID_PARAM) ?? '';
  const listQuery = useCardList();
  useCardDetailAutoRefresh();
  const card = listQuery.data?.list.find((item) => item.id === id);

  let content;
  if (card?.isBound) {
    content = <CardDetail card={card} isRefreshing={listQuery.isFetching} onRefresh={() => void listQuery.refetch()} />;
  } else if (card) {
    content = (
      <div className="card-detail__missing" data-testid="card-detail-not-bound">
        <Empty image={<CreditCard size={64} weight="thin" />} description={t('card.detail.notBound')} />
        <Button color="primary" onClick={() => void navigateTo(ROUTES.cardBind)} data-testid="card-detail-bind">
          {t('card.goToBind')}
        </Button>
      </div>
    );
  } else if (listQuery.data) {
    content = (
      <div className="card-detail__missing" data-testid="card-detail-not-found">
        <Empty image={<MagnifyingGlass size={64} weight="thin" />} description={t('card.detail.notFound')} />
        <Button
          fill="outline"
          color="primary"
          onClick={() => void switchTab(ROUTES.cardList)}
          data-testid="card-detail-to-list"
        >
          {t('card.detail.toList')}
        </Button>
      </div>
    );
  } else if (listQuery.isError) {
    content = <LoadFailed onRetry={() => void listQuery.refetch()} />;
  } else {
    content = <CardDetailSkeleton />;
  }

  return (
    <div className="page card-detail" data-testid="card-detail-page">
      <PageNavBar title={t('card.detail.title')} />
      {content}
    </div>
  );
}

/** The page's shape while the card loads: a card, a balance and rows, never a false "0". */
function CardDetailSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('list.loading')} data-testid="card-detail-loading">
      <div className="card-detail__face">
        <div className="card-face card-detail__face-skeleton skeleton" />
      </div>
      <section className="card-detail-balance">
        <Skeleton animated className="card-detail-balance__skeleton" />
      </section>
      <SkeletonRows count={3} />
    </div>
  );
}

interface CardDetailProps {
  card: TCardListItem;
  /** The card list is being read again (the balance's Retry). */
  isRefreshing: boolean;
  onRefresh: () => void;
}

function CardDetail({ card, isRefreshing, onRefresh }: CardDetailProps) {
  const { t } = useTranslation();
  const products = useCardProducts();
  const assets = useAssetList();
  const flow = useCardTopUpFlow(card.id);
  const product = products.data?.list.find((item) => item.product === card.product);
  const asset = product?.asset ?? 'USDT';
  const balance = assets.data?.lst.find((item) => item.asset === asset);
  // Unknown until the balances answer: never a false 0.
  const available = balance?.available ?? (assets.data ? '0' : undefined);
  const isFrozen = card.status === CardStatus.FROZEN;

  return (
    <>
      <div className="card-detail__face">
        <CardFace card={card} asset={asset} />
      </div>
      <section className="card-detail-balance">
        <span className="card-detail-balance__label">{t('card.detail.balance')}</span>
        {card.balance === null ? (
          <div className="card-detail-balance__unknown" role="alert" data-testid="card-detail-balance-unknown">
            <strong className="card-detail-balance__figure" data-testid="card-detail-balance">
              —
            </strong>
            <span className="card-detail-balance__hint">{t('card.detail.balanceUnknown')}</span>
            <Button
              size="small"
              shape="rounded"
              fill="outline"
              loading={isRefreshing}
              onClick={onRefresh}
              data-testid="card-detail-balance-retry"
            >
              {t('list.retry')}
            </Button>
          </div>
        ) : (
          <strong className="card-detail-balance__figure" data-testid="card-detail-balance">
            {formatNumber(card.balance)} <span className="card-detail-balance__asset">{asset}</span>
          </strong>
        )}
        <div className="card-detail__actions">
          <Button
            className="card-detail__action"
            color="primary"
            disabled={isFrozen || flow.isPending}
            onClick={flow.openForm}
            data-testid="card-top-up-open"
          >
            <ArrowCircleUp size={18} aria-hidden="true" />
            <span>{t('card.topUp.action')}</span>
          </Button>
          <CardFreezeButton card={card} />
        </div>
      </section>
      <CardDetailState card={card} asset={asset} />
      <CardTopUpResult outcome={flow.outcome} asset={asset} />
      <CardTransactions cardRecordId={card.id} asset={asset} />
      <CardDetailFacts card={card} product={product} asset={asset} />
      <CardTopUpSheet
        isOpen={flow.isFormOpen}
        card={card}
        asset={asset}
        decimals={balance?.decimals ?? USDT_DECIMALS}
        available={available}
        terms={product}
        refusal={flow.refusal}
        onNext={flow.openReview}
        onClose={flow.closeForm}
      />
      <CardTopUpReviewSheet
        isOpen={flow.isReviewOpen}
        review={flow.review}
        onConfirm={flow.confirm}
        onCancel={flow.closeReview}
      />
    </>
  );
}
