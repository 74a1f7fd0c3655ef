import { formatNumber } from '@kpc/shared';
import { CaretRight } from '@phosphor-icons/react';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@/config/routes.ts';
import { useAssetList } from '@/lib/api/get-asset-list.ts';
import { navigateTo } from '@/lib/navigation.ts';
import { useUserStore } from '@/lib/user-store.ts';

/** The member's estimated total assets in USDT (SPEC §3 `allQuantity`), a way into the assets page. */
export function HomeTotalAssets() {
  const { t } = useTranslation();
  const allQuantity = useUserStore((state) => state.allQuantity);
  useAssetList();
  return (
    <button
      type="button"
      className="hero-total"
      onClick={() => navigateTo(ROUTES.asset)}
      data-testid="home-total-assets"
    >
      <span className="hero-total__label">{t('asset.total')}</span>
      <span className="hero-total__value">
        <span data-testid="home-total-assets-value">{formatNumber(allQuantity)}</span>
        <CaretRight size={16} weight="bold" aria-hidden="true" />
      </span>
    </button>
  );
}
