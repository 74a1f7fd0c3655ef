import { formatNumber, type TAssetBalance } from '@kpc/shared';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { TokenIcon } from '@/components/token-icon.tsx';
import { maskBalance, useBalanceVisibility } from '@/lib/balance-visibility.ts';

/**
 * One asset of the member: available, frozen and income funds, what is staked and locked in ESOP
 * when there is any, and what it all is worth in USDT (SPEC §3): the cells add up to what the value
 * counts (issue 24 item 3). Every figure reads "****" while the member hides balances.
 */
export function AssetCard({ balance }: { balance: TAssetBalance }) {
  const { t } = useTranslation();
  const isHidden = useBalanceVisibility((state) => state.isHidden);
  const { asset } = balance;
  const cells = [
    { key: 'available', label: t('asset.available'), value: balance.available },
    { key: 'frozen', label: t('asset.frozen'), value: balance.frozen },
    { key: 'income', label: t('asset.income'), value: balance.income },
    // Only KPC is ever staked or locked: these two show where there is some, not as a row of zeros.
    { key: 'staked', label: t('asset.staked'), value: balance.staked, isOptional: true },
    { key: 'locked', label: t('asset.locked'), value: balance.locked, isOptional: true },
  ].filter((cell) => !cell.isOptional || /[1-9]/.test(cell.value));

  return (
    <article className="asset-card" data-testid={`asset-card-${asset}`}>
      <header className="asset-card__head">
        <TokenIcon asset={asset} />
        <h3 className="asset-card__code">{asset}</h3>
        <span className="asset-card__value">
          ≈ <span data-testid={`asset-${asset}-value`}>{maskBalance(formatNumber(balance.valueUsdt), isHidden)}</span>{' '}
          USDT
        </span>
      </header>
      <dl className="asset-card__cells">
        {cells.map((cell) => (
          <div key={cell.key} className="asset-card__cell">
            <dt>{cell.label}</dt>
            <dd data-testid={`asset-${asset}-${cell.key}`}>{maskBalance(formatNumber(cell.value), isHidden)}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

/** An asset card's shape while the balances load: same size as the card, so nothing jumps. */
export function AssetCardSkeleton() {
  return (
    <div className="asset-card asset-card--skeleton">
      <div className="asset-card__head">
        <Skeleton animated className="asset-card__skeleton-icon" />
        <Skeleton animated className="asset-card__skeleton-code" />
        <Skeleton animated className="asset-card__skeleton-value" />
      </div>
      <div className="asset-card__cells">
        {[0, 1, 2].map((index) => (
          <div key={index} className="asset-card__cell">
            <Skeleton animated className="asset-card__skeleton-label" />
            <Skeleton animated className="asset-card__skeleton-figure" />
          </div>
        ))}
      </div>
    </div>
  );
}
