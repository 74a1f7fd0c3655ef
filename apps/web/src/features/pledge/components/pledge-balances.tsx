import { formatNumber } from '@kpc/shared';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { TokenIcon } from '@/components/token-icon.tsx';
import { useAssetList } from '@/lib/api/get-asset-list.ts';
import { maskBalance, useBalanceVisibility } from '@/lib/balance-visibility.ts';
import { PLEDGE_ASSET } from '@/features/pledge/utils/pledge-preview.ts';

/**
 * The member's KPC where pledges touch it: available (what a pledge takes, and where the principal
 * returns) and income funds (where daily rewards arrive), with KPC's current price. A skeleton
 * until the balances are read, never a false 0; hidden as "****" with the eye of Home and Assets.
 * Test ids `pledge-balance-available`, `pledge-balance-income`, `pledge-balance-price`.
 */
export function PledgeBalances() {
  const { t } = useTranslation();
  const assets = useAssetList();
  const isHidden = useBalanceVisibility((state) => state.isHidden);
  const balance = assets.data?.lst.find((item) => item.asset === PLEDGE_ASSET);
  const cells = [
    { key: 'available', label: t('asset.available'), value: balance?.available, isBalance: true },
    { key: 'income', label: t('asset.income'), value: balance?.income, isBalance: true },
    {
      key: 'price',
      label: t('asset.price', { token: PLEDGE_ASSET }),
      value: assets.data?.price,
      isBalance: false,
    },
  ];

  return (
    <section className="pledge-balances" data-testid="pledge-balances">
      <header className="pledge-balances__head">
        <TokenIcon asset={PLEDGE_ASSET} />
        <span className="pledge-balances__code">{PLEDGE_ASSET}</span>
      </header>
      <dl className="pledge-balances__cells">
        {cells.map((cell) => (
          <div key={cell.key} className="pledge-balances__cell">
            <dt>{cell.label}</dt>
            <dd data-testid={`pledge-balance-${cell.key}`}>
              {assets.data ? (
                cell.isBalance ? (
                  maskBalance(formatNumber(cell.value ?? '0'), isHidden)
                ) : (
                  `${formatNumber(cell.value)} USDT`
                )
              ) : (
                <Skeleton animated className="pledge-balances__skeleton" />
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
