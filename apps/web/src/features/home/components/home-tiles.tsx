import { DepositMethod } from '@kpc/shared';
import {
  ArrowCircleDown,
  ArrowCircleUp,
  ArrowsLeftRight,
  ChartLineUp,
  Coins,
  CreditCard,
  Crown,
  GlobeHemisphereWest,
  ListDashes,
  QrCode,
  Swap,
  Vault,
  Wallet,
  type Icon,
} from '@phosphor-icons/react';
import { useTranslation } from 'react-i18next';
import { ASSET_ACTION_PARAM, ASSET_ACTION_TRANSFER, RECHARGE_CHANNEL_PARAM, ROUTES } from '@/config/routes.ts';
import { navigateTo } from '@/lib/navigation.ts';
import '@/components/quick-actions.css';

interface Tile {
  key: string;
  label: string;
  icon: Icon;
  to: string;
}

/**
 * The Home tiles of SPEC §2 that work in this step (plans, cards and the rest join with their
 * steps). Recharge (from the wallet, through the Recharge contract) and Deposit (to the shown
 * address) each open the recharge page on their own method's networks. Each tile opens a
 * login-required page, so a visitor is asked to log in first.
 */
export function HomeTiles() {
  const { t } = useTranslation();
  const tiles: Tile[] = [
    {
      key: 'recharge',
      label: t('home.tiles.recharge'),
      icon: ArrowCircleDown,
      to: `${ROUTES.recharge}?${RECHARGE_CHANNEL_PARAM}=${DepositMethod.WALLET}`,
    },
    { key: 'esop', label: t('esop.title'), icon: Coins, to: ROUTES.esop },
    { key: 'bind-card', label: t('home.tiles.bindCard'), icon: CreditCard, to: ROUTES.cardBind },
    { key: 'global-node', label: t('home.tiles.globalNode'), icon: GlobeHemisphereWest, to: ROUTES.globalNode },
    {
      key: 'deposit',
      label: t('home.tiles.deposit'),
      icon: QrCode,
      to: `${ROUTES.recharge}?${RECHARGE_CHANNEL_PARAM}=${DepositMethod.TRANSFER}`,
    },
    { key: 'withdraw', label: t('home.tiles.withdraw'), icon: ArrowCircleUp, to: ROUTES.withdraw },
    {
      key: 'transfer',
      label: t('home.tiles.transfer'),
      icon: ArrowsLeftRight,
      to: `${ROUTES.asset}?${ASSET_ACTION_PARAM}=${ASSET_ACTION_TRANSFER}`,
    },
    { key: 'exchange', label: t('home.tiles.exchange'), icon: Swap, to: ROUTES.exchange },
    { key: 'asset-flow', label: t('home.tiles.assetFlow'), icon: ListDashes, to: ROUTES.assetLog },
    { key: 'investment-plan', label: t('home.tiles.investmentPlan'), icon: ChartLineUp, to: ROUTES.plan },
    { key: 'broker', label: t('home.tiles.broker'), icon: Crown, to: ROUTES.klk },
    { key: 'pledge', label: t('home.tiles.pledge'), icon: Vault, to: ROUTES.pledge },
    { key: 'assets', label: t('home.tiles.assets'), icon: Wallet, to: ROUTES.asset },
  ];

  return (
    <nav className="quick-actions quick-actions--card" aria-label={t('home.services')}>
      {tiles.map(({ key, label, icon: TileIcon, to }) => (
        <button
          key={key}
          type="button"
          className="quick-actions__item"
          onClick={() => navigateTo(to)}
          data-testid={`home-tile-${key}`}
        >
          <span className="quick-actions__icon">
            <TileIcon size={22} weight="bold" aria-hidden="true" />
          </span>
          <span className="quick-actions__label">{label}</span>
        </button>
      ))}
    </nav>
  );
}
