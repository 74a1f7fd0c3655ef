import { formatNumber } from '@kpc/shared';
import { CaretRight } from '@phosphor-icons/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AssetTotalParts } from '@/components/asset-total-parts.tsx';
import { BalanceToggle } from '@/components/balance-toggle.tsx';
import { BalanceUnknown } from '@/components/balance-unknown.tsx';
import { ROUTES } from '@/config/routes.ts';
import { useAssetList } from '@/lib/api/get-asset-list.ts';
import { maskBalance, useBalanceVisibility } from '@/lib/balance-visibility.ts';
import { navigateTo } from '@/lib/navigation.ts';

/**
 * The member's estimated total assets in USDT (SPEC §3 `allQuantity`), a way into the assets page.
 * Only a figure the server gave in this session is shown: a skeleton until it answers, an error
 * with a retry if it fails, never a stand-in "0". The three states are one height, so nothing jumps.
 * Under the figure, its parts (staked, locked in ESOP, ...) when it is not all available.
 */
export function HomeTotalAssets() {
  const { t } = useTranslation();
  const assets = useAssetList();
  const isHidden = useBalanceVisibility((state) => state.isHidden);
  const labelId = useId();
  const valueId = useId();

  return (
    <div className="hero-total" data-testid="home-total-assets">
      <div className="hero-total__head">
        <span className="hero-total__label" id={labelId}>
          {t('asset.total')}
        </span>
        <BalanceToggle testId="home-hide-balances" />
      </div>
      {assets.data ? (
        <>
          <button
            type="button"
            className="hero-total__value"
            aria-labelledby={`${labelId} ${valueId}`}
            onClick={() => navigateTo(ROUTES.asset)}
            data-testid="home-total-assets-link"
          >
            <span id={valueId} data-testid="home-total-assets-value">
              {maskBalance(formatNumber(assets.data.allQuantity), isHidden)}
            </span>
            <CaretRight size={16} weight="bold" aria-hidden="true" />
          </button>
          <AssetTotalParts parts={assets.data.parts} testId="home-total-parts" />
        </>
      ) : (
        <BalanceUnknown
          isError={assets.isError}
          isRetrying={assets.isFetching}
          onRetry={() => void assets.refetch()}
          testId="home-total-assets"
          size="medium"
        />
      )}
    </div>
  );
}
