import { formatNumber, type TKlkTier } from '@kpc/shared';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useKlkLevelName } from '@/features/klk/hooks/use-klk-level-name.ts';

interface KlkTierCardProps {
  tier: TKlkTier;
  asset: string;
  /** The member holds some tier already: buying this one is an upgrade. */
  isUpgrade: boolean;
  onBuy: (tier: TKlkTier) => void;
}

/**
 * One package: its level, full price and codes, and what buying it costs this member now (the
 * difference on an upgrade). Test ids `klk-tier-<level>` and `klk-tier-<level>-<fact>`.
 */
export function KlkTierCard({ tier, asset, isUpgrade, onBuy }: KlkTierCardProps) {
  const { t } = useTranslation();
  const levelName = useKlkLevelName();
  const testId = `klk-tier-${tier.level}`;
  const money = (value: string) => `${formatNumber(value)} ${asset}`;

  return (
    <article className={tier.held ? 'klk-tier klk-tier--held' : 'klk-tier'} data-testid={testId}>
      <div className="klk-tier__head">
        <h3 className="klk-tier__name">{levelName(tier.level)}</h3>
        {tier.held && (
          <span className="record__tag record__tag--done" data-testid={`${testId}-held`}>
            {t('klk.held')}
          </span>
        )}
      </div>
      <dl className="record__facts klk-tier__facts">
        <div>
          <dt>{t('klk.price')}</dt>
          <dd data-testid={`${testId}-price`}>{money(tier.price)}</dd>
        </div>
        <div>
          <dt>{t('klk.codes')}</dt>
          <dd data-testid={`${testId}-codes`}>{tier.codeCount}</dd>
        </div>
      </dl>
      {tier.payNow !== null && tier.codesNow !== null ? (
        <div className="klk-tier__buy">
          <div className="klk-tier__now">
            <span className="klk-tier__now-label">{isUpgrade ? t('klk.upgradePays') : t('klk.payNow')}</span>
            <strong data-testid={`${testId}-pay-now`}>{money(tier.payNow)}</strong>
            {isUpgrade && (
              <span className="klk-tier__now-note" data-testid={`${testId}-codes-now`}>
                {t('klk.upgradeCodes', { count: tier.codesNow })}
              </span>
            )}
          </div>
          <Button color="primary" size="middle" onClick={() => onBuy(tier)} data-testid={`${testId}-buy`}>
            {isUpgrade ? t('klk.upgrade') : t('klk.buy')}
          </Button>
        </div>
      ) : (
        !tier.held && (
          <p className="klk-tier__now klk-tier__now--muted" data-testid={`${testId}-included`}>
            {t('klk.included')}
          </p>
        )
      )}
    </article>
  );
}
