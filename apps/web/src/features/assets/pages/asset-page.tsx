import { formatNumber, TOKEN_CODE } from '@kpc/shared';
import {
  ArrowCircleDown,
  ArrowCircleUp,
  ArrowsLeftRight,
  ListDashes,
  Receipt,
  Swap,
  type Icon,
} from '@phosphor-icons/react';
import { Skeleton } from 'antd-mobile';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AssetTotalParts } from '@/components/asset-total-parts.tsx';
import { BalanceToggle } from '@/components/balance-toggle.tsx';
import { BalanceUnknown } from '@/components/balance-unknown.tsx';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { RefreshArea } from '@/components/refresh-area.tsx';
import { ASSET_ACTION_PARAM, ASSET_ACTION_TRANSFER, ROUTES } from '@/config/routes.ts';
import { useAssetList } from '@/lib/api/get-asset-list.ts';
import { maskBalance, useBalanceVisibility } from '@/lib/balance-visibility.ts';
import { navigateTo } from '@/lib/navigation.ts';
import { AssetCard, AssetCardSkeleton } from '@/features/assets/components/asset-card.tsx';
import '@/components/quick-actions.css';
import '@/features/assets/assets.css';

// The transfer sheet (its form, validation and animation) is not on the page's first paint: it loads
// when first opened, keeping the page's first load small (Step 9).
const TransferSheet = lazy(async () => ({
  default: (await import('@/features/assets/components/transfer-sheet.tsx')).TransferSheet,
}));

interface AssetAction {
  key: string;
  label: string;
  icon: Icon;
  onClick: () => void;
}

/**
 * /pages/asset/index (login required): the estimated total in USDT, the KPC price and one card per
 * asset (SPEC §3), with Transfer, Exchange, Asset Flow and Financial Records. Deposit and Withdraw
 * join in Step 4. `?action=transfer` opens the transfer sheet at once (the Home tile does that).
 * Figures come only from this session's answer: skeletons until it arrives, an error with a retry
 * if it fails (never a stand-in "0"), "****" while the member hides balances.
 */
export function AssetPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const assets = useAssetList();
  const isHidden = useBalanceVisibility((state) => state.isHidden);
  const [isTransferOpen, setIsTransferOpen] = useState(
    () => searchParams.get(ASSET_ACTION_PARAM) === ASSET_ACTION_TRANSFER,
  );
  // Mounted from its first opening on, so that closing it still animates.
  const [hasTransferOpened, setHasTransferOpened] = useState(isTransferOpen);
  if (isTransferOpen && !hasTransferOpened) setHasTransferOpened(true);

  function closeTransfer() {
    setIsTransferOpen(false);
    // Back on this page later (or a reload) must not open the sheet again.
    if (!searchParams.has(ASSET_ACTION_PARAM)) return;
    const rest = new URLSearchParams(searchParams);
    rest.delete(ASSET_ACTION_PARAM);
    setSearchParams(rest, { replace: true });
  }

  const actions: AssetAction[] = [
    { key: 'recharge', label: t('asset.deposit'), icon: ArrowCircleDown, onClick: () => navigateTo(ROUTES.recharge) },
    { key: 'withdraw', label: t('asset.withdraw'), icon: ArrowCircleUp, onClick: () => navigateTo(ROUTES.withdraw) },
    { key: 'transfer', label: t('asset.transfer'), icon: ArrowsLeftRight, onClick: () => setIsTransferOpen(true) },
    { key: 'exchange', label: t('asset.exchange'), icon: Swap, onClick: () => navigateTo(ROUTES.exchange) },
    { key: 'log', label: t('asset.flow'), icon: ListDashes, onClick: () => navigateTo(ROUTES.assetLog) },
    { key: 'history', label: t('asset.records'), icon: Receipt, onClick: () => navigateTo(ROUTES.assetHistory) },
  ];

  return (
    <div className="page" data-testid="asset-page">
      <PageNavBar title={t('asset.title')} />
      <RefreshArea onRefresh={() => assets.refetch()}>
        <section className="asset-summary">
          <div className="asset-summary__head">
            <p className="asset-summary__label">{t('asset.total')}</p>
            <BalanceToggle testId="asset-hide-balances" />
          </div>
          {assets.data ? (
            <p className="asset-summary__total" data-testid="asset-total">
              {maskBalance(formatNumber(assets.data.allQuantity), isHidden)}
            </p>
          ) : (
            <BalanceUnknown
              isError={assets.isError}
              isRetrying={assets.isFetching}
              onRetry={() => void assets.refetch()}
              testId="asset-total"
              size="large"
            />
          )}
          <div className="asset-summary__price">
            <span>{t('asset.price', { token: TOKEN_CODE })}</span>
            {assets.data ? (
              <span data-testid="asset-price">{formatNumber(assets.data.price)}</span>
            ) : assets.isError ? (
              <span data-testid="asset-price">—</span>
            ) : (
              <Skeleton animated className="asset-summary__price-skeleton" />
            )}
            <span>USDT</span>
          </div>
          {assets.data && <AssetTotalParts parts={assets.data.parts} testId="asset-total-parts" />}
        </section>
        <nav className="quick-actions" aria-label={t('asset.title')}>
          {actions.map(({ key, label, icon: ActionIcon, onClick }) => (
            <button
              key={key}
              type="button"
              className="quick-actions__item"
              onClick={onClick}
              data-testid={`asset-action-${key}`}
            >
              <span className="quick-actions__icon">
                <ActionIcon size={22} weight="bold" aria-hidden="true" />
              </span>
              <span className="quick-actions__label">{label}</span>
            </button>
          ))}
        </nav>
        {/* A failed load says so once, in the summary above, with its retry. */}
        {!(assets.isError && !assets.data) && <h2 className="section-title">{t('asset.myAssets')}</h2>}
        {assets.data ? (
          <div className="asset-cards">
            {assets.data.lst.map((balance) => (
              <AssetCard key={balance.asset} balance={balance} />
            ))}
          </div>
        ) : assets.isError ? null : (
          <div className="asset-cards" aria-hidden="true" data-testid="asset-cards-loading">
            <AssetCardSkeleton />
            <AssetCardSkeleton />
          </div>
        )}
      </RefreshArea>
      {hasTransferOpened && (
        <Suspense fallback={null}>
          <TransferSheet
            isOpen={isTransferOpen}
            onClose={closeTransfer}
            assets={assets.data?.lst}
            isError={assets.isError}
            onRetry={() => void assets.refetch()}
          />
        </Suspense>
      )}
    </div>
  );
}
