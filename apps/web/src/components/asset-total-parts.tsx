import { formatNumber, type TAssetTotalParts } from '@kpc/shared';
import { useTranslation } from 'react-i18next';
import { maskBalance, useBalanceVisibility } from '@/lib/balance-visibility.ts';
import './asset-total-parts.css';

/** The parts in the order a member reads them: what can be spent first, then what is tied up. */
const PART_ORDER = [
  'available',
  'frozen',
  'income',
  'staked',
  'locked',
] as const satisfies readonly (keyof TAssetTotalParts)[];

function isNonZero(value: string): boolean {
  return /[1-9]/.test(value);
}

/**
 * What the estimated total counts, by where the funds sit, in USDT (`/api/ass/lst` `parts`, which
 * add up to the total exactly): every part that is not zero, so a member can add the figure up
 * (issue 24 item 3). Nothing while everything is available: the total says it all then. Masked
 * with the balances. Test ids `<testId>` and `<testId>-<part>`.
 */
export function AssetTotalParts({ parts, testId }: { parts: TAssetTotalParts; testId: string }) {
  const { t } = useTranslation();
  const isHidden = useBalanceVisibility((state) => state.isHidden);
  const shown = PART_ORDER.filter((part) => isNonZero(parts[part]));
  if (shown.length === 0 || (shown.length === 1 && shown[0] === 'available')) return null;
  const labels: Record<(typeof PART_ORDER)[number], string> = {
    available: t('asset.available'),
    frozen: t('asset.frozen'),
    income: t('asset.income'),
    staked: t('asset.staked'),
    locked: t('asset.locked'),
  };
  return (
    <dl className="asset-total-parts" aria-label={t('asset.totalParts')} data-testid={testId}>
      {shown.map((part) => (
        <div key={part} className="asset-total-parts__item">
          <dt>{labels[part]}</dt>
          <dd data-testid={`${testId}-${part}`}>{maskBalance(formatNumber(parts[part]), isHidden)}</dd>
        </div>
      ))}
    </dl>
  );
}
