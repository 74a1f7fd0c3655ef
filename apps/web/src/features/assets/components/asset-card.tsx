import { formatNumber, type TAssetBalance } from '@kpc/shared';
import { useTranslation } from 'react-i18next';

/** One asset of the member: available, frozen and income funds, and what it is worth in USDT (SPEC §3). */
export function AssetCard({ balance }: { balance: TAssetBalance }) {
  const { t } = useTranslation();
  const { asset } = balance;
  const cells = [
    { key: 'available', label: t('asset.available'), value: balance.available },
    { key: 'frozen', label: t('asset.frozen'), value: balance.frozen },
    { key: 'income', label: t('asset.income'), value: balance.income },
  ] as const;

  return (
    <article className="asset-card" data-testid={`asset-card-${asset}`}>
      <header className="asset-card__head">
        <span className="asset-card__badge" aria-hidden="true">
          {asset.slice(0, 1)}
        </span>
        <h3 className="asset-card__code">{asset}</h3>
        <span className="asset-card__value">
          ≈ <span data-testid={`asset-${asset}-value`}>{formatNumber(balance.valueUsdt)}</span> USDT
        </span>
      </header>
      <dl className="asset-card__cells">
        {cells.map((cell) => (
          <div key={cell.key} className="asset-card__cell">
            <dt>{cell.label}</dt>
            <dd data-testid={`asset-${asset}-${cell.key}`}>{formatNumber(cell.value)}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
